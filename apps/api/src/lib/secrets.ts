import { createHash, timingSafeEqual } from 'node:crypto';

/** Hash of a high-entropy secret (refresh tokens, one-time tokens) for storage and lookup. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** Constant-time string equality that does not leak the length through early exit. */
export function safeEqual(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb) && a.length === b.length;
}
