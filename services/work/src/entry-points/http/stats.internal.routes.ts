import { ZStatsAppealSnapshotSchema, ZStatsPageQuerySchema, ZStatsPageSchema, ZStatsReturnSnapshotSchema, ZStatsSubmissionSnapshotSchema, ZStatsTaskSnapshotSchema } from '@platform/contracts';
import type { TApp, TRouteDeps } from '@platform/service-kit';
import type { TWorkDeps } from '../../domain/deps.js';
import { getAppealsSnapshotPage, getReturnsSnapshotPage, getSubmissionsSnapshotPage, getTasksSnapshotPage } from '../../domain/stats-snapshot.use-case.js';

/**
 * /internal/stats/*: what the admin service's statistics rebuild (`npm run stats:rebuild`) reads from work. Not routed
 * by the gateway; the admin's token is forwarded, and only an admin is answered.
 */
export function registerStatsInternalRoutes(app: TApp, { deps, hooks }: TRouteDeps<TWorkDeps>): void {
  app.get(
    '/internal/stats/tasks',
    { onRequest: hooks.requireAdmin, schema: { querystring: ZStatsPageQuerySchema, response: { 200: ZStatsPageSchema(ZStatsTaskSnapshotSchema) } } },
    async (request) => getTasksSnapshotPage(deps, request.query),
  );
  app.get(
    '/internal/stats/submissions',
    { onRequest: hooks.requireAdmin, schema: { querystring: ZStatsPageQuerySchema, response: { 200: ZStatsPageSchema(ZStatsSubmissionSnapshotSchema) } } },
    async (request) => getSubmissionsSnapshotPage(deps, request.query),
  );
  app.get(
    '/internal/stats/appeals',
    { onRequest: hooks.requireAdmin, schema: { querystring: ZStatsPageQuerySchema, response: { 200: ZStatsPageSchema(ZStatsAppealSnapshotSchema) } } },
    async (request) => getAppealsSnapshotPage(deps, request.query),
  );
  app.get(
    '/internal/stats/returns',
    { onRequest: hooks.requireAdmin, schema: { querystring: ZStatsPageQuerySchema, response: { 200: ZStatsPageSchema(ZStatsReturnSnapshotSchema) } } },
    async (request) => getReturnsSnapshotPage(deps, request.query),
  );
}
