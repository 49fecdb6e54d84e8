import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from '../../context.ts';

interface Entry {
  /** Bytes, not a string: a string is encoded into a new buffer on every send (CPU and RSS). */
  payload: Buffer;
  etag: string;
  expires: number;
}

/**
 * The public catalogue is the shop's hottest read. Each answer (by URL) is kept as serialised
 * bytes with its ETag for `CATALOGUE_CACHE_MS`: a hit costs no query and no serialisation. This
 * instance's admin writes clear it at once; other instances' writes and stock taken by orders show
 * within the TTL (placing an order always checks real stock).
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

  get(key: string): Entry | undefined {
    const e = this.#entries.get(key);
    if (e && e.expires > this.ctx.clock.now().getTime()) return e;
    if (e) this.#entries.delete(key);
    return undefined;
  }

  set(key: string, payload: string, etag: string): void {
    if (this.ttlMs <= 0) return;
    const bytes = Buffer.from(payload, 'utf8');
    if (this.#entries.size >= this.max) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(key, { payload: bytes, etag, expires: this.ctx.clock.now().getTime() + this.ttlMs });
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
const matches = (req: FastifyRequest, etag: string) => {
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
      const hit = cache.get(req.url);
      if (!hit) return;
      reply.header('etag', hit.etag).header('cache-control', CACHE_CONTROL).header('x-cache', 'hit');
      if (matches(req, hit.etag)) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(hit.payload);
    },
    onSend: async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (reply.statusCode !== 200 || typeof payload !== 'string' || reply.getHeader('x-cache') === 'hit') return payload;
      const etag = etagOf(payload);
      cache.set(req.url, payload, etag);
      reply.header('etag', etag).header('cache-control', CACHE_CONTROL);
      if (!matches(req, etag)) return payload;
      reply.code(304);
      return '';
    },
  };
}
