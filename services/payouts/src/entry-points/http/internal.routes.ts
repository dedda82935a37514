import { ZBalanceSchema, ZIdParamsSchema, ZInternalBalancesQuerySchema, ZInternalBalancesSchema } from '@platform/contracts';
import { authUserOf, COMMON_ERRORS, type TApp, type TRouteDeps } from '@platform/service-kit';
import { getBalances } from '../../domain/accounts.use-case.js';
import type { TPayoutsDeps } from '../../domain/deps.js';

const ZUserParamsSchema = ZIdParamsSchema(() => COMMON_ERRORS.notFound('User not found', 'user'));

/**
 * /internal/balances: for other services (not routed by the gateway). The caller forwards the bearer token of the
 * user it acts for: a user may read only their own balance, an admin anyone's. Unknown users are zero.
 */
export function registerInternalRoutes(app: TApp, { deps, hooks }: TRouteDeps<TPayoutsDeps>): void {
  app.get(
    '/internal/balances',
    { onRequest: hooks.authenticate, schema: { querystring: ZInternalBalancesQuerySchema, response: { 200: ZInternalBalancesSchema } } },
    async (request) => {
      const user = authUserOf(request);
      return getBalances(deps, { userId: user.userId, role: user.role }, request.query.userIds);
    },
  );

  app.get(
    '/internal/balances/:id',
    { onRequest: hooks.authenticate, schema: { params: ZUserParamsSchema, response: { 200: ZBalanceSchema } } },
    async (request) => {
      const user = authUserOf(request);
      const balances = await getBalances(deps, { userId: user.userId, role: user.role }, [request.params.id]);
      return balances[request.params.id] ?? { available: '0.00', held: '0.00' };
    },
  );
}
