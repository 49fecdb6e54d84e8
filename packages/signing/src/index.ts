/**
 * The `X-Store-Signature` scheme (docs/contracts.md §6): `t=<unix seconds>,v1=<hex>` where hex is
 * HMAC-SHA256(secret, `<t>.<raw body bytes>`). Verification accepts any of several secrets (key
 * rotation) and any of several `v1=` entries, compares in constant time, and refuses a timestamp
 * more than the tolerance away from now. Generic: it knows nothing about what is being signed.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const HEADER_NAME = 'x-store-signature';
export const DEFAULT_TOLERANCE_SECONDS = 300;
/** More entries than this is not a rotation, it is an attempt to guess cheaply. */
const MAX_SIGNATURES = 8;

export type Body = string | Uint8Array;

function digest(secret: string, t: number, body: Body): Buffer {
  const h = createHmac('sha256', secret);
  h.update(`${t}.`);
  h.update(typeof body === 'string' ? Buffer.from(body, 'utf8') : body);
  return h.digest();
}

/** The header value for `body` signed with `secret` at `nowSeconds`. */
export function sign(secret: string, body: Body, nowSeconds: number): string {
  const t = Math.floor(nowSeconds);
  return `t=${t},v1=${digest(secret, t, body).toString('hex')}`;
}

/** One header carrying a signature for each secret (what a signer sends during a rotation). */
export function signAll(secrets: readonly string[], body: Body, nowSeconds: number): string {
  const t = Math.floor(nowSeconds);
  return [`t=${t}`, ...secrets.map((s) => `v1=${digest(s, t, body).toString('hex')}`)].join(',');
}

export interface ParsedHeader {
  t: number;
  signatures: Buffer[];
}

/** Parses `t=…,v1=…[,v1=…]`; unknown keys are ignored (room for a future `v2`). Null when malformed. */
export function parseHeader(header: string | null | undefined): ParsedHeader | null {
  if (typeof header !== 'string' || header.length === 0 || header.length > 1024) return null;
  let t: number | null = null;
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) return null;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't') {
      if (t !== null || !/^\d{1,12}$/.test(value)) return null;
      t = Number(value);
    } else if (key === 'v1') {
      if (!/^[0-9a-fA-F]{64}$/.test(value)) return null;
      signatures.push(Buffer.from(value, 'hex'));
    }
  }
  if (t === null || signatures.length === 0 || signatures.length > MAX_SIGNATURES) return null;
  return { t, signatures };
}

export type VerifyResult = { ok: true } | { ok: false; reason: 'missing' | 'malformed' | 'stale' | 'mismatch' };

/** Like `verify`, with the reason for a refusal (for logs; never show it to the caller). */
export function check(
  secrets: readonly string[],
  header: string | null | undefined,
  rawBody: Body,
  nowSeconds: number,
  toleranceSeconds = DEFAULT_TOLERANCE_SECONDS,
): VerifyResult {
  if (header === undefined || header === null || header === '') return { ok: false, reason: 'missing' };
  const parsed = parseHeader(header);
  if (!parsed) return { ok: false, reason: 'malformed' };
  if (Math.abs(Math.floor(nowSeconds) - parsed.t) > toleranceSeconds) return { ok: false, reason: 'stale' };
  let match = false;
  // Every pair is compared, so the time taken does not depend on which one matched.
  for (const secret of secrets) {
    if (!secret) continue;
    const expected = digest(secret, parsed.t, rawBody);
    for (const sig of parsed.signatures) {
      if (timingSafeEqual(expected, sig)) match = true;
    }
  }
  return match ? { ok: true } : { ok: false, reason: 'mismatch' };
}

/** True when `header` carries a fresh signature of `rawBody` by any of `secrets`. */
export function verify(
  secrets: readonly string[],
  header: string | null | undefined,
  rawBody: Body,
  nowSeconds: number,
  toleranceSeconds = DEFAULT_TOLERANCE_SECONDS,
): boolean {
  return check(secrets, header, rawBody, nowSeconds, toleranceSeconds).ok;
}
