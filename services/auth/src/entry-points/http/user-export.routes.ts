import { ZIdParamsSchema, ZUserExportTicketSchema } from '@platform/contracts';
import { authUserOf, bearerToken, COMMON_ERRORS, type TApp, type TAuthHooks } from '@platform/service-kit';
import { z } from 'zod';
import { AUTH_ERRORS } from '../../domain/auth.errors.js';
import { createUserExport, findLatestUserExport, readUserExportFile, type TExportDeps } from '../../domain/user-export.use-case.js';

const ZExportParamsSchema = ZIdParamsSchema(AUTH_ERRORS.exportNotFound);
const ZNoBodySchema = z.strictObject({}).optional().nullable();

/**
 * 'Download my data' (spec 02 Profile AMENDED; GDPR art. 15 and 20): POST /api/user/export assembles the file now
 * (seconds), GET /api/user/export says which download is offered (24 hours), GET /api/user/export/{id} downloads it.
 */
export function registerUserExportRoutes(app: TApp, { deps, hooks }: { deps: TExportDeps; hooks: TAuthHooks }): void {
  app.post('/api/user/export', { onRequest: hooks.authenticate, schema: { body: ZNoBodySchema, response: { 201: ZUserExportTicketSchema } } }, async (request, reply) => {
    const token = bearerToken(request);
    if (!token) throw COMMON_ERRORS.unauthenticated();
    return reply.status(201).send(await createUserExport(deps, authUserOf(request).userId, token));
  });

  app.get('/api/user/export', { onRequest: hooks.authenticate, schema: { response: { 200: z.object({ export: ZUserExportTicketSchema.nullable() }) } } }, async (request) => ({
    export: await findLatestUserExport(deps, authUserOf(request).userId),
  }));

  app.get('/api/user/export/:id', { onRequest: hooks.authenticate, schema: { params: ZExportParamsSchema } }, async (request, reply) => {
    const file = await readUserExportFile(deps, authUserOf(request).userId, request.params.id);
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="my-data-${new Date().toISOString().slice(0, 10)}.json"`)
      .header('cache-control', 'no-store, private')
      .send(file);
  });
}
