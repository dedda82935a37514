import { ZBalanceSchema, ZInternalBalancesQuerySchema, ZInternalBalancesSchema, ZPayoutsIdParamsSchema } from '@platform/contracts';
import { authUserOf, COMMON_ERRORS, type TApp } from '@platform/service-kit';
import { getBalances } from '../../domain/accounts.use-case.js';
import type { TRouteDeps } from './route-deps.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /internal/balances: for other services (not routed by the gateway). The caller forwards the bearer token of the
 * user it acts for: a user may read only their own balance, an admin anyone's. Unknown users are zero.
 */
export function registerInternalRoutes(app: TApp, { deps, hooks }: TRouteDeps): void {
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
    { onRequest: hooks.authenticate, schema: { params: ZPayoutsIdParamsSchema, response: { 200: ZBalanceSchema } } },
    async (request) => {
      const user = authUserOf(request);
      if (!UUID.test(request.params.id)) throw COMMON_ERRORS.notFound('User not found');
      const balances = await getBalances(deps, { userId: user.userId, role: user.role }, [request.params.id]);
      return balances[request.params.id] ?? { available: '0.00', held: '0.00' };
    },
  );
}
