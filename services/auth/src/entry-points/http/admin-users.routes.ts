import { ZAdminUserSchema, ZAdminUsersQuerySchema, ZAdminUsersResponseSchema, ZIdParamsSchema } from '@platform/contracts';
import { bearerToken, type TApp, type TRouteDeps } from '@platform/service-kit';
import { getUserForAdmin, listUsersForAdmin } from '../../domain/admin-users.use-case.js';
import { AUTH_ERRORS } from '../../domain/auth.errors.js';
import type { TAuthDeps } from '../../domain/deps.js';

const ZUserParamsSchema = ZIdParamsSchema(AUTH_ERRORS.userNotFound);

/**
 * /api/admin/users (All Users): the list with search and stat cards, and one user. Admins only. The admin's own
 * token is forwarded to payouts for the balances. (/api/admin/users/{id}/balance and /ledger belong to payouts.)
 */
export function registerAdminUserRoutes(app: TApp, { deps, hooks }: TRouteDeps<TAuthDeps>): void {
  app.get(
    '/api/admin/users',
    { onRequest: hooks.requireAdmin, schema: { querystring: ZAdminUsersQuerySchema, response: { 200: ZAdminUsersResponseSchema } } },
    async (request) => listUsersForAdmin(deps, request.query.search, bearerToken(request)),
  );

  app.get(
    '/api/admin/users/:id',
    { onRequest: hooks.requireAdmin, schema: { params: ZUserParamsSchema, response: { 200: ZAdminUserSchema } } },
    async (request) => getUserForAdmin(deps, request.params.id, bearerToken(request)),
  );
}
