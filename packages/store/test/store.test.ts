import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openStore } from '../src/index.ts';

test('a sqlite: store is a WAL file with synchronous=FULL, and its rows outlive the connection', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'store-'));
  try {
    const url = `sqlite:${join(dir, 'nested', 'state.db')}`;
    const a = openStore<{ t: { k: string } }>(url, { name: 'test store' });
    assert.equal(a.dialect, 'sqlite');
    await a.db.schema.createTable('t').addColumn('k', 'text').execute();
    await a.db.insertInto('t').values({ k: 'kept' }).execute();
    const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(a.db);
    const sync = await sql<{ synchronous: number }>`pragma synchronous`.execute(a.db);
    assert.equal(mode.rows[0]!.journal_mode, 'wal');
    assert.equal(sync.rows[0]!.synchronous, 2, 'FULL');
    await a.db.destroy();
    const b = openStore<{ t: { k: string } }>(url, { name: 'test store' });
    assert.deepEqual(await b.db.selectFrom('t').select('k').execute(), [{ k: 'kept' }]);
    await b.db.destroy();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('anything but postgres://, sqlite: or nothing is refused', () => {
  assert.throws(() => openStore('mysql://x', { name: 'test store' }), /test store: expected postgres/);
});
