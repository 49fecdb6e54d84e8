import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { Clock } from '../../lib/clock.ts';

export const ACCESS_TTL_SECONDS = 15 * 60;
export const REFRESH_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export type Role = 'user' | 'admin';
export interface AccessClaims {
  sub: string;
  role: Role;
  sid: string;
}

/** HS256 custom tokens (CONTRACTS §3): `sub`, `role`, `sid`, 15-minute `exp`. */
export class TokenSigner {
  /**
   * Imported once: given raw bytes, jose imports a WebCrypto key on every sign and verify, which
   * cost about a tenth of an authenticated request's CPU. Same algorithm, same checks.
   */
  readonly #key: Promise<CryptoKey>;
  constructor(
    secret: string,
    private readonly clock: Clock,
  ) {
    this.#key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  }

  async sign(claims: AccessClaims): Promise<string> {
    const iat = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({ role: claims.role, sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ACCESS_TTL_SECONDS)
      .sign(await this.#key);
  }

  /** Returns the claims, or null for anything forged, malformed, of another algorithm or expired. */
  async verify(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, await this.#key, {
        algorithms: ['HS256'],
        currentDate: this.clock.now(),
        requiredClaims: ['sub', 'exp', 'sid', 'role'],
      });
      const { sub, sid, role } = payload;
      if (typeof sub !== 'string' || typeof sid !== 'string' || (role !== 'user' && role !== 'admin')) return null;
      return { sub, sid, role };
    } catch (err) {
      if (err instanceof joseErrors.JOSEError || err instanceof TypeError) return null;
      throw err;
    }
  }
}
