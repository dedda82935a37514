import { ZStatsPageQuerySchema, ZStatsPageSchema, ZStatsUserSnapshotSchema } from '@platform/contracts';
import type { TApp, TRouteDeps } from '@platform/service-kit';
import { z } from 'zod';
import type { TAuthDeps } from '../../domain/deps.js';
import { getUsersSnapshotPage, getVerificationsSnapshotPage } from '../../domain/stats-snapshot.use-case.js';

const ZVerificationSnapshotSchema = z.object({
  verificationId: z.uuid(),
  userId: z.uuid(),
  status: z.enum(['pending', 'approved', 'rejected']),
  submittedAt: z.string(),
});

/**
 * /internal/stats/*: what the admin service's statistics rebuild (`npm run stats:rebuild`) reads from auth. Not routed
 * by the gateway; the admin's token is forwarded, and only an admin is answered.
 */
export function registerStatsInternalRoutes(app: TApp, { deps, hooks }: TRouteDeps<TAuthDeps>): void {
  app.get(
    '/internal/stats/users',
    { onRequest: hooks.requireAdmin, schema: { querystring: ZStatsPageQuerySchema, response: { 200: ZStatsPageSchema(ZStatsUserSnapshotSchema) } } },
    async (request) => getUsersSnapshotPage(deps, request.query),
  );
  app.get(
    '/internal/stats/verifications',
    { onRequest: hooks.requireAdmin, schema: { querystring: ZStatsPageQuerySchema, response: { 200: ZStatsPageSchema(ZVerificationSnapshotSchema) } } },
    async (request) => getVerificationsSnapshotPage(deps, request.query),
  );
}
