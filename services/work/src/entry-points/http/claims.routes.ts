import { z } from 'zod';
import { ZIdParamsSchema, ZSubmissionClaimListSchema, ZSubmissionClaimResponseSchema } from '@platform/contracts';
import { authUserOf, type TApp, type TRouteDeps } from '@platform/service-kit';
import { claimSubmission, listClaims, releaseSubmission } from '../../domain/claims.use-case.js';
import type { TWorkDeps } from '../../domain/deps.js';
import { WORK_ERRORS } from '../../domain/work.errors.js';

const ZNoBodySchema = z.strictObject({}).optional().nullable();
const ZSubmissionParamsSchema = ZIdParamsSchema(WORK_ERRORS.submissionNotFound);

/** Admin: who is reviewing what (issue 30 item 3). */
export function registerClaimRoutes(app: TApp, { deps, hooks }: TRouteDeps<TWorkDeps>): void {
  app.get(
    '/api/admin/submissions/claims',
    {
      onRequest: hooks.requireAdmin,
      schema: {
        summary: 'Every live claim on a submission (who is reviewing what), for the console\'s short poll',
        description: 'A few rows: one per admin with a submission open. Each lapses at expiresAt unless renewed.',
        querystring: z.strictObject({}),
        response: { 200: ZSubmissionClaimListSchema },
      },
    },
    async () => listClaims(deps),
  );

  app.post(
    '/api/admin/submissions/:id/claim',
    {
      onRequest: hooks.requireAdmin,
      schema: {
        summary: 'Claim a submission while reviewing it, or renew the claim (lasts SUBMISSION_CLAIM_SECONDS, 5 minutes)',
        description:
          '409 WORK.CLAIMED_BY_OTHER (params.name) while another admin holds a live claim; 409 WORK.ALREADY_REVIEWED or ' +
          'WORK.NOT_AWAITING_REVIEW once decided; 404 for an unknown id. A decision by anyone but the claimer is refused until the claim is released or lapses.',
        params: ZSubmissionParamsSchema,
        body: ZNoBodySchema,
        response: { 200: ZSubmissionClaimResponseSchema },
      },
    },
    async (request) => claimSubmission(deps, authUserOf(request).userId, request.params.id),
  );

  app.delete(
    '/api/admin/submissions/:id/claim',
    {
      onRequest: hooks.requireAdmin,
      schema: {
        summary: 'Release the calling admin\'s claim on a submission (leaving it); another admin\'s claim stays',
        params: ZSubmissionParamsSchema,
        response: { 200: ZSubmissionClaimResponseSchema },
      },
    },
    async (request) => releaseSubmission(deps, authUserOf(request).userId, request.params.id),
  );
}
