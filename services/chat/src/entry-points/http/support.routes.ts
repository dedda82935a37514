import {
  ZChatMessageSchema,
  ZPostSupportMessageRequestSchema,
  ZSupportConversationPageSchema,
  ZSupportConversationPatchSchema,
  ZSupportConversationSchema,
  ZSupportConversationsQuerySchema,
  ZSupportFiguresSchema,
  ZSupportReplyRequestSchema,
  ZSupportThreadQuerySchema,
  ZSupportThreadSchema,
  ZSupportUserParamsSchema,
  ZWorkerSupportConversationSchema,
} from '@platform/contracts';
import type { TApp } from '@platform/service-kit';
import {
  postSupportMessage,
  readConversations,
  readSupportFigures,
  readThread,
  readWorkerConversation,
  replyToWorker,
  updateConversation,
} from '../../domain/support.use-case.js';
import { actorOf } from './chat.routes.js';
import type { TRouteDeps } from './route-deps.js';

/**
 * The support desk (issue 12). /api/support: the worker's own thread only (the thread is the caller's id; the
 * messages are read with GET /api/chat/messages?chatType=support). /api/admin/support-*: the desk, admins only.
 */
export function registerSupportRoutes(app: TApp, { deps, hooks }: TRouteDeps): void {
  app.post(
    '/api/support/message',
    { onRequest: hooks.authenticate, schema: { body: ZPostSupportMessageRequestSchema, response: { 201: ZChatMessageSchema } } },
    async (request, reply) => reply.status(201).send(await postSupportMessage(deps, actorOf(request), request.body.content)),
  );

  app.get('/api/support/conversation', { onRequest: hooks.authenticate, schema: { querystring: ZSupportThreadQuerySchema, response: { 200: ZWorkerSupportConversationSchema } } }, async (request) =>
    readWorkerConversation(deps, actorOf(request)),
  );

  const admin = { onRequest: hooks.requireAdmin };

  app.get(
    '/api/admin/support-conversations',
    { ...admin, schema: { querystring: ZSupportConversationsQuerySchema, response: { 200: ZSupportConversationPageSchema } } },
    async (request) => readConversations(deps, actorOf(request), request.query),
  );

  app.get('/api/admin/support-conversations/figures', { ...admin, schema: { querystring: ZSupportThreadQuerySchema, response: { 200: ZSupportFiguresSchema } } }, async () =>
    readSupportFigures(deps),
  );

  app.patch(
    '/api/admin/support-conversations/:userId',
    { ...admin, schema: { params: ZSupportUserParamsSchema, body: ZSupportConversationPatchSchema, response: { 200: ZSupportConversationSchema } } },
    async (request) => updateConversation(deps, actorOf(request), request.params.userId, request.body),
  );

  app.get(
    '/api/admin/support-messages/:userId',
    { ...admin, schema: { params: ZSupportUserParamsSchema, querystring: ZSupportThreadQuerySchema, response: { 200: ZSupportThreadSchema } } },
    async (request) => readThread(deps, request.params.userId),
  );

  app.post('/api/admin/support-reply', { ...admin, schema: { body: ZSupportReplyRequestSchema, response: { 201: ZChatMessageSchema } } }, async (request, reply) =>
    reply.status(201).send(await replyToWorker(deps, actorOf(request), request.body.userId, request.body.content)),
  );
}
