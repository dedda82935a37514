import {
  ZChatMessagePageSchema,
  ZChatMessageSchema,
  ZChatMessagesQuerySchema,
  ZChatUnreadCountsSchema,
  ZMarkChatReadRequestSchema,
  ZPostChatMessageRequestSchema,
} from '@platform/contracts';
import { authUserOf, bearerToken, type TApp } from '@platform/service-kit';
import type { FastifyRequest } from 'fastify';
import type { TActor } from '../../domain/deps.js';
import { readMessages } from '../../domain/history.use-case.js';
import { postMessage } from '../../domain/post-message.use-case.js';
import { markChatRead, readUnreadCounts } from '../../domain/unread.use-case.js';
import type { TRouteDeps } from './route-deps.js';

export function actorOf(request: FastifyRequest): TActor {
  const user = authUserOf(request);
  return { userId: user.userId, role: user.role, token: bearerToken(request) };
}

/** /api/chat: the user's messages (general room, their support thread), posting, unread counts and read marks. */
export function registerChatRoutes(app: TApp, { deps, hooks }: TRouteDeps): void {
  app.get(
    '/api/chat/messages',
    { onRequest: hooks.authenticate, schema: { querystring: ZChatMessagesQuerySchema, response: { 200: ZChatMessagePageSchema } } },
    async (request) => readMessages(deps, actorOf(request), request.query),
  );

  app.post(
    '/api/chat/messages',
    { onRequest: hooks.authenticate, schema: { body: ZPostChatMessageRequestSchema, response: { 200: ZChatMessageSchema, 201: ZChatMessageSchema } } },
    async (request, reply) => {
      const { message, created } = await postMessage(deps, actorOf(request), request.body);
      return reply.status(created ? 201 : 200).send(message);
    },
  );

  app.get('/api/chat/unread', { onRequest: hooks.authenticate, schema: { response: { 200: ZChatUnreadCountsSchema } } }, async (request) =>
    readUnreadCounts(deps, actorOf(request)),
  );

  app.post(
    '/api/chat/read',
    { onRequest: hooks.authenticate, schema: { body: ZMarkChatReadRequestSchema, response: { 200: ZChatUnreadCountsSchema } } },
    async (request) => markChatRead(deps, actorOf(request), request.body.chatType, request.body.upToId),
  );
}
