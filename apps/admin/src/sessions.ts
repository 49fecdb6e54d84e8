import { randomBytes } from 'node:crypto';

export interface PortalUser {
  id: string;
  phone: string | null;
  full_name: string;
  is_admin: boolean;
}

export interface Session {
  id: string;
  user: PortalUser;
  accessToken: string;
  refreshToken: string;
  /** Epoch ms after which the access token is treated as expired (refreshed before use). */
  accessExpiresAt: number;
  createdAt: number;
  lastSeenAt: number;
  /** The refresh in flight, shared by concurrent requests: a refresh token works only once. */
  refreshing: Promise<boolean> | null;
}

export interface Clock {
  now(): number;
}
export const systemClock: Clock = { now: () => Date.now() };

/**
 * Server-side sessions, in this process's memory. The browser holds only the random id; the API
 * tokens never leave the server. Per-instance: several portal instances need sticky routing (or a
 * shared store behind this same interface), and a restart signs everyone out.
 */
export class SessionStore {
  private readonly sessions = new Map<string, Session>();

  private readonly idleMs: number;
  private readonly maxMs: number;
  private readonly clock: Clock;

  constructor(idleMs: number, maxMs: number, clock: Clock = systemClock) {
    this.idleMs = idleMs;
    this.maxMs = maxMs;
    this.clock = clock;
  }

  create(fields: Pick<Session, 'user' | 'accessToken' | 'refreshToken' | 'accessExpiresAt'>): Session {
    this.sweep();
    const now = this.clock.now();
    const session: Session = { ...fields, id: randomBytes(32).toString('base64url'), createdAt: now, lastSeenAt: now, refreshing: null };
    this.sessions.set(session.id, session);
    return session;
  }

  /** The live session for an id, touching its idle timer; expired ones are dropped. */
  get(id: string | null | undefined): Session | null {
    if (!id) return null;
    const s = this.sessions.get(id);
    if (!s) return null;
    const now = this.clock.now();
    if (now - s.lastSeenAt > this.idleMs || now - s.createdAt > this.maxMs) {
      this.sessions.delete(id);
      return null;
    }
    s.lastSeenAt = now;
    return s;
  }

  delete(id: string): void {
    this.sessions.delete(id);
  }

  get size(): number {
    return this.sessions.size;
  }

  /** Every stored token, for tests that prove none reaches the browser. */
  *tokens(): Iterable<string> {
    for (const s of this.sessions.values()) yield* [s.accessToken, s.refreshToken];
  }

  private sweep(): void {
    const now = this.clock.now();
    for (const [id, s] of this.sessions) {
      if (now - s.lastSeenAt > this.idleMs || now - s.createdAt > this.maxMs) this.sessions.delete(id);
    }
  }
}
