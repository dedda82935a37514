import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZAuditLogPageSchema,
  ZAuditLogQuerySchema,
  ZSystemSettingListSchema,
  ZSystemSettingSchema,
  ZUpdateSystemSettingRequestSchema,
} from '@platform/contracts';
import { authUserOf, type createAuthHooks, type Pool, type TApp } from '@platform/service-kit';
import { listAuditLog } from '../../domain/audit-log.use-case.js';
import { listSettings, resetSettings, updateSetting } from '../../domain/settings.use-case.js';

export interface TSettingsAndAuditRoutesDeps {
  pool: Pool;
  requireAdmin: ReturnType<typeof createAuthHooks>['requireAdmin'];
}

/** GET, POST /api/admin/settings; POST /api/admin/settings/reset; GET /api/admin/audit-log. Admins only. */
export async function registerSettingsAndAuditRoutes(app: TApp, deps: TSettingsAndAuditRoutesDeps): Promise<void> {
  await app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    scope.addHook('onRequest', deps.requireAdmin);

    scope.get('/api/admin/settings', { schema: { response: { 200: ZSystemSettingListSchema } } }, async () => listSettings(deps.pool));

    scope.post(
      '/api/admin/settings',
      { schema: { body: ZUpdateSystemSettingRequestSchema, response: { 200: ZSystemSettingSchema } } },
      async (request) => updateSetting(deps.pool, authUserOf(request).userId, request.body),
    );

    scope.post('/api/admin/settings/reset', { schema: { response: { 200: ZSystemSettingListSchema } } }, async (request) =>
      resetSettings(deps.pool, authUserOf(request).userId),
    );

    scope.get(
      '/api/admin/audit-log',
      { schema: { querystring: ZAuditLogQuerySchema, response: { 200: ZAuditLogPageSchema } } },
      async (request) => listAuditLog(deps.pool, request.query),
    );
  });
}
