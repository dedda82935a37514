import { ZIdParamsSchema, ZUserHoldingsSchema } from '@platform/contracts';
import { authUserOf, COMMON_ERRORS, type TApp, type TRouteDeps } from '@platform/service-kit';
import type { TPayoutsDeps } from '../../domain/deps.js';
import { getHoldings } from '../../domain/user-erasure.use-case.js';

const ZUserParamsSchema = ZIdParamsSchema(() => COMMON_ERRORS.notFound('User not found', 'user'));

/**
 * /internal/users/{id}/holdings (not routed by the gateway): what the account holds and how many withdrawals wait,
 * asked by auth before an account is deleted. The caller forwards the token of the user it acts for.
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
}
