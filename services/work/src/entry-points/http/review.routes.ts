import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAdminSubmissionListSchema,
  ZAdminSubmissionSchema,
  ZCancelAssignmentRequestSchema,
  ZCancelAssignmentResponseSchema,
  ZDecideTaskRequestRequestSchema,
  ZDecideTaskRequestResponseSchema,
  ZRejectSubmissionRequestSchema,
  ZReviewResponseSchema,
  ZTaskRequestListQuerySchema,
  ZTaskRequestListSchema,
  ZTextSchema,
  ZWorkIdParamsSchema,
} from '@platform/contracts';
import { authUserOf, type TApp } from '@platform/service-kit';
import {
  approveSubmission,
  cancelAssignment,
  getSubmission,
  listSubmissionsAwaitingReview,
  rejectSubmission,
} from '../../domain/review.use-case.js';
import { decideTaskRequest, listTaskRequests } from '../../domain/task-requests.use-case.js';
import type { TRouteDeps } from './route-deps.js';

const ZNoQuerySchema = z.strictObject({});
const ZNoBodySchema = z.strictObject({}).optional().nullable();
const ZTaskIdParamsSchema = z.strictObject({ taskId: ZTextSchema('Task id').max(100) });

/** Admin: Task Submissions, Task Requests and assignment cancellation (spec 03). */
export async function registerReviewRoutes(app: TApp, { deps, hooks }: TRouteDeps): Promise<void> {
  await app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    scope.addHook('onRequest', hooks.requireAdmin);

    scope.get('/api/admin/submissions', { schema: { querystring: ZNoQuerySchema, response: { 200: ZAdminSubmissionListSchema } } }, async () =>
      listSubmissionsAwaitingReview(deps.pool),
    );

    scope.get('/api/admin/submissions/:id', { schema: { params: ZWorkIdParamsSchema, response: { 200: ZAdminSubmissionSchema } } }, async (request) =>
      getSubmission(deps.pool, request.params.id),
    );

    scope.post(
      '/api/admin/submissions/:id/approve',
      { schema: { params: ZWorkIdParamsSchema, body: ZNoBodySchema, response: { 200: ZReviewResponseSchema } } },
      async (request) => ({
        message: 'Submission approved successfully!',
        submission: await approveSubmission(deps, authUserOf(request).userId, request.params.id),
      }),
    );

    scope.post(
      '/api/admin/submissions/:id/reject',
      { schema: { params: ZWorkIdParamsSchema, body: ZRejectSubmissionRequestSchema, response: { 200: ZReviewResponseSchema } } },
      async (request) => ({
        message: 'Submission rejected successfully!',
        submission: await rejectSubmission(deps, authUserOf(request).userId, request.params.id, request.body.reason),
      }),
    );

    scope.post(
      '/api/admin/assignments/:id/cancel',
      { schema: { params: ZWorkIdParamsSchema, body: ZCancelAssignmentRequestSchema, response: { 200: ZCancelAssignmentResponseSchema } } },
      async (request) => ({
        message: 'Assignment cancelled',
        assignment: await cancelAssignment(deps, authUserOf(request).userId, request.params.id, request.body.reason),
      }),
    );

    scope.get('/api/admin/task-requests', { schema: { querystring: ZTaskRequestListQuerySchema, response: { 200: ZTaskRequestListSchema } } }, async (request) =>
      listTaskRequests(deps.pool, request.query.status),
    );

    scope.patch(
      '/api/admin/task-requests/:taskId',
      { schema: { params: ZTaskIdParamsSchema, body: ZDecideTaskRequestRequestSchema, response: { 200: ZDecideTaskRequestResponseSchema } } },
      async (request) => decideTaskRequest(deps, authUserOf(request).userId, request.params.taskId, request.body),
    );
  });
}
