import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from '../../context.ts';
import type { RouteSeries } from '../../lib/metrics.ts';

interface Entry {
  /** Bytes, not a string: a string is encoded into a new buffer on every send (CPU and RSS). */
  payload: Buffer;
  etag: string;
  expires: number;
  /** The route's series (`GET /api/v1/products/:id`), for the metrics of answers given by `frontDoor`. */
  series: RouteSeries;
  /** What `frontDoor` sends with every answer from this entry, as a flat name/value list; and the payload's length. */
  headers: string[];
  length: string;
  /** Past `expires`, one request has gone to the route to refresh it (see `get`). */
  refreshing: boolean;
}

/**
 * The public catalogue is the shop's hottest read. Each answer (by URL) is kept as serialised
 * bytes with its ETag for `CATALOGUE_CACHE_MS`: a hit costs no query and no serialisation. This
 * instance's admin writes clear it at once; other instances' writes and stock taken by orders show
 * within the TTL plus one query (`get`; placing an order always checks real stock).
 */
export class PublicCache {
  readonly #entries = new Map<string, Entry>();
  private readonly ctx: Ctx;
  private readonly ttlMs: number;
  private readonly max: number;
  constructor(ctx: Ctx, ttlMs: number, max = 1000) {
    this.ctx = ctx;
    this.ttlMs = ttlMs;
    this.max = max;
  }

  /** A live entry, or nothing. */
  fresh(key: string): Entry | undefined {
    const e = this.#entries.get(key);
    return e && e.expires > this.ctx.clock.now().getTime() ? e : undefined;
  }

  /**
   * For `frontDoor`: a live entry; past its TTL, nothing for the first caller (who goes to the route
   * and stores the new answer) and the old entry for the others until then, for at most one more
   * TTL. Without this every request arriving while the one query is out misses too: on PostgreSQL,
   * where the query waits on the network, 50 callers at 10,000 a second meant dozens of identical
   * queries and serialisations each second (SQLite's synchronous query had hidden it).
   */
  get(key: string): Entry | undefined {
    const e = this.#entries.get(key);
    if (e === undefined) return undefined;
    const now = this.ctx.clock.now().getTime();
    if (e.expires > now) return e;
    if (now >= e.expires + this.ttlMs) {
      this.#entries.delete(key);
      return undefined;
    }
    if (e.refreshing) return e;
    e.refreshing = true;
    return undefined;
  }

  /** The route did not answer 200 for this URL (a product gone): nothing stale is served for it. */
  drop(key: string): void {
    this.#entries.delete(key);
  }

  set(key: string, payload: string, etag: string, route: string): void {
    if (this.ttlMs <= 0) return;
    const bytes = Buffer.from(payload, 'utf8');
    if (this.#entries.size >= this.max) this.#entries.delete(this.#entries.keys().next().value!);
    const headers = ['etag', etag, 'cache-control', CACHE_CONTROL, 'x-cache', 'hit'];
    const series = this.ctx.metrics.http.route('GET', route);
    this.#entries.set(key, { payload: bytes, etag, expires: this.ctx.clock.now().getTime() + this.ttlMs, series, headers, length: String(bytes.length), refreshing: false });
  }

  clear(): void {
    this.#entries.clear();
  }
}

const caches = new WeakMap<Ctx, PublicCache>();
export function publicCache(ctx: Ctx): PublicCache {
  let c = caches.get(ctx);
  if (!c) caches.set(ctx, (c = new PublicCache(ctx, ctx.config.catalogueCacheMs)));
  return c;
}

const etagOf = (payload: string) => `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
const matches = (req: FastifyRequest | IncomingMessage, etag: string) => {
  const inm = req.headers['if-none-match'];
  return inm !== undefined && inm.split(',').some((t) => t.trim() === etag || t.trim() === '*');
};
const CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/**
 * Route hooks for cached, ETagged public reads: `preHandler` answers from the cache (or 304);
 * `onSend` tags a freshly serialised answer, stores it, and turns it into a 304 when it matches.
 */
export function cachedRead(ctx: Ctx) {
  const cache = publicCache(ctx);
  return {
    preHandler: async (req: FastifyRequest, reply: FastifyReply) => {
      const hit = cache.fresh(req.url);
      if (!hit) return;
      reply.header('etag', hit.etag).header('cache-control', CACHE_CONTROL).header('x-cache', 'hit');
      if (matches(req, hit.etag)) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(hit.payload);
    },
    onSend: async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (reply.getHeader('x-cache') === 'hit') return payload;
      if (reply.statusCode !== 200) cache.drop(req.url);
      if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
      const etag = etagOf(payload);
      cache.set(req.url, payload, etag, req.routeOptions.url ?? req.url);
      reply.header('etag', etag).header('cache-control', CACHE_CONTROL);
      if (!matches(req, etag)) return payload;
      reply.code(304);
      return '';
    },
  };
}

/**
 * The lean path for the hottest read (docs/performance.md): a GET whose exact URL has a live cache
 * entry is answered here, from the HTTP server's request event, before Fastify builds its request
 * and reply and runs routing, hooks and validation. It sends what the route's cached answer sends
 * (the same bytes, ETag, `cache-control`, `x-cache: hit`, a fresh `x-request-id`, a 304 on a
 * matching `If-None-Match`) and counts it in the same metrics. Only URLs that Fastify itself
 * answered 200 are ever in the cache, so every check that could have refused such a URL (router,
 * NUL bytes, query-string schema) already passed for exactly these bytes; a public route reads no
 * header but `If-None-Match`. Anything else (a miss, HEAD, a closing server) goes to Fastify.
 * Returns whether it answered.
 */
export function frontDoor(ctx: Ctx, closing: () => boolean): (req: IncomingMessage, res: ServerResponse) => boolean {
  const cache = publicCache(ctx);
  return (req, res) => {
    if (req.method !== 'GET' || req.url === undefined) return false;
    const hit = cache.get(req.url);
    if (!hit || closing()) return false;
    const started = performance.now();
    const status = matches(req, hit.etag) ? 304 : 200;
    // Headers as one flat list: node validates and stores each `setHeader` call apart (≈ 1 µs a request).
    if (status === 200) {
      res.writeHead(200, [...hit.headers, 'content-type', 'application/json; charset=utf-8', 'content-length', hit.length, 'x-request-id', randomUUID()]);
      res.end(hit.payload);
    } else {
      res.writeHead(304, [...hit.headers, 'x-request-id', randomUUID()]);
      res.end();
    }
    hit.series.answered(status, (performance.now() - started) / 1000);
    return true;
  };
}
