import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { notFound } from '../../lib/errors.ts';
import { PageQuerySchema } from '../../lib/pagination.ts';
import * as catalogue from './catalogue.service.ts';
import * as media from '../media/media.service.ts';
import { MEDIA_CACHE_CONTROL } from '../media/media-store.ts';
import { cachedRead, publicCache } from './public-cache.ts';
import {
  AdminProductListQuerySchema,
  CategoryPageSchema,
  CategorySchema,
  CreateCategorySchema,
  CreateGatewaySchema,
  CreateProductSchema,
  GatewayPageSchema,
  IdParamsSchema,
  PaymentGatewaySchema,
  ProductListQuerySchema,
  ProductPageSchema,
  ProductSchema,
  UnitCostSchema,
  UpdateCategorySchema,
  UpdateGatewaySchema,
  UpdateProductSchema,
  UploadedImageSchema,
  UploadImageSchema,
} from './catalogue.schemas.ts';

const NoContent = Type.Unsafe<void>({ type: 'null', description: 'No content' });

/** Public catalogue and the token-holder's gateway list, under /api/v1. */
export const catalogueRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;
  const tags = ['catalogue'];
  const read = cachedRead(ctx);

  app.get(
    '/products',
    { ...read, schema: { tags, querystring: ProductListQuerySchema, response: { 200: ProductPageSchema, 304: NoContent } } },
    (req) => catalogue.listPublicProducts(ctx, req.query),
  );

  app.get(
    '/products/:id',
    { ...read, schema: { tags, params: IdParamsSchema, response: { 200: ProductSchema, 304: NoContent } } },
    (req) => catalogue.getPublicProduct(ctx, req.params.id),
  );

  app.get(
    '/categories',
    { ...read, schema: { tags, querystring: PageQuerySchema, response: { 200: CategoryPageSchema, 304: NoContent } } },
    (req) => catalogue.listCategories(ctx, req.query, true),
  );

  app.get(
    '/payment-gateways',
    { config: { auth: 'user' }, schema: { tags: ['orders'], querystring: PageQuerySchema, response: { 200: GatewayPageSchema } } },
    (req) => catalogue.listGateways(ctx, req.query, true),
  );
};

/** The admin back office's catalogue, gateways and uploads, under /api/v1/admin. */
export const catalogueAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;
  const tags = ['admin'];
  // Any successful admin write may change what the public catalogue shows.
  app.addHook('onResponse', async (req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && reply.statusCode < 300) publicCache(ctx).clear();
  });
  const admin = { auth: 'admin' as const };

  // Categories
  app.get('/admin/categories', { config: admin, schema: { tags, querystring: PageQuerySchema, response: { 200: CategoryPageSchema } } }, (req) =>
    catalogue.listCategories(ctx, req.query, false),
  );
  app.post('/admin/categories', { config: admin, schema: { tags, body: CreateCategorySchema, response: { 201: CategorySchema } } }, async (req, reply) =>
    reply.code(201).send(await catalogue.createCategory(ctx, req.principal!.userId, req.body)),
  );
  app.put(
    '/admin/categories/:id',
    { config: admin, schema: { tags, params: IdParamsSchema, body: UpdateCategorySchema, response: { 200: CategorySchema } } },
    (req) => catalogue.updateCategory(ctx, req.principal!.userId, req.params.id, req.body),
  );
  app.delete('/admin/categories/:id', { config: admin, schema: { tags, params: IdParamsSchema, response: { 204: NoContent } } }, async (req, reply) => {
    await catalogue.deleteCategory(ctx, req.principal!.userId, req.params.id);
    return reply.code(204).send();
  });

  // Products
  app.get(
    '/admin/products',
    { config: admin, schema: { tags, querystring: AdminProductListQuerySchema, response: { 200: ProductPageSchema } } },
    (req) => catalogue.listAdminProducts(ctx, req.query),
  );
  app.post('/admin/products', { config: admin, schema: { tags, body: CreateProductSchema, response: { 201: ProductSchema } } }, async (req, reply) =>
    reply.code(201).send(await catalogue.createProduct(ctx, req.principal!.userId, req.body)),
  );
  app.get('/admin/products/:id', { config: admin, schema: { tags, params: IdParamsSchema, response: { 200: ProductSchema } } }, (req) =>
    catalogue.getAdminProduct(ctx, req.params.id),
  );
  app.put(
    '/admin/products/:id',
    { config: admin, schema: { tags, params: IdParamsSchema, body: UpdateProductSchema, response: { 200: ProductSchema } } },
    (req) => catalogue.updateProduct(ctx, req.principal!.userId, req.params.id, req.body),
  );
  app.delete('/admin/products/:id', { config: admin, schema: { tags, params: IdParamsSchema, response: { 204: NoContent } } }, async (req, reply) => {
    await catalogue.deleteProduct(ctx, req.principal!.userId, req.params.id);
    return reply.code(204).send();
  });
  app.get('/admin/products/:id/cost', { config: admin, schema: { tags, params: IdParamsSchema, response: { 200: UnitCostSchema } } }, (req) =>
    catalogue.getUnitCost(ctx, req.params.id),
  );
  app.put(
    '/admin/products/:id/cost',
    { config: admin, schema: { tags, params: IdParamsSchema, body: UnitCostSchema, response: { 200: UnitCostSchema } } },
    (req) => catalogue.setUnitCost(ctx, req.principal!.userId, req.params.id, req.body),
  );

  // Payment gateways
  app.get('/admin/payment-gateways', { config: admin, schema: { tags, querystring: PageQuerySchema, response: { 200: GatewayPageSchema } } }, (req) =>
    catalogue.listGateways(ctx, req.query, false),
  );
  app.post(
    '/admin/payment-gateways',
    { config: admin, schema: { tags, body: CreateGatewaySchema, response: { 201: PaymentGatewaySchema } } },
    async (req, reply) => reply.code(201).send(await catalogue.createGateway(ctx, req.principal!.userId, req.body)),
  );
  app.put(
    '/admin/payment-gateways/:id',
    { config: admin, schema: { tags, params: IdParamsSchema, body: UpdateGatewaySchema, response: { 200: PaymentGatewaySchema } } },
    (req) => catalogue.updateGateway(ctx, req.principal!.userId, req.params.id, req.body),
  );
  app.delete('/admin/payment-gateways/:id', { config: admin, schema: { tags, params: IdParamsSchema, response: { 204: NoContent } } }, async (req, reply) => {
    await catalogue.deleteGateway(ctx, req.principal!.userId, req.params.id);
    return reply.code(204).send();
  });

  // Image upload: its own body limit admits a 5 MB image as base64; anything larger is IMAGE_TOO_LARGE.
  app.post(
    '/admin/uploads/image',
    {
      config: admin,
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
