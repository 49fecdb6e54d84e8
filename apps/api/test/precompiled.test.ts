import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import type { Executor } from '../src/lib/db-types.ts';
import type { DB } from '../src/schema.ts';
import { precompiled } from '../src/lib/precompiled.ts';
import { createTestDb, type TestDb } from './helpers.ts';

describe('precompiled queries run with each call’s own values', () => {
  let t: TestDb;
  before(async () => {
    t = await createTestDb();
  });
  after(() => t.drop());

  it('binds every argument (also one used twice), keeps constant parameters, and works inside a transaction', async () => {
    const echo = precompiled((db: Executor<DB>, a: string, n: number) =>
      db.selectNoFrom([sql<string>`cast(${a} as text)`.as('a'), sql<number>`cast(${n} as integer) + cast(${n} as integer)`.as('twice'), sql<number>`cast(${7} as integer)`.as('seven')]),
    );
    const row = (r: { rows: { a: string; twice: number; seven: number }[] }) => ({ ...r.rows[0]!, twice: Number(r.rows[0]!.twice), seven: Number(r.rows[0]!.seven) });
    assert.deepEqual(row(await echo(t.database.db, 'x', 1)), { a: 'x', twice: 2, seven: 7 });
    assert.deepEqual(row(await echo(t.database.db, 'y', 20)), { a: 'y', twice: 40, seven: 7 });
    const inTrx = await t.database.db.transaction().execute(async (trx) => echo(trx, 'z', 3));
    assert.deepEqual(row(inTrx), { a: 'z', twice: 6, seven: 7 });
  });

  it('refuses a shape where an argument is not a bound parameter', async () => {
    const bad = precompiled((db: Executor<DB>, _unused: string) => db.selectNoFrom(sql<number>`1`.as('one')));
    await assert.rejects(() => Promise.resolve().then(() => bad(t.database.db, 'x')), /not a bound parameter/);
  });
});
