import { ZAdminUserSchema, ZAdminUsersQuerySchema, ZAdminUsersResponseSchema, ZAdminUsersStatsSchema, ZIdParamsSchema } from '@platform/contracts';
import { bearerToken, type TApp, type TRouteDeps } from '@platform/service-kit';
import { getUserForAdmin, listUsersForAdmin, usersStatsForAdmin } from '../../domain/admin-users.use-case.js';
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
    {
      onRequest: hooks.requireAdmin,
      schema: {
        summary: 'A page of All Users (admin), newest first',
        description:
          'Keyset paging (contracts paging.ts): pageSize 1-100 (default 20), cursor = the previous page\'s nextCursor. Filters: ' +
          'search (part of the e-mail or full name), role, status (active | banned), from/to (registration). The stat cards are ' +
          'GET /api/admin/users/stats. An unknown parameter, a bad value or cursor: 400 naming it.',
        querystring: ZAdminUsersQuerySchema,
        response: { 200: ZAdminUsersResponseSchema },
      },
    },
    async (request) => listUsersForAdmin(deps, request.query, bearerToken(request)),
  );

  app.get(
    '/api/admin/users/stats',
    {
      onRequest: hooks.requireAdmin,
      schema: {
        summary: 'The All Users stat cards (admin): users, verified, active, and the total balance (null when payouts did not answer)',
        response: { 200: ZAdminUsersStatsSchema },
      },
    },
    async (request) => usersStatsForAdmin(deps, bearerToken(request)),
  );

  app.get(
    '/api/admin/users/:id',
    { onRequest: hooks.requireAdmin, schema: { params: ZUserParamsSchema, response: { 200: ZAdminUserSchema } } },
    async (request) => getUserForAdmin(deps, request.params.id, bearerToken(request)),
  );
}
