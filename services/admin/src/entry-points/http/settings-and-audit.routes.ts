import {
  ZAuditLogPageSchema,
  ZAuditLogQuerySchema,
  ZSystemSettingListSchema,
  ZSystemSettingSchema,
  ZUpdateSystemSettingRequestSchema,
} from '@platform/contracts';
import { authUserOf, type TApp, type TRouteDeps } from '@platform/service-kit';
import { listAuditLog } from '../../domain/audit-log.use-case.js';
import type { TAdminDeps } from '../../domain/deps.js';
import { listSettings, resetSettings, updateSetting } from '../../domain/settings.use-case.js';

/** GET, POST /api/admin/settings; POST /api/admin/settings/reset; GET /api/admin/audit-log. Admins only. */
export function registerSettingsAndAuditRoutes(app: TApp, { deps, hooks }: TRouteDeps<TAdminDeps>): void {
  app.get('/api/admin/settings', { onRequest: hooks.requireAdmin, schema: { response: { 200: ZSystemSettingListSchema } } }, async () => listSettings(deps));

  app.post(
    '/api/admin/settings',
    { onRequest: hooks.requireAdmin, schema: { body: ZUpdateSystemSettingRequestSchema, response: { 200: ZSystemSettingSchema } } },
    async (request) => updateSetting(deps, authUserOf(request).userId, request.body),
  );

  app.post('/api/admin/settings/reset', { onRequest: hooks.requireAdmin, schema: { response: { 200: ZSystemSettingListSchema } } }, async (request) =>
    resetSettings(deps, authUserOf(request).userId),
  );

  app.get(
    '/api/admin/audit-log',
    { onRequest: hooks.requireAdmin, schema: { querystring: ZAuditLogQuerySchema, response: { 200: ZAuditLogPageSchema } } },
    async (request) => listAuditLog(deps, request.query),
  );
}
