import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { catalogueAdminRoutes, catalogueRoutes, mediaRoutes } from './catalogue.routes.ts';

/** Routes under /api/v1: the public catalogue, payment gateways and the admin back office for both. */
export const routes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(catalogueRoutes);
  await app.register(catalogueAdminRoutes);
};

/** Routes at the host root: `/media/:key`. */
export const rootRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(mediaRoutes);
};

export { findSellableProducts, takeStock, returnStock, gatewaysForAmount, type SellableProduct } from './catalogue.service.ts';
export { takeStockMany, returnStockMany, findOrderableState } from './catalogue.repository.ts';
