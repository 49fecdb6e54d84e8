import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { catalogueAdminRoutes, catalogueRoutes } from './catalogue.routes.ts';

/** Routes under /api/v1: the public catalogue and its admin side (categories, products, unit costs). */
export const routes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(catalogueRoutes);
  await app.register(catalogueAdminRoutes);
};

/** Routes at the host root (outside /api/v1): none for this domain. */
export const rootRoutes: FastifyPluginAsyncTypebox = async (_app) => {};

export { findSellableProducts, takeStock, returnStock, type SellableProduct } from './catalogue.service.ts';
export { lowStockCounts } from './catalogue.service.ts';
export { takeStockMany, returnStockMany, findOrderableState, orderLinesCtes, stockTakeCte, LINE_REFUSALS, LINES, type LineRefusal, type OrderLine } from './catalogue.repository.ts';
export { frontDoor } from './public-cache.ts';
export type { CatalogueView } from './tables.ts';
export { MAX_MONEY, SortOrderSchema } from './catalogue.schemas.ts';
export { IdParamsSchema } from './catalogue.schemas.ts';
