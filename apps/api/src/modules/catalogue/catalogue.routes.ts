import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '../../lib/typebox.ts';
import { notFound } from '../../lib/errors.ts';
import { PageQuerySchema } from '../../lib/pagination.ts';
import * as catalogue from './catalogue.service.ts';
import { cachedRead, publicCache } from './public-cache.ts';
import {
  AdminProductListQuerySchema,
  CategoryPageSchema,
  CategorySchema,
  CreateCategorySchema,
  AdminProductPageSchema,
  AdminProductSchema,
  CreateProductSchema,
  IdParamsSchema,
  ProductListQuerySchema,
  ProductPageSchema,
  ProductSchema,
  UnitCostSchema,
  UpdateCategorySchema,
  UpdateProductSchema,
} from './catalogue.schemas.ts';

const NoContent = Type.Unsafe<void>({ type: 'null', description: 'No content' });

/** The public catalogue, under /api/v1. */
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

};

/** The admin back office's catalogue, gateways and uploads, under /api/v1/admin. */
export const catalogueAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;
  const tags = ['admin'];
  // Any successful admin write may change what the public catalogue shows.
  app.addHook('onResponse', async (req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && reply.statusCode < 300) publicCache(ctx).clear();
  });

  // Categories
  app.get('/admin/categories', { config: { auth: 'admin', permission: 'catalogue.read' }, schema: { tags, querystring: PageQuerySchema, response: { 200: CategoryPageSchema } } }, (req) =>
    catalogue.listCategories(ctx, req.query, false),
  );
  app.post('/admin/categories', { config: { auth: 'admin', permission: 'catalogue.write' }, schema: { tags, body: CreateCategorySchema, response: { 201: CategorySchema } } }, async (req, reply) =>
    reply.code(201).send(await catalogue.createCategory(ctx, req.principal!.userId, req.body)),
  );
  app.put(
    '/admin/categories/:id',
    { config: { auth: 'admin', permission: 'catalogue.write' }, schema: { tags, params: IdParamsSchema, body: UpdateCategorySchema, response: { 200: CategorySchema } } },
    (req) => catalogue.updateCategory(ctx, req.principal!.userId, req.params.id, req.body),
  );
  app.delete('/admin/categories/:id', { config: { auth: 'admin', permission: 'catalogue.write' }, schema: { tags, params: IdParamsSchema, response: { 204: NoContent } } }, async (req, reply) => {
    await catalogue.deleteCategory(ctx, req.principal!.userId, req.params.id);
    return reply.code(204).send();
  });

  // Products
  app.get(
    '/admin/products',
    { config: { auth: 'admin', permission: 'catalogue.read' }, schema: { tags, querystring: AdminProductListQuerySchema, response: { 200: AdminProductPageSchema } } },
    (req) => catalogue.listAdminProducts(ctx, req.query),
  );
  app.post('/admin/products', { config: { auth: 'admin', permission: 'catalogue.write' }, schema: { tags, body: CreateProductSchema, response: { 201: AdminProductSchema } } }, async (req, reply) =>
    reply.code(201).send(await catalogue.createProduct(ctx, req.principal!.userId, req.body)),
  );
  app.get('/admin/products/:id', { config: { auth: 'admin', permission: 'catalogue.read' }, schema: { tags, params: IdParamsSchema, response: { 200: AdminProductSchema } } }, (req) =>
    catalogue.getAdminProduct(ctx, req.params.id),
  );
  app.put(
    '/admin/products/:id',
    { config: { auth: 'admin', permission: 'catalogue.write' }, schema: { tags, params: IdParamsSchema, body: UpdateProductSchema, response: { 200: AdminProductSchema } } },
    (req) => catalogue.updateProduct(ctx, req.principal!.userId, req.params.id, req.body),
  );
  app.delete('/admin/products/:id', { config: { auth: 'admin', permission: 'catalogue.write' }, schema: { tags, params: IdParamsSchema, response: { 204: NoContent } } }, async (req, reply) => {
    await catalogue.deleteProduct(ctx, req.principal!.userId, req.params.id);
    return reply.code(204).send();
  });
  app.get('/admin/products/:id/cost', { config: { auth: 'admin', permission: 'catalogue.read' }, schema: { tags, params: IdParamsSchema, response: { 200: UnitCostSchema } } }, (req) =>
    catalogue.getUnitCost(ctx, req.params.id),
  );
  app.put(
    '/admin/products/:id/cost',
    { config: { auth: 'admin', permission: 'catalogue.write' }, schema: { tags, params: IdParamsSchema, body: UnitCostSchema, response: { 200: UnitCostSchema } } },
    (req) => catalogue.setUnitCost(ctx, req.principal!.userId, req.params.id, req.body),
  );

};
