/**
 * Portal sessions in a database every portal instance shares (`ADMIN_SESSION_STORE_URL`:
 * PostgreSQL, or a SQLite file for one host; unset: an in-memory SQLite database, so one instance
 * whose restart signs everyone out). Why a shared store rather than a sealed cookie:
 * docs/admin-portal.md ("Sessions across instances and restarts").
 *
 * The browser holds only a random 256-bit id; the store keys rows by its SHA-256 and keeps the API
 * tokens sealed (AES-256-GCM under a key derived from ADMIN_SESSION_SECRET), so a read of the
 * table alone yields neither a usable cookie nor a usable token.
 */
import { systemClock, type Clock } from '@storefront/runtime';
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { openStore } from '@storefront/store';
import { migrateToLatest, type MigrationResultSet } from '@storefront/store/migrate';
import { MIGRATION_TABLE, migrations } from './migrations/index.ts';

export interface PortalUser {
  id: string;
  phone: string | null;
  full_name: string;
  is_admin: boolean;
}

export interface Tokens {
  accessToken: string;
  refreshToken: string;
  /** Epoch ms after which the access token is treated as expired (refreshed before use). */
  accessExpiresAt: number;
}

export interface Session extends Tokens {
  /** The cookie's value; never stored. */
  id: string;
  user: PortalUser;
  createdAt: number;
  lastSeenAt: number;
  /** Bumped by every refresh: a refresh applies only to the version it started from. */
  version: number;
}


interface SessionTable {
  id_hash: string;
  user_json: string;
  tokens: string;
  access_expires_at: number;
  created_at: number;
  last_seen_at: number;
  version: number;
  refresh_claimed_until: number | null;
}
interface StoreDb {
  admin_portal_sessions: SessionTable;
}

const TABLE = 'admin_portal_sessions';
/**
 * How long one instance may hold the right to refresh a session before another may take over:
 * longer than the portal's 30 s bound on the refresh call (src/portal.ts), so a slow refresh is
 * never overtaken by a second one with the same (single-use) refresh token.
 */
const CLAIM_MS = 40_000;
/** last_seen_at is written at most this often per session (not on every request). */
const TOUCH_MS = 60_000;

/** The first key seals; every key opens (two during a rotation of ADMIN_SESSION_SECRET). */
function sealer(secrets: readonly string[]) {
  const keys = secrets.map((s) => Buffer.from(hkdfSync('sha256', s, 'storefront-admin', 'session tokens v1', 32)));
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', keys[0]!, iv);
      const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      return [iv, body, c.getAuthTag()].map((b) => b.toString('base64url')).join('.');
    },
    /** null when no key opens it (a retired key, or tampering); `stale` when a retiring key did. */
    open(sealed: string): { plain: string; stale: boolean } | null {
      const [iv, body, tag] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
      for (const [i, key] of keys.entries()) {
        try {
          const d = createDecipheriv('aes-256-gcm', key, iv!);
          d.setAuthTag(tag!);
          return { plain: Buffer.concat([d.update(body!), d.final()]).toString('utf8'), stale: i > 0 };
        } catch {
          /* try the next key */
        }
      }
      return null;
    },
  };
}

const hashId = (id: string) => createHash('sha256').update(id).digest('hex');

export class SessionStore {
  private readonly db: Kysely<StoreDb>;
  private readonly sealer: ReturnType<typeof sealer>;
  private readonly idleMs: number;
  private readonly maxMs: number;
  private readonly clock: Clock;
  /** Refreshes in flight in this process, per session: concurrent requests share one. */
  private readonly refreshing = new Map<string, Promise<(Tokens & { version: number }) | null>>();

  constructor(options: { url: string | null; secrets: readonly string[]; idleMs: number; maxMs: number; clock?: Clock }) {
    this.db = openStore<StoreDb>(options.url, { name: 'session store' }).db;
    this.sealer = sealer(options.secrets);
    this.idleMs = options.idleMs;
    this.maxMs = options.maxMs;
    this.clock = options.clock ?? systemClock;
  }

  /** Brings the table up to date (src/migrations/); safe for several instances starting at once. */
  migrate(): Promise<MigrationResultSet> {
    return migrateToLatest(this.db, migrations, { table: MIGRATION_TABLE });
  }

  close(): Promise<void> {
    return this.db.destroy();
  }

  async create(user: PortalUser, tokens: Tokens): Promise<Session> {
    const now = this.clock.now().getTime();
    await this.db
      .deleteFrom(TABLE)
      .where((eb) => eb.or([eb('last_seen_at', '<', now - this.idleMs), eb('created_at', '<', now - this.maxMs)]))
      .execute();
    const session: Session = { ...tokens, id: randomBytes(32).toString('base64url'), user, createdAt: now, lastSeenAt: now, version: 0 };
    await this.db
      .insertInto(TABLE)
      .values({
        id_hash: hashId(session.id),
        user_json: JSON.stringify(user),
        tokens: this.sealTokens(tokens),
        access_expires_at: tokens.accessExpiresAt,
        created_at: now,
        last_seen_at: now,
        version: 0,
        refresh_claimed_until: null,
      })
      .execute();
    return session;
  }

  /** The live session for a cookie id, touching its idle timer; expired ones are dropped. */
  async get(id: string | null | undefined): Promise<Session | null> {
    if (!id) return null;
    const row = await this.db.selectFrom(TABLE).selectAll().where('id_hash', '=', hashId(id)).executeTakeFirst();
    if (!row) return null;
    const session = this.fromRow(id, row);
    const now = this.clock.now().getTime();
    if (!session || now - session.lastSeenAt > this.idleMs || now - session.createdAt > this.maxMs) {
      await this.delete(id);
      return null;
    }
    const stale = this.sealer.open(row.tokens)?.stale === true;
    if (now - session.lastSeenAt > TOUCH_MS || stale) {
      // Tokens sealed with the retiring secret are sealed again with the current one.
      const set = stale ? { last_seen_at: now, tokens: this.sealTokens(session) } : { last_seen_at: now };
      await this.db.updateTable(TABLE).set(set).where('id_hash', '=', hashId(id)).where('version', '=', session.version).execute();
      session.lastSeenAt = now;
    }
    return session;
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom(TABLE).where('id_hash', '=', hashId(id)).execute();
  }

  /**
   * Replaces the session's tokens through `call` (the API's refresh), once across every instance:
   * a refresh token works only once, and a reused one makes the API revoke the whole session. The
   * instance that claims the row calls the API; the others wait for the new version and adopt it.
   * False when the API refused (the row is then gone) or the session ended meanwhile.
   */
  async refresh(session: Session, call: (refreshToken: string) => Promise<Tokens | null>): Promise<boolean> {
    const key = hashId(session.id);
    let pending = this.refreshing.get(key);
    if (!pending) {
      pending = this.refreshShared(session, key, call).finally(() => this.refreshing.delete(key));
      this.refreshing.set(key, pending);
    }
    const fresh = await pending;
    if (fresh) Object.assign(session, fresh);
    return fresh !== null;
  }

  private async refreshShared(session: Session, key: string, call: (refreshToken: string) => Promise<Tokens | null>) {
    const waitUntil = Date.now() + CLAIM_MS + 5_000;
    for (;;) {
      const now = this.clock.now().getTime();
      const claim = await this.db
        .updateTable(TABLE)
        .set({ refresh_claimed_until: now + CLAIM_MS })
        .where('id_hash', '=', key)
        .where('version', '=', session.version)
        .where((eb) => eb.or([eb('refresh_claimed_until', 'is', null), eb('refresh_claimed_until', '<', now)]))
        .executeTakeFirst();
      if (Number(claim.numUpdatedRows) === 1) {
        let tokens: Tokens | null;
        try {
          tokens = await call(session.refreshToken);
        } catch (err) {
          await this.db.updateTable(TABLE).set({ refresh_claimed_until: null }).where('id_hash', '=', key).execute();
          throw err;
        }
        if (!tokens) {
          await this.db.deleteFrom(TABLE).where('id_hash', '=', key).execute();
          return null;
        }
        const version = session.version + 1;
        await this.db
          .updateTable(TABLE)
          .set({ tokens: this.sealTokens(tokens), access_expires_at: tokens.accessExpiresAt, version, refresh_claimed_until: null })
          .where('id_hash', '=', key)
          .execute();
        return { ...tokens, version };
      }
      // Another request (here or on another instance) refreshed or is refreshing: use its result.
      const row = await this.db.selectFrom(TABLE).selectAll().where('id_hash', '=', key).executeTakeFirst();
      const current = row ? this.fromRow(session.id, row) : null;
      if (!current) return null;
      if (current.version !== session.version) {
        return { accessToken: current.accessToken, refreshToken: current.refreshToken, accessExpiresAt: current.accessExpiresAt, version: current.version };
      }
      if (Date.now() > waitUntil) return null;
      await sleep(50);
    }
  }

  /** How many sessions are stored (tests). */
  async count(): Promise<number> {
    return (await this.db.selectFrom(TABLE).select('id_hash').execute()).length;
  }

  /** Every stored token, access then refresh, oldest session first (tests prove none reaches the browser). */
  async tokens(): Promise<string[]> {
    const rows = await this.db.selectFrom(TABLE).select(['tokens', 'access_expires_at']).orderBy('created_at').orderBy('id_hash').execute();
    return rows.flatMap((r) => {
      const t = this.openTokens(r.tokens, Number(r.access_expires_at));
      return t ? [t.accessToken, t.refreshToken] : [];
    });
  }

  private sealTokens(t: Tokens): string {
    return this.sealer.seal(JSON.stringify([t.accessToken, t.refreshToken]));
  }

  private openTokens(sealed: string, accessExpiresAt: number): Tokens | null {
    const opened = this.sealer.open(sealed);
    if (opened === null) return null;
    const [accessToken, refreshToken] = JSON.parse(opened.plain) as [string, string];
    return { accessToken, refreshToken, accessExpiresAt };
  }

  /** null when the tokens no longer open (sealed under a retired secret): the session is over. */
  private fromRow(id: string, row: SessionTable): Session | null {
    const tokens = this.openTokens(row.tokens, Number(row.access_expires_at));
    if (!tokens) return null;
    return {
      ...tokens,
      id,
      user: JSON.parse(row.user_json) as PortalUser,
      createdAt: Number(row.created_at),
      lastSeenAt: Number(row.last_seen_at),
      version: Number(row.version),
    };
  }
}
