import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { sql } from 'kysely';
import pg from 'pg';
import { openStore } from '../src/index.ts';
import { migrateToLatest, type Migration } from '../src/migrate.ts';

const PG = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '') ? process.env.DATABASE_URL! : 'postgres://postgres@127.0.0.1:5432/postgres';
/** The tests' tables are made by their own migrations; rows are read back as plain records. */
type AnyTables = Record<string, Record<string, unknown>>;
const worker = join(import.meta.dirname, 'support', 'migrate-worker.ts');

/** A fresh store URL of each kind, and how to drop it. */
async function place(kind: 'sqlite' | 'postgres'): Promise<{ url: string; drop(): Promise<void> }> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'store-migrate-'));
    return { url: `sqlite:${join(dir, 'state.db')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `sf_store_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(PG);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      // A destroyed pool's sockets may still be closing: wait for them rather than kill them.
      for (let i = 0; ; i++) {
        try {
          await admin.query(`drop database if exists ${name}`);
          break;
        } catch (err) {
          if ((err as { code?: string }).code !== '55006' || i === 100) throw err;
          await new Promise((r) => setTimeout(r, 20));
        }
      }
      await admin.end();
    },
  };
}

/** Starts a worker and resolves once it is ready; `go()` lets it migrate and resolves with its report. */
async function startWorker(url: string) {
  const child = spawn(process.execPath, [worker, url], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  assert.equal((await lines.next()).value, 'ready');
  return {
    async go(): Promise<string[]> {
      child.stdin.write('go\n');
      const report = JSON.parse(String((await lines.next()).value)) as string[];
      await once(child, 'exit');
      return report;
    },
  };
}

for (const kind of ['postgres', 'sqlite'] as const) {
  describe(`migrations on ${kind}`, () => {
    test('two processes migrating one empty database at once: one runs the migration, the other waits and finds nothing to do', async () => {
      const p = await place(kind);
      try {
        const workers = await Promise.all([startWorker(p.url), startWorker(p.url)]);
        const reports = await Promise.all(workers.map((w) => w.go()));
        assert.deepEqual(reports.map((r) => r.join()).sort(), ['Success: 2026-01-01-01-raced', 'database is up to date']);
        const store = openStore<AnyTables>(p.url, { name: 'check' });
        try {
          assert.deepEqual((await store.db.selectFrom('race_migration').select('name').execute()).map((r) => r.name), ['2026-01-01-01-raced']);
        } finally {
          await store.db.destroy();
        }
      } finally {
        await p.drop();
      }
    });

    test("servers sharing one database keep their own migration lists: neither reads the other's as unknown", async () => {
      const p = await place(kind);
      const store = openStore<AnyTables>(p.url, { name: 'shared' });
      const table = (name: string): Migration => ({ up: (db) => db.schema.createTable(name).addColumn('k', 'text').execute() });
      try {
        await migrateToLatest(store.db, { '2026-01-01-01-a': table('a') });
        await migrateToLatest(store.db, { '2026-01-01-01-b': table('b') }, { table: 'b_migration' });
        // Both again, and a second one on the first list: each sees only its own.
        await migrateToLatest(store.db, { '2026-01-01-01-a': table('a'), '2026-01-02-01-a2': table('a2') });
        const again = await migrateToLatest(store.db, { '2026-01-01-01-b': table('b') }, { table: 'b_migration' });
        assert.deepEqual(again.results, []);
        assert.deepEqual((await store.db.selectFrom('b_migration').select('name').execute()).map((r) => r.name), ['2026-01-01-01-b']);
      } finally {
        await store.db.destroy();
        await p.drop();
      }
    });

    test('a failing migration leaves nothing of itself and stops the start', async () => {
      const p = await place(kind);
      const store = openStore<AnyTables>(p.url, { name: 'failing' });
      try {
        const broken: Migration = {
          async up(db) {
            await db.schema.createTable('half').addColumn('k', 'text').execute();
            throw new Error('broken migration');
          },
        };
        await assert.rejects(migrateToLatest(store.db, { '2026-01-01-01-broken': broken }, { table: 'm' }), /broken migration/);
        assert.equal((await store.db.introspection.getTables()).some((t) => t.name === 'half'), false, 'rolled back');
      } finally {
        await store.db.destroy();
        await p.drop();
      }
    });
  });
}

describe('migrations on sqlite: table rebuilds', () => {
  /** A store with foreign keys on (as the API opens SQLite), a parent table and a child row referencing it. */
  async function withChild() {
    const p = await place('sqlite');
    const store = openStore<AnyTables>(p.url, { name: 'rebuild' });
    await sql`pragma foreign_keys = on`.execute(store.db);
    await migrateToLatest(store.db, { '2026-01-01-01-tables': tables });
    return { p, store };
  }
  const tables: Migration = {
    async up(db) {
      await sql`create table parent (id text primary key, old text, constraint parent_old_once unique (old))`.execute(db);
      await sql`create table child (id text primary key, parent_id text not null references parent (id))`.execute(db);
      await sql`insert into parent values ('p1', 'x')`.execute(db);
      await sql`insert into child values ('c1', 'p1')`.execute(db);
    },
  };
  const rebuild = (copy: string): Migration => ({
    async up(db) {
      await sql`create table parent_new (id text primary key)`.execute(db);
      await sql.raw(`insert into parent_new select id from parent ${copy}`).execute(db);
      await sql`drop table parent`.execute(db);
      await sql`alter table parent_new rename to parent`.execute(db);
    },
  });

  test('a referenced table rebuilt without a column commits; references hold and are enforced again after', async () => {
    const { p, store } = await withChild();
    try {
      await migrateToLatest(store.db, { '2026-01-01-01-tables': tables, '2026-01-02-01-rebuild': rebuild('') });
      assert.deepEqual((await sql<{ name: string }>`pragma table_info(parent)`.execute(store.db)).rows.map((r) => r.name), ['id']);
      assert.deepEqual((await sql`pragma foreign_key_check`.execute(store.db)).rows, []);
      await assert.rejects(sql`insert into child values ('c2', 'nowhere')`.execute(store.db), /FOREIGN KEY/);
    } finally {
      await store.db.destroy();
      await p.drop();
    }
  });

  test('a rebuild that leaves a reference dangling rolls back whole', async () => {
    const { p, store } = await withChild();
    try {
      await assert.rejects(migrateToLatest(store.db, { '2026-01-01-01-tables': tables, '2026-01-02-01-rebuild': rebuild("where id <> 'p1'") }), /reference is missing/);
      assert.deepEqual((await sql<{ name: string }>`pragma table_info(parent)`.execute(store.db)).rows.map((r) => r.name), ['id', 'old']);
      assert.deepEqual((await store.db.selectFrom('parent').select('id').execute()).map((r) => r.id), ['p1']);
      assert.deepEqual((await store.db.selectFrom('kysely_migration').select('name').execute()).map((r) => r.name), ['2026-01-01-01-tables']);
      await assert.rejects(sql`insert into child values ('c2', 'nowhere')`.execute(store.db), /FOREIGN KEY/);
    } finally {
      await store.db.destroy();
      await p.drop();
    }
  });
});
