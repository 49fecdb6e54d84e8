import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/** A uniformly random 6-digit code from the CSPRNG. */
export const generateCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

const keys = new Map<string, Buffer>();

/** The hashing key is derived from JWT_SECRET, so a database dump alone cannot brute-force codes. */
function keyFor(jwtSecret: string): Buffer {
  let key = keys.get(jwtSecret);
  if (!key) keys.set(jwtSecret, (key = createHmac('sha256', jwtSecret).update('storefront/otp-code-hash/v1').digest()));
  return key;
}

/** Keyed hash over purpose|subject|code: a code is bound to what it was sent for. */
export function hashCode(jwtSecret: string, purpose: string, subject: string, code: string): string {
  return createHmac('sha256', keyFor(jwtSecret)).update(`${purpose}|${subject}|${code}`).digest('hex');
}

/** Constant-time comparison of two hex digests. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}
