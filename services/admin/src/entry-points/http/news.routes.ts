import {
  ZAdminNewsQuerySchema,
  ZCreateNewsRequestSchema,
  ZIdParamsSchema,
  ZMessageResponseSchema,
  ZNewsArticleSchema,
  ZNewsListQuerySchema,
  ZNewsPageSchema,
  ZUpdateNewsRequestSchema,
} from '@platform/contracts';
import { authUserOf, type TApp, type TRouteDeps } from '@platform/service-kit';
import { ADMIN_ERRORS } from '../../domain/admin.errors.js';
import { changeNews, createNews, listAdminNews, listPublishedNews, removeNews, type TNewsDeps } from '../../domain/news.use-case.js';

const ZNewsParamsSchema = ZIdParamsSchema(ADMIN_ERRORS.newsNotFound);

/** GET, POST /api/news; PATCH, DELETE /api/news/{id}; GET /api/admin/news. Signed-in users read the published items; admins write and list every item. */
export function registerNewsRoutes(app: TApp, { deps, hooks }: TRouteDeps<TNewsDeps>): void {
  app.get(
    '/api/news',
    {
      onRequest: hooks.authenticate,
      schema: {
        summary: 'A page of the published news, newest first',
        description:
          "Keyset paging (contracts paging.ts): pageSize 1-100 (default 20), cursor = the previous page's nextCursor; total is the number of published items. " +
          'An unknown parameter, a bad value or cursor: 400 naming it.',
        querystring: ZNewsListQuerySchema,
        response: { 200: ZNewsPageSchema },
      },
    },
    async (request) => listPublishedNews(deps, request.query),
  );

  app.get(
    '/api/admin/news',
    {
      onRequest: hooks.requireAdmin,
      schema: {
        summary: 'A page of every news item, drafts too (admin), newest first',
        description:
          "Keyset paging (contracts paging.ts): pageSize 1-100 (default 20), cursor = the previous page's nextCursor. " +
          'Filters: search (part of the title, 3+ characters), published (true or false). An unknown parameter, a bad value or cursor: 400 naming it.',
        querystring: ZAdminNewsQuerySchema,
        response: { 200: ZNewsPageSchema },
      },
    },
    async (request) => listAdminNews(deps, request.query),
  );

  app.post(
    '/api/news',
    { onRequest: hooks.requireAdmin, schema: { body: ZCreateNewsRequestSchema, response: { 201: ZNewsArticleSchema } } },
    async (request, reply) => reply.status(201).send(await createNews(deps, authUserOf(request).userId, request.body)),
  );

  app.patch(
    '/api/news/:id',
    { onRequest: hooks.requireAdmin, schema: { params: ZNewsParamsSchema, body: ZUpdateNewsRequestSchema, response: { 200: ZNewsArticleSchema } } },
    async (request) => changeNews(deps, authUserOf(request).userId, request.params.id, request.body),
  );

  app.delete('/api/news/:id', { onRequest: hooks.requireAdmin, schema: { params: ZNewsParamsSchema, response: { 200: ZMessageResponseSchema } } }, async (request) => {
    await removeNews(deps, authUserOf(request).userId, request.params.id);
    return { message: 'News deleted' };
  });
}
