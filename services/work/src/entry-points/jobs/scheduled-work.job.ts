import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from '@platform/service-kit';
import type { TWorkDeps } from '../../domain/deps.js';
import { autoApproveOverdueSubmissions, releaseExpiredAssignments } from '../../domain/scheduled-work.use-case.js';

export const WORK_JOBS_QUEUE = 'work-jobs';
export const AUTO_APPROVE_JOB = 'auto-approve-submissions';
export const RELEASE_EXPIRED_JOB = 'release-expired-assignments';

export interface TScheduledJobsOptions {
  redisUrl: string;
  /** REDIS_PREFIX; BullMQ's keys go under `${prefix}bull:`. */
  redisPrefix: string;
  autoApprovalIntervalMs: number;
  releaseExpiredIntervalMs: number;
  logger: Logger;
}

export interface TScheduledJobs {
  stop(): Promise<void>;
}

/**
 * The work service's scheduled jobs as BullMQ job schedulers on Redis. Every instance upserts the same two
 * schedulers (an upsert by id, so there is one of each however many instances start) and runs a worker; BullMQ
 * hands each run to one worker. The jobs themselves are also safe to run at the same time (SKIP LOCKED and
 * conditional updates in PostgreSQL), so a duplicate run after a stalled lock changes nothing twice.
 */
export async function startScheduledJobs(deps: TWorkDeps, options: TScheduledJobsOptions): Promise<TScheduledJobs> {
  // BullMQ namespaces keys itself (ioredis keyPrefix is not supported) and needs maxRetriesPerRequest null.
  const connection = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  connection.on('error', (error: Error) => options.logger.warn({ err: error }, 'job queue redis error'));
  const prefix = `${options.redisPrefix}bull`;
  const queue = new Queue(WORK_JOBS_QUEUE, { connection, prefix });
  queue.on('error', (error: Error) => options.logger.warn({ err: error }, 'job queue error'));
  const worker = new Worker(
    WORK_JOBS_QUEUE,
    async (job) => {
      if (job.name === AUTO_APPROVE_JOB) return { approved: await autoApproveOverdueSubmissions(deps) };
      if (job.name === RELEASE_EXPIRED_JOB) return { released: await releaseExpiredAssignments(deps) };
      throw new Error(`unknown job ${job.name}`);
    },
    { connection, prefix, concurrency: 1, removeOnComplete: { count: 100 }, removeOnFail: { count: 500 } },
  );
  worker.on('error', (error: Error) => options.logger.warn({ err: error }, 'job worker error'));
  worker.on('failed', (job, error: Error) => options.logger.warn({ err: error, job: job?.name }, 'scheduled job failed; it runs again at its next interval'));

  await queue.upsertJobScheduler(AUTO_APPROVE_JOB, { every: options.autoApprovalIntervalMs }, { name: AUTO_APPROVE_JOB });
  await queue.upsertJobScheduler(RELEASE_EXPIRED_JOB, { every: options.releaseExpiredIntervalMs }, { name: RELEASE_EXPIRED_JOB });

  return {
    async stop() {
      await worker.close();
      await queue.close();
      await connection.quit().catch(() => connection.disconnect());
    },
  };
}
