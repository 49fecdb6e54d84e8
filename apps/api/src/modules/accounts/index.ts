import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { accountRoutes } from './accounts.routes.ts';

/** Routes under /api/v1: the signed-in user's profile (`/me`). */
export const routes: FastifyPluginAsyncTypebox = accountRoutes;

/** Routes at the host root (outside /api/v1): none for this domain. */
export const rootRoutes: FastifyPluginAsyncTypebox = async (_app) => {};
export type { AccountsView } from './tables.ts';
export { EmailSchema, FullNameSchema } from './accounts.schemas.ts';
export { type UserRow } from './accounts.repository.ts';
export { type User } from './accounts.schemas.ts';
export { UserSchema, PersonSchema, type Person } from './accounts.schemas.ts';
/** What other modules call: the user row's reads and writes (sign-up, deletion, referrals, support, back office). */
export * as accounts from './accounts.service.ts';
