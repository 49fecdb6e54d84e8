/**
 * The next ledger id (ledger/entry-id.ts): a minted id newer than the wallet's last is kept; else
 * the movement takes the id right after the last one, its millisecond plus one. On PostgreSQL the
 * placement statement's twin, `entryIdAfterSql`, answers the same millisecond and keeps the minted tail.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { ManualClock } from '../src/lib/clock.ts';
import { newId } from '../src/lib/ids.ts';
import { entryIdAfter } from '../src/modules/ledger/index.ts';
import { entryIdAfterSql } from '../src/modules/ledger/entry-id.ts';
import { createTestApp, onPostgres, type TestApp } from './helpers.ts';

/** The millisecond a UUIDv7-shaped id carries. */
const msOf = (id: string): number => parseInt(id.slice(0, 8) + id.slice(9, 13), 16);

describe('entryIdAfter', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  // Ids made by "another instance" ten seconds ahead of this clock; this process's own ids stay behind.
  const clock = new ManualClock('2026-12-01T00:00:00.000Z');
  const aheadMs = clock.now().getTime() + 10_000;
  const hex = aheadMs.toString(16).padStart(12, '0');
  const ahead = `${hex.slice(0, 8)}-${hex.slice(8)}-7abc-8000-000000000000`;

  it('keeps the minted id when the wallet has no ledger row or an older last one', () => {
    const minted = newId(clock);
    assert.equal(entryIdAfter(clock, null, minted), minted);
    const older = `${'0'.repeat(8)}-0000-7000-8000-000000000000`;
    assert.equal(entryIdAfter(clock, older, minted), minted);
  });

  it('takes the id right after a last id that is not older: its millisecond plus one, and sorting after it', () => {
    const minted = newId(clock);
    const next = entryIdAfter(clock, ahead, minted);
    assert.equal(msOf(next), aheadMs + 1);
    assert.ok(next > ahead);
    assert.ok(entryIdAfter(clock, minted, minted) > minted, 'an equal last id is not older');
  });

  it('PostgreSQL: the placement statement\'s twin answers the same millisecond, keeping the minted tail', { skip: !onPostgres }, async () => {
    const db = t.db.database.db;
    const minted = newId(clock);
    const run = async (last: string | null) =>
      (await sql<{ id: string }>`select ${entryIdAfterSql(sql`${last}::text`, minted)} as id`.execute(db)).rows[0]!.id;
    assert.equal(await run(null), minted);
    assert.equal(await run(`${'0'.repeat(8)}-0000-7000-8000-000000000000`), minted);
    const next = await run(ahead);
    assert.equal(msOf(next), aheadMs + 1);
    assert.equal(msOf(entryIdAfter(clock, ahead, minted)), aheadMs + 1);
    assert.equal(next.slice(13), minted.slice(13));
    assert.ok(next > ahead);
  });
});
