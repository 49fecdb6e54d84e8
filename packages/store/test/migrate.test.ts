import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { openStore } from '../src/index.ts';
import { migrateToLatest, type Migration } from '../src/migrate.ts';

const PG = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '') ? process.env.DATABASE_URL! : 'postgres://postgres@127.0.0.1:5432/postgres';
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
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  assert.equal((await lines.next()).value, 'ready');
  return {
    async go(): Promise<string[]> {
      child.stdin!.write('go\n');
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
        const store = openStore<any>(p.url, { name: 'check' });
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
      const store = openStore<any>(p.url, { name: 'shared' });
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
      const store = openStore<any>(p.url, { name: 'failing' });
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
