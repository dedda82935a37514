import { defineJob } from '@platform/service-kit';
import { z } from 'zod';
import type { TWorkDeps } from '../../domain/deps.js';
import { autoApproveOverdueSubmissions, releaseExpiredAssignments } from '../../domain/scheduled-work.use-case.js';

export const AUTO_APPROVE_JOB = 'auto-approve-submissions';
export const RELEASE_EXPIRED_JOB = 'release-expired-assignments';

/**
 * The work service's scheduled jobs (service-kit `startJobs`, BullMQ). Both are safe to run at the same time on
 * several instances: SKIP LOCKED and conditional updates in PostgreSQL, so a duplicate run changes nothing twice.
 */
export function scheduledWorkJobs(deps: TWorkDeps, intervals: { autoApprovalMs: number; releaseExpiredMs: number }) {
  return [
    defineJob({
      name: AUTO_APPROVE_JOB,
      payload: z.object({}),
      every: intervals.autoApprovalMs,
      handle: async () => ({ approved: await autoApproveOverdueSubmissions(deps) }),
    }),
    defineJob({
      name: RELEASE_EXPIRED_JOB,
      payload: z.object({}),
      every: intervals.releaseExpiredMs,
      handle: async () => ({ released: await releaseExpiredAssignments(deps) }),
    }),
  ];
}
