import {
  ZAccountClosingSchema,
  ZAdminUserSchema,
  ZAdminUserUpdateSchema,
  ZDeleteAccountRequestSchema,
  ZDeletionEligibilitySchema,
  ZEmptyBodySchema,
  ZIdParamsSchema,
  ZSuccessResponseSchema,
} from '@platform/contracts';
import { authUserOf, bearerToken, type TApp, type TRouteDeps } from '@platform/service-kit';
import { z } from 'zod';
import { deleteOwnAccount, getOwnDeletionEligibility, startClosingOwnAccount } from '../../domain/account-deletion.use-case.js';
import { AUTH_ERRORS } from '../../domain/auth.errors.js';
import type { TAuthDeps } from '../../domain/deps.js';
import { deleteUserByAdmin, getDeletionEligibilityForAdmin, toggleUserActive, updateUserByAdmin } from '../../domain/manage-users.use-case.js';

const ZUserParamsSchema = ZIdParamsSchema(AUTH_ERRORS.userNotFound);
/** These GETs take no query: an unknown parameter is 400, not silently ignored. */
const ZNoQuerySchema = z.strictObject({});

/**
 * User management (spec 03 All Users: Edit, Ban/Unban, Delete; admins only) and the worker's own account deletion
 * (spec 02 Profile, DELETE /api/user/account). The caller's token is forwarded to payouts and work, which say what
 * the account holds and has pending.
 */
export function registerManageUserRoutes(app: TApp, { deps, hooks }: TRouteDeps<TAuthDeps>): void {
  app.patch(
    '/api/admin/users/:id',
    { onRequest: hooks.requireAdmin, schema: { params: ZUserParamsSchema, body: ZAdminUserUpdateSchema, response: { 200: ZAdminUserSchema } } },
    async (request) => updateUserByAdmin(deps, authUserOf(request).userId, bearerToken(request)!, request.params.id, request.body),
  );

  app.patch(
    '/api/admin/users/:id/toggle',
    { onRequest: hooks.requireAdmin, schema: { params: ZUserParamsSchema, body: ZEmptyBodySchema, response: { 200: ZAdminUserSchema } } },
    async (request) => toggleUserActive(deps, authUserOf(request).userId, bearerToken(request)!, request.params.id),
  );

  app.get(
    '/api/admin/users/:id/deletion',
    { onRequest: hooks.requireAdmin, schema: { params: ZUserParamsSchema, querystring: ZNoQuerySchema, response: { 200: ZDeletionEligibilitySchema } } },
    async (request) => getDeletionEligibilityForAdmin(deps, bearerToken(request)!, request.params.id),
  );

  app.delete(
    '/api/admin/users/:id',
    { onRequest: hooks.requireAdmin, schema: { params: ZUserParamsSchema, body: ZEmptyBodySchema, response: { 200: ZSuccessResponseSchema } } },
    async (request) => {
      await deleteUserByAdmin(deps, authUserOf(request).userId, bearerToken(request)!, request.params.id);
      return { success: true as const };
    },
  );

  app.get(
    '/api/user/account/deletion',
    { onRequest: hooks.authenticate, schema: { querystring: ZNoQuerySchema, response: { 200: ZDeletionEligibilitySchema } } },
    async (request) => getOwnDeletionEligibility(deps, authUserOf(request), bearerToken(request)!),
  );

  app.post(
    '/api/user/account/closing',
    { onRequest: hooks.authenticate, schema: { body: ZEmptyBodySchema, response: { 200: ZAccountClosingSchema } } },
    async (request) => startClosingOwnAccount(deps, authUserOf(request)),
  );

  app.delete(
    '/api/user/account',
    { onRequest: hooks.authenticate, schema: { body: ZDeleteAccountRequestSchema, response: { 200: ZSuccessResponseSchema } } },
    async (request) => {
      await deleteOwnAccount(deps, authUserOf(request), bearerToken(request)!, request.body.password);
      return { success: true as const };
    },
  );
}
