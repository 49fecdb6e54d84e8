/**
 * The SPA's files: hashed assets cached for good, index.html for every other GET outside `/api/`
 * (the SPA routes on real URLs), re-read each time. Without a build the portal says how to make one.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

const staticFiles: FastifyPluginAsync<{ staticDir: string }> = async (app, { staticDir }) => {
  if (!existsSync(join(staticDir, 'index.html'))) return;
  await app.register(fastifyStatic, { root: staticDir, wildcard: false, index: false });
  app.get('/assets/*', (req, reply) => {
    reply.header('cache-control', 'public, max-age=31536000, immutable');
    return reply.sendFile(`assets/${(req.params as { '*': string })['*']}`);
  });
};

/** Not encapsulated: `reply.sendFile` must reach the SPA fallback, which answers at the root. */
export const staticPlugin = fp(staticFiles, { name: 'portal-static' });

/** The answer to a GET no route matched (the SPA's own URLs); undefined leaves it to the 404. */
export function spaFallback(staticDir: string) {
  const indexHtml = join(staticDir, 'index.html');
  return (req: FastifyRequest, reply: FastifyReply): FastifyReply | undefined => {
    if (req.method !== 'GET' || req.url.startsWith('/api/')) return undefined;
    if (existsSync(indexHtml)) {
      reply.header('cache-control', 'no-cache');
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.code(503).type('text/plain').send('The portal UI is not built: run `npm run build -w apps/admin`.');
  };
}
