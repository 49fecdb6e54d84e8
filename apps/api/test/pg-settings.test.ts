import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql, type Kysely } from 'kysely';
import { migrateToLatest } from '@storefront/store/migrate';
import { buildApp } from '../src/app.ts';
import { openDatabase, type Database } from '../src/db/kysely.ts';
import { createPgDatabase, onPostgres, testConfig } from './helpers.ts';

const show = async (db: Kysely<any>, name: string) =>
  (await sql.raw<Record<string, string>>(`show ${name}`).execute(db)).rows[0]![name];

/** The app's own pool (tests look past the handle that hides tables from modules). */
const appDb = (app: { ctx: { db: unknown } }) => app.ctx.db as Kysely<any>;

// PostgreSQL only: these are the settings every pooled connection of the API carries
// (src/db/kysely.ts); SQLite has no counterpart.
describe('PostgreSQL connection settings', { skip: !onPostgres && 'PostgreSQL only' }, () => {
  let created: Awaited<ReturnType<typeof createPgDatabase>>;
  before(async () => {
    created = await createPgDatabase(process.env.DATABASE_URL!);
  });
  after(() => created.drop());

  it('the app built from its settings runs with jit and synchronised scans off and the configured time-outs', async () => {
    const config = testConfig(created.url, { DATABASE_STATEMENT_TIMEOUT_MS: '250' });
    const app = await buildApp({ config });
    try {
      const db = appDb(app);
      assert.equal(await show(db, 'jit'), 'off');
      assert.equal(await show(db, 'synchronize_seqscans'), 'off');
      assert.equal(await show(db, 'statement_timeout'), '250ms');
      assert.equal(await show(db, 'idle_in_transaction_session_timeout'), '1min');
      await assert.rejects(sql`select pg_sleep(1)`.execute(db), (err: { code?: string }) => err.code === '57014');
    } finally {
      await app.close();
    }
  });

  it('the default statement time-out is 30 s, and 0 means none', async () => {
    for (const [value, expected] of [[undefined, '30s'], ['0', '0']] as const) {
      const app = await buildApp({ config: testConfig(created.url, value === undefined ? {} : { DATABASE_STATEMENT_TIMEOUT_MS: value }) });
      try {
        assert.equal(await show(appDb(app), 'statement_timeout'), expected);
      } finally {
        await app.close();
      }
    }
  });

  it('a migration outlasting the time-out still runs, and the pool keeps its time-out afterwards', async () => {
    const database = openDatabase(created.url, { statementTimeoutMs: 200, poolSize: 1 });
    try {
      const slow = { up: async (db: Database['db']) => void (await sql`select pg_sleep(0.5)`.execute(db)) };
      const result = await migrateToLatest(database.db, { '2000-01-01-slow': slow }, { table: 'slow_migration' });
      assert.equal(result.results?.[0]?.status, 'Success');
      assert.equal(await show(database.db, 'statement_timeout'), '200ms');
    } finally {
      await database.close();
    }
  });
});
