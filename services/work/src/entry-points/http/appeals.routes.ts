import { z } from 'zod';
import {
  ZAdminAppealPageSchema,
  ZAdminAppealsQuerySchema,
  ZAppealRequestSchema,
  ZAdminWorkerQualitySchema,
  ZAppealResponseSchema,
  ZDecideAppealRequestSchema,
  ZDecideAppealResponseSchema,
  ZIdParamsSchema,
  ZQualityRecordSchema,
} from '@platform/contracts';
import { authUserOf, type TApp, type TRouteDeps } from '@platform/service-kit';
import { appealRejection, decideAppeal, getQualityRecord, listAppeals } from '../../domain/appeals.use-case.js';
import { getWorkerQualityForAdmin } from '../../domain/control.use-case.js';
import type { TWorkDeps } from '../../domain/deps.js';
import { WORK_ERRORS } from '../../domain/work.errors.js';

const ZTaskParamsSchema = ZIdParamsSchema(WORK_ERRORS.notYourTask);
const ZAppealParamsSchema = ZIdParamsSchema(WORK_ERRORS.appealNotFound);
const ZWorkerParamsSchema = ZIdParamsSchema(WORK_ERRORS.workerNotFound);

/** Due process (issue 29 items 4 and 5): the worker's appeal and quality record, the admin's appeal queue and decision. */
export function registerAppealRoutes(app: TApp, { deps, hooks }: TRouteDeps<TWorkDeps>): void {
  app.post(
    '/api/tasks/:id/appeal',
    {
      onRequest: hooks.authenticate,
      schema: {
        summary: 'Appeal the rejection of the calling worker\'s submission on this task (within appeal_window_days, once)',
        params: ZTaskParamsSchema,
        body: ZAppealRequestSchema,
        response: { 201: ZAppealResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        message: 'Appeal sent. Another admin will decide it.',
        appeal: await appealRejection(deps, authUserOf(request).userId, request.params.id, request.body.statement),
      }),
  );

  app.get(
    '/api/tasks/quality',
    {
      onRequest: hooks.authenticate,
      schema: { summary: "The calling worker's own quality record", querystring: z.strictObject({}), response: { 200: ZQualityRecordSchema } },
    },
    async (request) => getQualityRecord(deps, authUserOf(request).userId),
  );

  // The same record for admins (the review cockpit beside each submission, the user's detail), with the worker's
  // control accuracy (issue 30 item 5), which only admins see.
  app.get(
    '/api/admin/workers/:id/quality',
    {
      onRequest: hooks.requireAdmin,
      schema: {
        summary: "A worker's quality record and control accuracy (admin)",
        description:
          'The record the worker sees on their profile (GET /api/tasks/quality), their id, and `control`: their first answers to control tasks, checked and matched. ' +
          'A worker with no decided work (or an id no worker has) has an empty record. A malformed id: 404 WORK.WORKER_NOT_FOUND.',
        params: ZWorkerParamsSchema,
        querystring: z.strictObject({}),
        response: { 200: ZAdminWorkerQualitySchema },
      },
    },
    async (request) => getWorkerQualityForAdmin(deps, request.params.id),
  );

  app.get(
    '/api/admin/appeals',
    {
      onRequest: hooks.requireAdmin,
      schema: {
        summary: 'A page of the appeals (admin): pending ones oldest first, decided ones newest first',
        description:
          "Keyset paging (contracts paging.ts): pageSize 1-100 (default 20), cursor = the previous page's nextCursor. " +
          'Filter: status (pending by default, upheld, overturned). An unknown parameter, a bad value or cursor: 400 naming it.',
        querystring: ZAdminAppealsQuerySchema,
        response: { 200: ZAdminAppealPageSchema },
      },
    },
    async (request) => listAppeals(deps, request.query),
  );

  app.post(
    '/api/admin/appeals/:id/decide',
    {
      onRequest: hooks.requireAdmin,
      schema: {
        summary: 'Decide an appeal (an admin other than the one who rejected): upheld with a reason, or overturned (approved and paid)',
        params: ZAppealParamsSchema,
        body: ZDecideAppealRequestSchema,
        response: { 200: ZDecideAppealResponseSchema },
      },
    },
    async (request) => {
      const appeal = await decideAppeal(deps, authUserOf(request).userId, request.params.id, request.body);
      return { message: appeal.status === 'overturned' ? 'Appeal overturned: the submission is approved' : 'Appeal upheld: the rejection stands', appeal };
    },
  );
}
