import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '../../lib/typebox.ts';
import { notFound } from '../../lib/errors.ts';
import * as media from './media.service.ts';
import { MEDIA_CACHE_CONTROL } from './media-store.ts';
import { UploadedImageSchema, UploadImageSchema } from './media.schemas.ts';

const NoContent = Type.Unsafe<void>({ type: 'null', description: 'No content' });

/** `POST /admin/uploads/image` under /api/v1. */
export const mediaUploadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;
  const tags = ['admin'];

  // Image upload: its own body limit admits a 5 MB image as base64; anything larger is IMAGE_TOO_LARGE.
  app.post(
    '/admin/uploads/image',
    {
      config: { auth: 'admin', permission: 'catalogue.write' },
      bodyLimit: media.UPLOAD_BODY_LIMIT,
      // A closed gate answers 503 whatever the body (after the token check, before the body is read).
      onRequest: async () => media.uploadsGate(ctx),
      schema: { tags, body: UploadImageSchema, response: { 201: UploadedImageSchema } },
      errorHandler: (err) => {
        // Thrown on, so the app's handler formats it.
        if ((err as { statusCode?: number }).statusCode === 413) throw media.imageTooLarge();
        throw err;
      },
    },
    async (req, reply) => reply.code(201).send(await media.uploadImage(ctx, req.body)),
  );
};

/** `/media/:key` at the host root: immutable, content-addressed image bytes. */
export const mediaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;
  app.get(
    '/media/:key',
    { schema: { tags: ['catalogue'], params: Type.Object({ key: Type.String() }), response: { 200: Type.Unsafe<unknown>({ description: 'Image bytes' }), 304: NoContent } } },
    async (req, reply) => {
      // Only `<sha256>.<ext>` names are ever looked up, so no path can leave MEDIA_DIR or the bucket.
      const file = await media.findMedia(ctx, req.params.key);
      if (!file) throw notFound('media');
      const etag = `"${file.hash}"`;
      reply
        .header('cache-control', MEDIA_CACHE_CONTROL)
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'");
      const inm = req.headers['if-none-match'];
      if (inm && inm.split(',').some((t) => t.trim() === etag || t.trim() === `W/${etag}` || t.trim() === '*')) {
        file.body.destroy();
        return reply.code(304).send();
      }
      return reply.type(file.contentType).header('content-length', file.size).send(file.body);
    },
  );
};
