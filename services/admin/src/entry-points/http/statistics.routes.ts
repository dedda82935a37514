import { ZAdminStatsSchema, ZStatsRebuildResultSchema } from '@platform/contracts';
import { bearerToken, COMMON_ERRORS, type TApp, type TRouteDeps } from '@platform/service-kit';
import { getAdminStats, rebuildStatistics, type TStatsDeps } from '../../domain/statistics.use-case.js';

/**
 * GET /api/admin/stats (the dashboard) and POST /api/admin/stats/rebuild (`npm run stats:rebuild`). Admins only; the
 * admin's token is forwarded to the owners' /internal/ APIs (balances from payouts, the rebuild's snapshots).
 */
export function registerStatisticsRoutes(app: TApp, { deps, hooks }: TRouteDeps<TStatsDeps>): void {
  const tokenOf = (token: string | undefined): string => {
    if (!token) throw COMMON_ERRORS.unauthenticated();
    return token;
  };

  app.get('/api/admin/stats', { onRequest: hooks.requireAdmin, schema: { response: { 200: ZAdminStatsSchema } } }, async (request) =>
    getAdminStats(deps, tokenOf(bearerToken(request))),
  );

  app.post('/api/admin/stats/rebuild', { onRequest: hooks.requireAdmin, schema: { response: { 200: ZStatsRebuildResultSchema } } }, async (request) =>
    rebuildStatistics(deps, tokenOf(bearerToken(request))),
  );
}
