import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { orderAdminRoutes, orderRoutes } from './orders.routes.ts';

/** Routes under /api/v1: the user's orders, and the admin order and refund routes. */
export const routes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(orderRoutes);
  await app.register(orderAdminRoutes);
};

/** Routes at the host root (outside /api/v1), if the domain has any. */
export const rootRoutes: FastifyPluginAsyncTypebox = async (_app) => {};

export { OPEN_ORDER_STATUSES, ORDERS_TO_FULFIL, type OrderStatus } from './tables.ts';
export { adminFilter } from './orders.service.ts';
export type { OrdersView } from './tables.ts';
export { AdminOrdersQuerySchema, RefundsQuerySchema } from './orders.schemas.ts';
export { countOpenOrders, exportOrders, exportRefunds, listOrders, listRefunds } from './orders.repository.ts';
