import multipart from '@fastify/multipart';
import { createServiceRuntime, type Logger, type Pool } from '@platform/service-kit';
import { fileURLToPath } from 'node:url';
import type { TAdminConfig } from './config.js';
import { createInternalApis } from './data-access/internal-apis.client.js';
import { createMailer } from './data-access/mailer.js';
import type { TAdminDeps } from './domain/deps.js';
import { fillBuiltInTranslations } from './domain/email-templates.use-case.js';
import { publishUnpublishedSettings } from './domain/settings.use-case.js';
import { contentJobs, type TJobsHandle } from './entry-points/jobs/content.job.js';
import { registerAwardRoutes } from './entry-points/http/awards.routes.js';
import { registerEmailTemplateRoutes } from './entry-points/http/email-templates.routes.js';
import { registerUserExportRoutes } from './entry-points/http/user-export.routes.js';
import { registerWelcomeVideoRoutes } from './entry-points/http/welcome-video.routes.js';
import { createMediaStorage } from './data-access/welcome-video.repository.js';
import { registerNewsRoutes } from './entry-points/http/news.routes.js';
import { registerPublicBrandingRoutes } from './entry-points/http/public-branding.routes.js';
import { registerPublicFiguresRoutes } from './entry-points/http/public-figures.routes.js';
import { createPublicFiguresReader, createPublicTrustReader } from './domain/public-figures.use-case.js';
import { registerPublicTrustRoutes } from './entry-points/http/public-trust.routes.js';
import { registerSettingsAndAuditRoutes } from './entry-points/http/settings-and-audit.routes.js';
import { registerStatisticsRoutes } from './entry-points/http/statistics.routes.js';
import { createReadModelEventsHandler, READ_MODEL_QUEUE, READ_MODEL_ROUTING_KEYS, READ_MODEL_BATCH_WAIT_MS, readModelLockKey, RETIRED_READ_MODEL_QUEUES } from './entry-points/messaging/read-model-events.handler.js';
import { AUDIT_QUEUE, AUDIT_ROUTING_KEYS, createAuditEventsHandler } from './entry-points/messaging/audit-events.handler.js';
import { createMailEventsHandler, MAIL_BATCH_SIZE, MAIL_BATCH_WAIT_MS, MAIL_QUEUE, MAIL_ROUTING_KEYS } from './entry-points/messaging/mail-events.handler.js';
import { createOnUserDeletedHandler, USER_ERASURE_QUEUE, USER_ERASURE_ROUTING_KEYS } from './entry-points/messaging/on-user-deleted.handler.js';

export const ADMIN_MIGRATIONS_DIR = fileURLToPath(new URL('./data-access/migrations', import.meta.url));

export interface TAdminService {
  url: string;
  /** /health, /ready and /metrics (INTERNAL_HOST:INTERNAL_PORT). */
  internalUrl: string;
  pool: Pool;
  logger: Logger;
  stop(): Promise<void>;
}

/**
 * Starts the admin service: migrations, the first publication of settings never published, the HTTP API, the
 * outbox relay, and the mail and audit consumers.
 */
export async function start(config: TAdminConfig): Promise<TAdminService> {
  const runtime = await createServiceRuntime(config, { name: 'admin', migrationsDir: ADMIN_MIGRATIONS_DIR, bodyLimit: 1024 * 1024 });
  const { app, pool, logger, hooks } = runtime;
  try {
    const deps: TAdminDeps = { pool, logger };
    // Into the outbox only; the relay below sends them once the broker is reachable.
    await publishUnpublishedSettings(deps);
    // Stored built-in e-mail templates without a Russian version get the built-in one (issue 28).
    await fillBuiltInTranslations(deps);

    const mailer = createMailer({ from: config.MAIL_FROM, smtpUrl: config.SMTP_URL, outboxDir: config.MAIL_OUTBOX_DIR, logger });
    runtime.onStop(() => mailer.close());
    runtime.startRelay();

    registerEmailTemplateRoutes(app, { deps, hooks });
    // GET /internal/users/:id/export: this service's part of a user's data download (issue 15).
    registerUserExportRoutes(app, { pool, hooks });
    registerSettingsAndAuditRoutes(app, { deps, hooks });
    // The welcome video (issue 28): uploaded by admins into this service's media folder, served at /assets/welcome-video.
    await app.register(multipart, { limits: { fileSize: config.WELCOME_VIDEO_MAX_BYTES + 1, files: 1, fields: 5, parts: 6, fieldSize: 1024, headerPairs: 100 } });
    const media = await createMediaStorage(config.MEDIA_DIR);
    registerWelcomeVideoRoutes(app, { deps: { ...deps, media, maxBytes: config.WELCOME_VIDEO_MAX_BYTES, defaultFile: config.WELCOME_VIDEO_DEFAULT_FILE }, hooks });
    // The dashboard: its read model is fed by the admin.read-model queue (below).
    const internalApis = createInternalApis({
      authUrl: config.AUTH_INTERNAL_URL,
      workUrl: config.WORK_INTERNAL_URL,
      payoutsUrl: config.PAYOUTS_INTERNAL_URL,
      timeoutMs: config.INTERNAL_API_TIMEOUT_MS,
      logger,
    });
    registerStatisticsRoutes(app, { deps: { ...deps, internalApis }, hooks });
    // News and awards; the news mailing's batches and the leaderboards run as BullMQ jobs (started below).
    const jobsHandle: TJobsHandle = {};
    const content = contentJobs({ ...deps, mailer, appBaseUrl: config.APP_BASE_URL }, jobsHandle, {
      leaderboardsEveryMs: config.LEADERBOARDS_INTERVAL_MS,
      mailingSweepEveryMs: config.NEWS_MAIL_SWEEP_INTERVAL_MS,
    });
    const queueNewsMailing = async (newsId: string) => {
      if (jobsHandle.jobs) await jobsHandle.jobs.enqueue(content.batch, { newsId });
    };
    registerNewsRoutes(app, { deps: { ...deps, queueNewsMailing }, hooks });
    registerAwardRoutes(app, { deps, hooks });
    // The landing pages' live figures (issue 16), from the admin.read-model queue (below).
    const figures = createPublicFiguresReader(deps, { cacheMs: config.PUBLIC_FIGURES_CACHE_MS });
    registerPublicFiguresRoutes(app, { figures, cacheSeconds: Math.ceil(config.PUBLIC_FIGURES_CACHE_MS / 1000) });
    // The public trust page (issue 31): operator, rules and the trust figures, cached like the landing figures.
    const trust = createPublicTrustReader(deps, { cacheMs: config.PUBLIC_FIGURES_CACHE_MS });
    registerPublicTrustRoutes(app, { trust, cacheSeconds: Math.ceil(config.PUBLIC_FIGURES_CACHE_MS / 1000) });
    // The platform's name for the app's title and brand (issue 28).
    registerPublicBrandingRoutes(app, { deps });
    const url = await runtime.listen();

    runtime.consume({
      queue: MAIL_QUEUE,
      routingKeys: MAIL_ROUTING_KEYS,
      handler: createMailEventsHandler({ mailer, appBaseUrl: config.APP_BASE_URL }),
      batchWaitMs: MAIL_BATCH_WAIT_MS,
      batchSize: MAIL_BATCH_SIZE,
    });
    runtime.consume({ queue: AUDIT_QUEUE, routingKeys: AUDIT_ROUTING_KEYS, handler: createAuditEventsHandler() });
    runtime.consume({
      queue: USER_ERASURE_QUEUE,
      routingKeys: USER_ERASURE_ROUTING_KEYS,
      handler: createOnUserDeletedHandler({ mailer, appBaseUrl: config.APP_BASE_URL }),
    });
    // The statistics, the public and trust figures and the leaderboards: one queue, one transaction per batch. It took
    // over the three queues each had before (issue 33), moved into it and deleted when still there.
    runtime.consume({
      queue: READ_MODEL_QUEUE,
      routingKeys: READ_MODEL_ROUTING_KEYS,
      handler: createReadModelEventsHandler({ pool, logger }),
      lockOrderKey: readModelLockKey,
      batchWaitMs: READ_MODEL_BATCH_WAIT_MS,
      retiredQueues: RETIRED_READ_MODEL_QUEUES,
    });
    if (config.JOBS_ENABLED) jobsHandle.jobs = await runtime.startJobs(content.jobs);

    logger.info({ url, mail: config.SMTP_URL ? 'smtp' : `outbox folder ${config.MAIL_OUTBOX_DIR}` }, 'admin service started');
    return { url, internalUrl: runtime.internalUrl(), pool, logger, stop: runtime.stop };
  } catch (error) {
    await runtime.stop();
    throw error;
  }
}
