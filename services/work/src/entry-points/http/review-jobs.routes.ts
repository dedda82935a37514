import {
  ZCreateReviewJobRequestSchema,
  ZIdParamsSchema,
  ZReviewJobItemPageSchema,
  ZReviewJobItemsQuerySchema,
  ZReviewJobSchema,
} from '@platform/contracts';
import { authUserOf, type TApp, type TRouteDeps } from '@platform/service-kit';
import type { TWorkDeps } from '../../domain/deps.js';
import { createReviewJob, getReviewJob, listReviewJobItemsPage } from '../../domain/review-jobs.use-case.js';
import { WORK_ERRORS } from '../../domain/work.errors.js';

const ZJobParamsSchema = ZIdParamsSchema(WORK_ERRORS.reviewJobNotFound);

/** Admin: bulk approval with spot checks, processed as a job (issue 30 item 4). */
export function registerReviewJobRoutes(app: TApp, { deps, hooks }: TRouteDeps<TWorkDeps>): void {
  app.post(
    '/api/admin/review-jobs',
    {
      onRequest: hooks.requireAdmin,
      // 10,000 ids in JSON are about 390 KB.
      bodyLimit: 512 * 1024,
      schema: {
        summary: 'Approve many submissions as a job: the ids selected, or every submission awaiting review matching a filter',
        description:
          'Answers 202 at once with the job; the service\'s review-job worker approves the items in batches, each through the ' +
          'same approval as a single one. Every N-th item (the bulk_spot_check_every setting, 0 = off) is left for an individual ' +
          'look (spot_check); an item another admin has claimed is reported (claimed), not decided. 409 WORK.REVIEW_JOB_EMPTY when nothing matches.',
        body: ZCreateReviewJobRequestSchema,
        response: { 202: ZReviewJobSchema },
      },
    },
    async (request, reply) => {
      const job = await createReviewJob(deps, authUserOf(request).userId, request.body);
      return reply.status(202).send(job);
    },
  );

  app.get(
    '/api/admin/review-jobs/:id',
    {
      onRequest: hooks.requireAdmin,
      schema: {
        summary: 'A bulk approval job\'s progress: counts of approved, already decided, spot checks, claimed, failed and remaining items',
        params: ZJobParamsSchema,
        response: { 200: ZReviewJobSchema },
      },
    },
    async (request) => getReviewJob(deps, request.params.id),
  );

  app.get(
    '/api/admin/review-jobs/:id/items',
    {
      onRequest: hooks.requireAdmin,
      schema: {
        summary: 'A page of a bulk approval job\'s items with what became of each, in the selection\'s order',
        description: "Keyset paging (contracts paging.ts): pageSize 1-100 (default 20), cursor = the previous page's nextCursor. Filter: outcome.",
        params: ZJobParamsSchema,
        querystring: ZReviewJobItemsQuerySchema,
        response: { 200: ZReviewJobItemPageSchema },
      },
    },
    async (request) => listReviewJobItemsPage(deps, request.params.id, request.query),
  );
}
