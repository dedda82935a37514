import { z } from 'zod';
import {
  ZAdminSubmissionPageSchema,
  ZAdminSubmissionSchema,
  ZAdminSubmissionsQuerySchema,
  ZCancelAssignmentRequestSchema,
  ZCancelAssignmentResponseSchema,
  ZDecideTaskRequestRequestSchema,
  ZDecideTaskRequestResponseSchema,
  ZIdParamsSchema,
  ZIdSchema,
  ZRejectSubmissionRequestSchema,
  ZReviewResponseSchema,
  ZTaskRequestPageSchema,
  ZTaskRequestsQuerySchema,
  ZTaskRequestStatsSchema,
} from '@platform/contracts';
import { authUserOf, type TApp, type TRouteDeps } from '@platform/service-kit';
import type { TWorkDeps } from '../../domain/deps.js';
import {
  approveSubmission,
  cancelAssignment,
  getSubmission,
  listSubmissionsAwaitingReview,
  rejectSubmission,
} from '../../domain/review.use-case.js';
import { decideTaskRequest, listTaskRequests, taskRequestStats } from '../../domain/task-requests.use-case.js';
import { WORK_ERRORS } from '../../domain/work.errors.js';

const ZNoBodySchema = z.strictObject({}).optional().nullable();
const ZSubmissionParamsSchema = ZIdParamsSchema(WORK_ERRORS.submissionNotFound);
const ZAssignmentParamsSchema = ZIdParamsSchema(WORK_ERRORS.assignmentNotFound);
const ZTaskIdParamsSchema = z.strictObject({ taskId: ZIdSchema(WORK_ERRORS.noPendingRequest, 'Task id') });

/** Admin: Task Submissions, Task Requests and assignment cancellation (spec 03). */
export function registerReviewRoutes(app: TApp, { deps, hooks }: TRouteDeps<TWorkDeps>): void {
  app.get(
    '/api/admin/submissions',
    {
      onRequest: hooks.requireAdmin,
      schema: {
        summary: 'A page of the submissions awaiting review (admin), oldest first',
        description:
          'Keyset paging (contracts paging.ts): pageSize 1-100 (default 20), cursor = the previous page\'s nextCursor. ' +
          'Filters: user (part of the worker\'s e-mail or name, 3+ characters), taskId, from/to (submission time). ' +
          'An unknown parameter, a bad value or cursor: 400 naming it.',
        querystring: ZAdminSubmissionsQuerySchema,
        response: { 200: ZAdminSubmissionPageSchema },
      },
    },
    async (request) => listSubmissionsAwaitingReview(deps, request.query),
  );

  app.get('/api/admin/submissions/:id', { onRequest: hooks.requireAdmin, schema: { params: ZSubmissionParamsSchema, response: { 200: ZAdminSubmissionSchema } } }, async (request) =>
    getSubmission(deps, request.params.id),
  );

  app.post(
    '/api/admin/submissions/:id/approve',
    { onRequest: hooks.requireAdmin, schema: { params: ZSubmissionParamsSchema, body: ZNoBodySchema, response: { 200: ZReviewResponseSchema } } },
    async (request) => ({
      message: 'Submission approved successfully!',
      submission: await approveSubmission(deps, authUserOf(request).userId, request.params.id),
    }),
  );

  app.post(
    '/api/admin/submissions/:id/reject',
    { onRequest: hooks.requireAdmin, schema: { params: ZSubmissionParamsSchema, body: ZRejectSubmissionRequestSchema, response: { 200: ZReviewResponseSchema } } },
    async (request) => ({
      message: 'Submission rejected successfully!',
      submission: await rejectSubmission(deps, authUserOf(request).userId, request.params.id, request.body.reason, request.body.criteria, request.body.templateId),
    }),
  );

  app.post(
    '/api/admin/assignments/:id/cancel',
    { onRequest: hooks.requireAdmin, schema: { params: ZAssignmentParamsSchema, body: ZCancelAssignmentRequestSchema, response: { 200: ZCancelAssignmentResponseSchema } } },
    async (request) => ({
      message: 'Assignment cancelled',
      assignment: await cancelAssignment(deps, authUserOf(request).userId, request.params.id, request.body.reason),
    }),
  );

  app.get(
    '/api/admin/task-requests',
    {
      onRequest: hooks.requireAdmin,
      schema: {
        summary: 'A page of the task requests (admin), newest first',
        description:
          'Keyset paging (contracts paging.ts): pageSize 1-100 (default 20), cursor = the previous page\'s nextCursor. ' +
          'Filters: status, user (part of the worker\'s e-mail or name, 3+ characters), from/to (request time). ' +
          'An unknown parameter, a bad value or cursor: 400 naming it.',
        querystring: ZTaskRequestsQuerySchema,
        response: { 200: ZTaskRequestPageSchema },
      },
    },
    async (request) => listTaskRequests(deps, request.query),
  );

  app.get(
    '/api/admin/task-requests/stats',
    {
      onRequest: hooks.requireAdmin,
      schema: {
        summary: 'The Task Requests cards (admin): pending, approved (up to 10,000) and the pending requests\' rewards',
        querystring: z.strictObject({}),
        response: { 200: ZTaskRequestStatsSchema },
      },
    },
    async () => taskRequestStats(deps),
  );

  app.patch(
    '/api/admin/task-requests/:taskId',
    { onRequest: hooks.requireAdmin, schema: { params: ZTaskIdParamsSchema, body: ZDecideTaskRequestRequestSchema, response: { 200: ZDecideTaskRequestResponseSchema } } },
    async (request) => decideTaskRequest(deps, authUserOf(request).userId, request.params.taskId, request.body),
  );
}
