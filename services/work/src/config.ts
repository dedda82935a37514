import { z } from 'zod';
import { loadConfig, ZBaseConfigSchema } from '@platform/service-kit';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** The work service's settings: the shared base plus uploads and the scheduled jobs. */
export const ZWorkConfigSchema = ZBaseConfigSchema.extend({
  /** Where submission files are kept (local-disk storage); created at start. */
  UPLOAD_DIR: z.string().trim().min(1).default('.dev/uploads'),
  /** Used until a settings.changed event for auto_approval_days arrives. */
  AUTO_APPROVAL_DAYS_DEFAULT: z.coerce.number().min(0).max(3650).default(3),
  /** Used until a settings.changed event for max_live_assignments arrives: tasks one worker may hold at once. */
  MAX_LIVE_ASSIGNMENTS_DEFAULT: z.coerce.number().int().min(1).max(100).default(3),
  /** Used until a settings.changed event for assignment_time_limit_hours arrives: the limit of a task without one. */
  ASSIGNMENT_TIME_LIMIT_HOURS_DEFAULT: z.coerce.number().int().min(1).max(8760).default(24),
  /** Used until settings.changed events for appeal_window_days and appeal_decision_days arrive (issue 29). */
  APPEAL_WINDOW_DAYS_DEFAULT: z.coerce.number().int().min(0).max(365).default(7),
  APPEAL_DECISION_DAYS_DEFAULT: z.coerce.number().int().min(1).max(365).default(3),
  /** Issue 30: how long a claim on a submission (an admin reviewing it) lasts without a renewal. */
  SUBMISSION_CLAIM_SECONDS: z.coerce.number().int().min(5).max(3_600).default(300),
  /** Used until a settings.changed event for bulk_spot_check_every arrives (0 = no spot checks). */
  BULK_SPOT_CHECK_EVERY_DEFAULT: z.coerce.number().int().min(0).max(100_000).default(20),
  /** Run the review-job worker (bulk approvals) in this instance; how often it looks for jobs; items per batch. */
  REVIEW_JOB_WORKER: booleanFromEnv.default(true),
  REVIEW_JOB_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(2_000),
  REVIEW_JOB_BATCH_SIZE: z.coerce.number().int().min(1).max(1_000).default(100),
  /** Run the scheduled jobs in this instance (BullMQ worker and schedulers). */
  JOBS_ENABLED: booleanFromEnv.default(true),
  /** How often the auto-approval job runs. */
  AUTO_APPROVAL_INTERVAL_MS: z.coerce.number().int().min(100).default(60_000),
  /** How often the job releasing assignments past their time limit runs. */
  RELEASE_EXPIRED_INTERVAL_MS: z.coerce.number().int().min(100).default(30_000),
  /** Longest time to receive one request (an upload of 10 files of 50 MB over a slow link). */
  UPLOAD_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(15 * 60_000),
  /**
   * POST /api/tasks/{id}/submit (issue 26): submissions per user and per address per window, counted before the body
   * is read (429 with Retry-After past either); and the images decoded at once by this process (re-encoded without
   * metadata), with how many may wait (one more is answered 503 at once).
   */
  SUBMISSION_UPLOADS_PER_USER: z.coerce.number().int().min(1).max(100_000).default(60),
  SUBMISSION_UPLOADS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(300),
  SUBMISSION_UPLOAD_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60 * 60),
  IMAGE_DECODE_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  IMAGE_DECODE_QUEUE: z.coerce.number().int().min(0).max(1_000).default(8),
});
export type TWorkConfig = z.infer<typeof ZWorkConfigSchema>;

export function loadWorkConfig(env: Record<string, string | undefined> = process.env): TWorkConfig {
  return loadConfig(ZWorkConfigSchema, env);
}
