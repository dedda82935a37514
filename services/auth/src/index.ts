import { createServiceRuntime, createUploadLimit, lockOrderByDataField, createTokenSigner, type Pool } from '@platform/service-kit';
import { createImageGate } from '@platform/service-kit/images';
import multipart from '@fastify/multipart';
import { MAX_VERIFICATION_IMAGE_BYTES } from '@platform/contracts';
import type { TAuthConfig } from './config.js';
import { createPasswordAttempts } from './domain/password-attempts.js';
import { AUTH_MIGRATIONS_DIR } from './data-access/migrate.js';
import { createPayoutsClient } from './data-access/payouts.client.js';
import { createUserExportSources } from './data-access/user-export.client.js';
import { createWorkClient } from './data-access/work.client.js';
import { prepareDummyHash } from './domain/passwords.js';
import type { TAuthDeps } from './domain/deps.js';
import { registerAdminUserRoutes } from './entry-points/http/admin-users.routes.js';
import { registerAuthRoutes } from './entry-points/http/auth.routes.js';
import { registerContentAdminRoutes } from './entry-points/http/content-admin.routes.js';
import { registerManageUserRoutes } from './entry-points/http/manage-users.routes.js';
import { registerOnboardingRoutes } from './entry-points/http/onboarding.routes.js';
import { registerReferralRoutes } from './entry-points/http/referrals.routes.js';
import { registerInternalUserRoutes } from './entry-points/http/internal-users.routes.js';
import { registerStatsInternalRoutes } from './entry-points/http/stats.internal.routes.js';
import { authJobs } from './entry-points/jobs/referral-clicks.job.js';
import { createReferralFunnelHandler, REFERRAL_FUNNEL_QUEUE, REFERRAL_FUNNEL_ROUTING_KEYS } from './entry-points/messaging/on-referral-funnel.handler.js';
import { seedDevelopment } from './scripts/seed-dev.js';
import { registerVerificationRoutes } from './entry-points/http/verification.routes.js';
import { registerUserExportRoutes } from './entry-points/http/user-export.routes.js';
import { createExportCounter } from './domain/user-export.use-case.js';
import { verificationJobs } from './entry-points/jobs/verification-retention.job.js';
import {
  ACTIVITY_BATCH_WAIT_MS,
  ACTIVITY_QUEUE,
  ACTIVITY_ROUTING_KEYS,
  activityEventsHandler,
  VERIFICATION_SETTINGS_QUEUE,
  VERIFICATION_SETTINGS_ROUTING_KEYS,
  verificationSettingsHandler,
} from './entry-points/messaging/activity-events.handler.js';
import { userExportSources, verificationKeyRing } from './verification-config.js';

export type { TAuthConfig } from './config.js';
export { loadAuthConfig, ZAuthConfigSchema } from './config.js';

export interface TAuthService {
  url: string;
  /** /health, /ready and /metrics (INTERNAL_HOST:INTERNAL_PORT). */
  internalUrl: string;
  pool: Pool;
  stop(): Promise<void>;
}

/** The identity service: migrations, (development seed), HTTP server, outbox relay. */
export async function start(config: TAuthConfig): Promise<TAuthService> {
  const runtime = await createServiceRuntime(config, {
    name: 'auth',
    migrationsDir: AUTH_MIGRATIONS_DIR,
    createDatabase: config.CREATE_DATABASE,
    // Tools that must not touch the broker turn the relay off.
    broker: config.OUTBOX_RELAY_ENABLED,
  });
  const { app, pool, redis, logger, hooks } = runtime;
  try {
    if (config.SEED_DEV_DATA && config.NODE_ENV !== 'production') await seedDevelopment(pool, logger);

    await prepareDummyHash();
    const signer = await createTokenSigner({ privateKeyPem: config.JWT_PRIVATE_KEY, audience: config.JWT_AUDIENCE, issuer: config.JWT_ISSUER });
    // The doors to the other services' /internal/ APIs (service-kit's internal client, one timeout).
    const internal = { timeoutMs: config.INTERNAL_API_TIMEOUT_MS, logger };
    const payouts = createPayoutsClient({ ...internal, baseUrl: config.PAYOUTS_INTERNAL_URL });
    if (!payouts.configured) logger.warn('PAYOUTS_INTERNAL_URL is not set: every balance is answered as null (unknown)');
    const work = createWorkClient({ ...internal, baseUrl: config.WORK_INTERNAL_URL });
    const deps: TAuthDeps = { pool, redis, signer, logger, config, payouts, work, passwordAttempts: createPasswordAttempts(redis, config) };

    if (config.OUTBOX_RELAY_ENABLED) runtime.startRelay();
    // Identity verification (two images, in memory only), the activity history and the data export (issue 15).
    await app.register(multipart, { limits: { fileSize: MAX_VERIFICATION_IMAGE_BYTES, files: 2, fields: 10, parts: 12, fieldSize: 2048, headerPairs: 100 } });
    const keyRing = verificationKeyRing(config, logger);
    const images = createImageGate({ concurrency: config.IMAGE_DECODE_CONCURRENCY, queue: config.IMAGE_DECODE_QUEUE });
    const uploads = createUploadLimit(redis, {
      name: 'verification',
      what: 'verification attempts',
      perUser: config.VERIFICATION_UPLOADS_PER_USER,
      perAddress: config.VERIFICATION_UPLOADS_PER_ADDRESS,
      windowSeconds: config.VERIFICATION_UPLOAD_WINDOW_SECONDS,
    });
    registerVerificationRoutes(app, { deps: { pool, logger, keyRing, images, uploads }, hooks });
    registerUserExportRoutes(app, {
      deps: { pool, redis, logger, keyRing, sources: createUserExportSources(userExportSources(config), internal), exportCounter: createExportCounter(redis, config.USER_EXPORTS_PER_DAY) },
      hooks,
    });
    const routeDeps = { deps, hooks };
    registerAuthRoutes(app, routeDeps);
    registerOnboardingRoutes(app, routeDeps);
    registerAdminUserRoutes(app, routeDeps);
    registerContentAdminRoutes(app, routeDeps);
    registerManageUserRoutes(app, routeDeps);
    registerReferralRoutes(app, routeDeps);
    registerStatsInternalRoutes(app, routeDeps);
    registerInternalUserRoutes(app, routeDeps);

    const url = await runtime.listen();
    // The referral funnel (first task, first payout of referred workers) and the clicks' folding (issue 16).
    if (config.OUTBOX_RELAY_ENABLED) {
      runtime.consume({ queue: REFERRAL_FUNNEL_QUEUE, routingKeys: REFERRAL_FUNNEL_ROUTING_KEYS, handler: createReferralFunnelHandler(), lockOrderKey: lockOrderByDataField('userId') });
    }
    if (config.JOBS_ENABLED) {
      await runtime.startJobs([
        ...authJobs(deps, { intervalMs: config.REFERRAL_AGGREGATE_INTERVAL_MS, batchSize: config.REFERRAL_AGGREGATE_BATCH_SIZE }),
        ...verificationJobs(deps, { intervalMs: config.VERIFICATION_RETENTION_INTERVAL_MS }),
      ]);
    }
    if (config.OUTBOX_RELAY_ENABLED) {
      runtime.consume({ queue: ACTIVITY_QUEUE, routingKeys: ACTIVITY_ROUTING_KEYS, handler: activityEventsHandler, batchWaitMs: ACTIVITY_BATCH_WAIT_MS });
      runtime.consume({ queue: VERIFICATION_SETTINGS_QUEUE, routingKeys: VERIFICATION_SETTINGS_ROUTING_KEYS, handler: verificationSettingsHandler });
    }
    logger.info({ url }, 'auth service listening');
    return { url, internalUrl: runtime.internalUrl(), pool, stop: runtime.stop };
  } catch (error) {
    await runtime.stop();
    throw error;
  }
}
