import { fileURLToPath } from 'node:url';
import multipart from '@fastify/multipart';
import { MAX_SUBMISSION_FILE_BYTES, MAX_SUBMISSION_FILES, SUBMISSION_TEXT_MAX_LENGTH } from '@platform/contracts';
import { createServiceRuntime, createUploadLimit, type Logger, type Pool } from '@platform/service-kit';
import { createImageGate } from '@platform/service-kit/images';
import type { TWorkConfig } from './config.js';
import { createLocalFileStorage } from './data-access/file-storage.js';
import type { TWorkDeps } from './domain/deps.js';
import { registerFileRoutes } from './entry-points/http/files.routes.js';
import { registerInternalUserRoutes } from './entry-points/http/internal-users.routes.js';
import { registerAppealRoutes } from './entry-points/http/appeals.routes.js';
import { registerReviewRoutes } from './entry-points/http/review.routes.js';
import { registerReviewTemplateRoutes } from './entry-points/http/review-templates.routes.js';
import { registerTakeAndSubmitRoutes } from './entry-points/http/take-and-submit.routes.js';
import { registerTaskPackageRoutes } from './entry-points/http/task-packages.routes.js';
import { registerTaskRoutes } from './entry-points/http/tasks.routes.js';
import { registerUserExportRoutes } from './entry-points/http/user-export.routes.js';
import { registerStatsInternalRoutes } from './entry-points/http/stats.internal.routes.js';
import { scheduledWorkJobs } from './entry-points/jobs/scheduled-work.job.js';
import { IDLE_REVIEW_JOB_WORKER, startReviewJobWorker } from './entry-points/jobs/review-job.worker.js';
import { registerClaimRoutes } from './entry-points/http/claims.routes.js';
import { registerReviewJobRoutes } from './entry-points/http/review-jobs.routes.js';
import { onSettingsChanged, SETTINGS_QUEUE, SETTINGS_ROUTING_KEYS } from './entry-points/messaging/on-settings-changed.handler.js';
import { createOnUserDeleted, USER_ERASURE_QUEUE, USER_ERASURE_ROUTING_KEYS } from './entry-points/messaging/on-user-deleted.handler.js';
import { onUserEvent, USERS_QUEUE, USERS_ROUTING_KEYS } from './entry-points/messaging/on-user-event.handler.js';

export type { TWorkConfig } from './config.js';
export { loadWorkConfig, ZWorkConfigSchema } from './config.js';

export const WORK_MIGRATIONS_DIR = fileURLToPath(new URL('./data-access/migrations', import.meta.url));

export interface TWorkService {
  url: string;
  /** /health, /ready and /metrics (INTERNAL_HOST:INTERNAL_PORT). */
  internalUrl: string;
  pool: Pool;
  logger: Logger;
  /** What the use cases run with (the tests call the scheduled jobs' functions with it directly). */
  deps: TWorkDeps;
  stop(): Promise<void>;
}

/** Starts the work service: migrations, HTTP API, outbox relay, consumers (users, settings), scheduled jobs and the review-job worker. */
export async function start(config: TWorkConfig): Promise<TWorkService> {
  const runtime = await createServiceRuntime(config, { name: 'work', migrationsDir: WORK_MIGRATIONS_DIR, requestTimeout: config.UPLOAD_REQUEST_TIMEOUT_MS });
  const { app, pool, redis, logger, hooks } = runtime;
  try {
    const storage = await createLocalFileStorage(config.UPLOAD_DIR);
    const swept = await storage.sweepTemporary(60 * 60_000);
    if (swept > 0) logger.info({ swept }, 'removed temporary upload files left by an earlier run');
    const images = createImageGate({ concurrency: config.IMAGE_DECODE_CONCURRENCY, queue: config.IMAGE_DECODE_QUEUE });
    const uploads = createUploadLimit(redis, {
      name: 'submission',
      what: 'submissions',
      perUser: config.SUBMISSION_UPLOADS_PER_USER,
      perAddress: config.SUBMISSION_UPLOADS_PER_ADDRESS,
      windowSeconds: config.SUBMISSION_UPLOAD_WINDOW_SECONDS,
    });
    const deps: TWorkDeps = {
      pool,
      storage,
      logger,
      autoApprovalDaysDefault: config.AUTO_APPROVAL_DAYS_DEFAULT,
      maxLiveAssignmentsDefault: config.MAX_LIVE_ASSIGNMENTS_DEFAULT,
      assignmentTimeLimitHoursDefault: config.ASSIGNMENT_TIME_LIMIT_HOURS_DEFAULT,
      appealWindowDaysDefault: config.APPEAL_WINDOW_DAYS_DEFAULT,
      appealDecisionDaysDefault: config.APPEAL_DECISION_DAYS_DEFAULT,
      images,
      uploads,
      claimSeconds: config.SUBMISSION_CLAIM_SECONDS,
      bulkSpotCheckEveryDefault: config.BULK_SPOT_CHECK_EVERY_DEFAULT,
      reviewJobs: IDLE_REVIEW_JOB_WORKER,
    };

    await app.register(multipart, {
      limits: {
        fileSize: MAX_SUBMISSION_FILE_BYTES,
        files: MAX_SUBMISSION_FILES,
        fields: 5,
        parts: MAX_SUBMISSION_FILES + 5,
        // UTF-8: up to 4 bytes a character.
        fieldSize: SUBMISSION_TEXT_MAX_LENGTH * 4,
        headerPairs: 100,
      },
    });
    const routeDeps = { deps, hooks };
    registerTaskRoutes(app, routeDeps);
    // GET /internal/users/:id/export: this service's part of a user's data download (issue 15).
    registerUserExportRoutes(app, { pool, hooks });
    registerTakeAndSubmitRoutes(app, routeDeps);
    registerReviewRoutes(app, routeDeps);
    registerReviewTemplateRoutes(app, routeDeps);
    registerAppealRoutes(app, routeDeps);
    registerClaimRoutes(app, routeDeps);
    registerReviewJobRoutes(app, routeDeps);
    registerFileRoutes(app, routeDeps);
    registerTaskPackageRoutes(app, routeDeps);
    registerStatsInternalRoutes(app, routeDeps);
    registerInternalUserRoutes(app, routeDeps);
    const url = await runtime.listen();

    runtime.startRelay();
    runtime.consume({ queue: USERS_QUEUE, routingKeys: USERS_ROUTING_KEYS, handler: onUserEvent });
    runtime.consume({ queue: USER_ERASURE_QUEUE, routingKeys: USER_ERASURE_ROUTING_KEYS, handler: createOnUserDeleted(deps) });
    runtime.consume({ queue: SETTINGS_QUEUE, routingKeys: SETTINGS_ROUTING_KEYS, handler: onSettingsChanged });

    if (config.REVIEW_JOB_WORKER) {
      const worker = startReviewJobWorker(deps, { pollMs: config.REVIEW_JOB_POLL_MS, batchSize: config.REVIEW_JOB_BATCH_SIZE, logger });
      deps.reviewJobs = worker;
      runtime.onStop(() => worker.stop());
    }

    if (config.JOBS_ENABLED) {
      await runtime.startJobs(scheduledWorkJobs(deps, { autoApprovalMs: config.AUTO_APPROVAL_INTERVAL_MS, releaseExpiredMs: config.RELEASE_EXPIRED_INTERVAL_MS }));
    }

    logger.info({ url, uploadDir: config.UPLOAD_DIR, jobs: config.JOBS_ENABLED }, 'work service started');
    return { url, internalUrl: runtime.internalUrl(), pool, logger, deps, stop: runtime.stop };
  } catch (error) {
    await runtime.stop();
    throw error;
  }
}
