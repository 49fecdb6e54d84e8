/**
 * The outbox's table comes from dated migrations (src/migrations/), run at start and by
 * `npm run migrate`. A database whose table the server created at start before migrations existed
 * is adopted as it is, owed credits included; two `migrate` runs at once do not race. On
 * PostgreSQL (made on DATABASE_URL's server when that is PostgreSQL, else 127.0.0.1:5432) and on
 * a SQLite file.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { openStore } from '@storefront/store';
import { createPgDatabase } from '../../api/test/helpers.ts';
import { Outbox } from '../src/outbox.ts';

const PG = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '') ? process.env.DATABASE_URL! : 'postgres://postgres@127.0.0.1:5432/postgres';
const run = promisify(execFile);
const migrate = (url: string) =>
  run(process.execPath, ['src/migrate-cli.ts'], { cwd: join(import.meta.dirname, '..'), env: { ...process.env, NODE_ENV: 'test', PAY_DATABASE_URL: url } });

/** The statement the server ran at every start before the outbox had migrations. */
const START_UP_DDL = sql`create table if not exists pay_outbox (key text primary key, credit text not null, attempts integer not null,
  next_at bigint not null, lease_until bigint not null, lease_token text, failed text, created_at bigint not null)`;

async function place(kind: 'postgres' | 'sqlite') {
  if (kind === 'postgres') return createPgDatabase(PG, 'pay_migrate');
  const dir = mkdtempSync(join(tmpdir(), 'pay-migrate-'));
  return { url: `sqlite:${join(dir, 'pay.db')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

const credit = { token: 'tok_adopted_0001', amount: 5000, currency: 'INR', gateway: 'gateway_a' as const, gateway_txn_id: 'txn-adopted' };

for (const kind of ['postgres', 'sqlite'] as const) {
  describe(`outbox migrations on ${kind}`, () => {
    test('an outbox the server created at start before migrations is adopted with its owed credits; two `npm run migrate` at once do not race', async () => {
      const p = await place(kind);
      try {
        const old = openStore(p.url, { name: 'old outbox' });
        await START_UP_DDL.execute(old.db);
        await sql`insert into pay_outbox values (${'gateway_a:txn-adopted'}, ${JSON.stringify(credit)}, 2, 0, 0, null, null, 1)`.execute(old.db);
        await old.db.destroy();

        const outs = await Promise.all([migrate(p.url), migrate(p.url)]);
        assert.deepEqual(outs.map((o) => o.stdout.trim()).sort(), ['Success: 2026-11-26-01-outbox', 'database is up to date']);

        const outbox = new Outbox(p.url);
        try {
          assert.deepEqual(await outbox.rows(), [{ credit, attempts: 2, failed: null }]);
          assert.deepEqual((await outbox.migrate()).results, [], 'nothing left for the next start');
        } finally {
          await outbox.close();
        }
      } finally {
        await p.drop();
      }
    });

    test('an empty database gets the table from the first start', async () => {
      const p = await place(kind);
      const outbox = new Outbox(p.url);
      try {
        assert.deepEqual((await outbox.migrate()).results?.map((r) => `${r.status}: ${r.migrationName}`), ['Success: 2026-11-26-01-outbox']);
        assert.equal(await outbox.depth(), 0);
      } finally {
        await outbox.close();
        await p.drop();
      }
    });
  });
}
