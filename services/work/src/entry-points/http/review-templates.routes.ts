import { z } from 'zod';
import {
  ZCreateReviewTemplateRequestSchema,
  ZIdParamsSchema,
  ZReviewTemplateListSchema,
  ZReviewTemplateResponseSchema,
  ZUpdateReviewTemplateRequestSchema,
  ZWorkMessageSchema,
} from '@platform/contracts';
import { authUserOf, type TApp, type TRouteDeps } from '@platform/service-kit';
import type { TWorkDeps } from '../../domain/deps.js';
import { createReviewTemplate, deleteReviewTemplate, listReviewTemplates, updateReviewTemplate } from '../../domain/review-templates.use-case.js';
import { WORK_ERRORS } from '../../domain/work.errors.js';

const ZTemplateParamsSchema = ZIdParamsSchema(WORK_ERRORS.reviewTemplateNotFound);
const VARIABLES = 'Variables: {{firstName}}, {{criterion}} (the text of the criterion the template names), {{taskTitle}}; any other is refused (400 WORK.UNKNOWN_TEMPLATE_VARIABLES naming it).';

/** Admin: the reason templates of the review cockpit (issue 30 item 2). */
export function registerReviewTemplateRoutes(app: TApp, { deps, hooks }: TRouteDeps<TWorkDeps>): void {
  app.get(
    '/api/admin/review-templates',
    {
      onRequest: hooks.requireAdmin,
      schema: {
        summary: 'The reason templates (admin), in list order, each with its count of uses',
        description: 'At most 50, so not paged. uses: the rejections that named the template (templateId of the reject call).',
        querystring: z.strictObject({}),
        response: { 200: ZReviewTemplateListSchema },
      },
    },
    async () => listReviewTemplates(deps),
  );

  app.post(
    '/api/admin/review-templates',
    {
      onRequest: hooks.requireAdmin,
      schema: {
        summary: 'Create a reason template (admin; audited)',
        description: `${VARIABLES} {{criterion}} needs criterion. At most 50 templates (409 WORK.TOO_MANY_REVIEW_TEMPLATES).`,
        body: ZCreateReviewTemplateRequestSchema,
        response: { 201: ZReviewTemplateResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ message: 'Template created', template: await createReviewTemplate(deps, authUserOf(request).userId, request.body) }),
  );

  app.patch(
    '/api/admin/review-templates/:id',
    {
      onRequest: hooks.requireAdmin,
      schema: {
        summary: 'Change a reason template (admin; audited)',
        description: `Any subset of the create fields; the result is checked whole. ${VARIABLES}`,
        params: ZTemplateParamsSchema,
        body: ZUpdateReviewTemplateRequestSchema,
        response: { 200: ZReviewTemplateResponseSchema },
      },
    },
    async (request) => ({ message: 'Template updated', template: await updateReviewTemplate(deps, authUserOf(request).userId, request.params.id, request.body) }),
  );

  app.delete(
    '/api/admin/review-templates/:id',
    {
      onRequest: hooks.requireAdmin,
      schema: {
        summary: 'Delete a reason template (admin; audited); the rejections made from it keep their text',
        params: ZTemplateParamsSchema,
        response: { 200: ZWorkMessageSchema },
      },
    },
    async (request) => {
      await deleteReviewTemplate(deps, authUserOf(request).userId, request.params.id);
      return { message: 'Template deleted' };
    },
  );
}
