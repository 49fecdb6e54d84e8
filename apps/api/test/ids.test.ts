/**
 * `newId`: UUIDv7-shaped, in creation order, and random where the shape leaves room, across more
 * ids than one draw of its random pool holds (256).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../src/lib/clock.ts';
import { newId } from '../src/lib/ids.ts';

describe('newId', () => {
  it('makes ids in creation order whose random parts differ', () => {
    const clock = new ManualClock(new Date('2026-11-27T00:00:00.000Z'));
    const ids = Array.from({ length: 1000 }, (_, i) => {
      if (i % 100 === 0) clock.advance(1);
      return newId(clock);
    });
    for (const id of ids) assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.deepEqual([...ids].sort(), ids);
    assert.equal(new Set(ids).size, ids.length);
    // The last 12 hex digits are random bytes only.
    assert.equal(new Set(ids.map((id) => id.slice(-12))).size, ids.length);
  });
});
