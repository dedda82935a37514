import { defineJob, type Pool } from '@platform/service-kit';
import { z } from 'zod';
import { aggregateClicks } from '../../domain/referrals.use-case.js';

export const AGGREGATE_CLICKS_JOB = 'aggregate-referral-clicks';

/**
 * The auth service's scheduled job (service-kit `startJobs`, BullMQ): raw referral clicks older than 90 days are
 * folded into per-link per-day counts and deleted. Idempotent (each batch moves and deletes in one transaction,
 * SKIP LOCKED), safe on several instances.
 */
export function authJobs(deps: { pool: Pool }, options: { intervalMs: number; batchSize: number }) {
  return [
    defineJob({
      name: AGGREGATE_CLICKS_JOB,
      payload: z.object({}),
      every: options.intervalMs,
      handle: async () => aggregateClicks(deps, { batchSize: options.batchSize }),
    }),
  ];
}
