import { readFileSync } from 'node:fs';
import { createRemoteJWKSet, jwtVerify, errors as joseErrors } from 'jose';
import type { Clock } from './clock.ts';

const GOOGLE_JWKS = 'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com';

export interface IdpIdentity {
  uid: string;
  phone: string | null;
}

/** Verifies identity-provider (Firebase) ID tokens: RS256, issuer and audience from the project. */
export class IdpVerifier {
  readonly #projectId: string;
  readonly #jwks: ReturnType<typeof createRemoteJWKSet>;

  private readonly clock: Clock;

  constructor(serviceAccountPath: string, jwksUrl: string | null, clock: Clock) {
    this.clock = clock;
    const account = JSON.parse(readFileSync(serviceAccountPath, 'utf8')) as { project_id?: unknown };
    if (typeof account.project_id !== 'string' || !account.project_id) {
      throw new Error('IDP_SERVICE_ACCOUNT_PATH: the file has no project_id');
    }
    this.#projectId = account.project_id;
    this.#jwks = createRemoteJWKSet(new URL(jwksUrl ?? GOOGLE_JWKS), { timeoutDuration: 5000 });
  }

  async verify(token: string): Promise<IdpIdentity | null> {
    try {
      const { payload } = await jwtVerify(token, this.#jwks, {
        algorithms: ['RS256'],
        issuer: `https://securetoken.google.com/${this.#projectId}`,
        audience: this.#projectId,
        currentDate: this.clock.now(),
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      if (typeof payload.sub !== 'string' || payload.sub.length === 0 || payload.sub.length > 128) return null;
      const phone = typeof payload.phone_number === 'string' ? payload.phone_number : null;
      return { uid: payload.sub, phone };
    } catch (err) {
      if (err instanceof joseErrors.JOSEError || err instanceof TypeError) return null;
      throw err;
    }
  }
}
