import { Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { z } from 'zod';
import type { Logger } from './logger.js';
import type { TMetrics } from './metrics.js';
import { redisConnectionOptions } from './redis.js';
import { contextFromHeaders, currentTraceHeaders, SpanKind, tracingEnabled, withSpan } from './tracing.js';

/** Where an enqueued job's data keeps the enqueuer's trace context (tracing on only); removed before the payload is parsed. */
const JOB_TRACE_KEY = '__traceContext';

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Background jobs on BullMQ (Redis). A job is a definition: a stable name, a zod payload, a handler and, for
 * scheduled work, an interval. Definitions are plain values (`defineJob`), so a service lists its jobs in one
 * place and tests call a handler directly.
 *
 * Safe on several instances: every instance upserts the same schedulers (by name, so there is one of each
 * however many start) and runs a worker; BullMQ gives each run to one worker. A run can still happen twice (a
 * stalled lock, a retry after a crash), so handlers must be idempotent: conditional updates, SKIP LOCKED,
 * unique keys.
 */
export interface TJobDefinition<S extends z.ZodType = z.ZodType> {
  /** Stable name: the BullMQ job name and, with `every`, the scheduler id. */
  name: string;
  /** The payload, checked when enqueued and again when run. A scheduled job runs with the payload parsed from `{}`. */
  payload: S;
  /** Does the work and returns a small summary (kept with the job for inspection). Must be idempotent. */
  handle(payload: z.output<S>, context: { logger: Logger; attempt: number }): Promise<unknown>;
  /** Run every N milliseconds (a job scheduler). */
  every?: number;
  /** Tries of an enqueued job before it stays failed (exponential backoff from 1 s). Default 3; scheduled runs: 1. */
  attempts?: number;
}

export function defineJob<S extends z.ZodType>(definition: TJobDefinition<S>): TJobDefinition<S> {
  return definition;
}

export interface TJobsOptions {
  /** The queue's name; one queue per service (several job names share it). */
  queue: string;
  redisUrl: string;
  /** REDIS_PREFIX: BullMQ's keys go under `${prefix}bull:` (BullMQ namespaces keys itself, not with ioredis' keyPrefix). */
  redisPrefix: string;
  logger: Logger;
  metrics?: TMetrics;
  jobs: readonly TJobDefinition[];
  /** Jobs this worker runs at once. Default 1. */
  concurrency?: number;
}

export interface TJobs {
  /** Adds one run of a job (its payload checked now); `jobId` makes the enqueue idempotent. */
  enqueue<S extends z.ZodType>(job: TJobDefinition<S>, payload: z.input<S>, options?: { delayMs?: number; jobId?: string }): Promise<void>;
  /** Waits for runs in progress to finish, then closes the worker, the queue and the connection. */
  stop(): Promise<void>;
}

export async function startJobs(options: TJobsOptions): Promise<TJobs> {
  const { logger } = options;
  const byName = new Map(options.jobs.map((job) => [job.name, job]));
  if (byName.size !== options.jobs.length) throw new Error(`Two jobs share a name in queue ${options.queue}`);

  // BullMQ's blocking connection needs maxRetriesPerRequest: null; errors are logged, and ioredis reconnects.
  const connection = new Redis({ ...redisConnectionOptions(options.redisUrl), maxRetriesPerRequest: null });
  connection.on('error', (error: Error) => logger.warn({ err: error, queue: options.queue }, 'job queue: redis error'));
  const prefix = `${options.redisPrefix}bull`;
  const queue = new Queue(options.queue, { connection, prefix });
  queue.on('error', (error: Error) => logger.warn({ err: error, queue: options.queue }, 'job queue error'));

  const worker = new Worker(
    options.queue,
    async (job: Job) => {
      const definition = byName.get(job.name);
      if (!definition) throw new Error(`No job named ${job.name} in queue ${options.queue}`);
      // The enqueuer's trace context travels beside the payload (tracing on only), never into the handler.
      const { [JOB_TRACE_KEY]: traceContext, ...data } = isPlainObject(job.data) ? job.data : { [JOB_TRACE_KEY]: undefined };
      const payload = definition.payload.parse(isPlainObject(job.data) ? data : (job.data ?? {}));
      const run = () => definition.handle(payload, { logger: logger.child({ job: job.name, jobId: job.id }), attempt: job.attemptsMade + 1 });
      // With tracing on, each run is a span (its queries and Redis commands under it), continuing the enqueuer's trace.
      return tracingEnabled()
        ? withSpan(
            `job ${job.name}`,
            {
              kind: SpanKind.CONSUMER,
              attributes: { 'messaging.system': 'bullmq', 'messaging.destination.name': options.queue, 'messaging.message.id': job.id ?? '', 'job.attempt': job.attemptsMade + 1 },
              ...(isPlainObject(traceContext) ? { parent: contextFromHeaders(traceContext) } : {}),
            },
            run,
          )
        : run();
    },
    { connection, prefix, concurrency: options.concurrency ?? 1, removeOnComplete: { count: 100 }, removeOnFail: { count: 500 } },
  );
  worker.on('error', (error: Error) => logger.warn({ err: error, queue: options.queue }, 'job worker error'));
  worker.on('completed', (job) => options.metrics?.jobsRun.labels(job.name, 'completed').inc());
  worker.on('failed', (job, error: Error) => {
    options.metrics?.jobsRun.labels(job?.name ?? 'unknown', 'failed').inc();
    logger.warn({ err: error, job: job?.name, attempt: job?.attemptsMade }, 'job failed');
  });

  try {
    for (const job of options.jobs) {
      if (job.every === undefined) continue;
      await queue.upsertJobScheduler(job.name, { every: job.every }, { name: job.name, data: {}, opts: { attempts: job.attempts ?? 1 } });
    }
  } catch (error) {
    await worker.close().catch(() => undefined);
    await queue.close().catch(() => undefined);
    connection.disconnect();
    throw error;
  }

  // Queue depth and failed jobs for Prometheus, read when scraped (job_queue_jobs{queue,state}).
  let stopped = false;
  options.metrics?.onScrape(`jobs:${options.queue}`, async () => {
    if (stopped) return;
    const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'failed', 'completed');
    for (const [state, count] of Object.entries(counts)) options.metrics?.jobQueueJobs.set({ queue: options.queue, state }, count);
  });

  return {
    async enqueue(job, payload, enqueueOptions = {}) {
      if (!byName.has(job.name)) throw new Error(`Job ${job.name} is not registered on queue ${options.queue}`);
      const data = job.payload.parse(payload) as object;
      const traceHeaders = currentTraceHeaders();
      await queue.add(job.name, traceHeaders && isPlainObject(data) ? { ...data, [JOB_TRACE_KEY]: traceHeaders } : data, {
        attempts: job.attempts ?? 3,
        backoff: { type: 'exponential', delay: 1_000 },
        ...(enqueueOptions.delayMs ? { delay: enqueueOptions.delayMs } : {}),
        ...(enqueueOptions.jobId ? { jobId: enqueueOptions.jobId } : {}),
      });
    },
    async stop() {
      stopped = true;
      await worker.close();
      await queue.close();
      await connection.quit().catch(() => connection.disconnect());
    },
  };
}
