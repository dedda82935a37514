import { defineJob, type TJobDefinition, type TJobs } from '@platform/service-kit';
import { z } from 'zod';
import { computeLeaderboards } from '../../domain/awards.use-case.js';
import { findUnfinishedMailings, sendNewsMailBatch, type TNewsMailingDeps } from '../../domain/news-mailing.use-case.js';

export interface TContentJobsOptions {
  /** How often the leaderboards are computed. */
  leaderboardsEveryMs: number;
  /** How often unfinished news mailings are looked for (a batch whose queue entry was lost). */
  mailingSweepEveryMs: number;
}

/** Where the jobs enqueue their next runs (set once the jobs are started). */
export interface TJobsHandle {
  jobs?: TJobs;
}

/** One batch of a news item's "also e-mail everyone" mailing; a batch with users left queues the next one. */
export function newsMailBatchJob(deps: TNewsMailingDeps, handle: TJobsHandle) {
  const job: TJobDefinition<z.ZodObject<{ newsId: z.ZodUUID }>> = defineJob({
    name: 'news-mail-batch',
    payload: z.object({ newsId: z.uuid() }),
    attempts: 5,
    async handle({ newsId }) {
      const result = await sendNewsMailBatch(deps, newsId);
      if (result.more) await handle.jobs?.enqueue(job, { newsId });
      return result;
    },
  });
  return job;
}

/** The admin service's jobs: the leaderboards (scheduled), the news mailing batches and their sweep. */
export function contentJobs(deps: TNewsMailingDeps, handle: TJobsHandle, options: TContentJobsOptions) {
  const batch = newsMailBatchJob(deps, handle);
  return {
    batch,
    jobs: [
      defineJob({
        name: 'leaderboards',
        payload: z.object({}),
        every: options.leaderboardsEveryMs,
        handle: () => computeLeaderboards(deps),
      }),
      batch,
      defineJob({
        name: 'news-mail-sweep',
        payload: z.object({}),
        every: options.mailingSweepEveryMs,
        async handle() {
          const ids = await findUnfinishedMailings(deps);
          for (const newsId of ids) await handle.jobs?.enqueue(batch, { newsId }, { jobId: `news-mail-sweep-${newsId}-${Math.floor(Date.now() / options.mailingSweepEveryMs)}` });
          return { queued: ids.length };
        },
      }),
    ] as TJobDefinition[],
  };
}
