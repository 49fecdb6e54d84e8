import { isIPv6, SocketAddress } from 'node:net';
import { sql } from 'kysely';
import type { Handle } from './db-types.ts';
import { own } from './tables.ts';
import type { Clock } from './clock.ts';
import { rateLimited } from './errors.ts';

export interface RateRule {
  /** Namespace of the counter, e.g. `admin_login`. */
  bucket: string;
  limit: number;
  windowMs: number;
  /** The `code` a refusal carries, e.g. `LOGIN_RATE_LIMITED`. */
  code: string;
}

export interface Hit {
  allowed: boolean;
  count: number;
  /** Whole seconds until the window resets (at least 1). */
  retryAfter: number;
  /** When the window resets. */
  resetAt: Date;
}

/**
 * What a counter counts: a client (`ip`, counted by its network: `clientNetwork`), a thing (`id`:
 * a phone, an account), or a thing per client (`id|network`).
 */
export type RateSubject = { id: string; ip?: string } | { ip: string; id?: string };

/** What `hit` needs of the caller's context (a `Ctx` is one). */
export interface RateContext {
  clock: Clock;
  config: { readonly rateLimitIpv6Prefix: number };
}

/**
 * The client a per-IP limit counts: an IPv4 address as it is; an IPv6 address as its network, the
 * first `ipv6Prefix` bits (`2001:db8:0:1::/64`), because one client holds a whole /64 and may pick
 * a new address in it for every request; an IPv4-mapped IPv6 address (`::ffff:192.0.2.1`) as the
 * IPv4 address. Anything else (no address) as it is.
 */
export function clientNetwork(ip: string, ipv6Prefix: number): string {
  if (!isIPv6(ip)) return ip;
  const groups = ipv6Groups(ip);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  }
  const masked = groups.map((g, i) => {
    const bits = Math.min(16, Math.max(0, ipv6Prefix - i * 16));
    return g & ((0xffff << (16 - bits)) & 0xffff);
  });
  return `${new SocketAddress({ address: masked.map((g) => g.toString(16)).join(':'), family: 'ipv6' }).address}/${ipv6Prefix}`;
}

/** The eight 16-bit groups of an address `isIPv6` accepted (a zone index dropped, a dotted tail read). */
function ipv6Groups(ip: string): number[] {
  let text = ip.split('%')[0]!;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const left = part(head);
  const right = part(tail);
  // Without `::` the left part is all eight groups and nothing is filled in.
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

const keyOf = (ctx: RateContext, rule: RateRule, subject: RateSubject): string => {
  const parts = [subject.id, subject.ip === undefined ? undefined : clientNetwork(subject.ip, ctx.config.rateLimitIpv6Prefix)];
  return `${rule.bucket}:${parts.filter((p) => p !== undefined).join('|')}`;
};

/**
 * A fixed-window counter in the database. One atomic upsert per hit counts it and returns the new
 * count, so concurrent requests, and several instances on one PostgreSQL, can never exceed the limit.
 */
export async function hit(db: Handle, ctx: RateContext, rule: RateRule, subject: RateSubject): Promise<Hit> {
  const now = ctx.clock.now().getTime();
  const start = Math.floor(now / rule.windowMs) * rule.windowMs;
  const windowStart = new Date(start).toISOString();
  const row = await own(db)
    .insertInto('rate_limits')
    .values({ key: keyOf(ctx, rule, subject), window_start: windowStart, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql`case when rate_limits.window_start = excluded.window_start then rate_limits.count + 1 else 1 end`,
        window_start: sql`excluded.window_start`,
      }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  const retryAfter = Math.max(1, Math.ceil((start + rule.windowMs - now) / 1000));
  return { allowed: row.count <= rule.limit, count: row.count, retryAfter, resetAt: new Date(start + rule.windowMs) };
}

/** Counts a hit and throws the 429 of docs/contracts.md §2 when it is over the limit. */
export async function enforce(db: Handle, ctx: RateContext, rule: RateRule, subject: RateSubject): Promise<void> {
  const h = await hit(db, ctx, rule, subject);
  if (!h.allowed) throw rateLimited(rule.code, h.retryAfter);
}

/** Removes counters whose window ended long ago (run by the retention job). */
export async function purgeExpired(db: Handle, before: Date): Promise<number> {
  const r = await own(db).deleteFrom('rate_limits').where('window_start', '<', before.toISOString()).executeTakeFirst();
  return Number(r.numDeletedRows);
}
