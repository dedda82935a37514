import { ZAdminUserIdParamsSchema, ZAdminUserSchema, ZAdminUsersQuerySchema, ZAdminUsersResponseSchema } from '@platform/contracts';
import { bearerToken, type createAuthHooks, type TApp } from '@platform/service-kit';
import { getUserForAdmin, listUsersForAdmin } from '../../domain/admin-users.use-case.js';
import type { TAuthDeps } from '../../domain/deps.js';

type TAuthHooks = ReturnType<typeof createAuthHooks>;

/**
 * /api/admin/users (All Users): the list with search and stat cards, and one user. Admins only. The admin's own
 * token is forwarded to payouts for the balances. (/api/admin/users/{id}/balance and /ledger belong to payouts.)
 */
export function registerAdminUserRoutes(app: TApp, deps: TAuthDeps, hooks: TAuthHooks): void {
  app.get(
    '/api/admin/users',
    { onRequest: hooks.requireAdmin, schema: { querystring: ZAdminUsersQuerySchema, response: { 200: ZAdminUsersResponseSchema } } },
    async (request) => listUsersForAdmin(deps, request.query.search, bearerToken(request)),
  );

  app.get(
    '/api/admin/users/:id',
    { onRequest: hooks.requireAdmin, schema: { params: ZAdminUserIdParamsSchema, response: { 200: ZAdminUserSchema } } },
    async (request) => getUserForAdmin(deps, request.params.id, bearerToken(request)),
  );
}
