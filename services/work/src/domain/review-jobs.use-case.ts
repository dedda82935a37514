import { REVIEW_JOB_MAX_ITEMS, type TCreateReviewJobRequest, type TReviewJob, type TReviewJobItemPage, type TReviewJobItemsQuery } from '@platform/contracts';
import { AppError, withTransaction } from '@platform/service-kit';
import {
  countItemOutcomes,
  findReviewJob,
  findRunningJobs,
  finishJobIfDone,
  insertReviewJob,
  listReviewJobItems,
  lockPendingItems,
  setItemOutcome,
  type TReviewJobRecord,
} from '../data-access/review-jobs.repository.js';
import { BULK_SPOT_CHECK_EVERY_KEY, SETTINGS_COPY } from '../data-access/settings.repository.js';
import type { TWorkDeps } from './deps.js';
import { approveAsAdmin } from './review.use-case.js';
import { WORK_ERRORS } from './work.errors.js';

/**
 * Bulk approval with spot checks (issue 30 item 4). The selection is written as a job (review_jobs + one item per
 * submission) and answered at once; the service's review-job worker (entry-points/jobs/review-job.worker.ts)
 * approves it in batches, each item through approveAsAdmin, the one admin approval (same submission.approved, so the
 * same ledger entry in payouts and the same audit row in admin), its outcome written in the same transaction. A crash
 * or restart loses nothing: an uncommitted batch is rolled back whole and taken again.
 */

/** bulk_spot_check_every: the local copy of the setting (0 = off), else the configured default. */
export async function currentSpotCheckEvery(deps: Pick<TWorkDeps, 'pool' | 'bulkSpotCheckEveryDefault'>): Promise<number> {
  const value = (await SETTINGS_COPY.find(deps.pool, BULK_SPOT_CHECK_EVERY_KEY))?.value?.trim();
  if (value === undefined || !/^\d{1,6}$/.test(value)) return deps.bulkSpotCheckEveryDefault;
  return Number(value);
}

async function toReviewJob(deps: TWorkDeps, job: TReviewJobRecord): Promise<TReviewJob> {
  const counts = await countItemOutcomes(deps.pool, job.id);
  return {
    ...job,
    counts: {
      approved: counts.approved,
      alreadyDecided: counts.already_decided,
      spotCheck: counts.spot_check,
      claimed: counts.claimed,
      failed: counts.failed,
      remaining: counts.pending,
    },
  };
}

/** POST /api/admin/review-jobs: writes the job (202); the worker is woken to start on it. */
export async function createReviewJob(deps: TWorkDeps, adminId: string, input: TCreateReviewJobRequest): Promise<TReviewJob> {
  const spotCheckEvery = await currentSpotCheckEvery(deps);
  const job = await withTransaction(deps.pool, async (client) => {
    const created = await insertReviewJob(client, { createdBy: adminId, spotCheckEvery, max: REVIEW_JOB_MAX_ITEMS, ids: input.ids, filter: input.filter });
    if (created.total === 0) throw WORK_ERRORS.reviewJobEmpty();
    return created;
  });
  deps.reviewJobs.wake();
  return toReviewJob(deps, job);
}

/** GET /api/admin/review-jobs/{id}: the job's progress (counts per outcome). */
export async function getReviewJob(deps: TWorkDeps, id: string): Promise<TReviewJob> {
  const job = await findReviewJob(deps.pool, id);
  if (!job) throw WORK_ERRORS.reviewJobNotFound();
  return toReviewJob(deps, job);
}

/** GET /api/admin/review-jobs/{id}/items: what became of each item, a page at a time. */
export async function listReviewJobItemsPage(deps: TWorkDeps, id: string, query: TReviewJobItemsQuery): Promise<TReviewJobItemPage> {
  if (!(await findReviewJob(deps.pool, id))) throw WORK_ERRORS.reviewJobNotFound();
  return listReviewJobItems(deps.pool, id, query);
}

/** PostgreSQL errors worth taking again in a later batch (the item stays pending): a deadlock, a serialization failure. */
const RETRY_LATER = new Set(['40P01', '40001', '55P03']);

/**
 * Takes the next batch of one running job and decides it in one transaction: for each item, a savepoint, the admin
 * approval (as the job's creator), and the item's outcome. Returns how many items were settled (0: nothing to do).
 */
export async function processReviewJobBatch(deps: Pick<TWorkDeps, 'pool' | 'logger'>, batchSize: number): Promise<number> {
  for (const job of await findRunningJobs(deps.pool, 10)) {
    const settled = await withTransaction(deps.pool, async (client) => {
      const items = await lockPendingItems(client, job.id, batchSize);
      let done = 0;
      for (const item of items) {
        await client.query('SAVEPOINT review_item');
        try {
          await approveAsAdmin(client, job.createdBy, item.assignmentId);
          await client.query('RELEASE SAVEPOINT review_item');
          await setItemOutcome(client, job.id, item.seq, 'approved');
          done += 1;
        } catch (error) {
          await client.query('ROLLBACK TO SAVEPOINT review_item');
          const code = error instanceof AppError ? error.code : ((error as { code?: unknown }).code as string | undefined);
          if (code && RETRY_LATER.has(code)) continue;
          if (code === 'WORK.ALREADY_REVIEWED' || code === 'WORK.NOT_AWAITING_REVIEW') await setItemOutcome(client, job.id, item.seq, 'already_decided', { code });
          else if (code === 'WORK.CLAIMED_BY_OTHER') {
            const name = (error as AppError<'WORK.CLAIMED_BY_OTHER'>).params?.name ?? '';
            await setItemOutcome(client, job.id, item.seq, 'claimed', { code, claimedBy: name });
          } else {
            if (!(error instanceof AppError)) deps.logger.error({ err: error, jobId: job.id, seq: item.seq }, 'review job item failed');
            await setItemOutcome(client, job.id, item.seq, 'failed', { code: error instanceof AppError ? error.code : 'INTERNAL' });
          }
          done += 1;
        }
      }
      if (items.length === 0) await finishJobIfDone(client, job.id);
      return done;
    });
    if (settled > 0) return settled;
  }
  return 0;
}
