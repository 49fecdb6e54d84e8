/**
 * Where the shopper's tokens live and how they are renewed (docs/shop.md, "Tokens").
 *
 * - The 15-minute access token stays in memory only; the refresh token (single use, rotated) is
 *   kept in storage so the app survives a reload or a closed tab.
 * - A 401 triggers one refresh, shared by every request that got one meanwhile (single flight),
 *   and the request is sent again once with the new token. Across tabs a lock makes refreshes
 *   take turns, each reading the newest refresh token, so two tabs never spend the same one
 *   (the API would take that for theft and end the session).
 * - A refused refresh ends the session: tokens are dropped and `onEnded` sends the app to sign-in.
 */
import type { KeyValueStore } from './cart.ts';
import { networkError } from './errors.ts';

export interface TokenAnswer {
  custom_token: string;
  refresh_token: string;
  expires_in: number;
}

export interface SessionOptions {
  /** The network (window.fetch); requests arrive as Request objects from the typed client. */
  fetch: (request: Request) => Promise<Response>;
  store: KeyValueStore;
  /** Absolute URL of POST /api/v1/auth/refresh. */
  refreshUrl: string;
  /** Runs `fn` while holding a lock shared by the app's tabs (navigator.locks); default: none. */
  lock?: <T>(fn: () => Promise<T>) => Promise<T>;
  onEnded?: () => void;
}

export const REFRESH_KEY = 'sf_shop_refresh';
const TOKEN_HEADER = 'x-sdk-access-token';
/** Routes that take credentials instead of a token: their 401 means "wrong credentials", never "token expired". */
const AUTH_ROUTE = /\/api\/v1\/auth\/(login|register|otp\/|refresh|reset-password)/;

export interface Session {
  /** True while a refresh token is held (the shopper is signed in, maybe with an expired access token). */
  signedIn(): boolean;
  start(tokens: TokenAnswer): void;
  /** Drops the tokens; `notify` tells the app (a refused refresh) rather than a chosen sign-out. */
  end(notify?: boolean): void;
  /** One refresh at a time; true when a new access token was obtained. */
  refresh(): Promise<boolean>;
  /** fetch with the access token, refreshing once on a 401. */
  fetch(request: Request): Promise<Response>;
  /** The in-memory access token (tests). */
  accessToken(): string | null;
}

export function createSession(o: SessionOptions): Session {
  let access: string | null = null;
  let inflight: Promise<boolean> | null = null;
  const lock = o.lock ?? (<T>(fn: () => Promise<T>) => fn());

  const session: Session = {
    signedIn: () => o.store.getItem(REFRESH_KEY) !== null,
    accessToken: () => access,
    start(tokens) {
      access = tokens.custom_token;
      o.store.setItem(REFRESH_KEY, tokens.refresh_token);
    },
    end(notify = false) {
      access = null;
      o.store.removeItem(REFRESH_KEY);
      if (notify) o.onEnded?.();
    },
    refresh() {
      inflight ??= lock(async () => {
        const token = o.store.getItem(REFRESH_KEY);
        if (token === null) return false;
        let res: Response;
        try {
          res = await o.fetch(
            new Request(o.refreshUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ refresh_token: token }) }),
          );
        } catch {
          // Offline is not a sign-out: the refresh token is still good for the next try.
          throw networkError();
        }
        if (res.ok) {
          session.start((await res.json()) as TokenAnswer);
          return true;
        }
        if (res.status >= 500) throw networkError();
        // Refused (expired, revoked, or spent by someone else): the session is over.
        session.end(true);
        return false;
      }).finally(() => {
        inflight = null;
      });
      return inflight;
    },
    async fetch(request) {
      const isAuthRoute = AUTH_ROUTE.test(new URL(request.url).pathname);
      if (!isAuthRoute && access === null && session.signedIn()) await session.refresh().catch(() => false);
      const used = access;
      const retry = used !== null && !isAuthRoute ? request.clone() : null;
      const first = used !== null && !isAuthRoute ? withToken(request, used) : request;
      const res = await o.fetch(first);
      if (res.status !== 401 || retry === null) return res;
      // Another request may have refreshed already; otherwise refresh (shared) once.
      if (access === used && !(await session.refresh())) return res;
      if (access === null) return res;
      return o.fetch(withToken(retry, access));
    },
  };
  return session;
}

function withToken(request: Request, token: string): Request {
  const headers = new Headers(request.headers);
  headers.set(TOKEN_HEADER, token);
  return new Request(request, { headers });
}
