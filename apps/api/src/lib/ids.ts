import { randomBytes, randomFillSync, randomInt } from 'node:crypto';
import type { Clock } from './clock.ts';

let lastMs = 0;
let seq = 0;
/** Random bytes for ids, drawn 4 KiB at a time (as `crypto.randomUUID` buffers its own): a draw per 256 ids, not per id. */
const pool = Buffer.alloc(4096);
let used = pool.length;

/**
 * UUIDv7-shaped ids: 48-bit milliseconds, a 12-bit in-process sequence, then randomness. Their
 * text sorts in creation order, so "newest first" lists page by id alone with one index.
 * `after`: an id (perhaps made by another instance, whose clock runs ahead) the new one must
 * sort after.
 */
export function newId(clock: Clock, after?: string): string {
  let ms = clock.now().getTime();
  if (after !== undefined) ms = Math.max(ms, parseInt(after.slice(0, 8) + after.slice(9, 13), 16) + 1);
  if (ms <= lastMs) {
    seq += 1;
    if (seq > 0xfff) {
      lastMs += 1;
      seq = 0;
    }
    ms = lastMs;
  } else {
    lastMs = ms;
    seq = randomInt(0, 0x400);
  }
  if (used === pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  // Each id's 16 bytes are its own: the next id starts after them.
  const b = pool.subarray(used, (used += 16));
  b.writeUIntBE(ms, 0, 6);
  b[6] = 0x70 | (seq >> 8);
  b[7] = seq & 0xff;
  b[8] = 0x80 | (b[8]! & 0x3f);
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** A random URL-safe secret with `bytes` bytes of entropy. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');
