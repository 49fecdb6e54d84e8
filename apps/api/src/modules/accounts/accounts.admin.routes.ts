/** The admin users area lives with the community domain (issue 6); app.ts registers it from here. */
export { adminUserRoutes as accountAdminRoutes } from '../community/admin-users.routes.ts';
