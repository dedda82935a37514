import type { Logger, Pool, TUploadLimit } from '@platform/service-kit';
import type { TImageGate } from '@platform/service-kit/images';
import type { TFileStorage } from '../data-access/file-storage.js';

/** What the use cases need; built once in start(). */
export interface TWorkDeps {
  pool: Pool;
  storage: TFileStorage;
  logger: Logger;
  autoApprovalDaysDefault: number;
  maxLiveAssignmentsDefault: number;
  assignmentTimeLimitHoursDefault: number;
  appealWindowDaysDefault: number;
  appealDecisionDaysDefault: number;
  /** Bounds this process's image decodes (submission images are re-encoded without metadata). */
  images: TImageGate;
  /** Submissions per user and per address (counted before the body is read). */
  uploads: TUploadLimit;
  /** Issue 30: how long a claim on a submission lasts without a renewal (SUBMISSION_CLAIM_SECONDS). */
  claimSeconds: number;
  /** Used until a settings.changed event for bulk_spot_check_every arrives. */
  bulkSpotCheckEveryDefault: number;
  /** The review-job worker of this instance: woken when a bulk approval job is written. */
  reviewJobs: { wake(): void };
}
