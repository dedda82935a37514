import {
  ZBannedWordListSchema,
  ZBannedWordsRequestSchema,
  ZChatMonitorPageSchema,
  ZChatMonitorQuerySchema,
  ZChatMonitorStatsQuerySchema,
  ZChatMonitorStatsSchema,
  ZModerationResultSchema,
  ZModerationTestRequestSchema,
} from '@platform/contracts';
import { authUserOf, type TApp } from '@platform/service-kit';
import { readChatMonitor, readChatMonitorStats } from '../../domain/monitor.use-case.js';
import type { TRouteDeps } from './route-deps.js';

/** Admin only: Chat Moderation (banned words, the test box) and Chat Monitor (spec 03 s.7). */
export function registerAdminChatRoutes(app: TApp, { deps, hooks }: TRouteDeps): void {
  const admin = { onRequest: hooks.requireAdmin };

  app.get('/api/admin/chat-moderation/banned-words', { ...admin, schema: { response: { 200: ZBannedWordListSchema } } }, async () => (await deps.moderation.fresh()).words);

  app.post('/api/admin/chat-moderation/banned-words', { ...admin, schema: { body: ZBannedWordsRequestSchema, response: { 200: ZBannedWordListSchema } } }, async (request) =>
    deps.moderation.add(request.body.words, authUserOf(request).userId),
  );

  app.delete('/api/admin/chat-moderation/banned-words', { ...admin, schema: { body: ZBannedWordsRequestSchema, response: { 200: ZBannedWordListSchema } } }, async (request) =>
    deps.moderation.remove(request.body.words),
  );

  // The same matcher as the one every message goes through, with the words PostgreSQL holds now (whichever instance answers).
  app.post('/api/admin/chat-moderation/test', { ...admin, schema: { body: ZModerationTestRequestSchema, response: { 200: ZModerationResultSchema } } }, async (request) =>
    (await deps.moderation.fresh()).moderate(request.body.message),
  );

  // The feed, paged (contracts paging.ts); its 24 h figures on their own, so paging does not count them again.
  app.get('/api/admin/chat-messages', { ...admin, schema: { querystring: ZChatMonitorQuerySchema, response: { 200: ZChatMonitorPageSchema } } }, async (request) =>
    readChatMonitor(deps, request.query),
  );

  app.get('/api/admin/chat-messages/stats', { ...admin, schema: { querystring: ZChatMonitorStatsQuerySchema, response: { 200: ZChatMonitorStatsSchema } } }, async () =>
    readChatMonitorStats(deps),
  );
}
