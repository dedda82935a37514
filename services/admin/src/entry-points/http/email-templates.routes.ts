import {
  ZCreateEmailTemplateRequestSchema,
  ZEmailTemplateListSchema,
  ZEmailTemplateSchema,
  ZIdParamsSchema,
  ZUpdateEmailTemplateRequestSchema,
} from '@platform/contracts';
import type { TApp, TRouteDeps } from '@platform/service-kit';
import { ADMIN_ERRORS } from '../../domain/admin.errors.js';
import type { TAdminDeps } from '../../domain/deps.js';
import {
  createDefaultEmailTemplates,
  createEmailTemplate,
  listEmailTemplates,
  updateEmailTemplate,
} from '../../domain/email-templates.use-case.js';

const ZTemplateParamsSchema = ZIdParamsSchema(ADMIN_ERRORS.templateNotFound);

/** GET, POST /api/admin/email-templates; PATCH /api/admin/email-templates/{id}; POST .../defaults. Admins only. */
export function registerEmailTemplateRoutes(app: TApp, { deps, hooks }: TRouteDeps<TAdminDeps>): void {
  app.get('/api/admin/email-templates', { onRequest: hooks.requireAdmin, schema: { response: { 200: ZEmailTemplateListSchema } } }, async () =>
    listEmailTemplates(deps),
  );

  app.post(
    '/api/admin/email-templates',
    { onRequest: hooks.requireAdmin, schema: { body: ZCreateEmailTemplateRequestSchema, response: { 201: ZEmailTemplateSchema } } },
    async (request, reply) => reply.status(201).send(await createEmailTemplate(deps, request.body)),
  );

  app.post('/api/admin/email-templates/defaults', { onRequest: hooks.requireAdmin, schema: { response: { 200: ZEmailTemplateListSchema } } }, async () =>
    createDefaultEmailTemplates(deps),
  );

  app.patch(
    '/api/admin/email-templates/:id',
    { onRequest: hooks.requireAdmin, schema: { params: ZTemplateParamsSchema, body: ZUpdateEmailTemplateRequestSchema, response: { 200: ZEmailTemplateSchema } } },
    async (request) => updateEmailTemplate(deps, request.params.id, request.body),
  );
}
