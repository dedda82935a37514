import {
  ZCreateNewsRequestSchema,
  ZIdParamsSchema,
  ZMessageResponseSchema,
  ZNewsArticleSchema,
  ZNewsListQuerySchema,
  ZNewsPageSchema,
  ZUpdateNewsRequestSchema,
} from '@platform/contracts';
import { authUserOf, type TApp, type TRouteDeps } from '@platform/service-kit';
import { CONTENT_ERRORS } from '../../domain/content.errors.js';
import { changeNews, createNews, listNewsFor, removeNews, type TNewsDeps } from '../../domain/news.use-case.js';

const ZNewsParamsSchema = ZIdParamsSchema(CONTENT_ERRORS.newsNotFound);

/** GET, POST /api/news; PATCH, DELETE /api/news/{id}. Signed-in users read; admins write. */
export function registerNewsRoutes(app: TApp, { deps, hooks }: TRouteDeps<TNewsDeps>): void {
  app.get('/api/news', { onRequest: hooks.authenticate, schema: { querystring: ZNewsListQuerySchema, response: { 200: ZNewsPageSchema } } }, async (request) =>
    listNewsFor(deps, authUserOf(request).role, request.query),
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
