import { ZAdminAwardsQuerySchema, ZAwardPageSchema, ZAwardRequestSchema, ZAwardSchema, ZAwardsQuerySchema, ZIdParamsSchema, ZMessageResponseSchema } from '@platform/contracts';
import { authUserOf, type TApp, type TRouteDeps } from '@platform/service-kit';
import { ADMIN_ERRORS } from '../../domain/admin.errors.js';
import { createManualAward, listAdminAwards, listAwardsFor, removeManualAward, replaceManualAward } from '../../domain/awards.use-case.js';
import type { TAdminDeps } from '../../domain/deps.js';

const ZAwardParamsSchema = ZIdParamsSchema(ADMIN_ERRORS.awardNotFound);

/** GET /api/awards (signed in); GET, POST /api/admin/awards, PUT and DELETE /api/admin/awards/{id} (admins). */
export function registerAwardRoutes(app: TApp, { deps, hooks }: TRouteDeps<TAdminDeps>): void {
  app.get('/api/awards', { onRequest: hooks.authenticate, schema: { querystring: ZAwardsQuerySchema, response: { 200: ZAwardPageSchema } } }, async (request) =>
    listAwardsFor(deps, authUserOf(request).role, request.query),
  );

  app.get(
    '/api/admin/awards',
    {
      onRequest: hooks.requireAdmin,
      schema: {
        summary: 'A page of the awards (admin): computed and manual, in the leaderboards order',
        description:
          "Keyset paging (contracts paging.ts): pageSize 1-100 (default 20), cursor = the previous page's nextCursor; period, then category, then rank, then oldest first. " +
          "Filters: period, category, source (computed or manual), user (part of the awarded user's name or e-mail, 3+ characters). An unknown parameter, a bad value or cursor: 400 naming it.",
        querystring: ZAdminAwardsQuerySchema,
        response: { 200: ZAwardPageSchema },
      },
    },
    async (request) => listAdminAwards(deps, request.query),
  );

  app.post(
    '/api/admin/awards',
    { onRequest: hooks.requireAdmin, schema: { body: ZAwardRequestSchema, response: { 201: ZAwardSchema } } },
    async (request, reply) => reply.status(201).send(await createManualAward(deps, authUserOf(request).userId, request.body)),
  );

  app.put(
    '/api/admin/awards/:id',
    { onRequest: hooks.requireAdmin, schema: { params: ZAwardParamsSchema, body: ZAwardRequestSchema, response: { 200: ZAwardSchema } } },
    async (request) => replaceManualAward(deps, authUserOf(request).userId, request.params.id, request.body),
  );

  app.delete('/api/admin/awards/:id', { onRequest: hooks.requireAdmin, schema: { params: ZAwardParamsSchema, response: { 200: ZMessageResponseSchema } } }, async (request) => {
    await removeManualAward(deps, authUserOf(request).userId, request.params.id);
    return { message: 'Award deleted' };
  });
}
