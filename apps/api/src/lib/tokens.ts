import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import type { Clock } from './clock.ts';

export const ACCESS_TTL_SECONDS = 15 * 60;
export const REFRESH_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export type Role = 'user' | 'admin';
export interface AccessClaims {
  sub: string;
  role: Role;
  sid: string;
}

/** HS256 custom tokens (docs/contracts.md §3): `sub`, `role`, `sid`, 15-minute `exp`. */
export class TokenSigner {
  /** A KeyObject made once: given raw bytes, createHmac prepares a key on every call (≈ 5× the cost). */
  readonly #hmacKey: KeyObject;
  private readonly clock: Clock;
  constructor(secret: string, clock: Clock) {
    this.clock = clock;
    this.#hmacKey = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  /**
   * The compact token jose's SignJWT makes (same header, claims in the same order), signed with
   * node:crypto: jose is loaded only for identity-provider tokens (lib/idp.ts), and a server
   * without them never holds its 46 modules (docs/performance.md, "The API's memory").
   */
  async sign(claims: AccessClaims): Promise<string> {
    const iat = Math.floor(this.clock.now().getTime() / 1000);
    const payload = { role: claims.role, sid: claims.sid, sub: claims.sub, iat, exp: iat + ACCESS_TTL_SECONDS };
    const input = `${HS256_HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
    return `${input}.${createHmac('sha256', this.#hmacKey).update(input).digest('base64url')}`;
  }

  /**
   * Returns the claims, or null for anything forged, malformed, of another algorithm or expired.
   * Verified here with node:crypto rather than jose: jose's WebCrypto HMAC was the largest single
   * CPU cost of an authenticated request. The rules are jose's for HS256 compact tokens: header
   * `alg` must be HS256 and no `crit`/`b64` extension, constant-time signature check, `exp` (and
   * `nbf`/`iat` when present) numeric dates, `exp` <= now is expired, `nbf` > now is not yet valid.
   */
  async verify(token: string): Promise<AccessClaims | null> {
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [h, p, sig] = parts as [string, string, string];
    const header = decodeJson(h);
    if (!header || header.alg !== 'HS256' || 'crit' in header || 'b64' in header) return null;
    const given = fromBase64Url(sig);
    const expected = createHmac('sha256', this.#hmacKey).update(`${h}.${p}`).digest();
    if (!given || given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const payload = decodeJson(p);
    if (!payload) return null;
    const now = Math.floor(this.clock.now().getTime() / 1000);
    for (const claim of ['iat', 'nbf', 'exp'] as const) {
      const v = payload[claim];
      if (v !== undefined && (typeof v !== 'number' || !Number.isFinite(v))) return null;
    }
    const { sub, sid, role, exp, nbf } = payload;
    if (exp === undefined || (exp as number) <= now) return null;
    if (nbf !== undefined && (nbf as number) > now) return null;
    if (typeof sub !== 'string' || typeof sid !== 'string' || (role !== 'user' && role !== 'admin')) return null;
    return { sub, sid, role };
  }
}

const HS256_HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
const BASE64URL = /^[A-Za-z0-9_-]*$/;

function fromBase64Url(s: string): Buffer | null {
  return BASE64URL.test(s) ? Buffer.from(s, 'base64url') : null;
}

/** A base64url JSON object, or null. */
function decodeJson(s: string): Record<string, unknown> | null {
  const bytes = fromBase64Url(s);
  if (!bytes || bytes.length === 0) return null;
  try {
    const v: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
