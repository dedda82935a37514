import {
  ZAdminDocumentPageSchema,
  ZAdminDocumentSchema,
  ZAdminDocumentsQuerySchema,
  ZCreateDocumentRequestSchema,
  ZIdParamsSchema,
  ZLeaderboardPreferenceRequestSchema,
  ZLeaderboardPreferenceSchema,
  ZMessageResponseSchema,
  ZUpdateDocumentRequestSchema,
} from '@platform/contracts';
import { authUserOf, type TApp, type TRouteDeps } from '@platform/service-kit';
import { changeAdminDocument, createAdminDocument, listAdminDocuments, removeAdminDocument } from '../../domain/admin-documents.use-case.js';
import { AUTH_ERRORS } from '../../domain/auth.errors.js';
import type { TAuthDeps } from '../../domain/deps.js';
import { getLeaderboardPreference, setLeaderboardPreference } from '../../domain/leaderboard-preference.use-case.js';

const ZDocumentParamsSchema = ZIdParamsSchema(AUTH_ERRORS.documentNotFound);

/** Company documents for admins (GET, POST /api/admin/documents; PATCH, DELETE .../{id}) and the leaderboard opt-out. */
export function registerContentAdminRoutes(app: TApp, { deps, hooks }: TRouteDeps<TAuthDeps>): void {
  app.get(
    '/api/admin/documents',
    {
      onRequest: hooks.requireAdmin,
      schema: {
        summary: 'A page of the company documents (admin), in display order',
        description:
          "Keyset paging (contracts paging.ts): pageSize 1-100 (default 20), cursor = the previous page's nextCursor; sortOrder, then " +
          'oldest first. Filters: search (part of the title, 3+ characters), active (true | false). An unknown parameter, a bad ' +
          'value or cursor: 400 naming it.',
        querystring: ZAdminDocumentsQuerySchema,
        response: { 200: ZAdminDocumentPageSchema },
      },
    },
    async (request) => listAdminDocuments(deps, request.query),
  );

  app.post(
    '/api/admin/documents',
    { onRequest: hooks.requireAdmin, schema: { body: ZCreateDocumentRequestSchema, response: { 201: ZAdminDocumentSchema } } },
    async (request, reply) => reply.status(201).send(await createAdminDocument(deps, authUserOf(request).userId, request.body)),
  );

  app.patch(
    '/api/admin/documents/:id',
    { onRequest: hooks.requireAdmin, schema: { params: ZDocumentParamsSchema, body: ZUpdateDocumentRequestSchema, response: { 200: ZAdminDocumentSchema } } },
    async (request) => changeAdminDocument(deps, authUserOf(request).userId, request.params.id, request.body),
  );

  app.delete('/api/admin/documents/:id', { onRequest: hooks.requireAdmin, schema: { params: ZDocumentParamsSchema, response: { 200: ZMessageResponseSchema } } }, async (request) => {
    await removeAdminDocument(deps, authUserOf(request).userId, request.params.id);
    return { message: 'Document deleted' };
  });

  app.get('/api/user/leaderboard-preference', { onRequest: hooks.authenticate, schema: { response: { 200: ZLeaderboardPreferenceSchema } } }, async (request) =>
    getLeaderboardPreference(deps, authUserOf(request).userId),
  );

  app.put(
    '/api/user/leaderboard-preference',
    { onRequest: hooks.authenticate, schema: { body: ZLeaderboardPreferenceRequestSchema, response: { 200: ZLeaderboardPreferenceSchema } } },
    async (request) => setLeaderboardPreference(deps, authUserOf(request).userId, request.body.leaderboardOptOut),
  );
}
