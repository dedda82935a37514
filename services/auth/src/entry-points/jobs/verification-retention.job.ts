import { defineJob, type Pool } from '@platform/service-kit';
import { z } from 'zod';
import { deleteExpiredIdentityImages } from '../../domain/verification-retention.use-case.js';

export const VERIFICATION_RETENTION_JOB = 'delete-expired-identity-images';

/** BullMQ: deletes identity images verification_retention_days after the decision (the decision stays). */
export function verificationJobs(deps: { pool: Pool }, options: { intervalMs: number }) {
  return [
    defineJob({
      name: VERIFICATION_RETENTION_JOB,
      payload: z.object({}),
      every: options.intervalMs,
      handle: async () => deleteExpiredIdentityImages(deps.pool),
    }),
  ];
}
