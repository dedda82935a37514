import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCreateEmailTemplateRequestSchema,
  ZEmailTemplateIdParamsSchema,
  ZEmailTemplateListSchema,
  ZEmailTemplateSchema,
  ZUpdateEmailTemplateRequestSchema,
} from '@platform/contracts';
import type { createAuthHooks, Pool, TApp } from '@platform/service-kit';
import { ADMIN_ERRORS } from '../../domain/admin.errors.js';
import {
  createDefaultEmailTemplates,
  createEmailTemplate,
  listEmailTemplates,
  updateEmailTemplate,
} from '../../domain/email-templates.use-case.js';

export interface TEmailTemplateRoutesDeps {
  pool: Pool;
  /** service-kit's requireAdmin: 401 without a valid token, 403 for any role but admin. */
  requireAdmin: ReturnType<typeof createAuthHooks>['requireAdmin'];
}

const ZUuid = z.uuid();

/** GET, POST /api/admin/email-templates; PATCH /api/admin/email-templates/{id}; POST .../defaults. Admins only. */
export async function registerEmailTemplateRoutes(app: TApp, deps: TEmailTemplateRoutesDeps): Promise<void> {
  await app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    // onRequest runs before the body is read: a caller without access learns nothing about validation.
    scope.addHook('onRequest', deps.requireAdmin);

    scope.get('/api/admin/email-templates', { schema: { response: { 200: ZEmailTemplateListSchema } } }, async () => {
      return listEmailTemplates(deps.pool);
    });

    scope.post(
      '/api/admin/email-templates',
      { schema: { body: ZCreateEmailTemplateRequestSchema, response: { 201: ZEmailTemplateSchema } } },
      async (request, reply) => {
        const created = await createEmailTemplate(deps.pool, request.body);
        return reply.status(201).send(created);
      },
    );

    scope.post('/api/admin/email-templates/defaults', { schema: { response: { 200: ZEmailTemplateListSchema } } }, async () => {
      return createDefaultEmailTemplates(deps.pool);
    });

    scope.patch(
      '/api/admin/email-templates/:id',
      { schema: { params: ZEmailTemplateIdParamsSchema, body: ZUpdateEmailTemplateRequestSchema, response: { 200: ZEmailTemplateSchema } } },
      async (request) => {
        const id = ZUuid.safeParse(request.params.id);
        if (!id.success) throw ADMIN_ERRORS.templateNotFound();
        return updateEmailTemplate(deps.pool, id.data, request.body);
      },
    );
  });
}
