import {
  ZChatAssistantListSchema,
  ZChatAssistantSchema,
  ZChatSettingsViewSchema,
  ZCreateAssistantRequestSchema,
  ZIdParamsSchema,
  ZUpdateAssistantRequestSchema,
  ZUpdateChatSettingsRequestSchema,
} from '@platform/contracts';
import { authUserOf, type TApp, type TRouteDeps } from '@platform/service-kit';
import { z } from 'zod';
import {
  createChatAssistant,
  deleteChatAssistant,
  listChatAssistants,
  readChatSettings,
  saveChatSettings,
  updateChatAssistant,
  type TAssistantDeps,
} from '../../domain/assistants.use-case.js';
import { CHAT_ERRORS } from '../../domain/chat.errors.js';

const ZAssistantParamsSchema = ZIdParamsSchema(CHAT_ERRORS.assistantNotFound);

/**
 * Admin only, Chat Management (spec 03 s.7, issue 13): GET, POST /api/admin/chat-assistants; PATCH, DELETE
 * /api/admin/chat-assistants/{id}; GET, PUT /api/admin/chat-settings. No request carries isBot (strict schemas:
 * an unknown field is a 400): every assistant is a bot, and its messages are stored as a bot's by the server.
 */
export function registerAssistantRoutes(app: TApp, { deps, hooks }: TRouteDeps<TAssistantDeps>): void {
  const admin = { onRequest: hooks.requireAdmin };

  app.get('/api/admin/chat-assistants', { ...admin, schema: { response: { 200: ZChatAssistantListSchema } } }, async () => listChatAssistants(deps));

  app.post('/api/admin/chat-assistants', { ...admin, schema: { body: ZCreateAssistantRequestSchema, response: { 201: ZChatAssistantSchema } } }, async (request, reply) => {
    reply.code(201);
    return createChatAssistant(deps, authUserOf(request).userId, request.body);
  });

  app.patch(
    '/api/admin/chat-assistants/:id',
    { ...admin, schema: { params: ZAssistantParamsSchema, body: ZUpdateAssistantRequestSchema, response: { 200: ZChatAssistantSchema } } },
    async (request) => updateChatAssistant(deps, request.params.id, request.body),
  );

  app.delete(
    '/api/admin/chat-assistants/:id',
    { ...admin, schema: { params: ZAssistantParamsSchema, response: { 200: z.object({ message: z.string() }) } } },
    async (request) => deleteChatAssistant(deps, request.params.id),
  );

  app.get('/api/admin/chat-settings', { ...admin, schema: { response: { 200: ZChatSettingsViewSchema } } }, async () => readChatSettings(deps));

  app.put('/api/admin/chat-settings', { ...admin, schema: { body: ZUpdateChatSettingsRequestSchema, response: { 200: ZChatSettingsViewSchema } } }, async (request) =>
    saveChatSettings(deps, authUserOf(request).userId, request.body),
  );
}
