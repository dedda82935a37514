import { ZAdjustBalanceRequestSchema, ZAdjustBalanceResponseSchema, ZIdParamsSchema, ZUserHoldingsSchema } from '@platform/contracts';
import { authUserOf, COMMON_ERRORS, type TApp, type TRouteDeps } from '@platform/service-kit';
import { adjustBalance } from '../../domain/adjust-balance.use-case.js';
import type { TPayoutsDeps } from '../../domain/deps.js';
import { PAYOUTS_ERRORS } from '../../domain/payouts.errors.js';
import { getHoldings } from '../../domain/user-erasure.use-case.js';

const ZUserParamsSchema = ZIdParamsSchema(() => COMMON_ERRORS.notFound('User not found', 'user'));

const ZAdjustedUserParamsSchema = ZIdParamsSchema(PAYOUTS_ERRORS.userNotFound);

/**
 * /internal/users/{id}/... (not routed by the gateway), asked by auth with the token of the user it acts for:
 * holdings (what the account holds and how many withdrawals wait, before an account is deleted) and balance (an
 * admin's edit of a user sets the available balance: the same ledger adjustment, rules and refusals as
 * PATCH /api/admin/users/{id}/balance).
 */
export function registerInternalUserRoutes(app: TApp, { deps, hooks }: TRouteDeps<TPayoutsDeps>): void {
  app.get(
    '/internal/users/:id/holdings',
    { onRequest: hooks.authenticate, schema: { params: ZUserParamsSchema, response: { 200: ZUserHoldingsSchema } } },
    async (request) => {
      const user = authUserOf(request);
      return getHoldings(deps, { userId: user.userId, role: user.role }, request.params.id);
    },
  );

  app.patch(
    '/internal/users/:id/balance',
    {
      onRequest: hooks.requireAdmin,
      schema: {
        summary: "Set a user's available balance by a ledger adjustment (admin's token; auth's user edit)",
        description:
          'The admin console\'s PATCH /api/admin/users/{id}/balance for auth: one admin_adjustment entry of the difference with the reason, ' +
          'the account locked; 400 PAYOUTS.BALANCE_UNCHANGED when it is the balance already, 404 PAYOUTS.USER_NOT_FOUND without an account.',
        params: ZAdjustedUserParamsSchema,
        body: ZAdjustBalanceRequestSchema,
        response: { 200: ZAdjustBalanceResponseSchema },
      },
    },
    async (request) => adjustBalance(deps, authUserOf(request).userId, request.params.id, request.body),
  );
}
