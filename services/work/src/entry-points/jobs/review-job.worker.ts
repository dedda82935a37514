import type { Logger } from '@platform/service-kit';
import type { TWorkDeps } from '../../domain/deps.js';
import { processReviewJobBatch } from '../../domain/review-jobs.use-case.js';

export interface TReviewJobWorker {
  /** A job was written: start on it now rather than at the next poll. */
  wake(): void;
  /** Ends the loop after the batch in progress (its transaction commits or rolls back whole). */
  stop(): Promise<void>;
}

/** A worker that does nothing (REVIEW_JOB_WORKER=false: another instance processes the jobs). */
export const IDLE_REVIEW_JOB_WORKER: TReviewJobWorker = { wake: () => undefined, stop: async () => undefined };

/**
 * The review-job worker (issue 30 item 4): a loop in each work instance that takes the next batch of a running bulk
 * approval, settles it, and goes on until nothing is left, then sleeps until woken (a job created here) or `pollMs`
 * passes (a job created on another instance, or left running by a restart). Instances share the work safely: each
 * batch locks its items with FOR UPDATE SKIP LOCKED. Not a BullMQ job: the jobs and their items are rows in PostgreSQL
 * (the progress the console reads, the outcome written with each approval), so the loop needs only to find them.
 */
export function startReviewJobWorker(deps: Pick<TWorkDeps, 'pool' | 'logger'>, options: { pollMs: number; batchSize: number; logger: Logger }): TReviewJobWorker {
  let stopping = false;
  let wakeUp: (() => void) | undefined;
  let woken = false;
  const sleep = () =>
    new Promise<void>((resolve) => {
      if (woken || stopping) {
        woken = false;
        resolve();
        return;
      }
      const timer = setTimeout(done, options.pollMs);
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        woken = false;
        resolve();
      }
      wakeUp = done;
    });
  const loop = (async () => {
    while (!stopping) {
      let settled = 0;
      try {
        settled = await processReviewJobBatch(deps, options.batchSize);
      } catch (error) {
        options.logger.error({ err: error }, 'review job batch failed; retrying after the poll interval');
      }
      if (settled === 0 && !stopping) await sleep();
    }
  })();
  return {
    wake() {
      woken = true;
      wakeUp?.();
    },
    async stop() {
      stopping = true;
      wakeUp?.();
      await loop;
    },
  };
}
