/**
 * The portal session: a signed cookie holding a random id, the stored session behind it
 * (sessions.ts: API tokens sealed, shared by every instance) and the refresh of its API tokens.
 * Decorates the portal with `sessions` (the store) and `session` (what the other plugins use).
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import { createStorefrontClient } from '@storefront/client';
import { errorBody, type Clock } from '@storefront/runtime';
import type { PortalConfig } from './config.ts';
import { SessionStore, type PortalUser, type Session, type Tokens } from './sessions.ts';

/** Every call the portal makes to the API itself is bounded by this. */
export const API_TIMEOUT_MS = 30_000;

export interface PortalSession {
  /** The session the request's cookie names, or null (and the cookie cleared); a cookie signed with the retiring secret is signed again. */
  of(req: FastifyRequest, reply: FastifyReply): Promise<Session | null>;
  /** Whether the request carries a session cookie at all (a null `of` with one: the session has ended). */
  presented(req: FastifyRequest): boolean;
  /** A new session (always a new id, so a planted cookie never becomes a signed-in one) and its cookie. */
  start(reply: FastifyReply, user: PortalUser, tokens: Tokens): Promise<Session>;
  /** Ends the portal session; `revoke` also ends the API session (logout, demotion). */
  end(session: Session, reply: FastifyReply, revoke: boolean): Promise<void>;
  /** New API tokens, one refresh per session at a time across instances; false when the API refuses. */
  refresh(session: Session): Promise<boolean>;
  clearCookie(reply: FastifyReply): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionStore;
    session: PortalSession;
  }
}

/** The answer to a browser whose session is over (revoked, demoted, expired): the SPA says so on its login page. */
export const sendEnded = (reply: FastifyReply) => reply.code(401).send(errorBody('session_ended', 'Your session has ended. Please sign in again.'));

export const sendApiDown = (reply: FastifyReply) =>
  reply.code(502).send(errorBody('api_unavailable', 'The Storefront API could not be reached. Try again shortly.'));

const session: FastifyPluginAsync<{ config: Readonly<PortalConfig>; clock: Clock }> = async (app, { config, clock }) => {
  const sessions = new SessionStore({
    url: config.sessionStoreUrl,
    secrets: config.sessionSecrets,
    idleMs: config.sessionIdleMs,
    maxMs: config.sessionMaxMs,
    clock,
  });
  await sessions.migrate();
  app.decorate('sessions', sessions);
  app.addHook('onClose', () => sessions.close());
  // An array: cookies signed with the second (retiring) secret still verify during a rotation.
  await app.register(cookie, { secret: config.sessionSecrets });

  const secure = config.env === 'production';
  // The __Host- prefix makes the browser insist on Secure, Path=/ and no Domain.
  const cookieName = secure ? '__Host-sf_admin' : 'sf_admin';
  const api = createStorefrontClient(config.apiUrl);

  function setCookie(reply: FastifyReply, id: string): void {
    reply.setCookie(cookieName, id, { signed: true, httpOnly: true, secure, sameSite: 'strict', path: '/', maxAge: Math.floor(config.sessionMaxMs / 1000) });
  }
  function clearCookie(reply: FastifyReply): void {
    reply.clearCookie(cookieName, { path: '/', httpOnly: true, secure, sameSite: 'strict' });
  }

  app.decorate<PortalSession>('session', {
    async of(req, reply) {
      const raw = req.cookies[cookieName];
      if (!raw) return null;
      const unsigned = req.unsignCookie(raw);
      const found = unsigned.valid ? await sessions.get(unsigned.value) : null;
      // A cookie naming no live session is cleared: the answer that ended it may never have
      // reached the browser (a call aborted by a page change still ends the session on a 403).
      if (!found) clearCookie(reply);
      else if (unsigned.renew) setCookie(reply, found.id);
      return found;
    },
    presented: (req) => req.cookies[cookieName] !== undefined,
    async start(reply, user, tokens) {
      const created = await sessions.create(user, tokens);
      setCookie(reply, created.id);
      return created;
    },
    async end(ended, reply, revoke) {
      await sessions.delete(ended.id);
      clearCookie(reply);
      if (!revoke) return;
      try {
        await createStorefrontClient(config.apiUrl, { token: ended.accessToken }).POST('/api/v1/auth/logout', { signal: AbortSignal.timeout(API_TIMEOUT_MS) });
      } catch (err) {
        reply.log.warn({ err }, 'API logout failed');
      }
    },
    refresh(current) {
      return sessions.refresh(current, async (refreshToken) => {
        const res = await api.POST('/api/v1/auth/refresh', { body: { refresh_token: refreshToken }, signal: AbortSignal.timeout(API_TIMEOUT_MS) });
        if (!res.data) return null;
        return { accessToken: res.data.custom_token, refreshToken: res.data.refresh_token, accessExpiresAt: clock.now().getTime() + res.data.expires_in * 1000 };
      });
    },
    clearCookie,
  });
};

export const sessionPlugin = fp(session, { name: 'portal-session' });
