import { defineJob } from '@platform/service-kit';
import { z } from 'zod';
import { archiveOldMessages } from '../../domain/archive.use-case.js';
import type { TChatDeps } from '../../domain/deps.js';

export const ARCHIVE_JOB = 'archive-old-messages';

/**
 * The chat service's scheduled job (service-kit `startJobs`, BullMQ): moves general-room messages older than
 * chat_archive_days to the archive in batches. Safe on several instances at once (SKIP LOCKED per batch).
 */
export function chatJobs(deps: TChatDeps, options: { intervalMs: number; batchSize: number }) {
  return [
    defineJob({
      name: ARCHIVE_JOB,
      payload: z.object({}),
      every: options.intervalMs,
      handle: async () => archiveOldMessages(deps, { batchSize: options.batchSize }),
    }),
  ];
}
