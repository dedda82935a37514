import { ZStatsBalanceTotalSchema, ZStatsOverdueWithdrawalsSchema, ZStatsPageQuerySchema, ZStatsPageSchema, ZStatsWithdrawalSnapshotSchema } from '@platform/contracts';
import type { TApp, TRouteDeps } from '@platform/service-kit';
import type { TPayoutsDeps } from '../../domain/deps.js';
import { getBalanceTotal, getOverdueWithdrawals, getWithdrawalsSnapshotPage } from '../../domain/stats-snapshot.use-case.js';

/**
 * /internal/stats/*: what the admin service's dashboard reads from payouts (the total balance, on every view) and its
 * statistics rebuild (`npm run stats:rebuild`) reads (the withdrawals), and the overdue withdrawals (issue 31). Not routed by the gateway; the admin's token
 * is forwarded, and only an admin is answered.
 */
export function registerStatsInternalRoutes(app: TApp, { deps, hooks }: TRouteDeps<TPayoutsDeps>): void {
  app.get(
    '/internal/stats/withdrawals',
    { onRequest: hooks.requireAdmin, schema: { querystring: ZStatsPageQuerySchema, response: { 200: ZStatsPageSchema(ZStatsWithdrawalSnapshotSchema) } } },
    async (request) => getWithdrawalsSnapshotPage(deps, request.query),
  );
  app.get(
    '/internal/stats/withdrawals-overdue',
    { onRequest: hooks.requireAdmin, schema: { response: { 200: ZStatsOverdueWithdrawalsSchema } } },
    async () => getOverdueWithdrawals(deps),
  );
  app.get('/internal/stats/balance-total', { onRequest: hooks.requireAdmin, schema: { response: { 200: ZStatsBalanceTotalSchema } } }, async () => getBalanceTotal(deps));
}
