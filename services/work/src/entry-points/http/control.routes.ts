import { z } from 'zod';
import { ZAdminWorkerQualitySchema, ZIdParamsSchema } from '@platform/contracts';
import type { TApp, TRouteDeps } from '@platform/service-kit';
import { getWorkerQualityForAdmin } from '../../domain/control.use-case.js';
import type { TWorkDeps } from '../../domain/deps.js';
import { WORK_ERRORS } from '../../domain/work.errors.js';

const ZUserParamsSchema = ZIdParamsSchema(WORK_ERRORS.userNotFound);

/** Control tasks (issue 30 item 5): a worker's quality record with their control accuracy, for admins. */
export function registerControlRoutes(app: TApp, { deps, hooks }: TRouteDeps<TWorkDeps>): void {
  app.get(
    '/api/admin/users/:id/work-quality',
    {
      onRequest: hooks.requireAdmin,
      schema: {
        summary: "A worker's quality record and control accuracy (admin)",
        description:
          'The record the worker sees at GET /api/tasks/quality, and `control`: their first answers to control tasks, checked and matched. ' +
          'A user with no work answers zeros. A malformed id: 404 WORK.USER_NOT_FOUND.',
        params: ZUserParamsSchema,
        querystring: z.strictObject({}),
        response: { 200: ZAdminWorkerQualitySchema },
      },
    },
    async (request) => getWorkerQualityForAdmin(deps, request.params.id),
  );
}
