import {
  createAmqpConnection,
  createAuthHooks,
  createHttpServer,
  createLogger,
  createMetrics,
  createPool,
  createRedis,
  createTokenVerifier,
  KIT_MIGRATIONS_DIR,
  listen,
  runMigrations,
  startConsumer,
  startOutboxRelay,
  type Logger,
  type Pool,
} from '@platform/service-kit';
import { fileURLToPath } from 'node:url';
import type { TAdminConfig } from './config.js';
import { createMailer } from './data-access/mailer.js';
import { publishUnpublishedSettings } from './domain/settings.use-case.js';
import { registerEmailTemplateRoutes } from './entry-points/http/email-templates.routes.js';
import { registerSettingsAndAuditRoutes } from './entry-points/http/settings-and-audit.routes.js';
import { AUDIT_QUEUE, AUDIT_ROUTING_KEYS, createAuditEventsHandler } from './entry-points/messaging/audit-events.handler.js';
import { createMailEventsHandler, MAIL_QUEUE, MAIL_ROUTING_KEYS } from './entry-points/messaging/mail-events.handler.js';

export const ADMIN_MIGRATIONS_DIR = fileURLToPath(new URL('./data-access/migrations', import.meta.url));

export interface TAdminService {
  url: string;
  pool: Pool;
  logger: Logger;
  stop(): Promise<void>;
}

/**
 * Starts the admin service: migrations, the first publication of settings never published, the HTTP API, the
 * outbox relay, and the mail and audit consumers.
 */
export async function start(config: TAdminConfig): Promise<TAdminService> {
  const logger = createLogger({ service: 'admin', level: config.LOG_LEVEL });
  const metrics = createMetrics('admin');
  const pool = createPool(config.DATABASE_URL, { applicationName: 'admin' });
  const stopSteps: (() => Promise<unknown> | unknown)[] = [() => pool.end()];
  const stop = async () => {
    for (const step of stopSteps.splice(0).reverse()) {
      await Promise.resolve(step()).catch((error: unknown) => logger.warn({ err: error }, 'error while stopping'));
    }
  };

  try {
    await runMigrations(pool, [{ name: 'service-kit', dir: KIT_MIGRATIONS_DIR }, { name: 'admin', dir: ADMIN_MIGRATIONS_DIR }], logger);
    // Into the outbox only; the relay below sends them once the broker is reachable.
    await publishUnpublishedSettings(pool, logger);

    const redis = createRedis(config.REDIS_URL, config.REDIS_PREFIX);
    stopSteps.push(() => redis.quit());
    const verifier = await createTokenVerifier({
      publicKeyPem: config.JWT_PUBLIC_KEY,
      audience: config.JWT_AUDIENCE,
      issuer: config.JWT_ISSUER,
      redis,
    });
    const { requireAdmin } = createAuthHooks(verifier);

    const mailer = createMailer({ from: config.MAIL_FROM, smtpUrl: config.SMTP_URL, outboxDir: config.MAIL_OUTBOX_DIR, logger });
    stopSteps.push(() => mailer.close());

    const amqp = createAmqpConnection({ url: config.RABBITMQ_URL, exchange: config.EVENTS_EXCHANGE, logger, connectionName: 'admin' });
    stopSteps.push(() => amqp.close());
    const relay = startOutboxRelay({ pool, amqp, logger, metrics });
    stopSteps.push(() => relay.stop());

    const app = createHttpServer({
      logger,
      metrics,
      bodyLimit: 1024 * 1024,
      readiness: [
        { name: 'postgres', check: () => pool.query('SELECT 1') },
        { name: 'redis', check: () => redis.ping() },
        { name: 'rabbitmq', check: () => amqp.check() },
      ],
    });
    await registerEmailTemplateRoutes(app, { pool, requireAdmin });
    await registerSettingsAndAuditRoutes(app, { pool, requireAdmin });
    const url = await listen(app, config.HOST, config.PORT);
    stopSteps.push(() => app.close());

    const mailConsumer = startConsumer({
      pool,
      amqp,
      queue: `${config.QUEUE_PREFIX}${MAIL_QUEUE}`,
      routingKeys: [...MAIL_ROUTING_KEYS],
      handler: createMailEventsHandler({ mailer, appBaseUrl: config.APP_BASE_URL }),
      logger,
      metrics,
    });
    stopSteps.push(() => mailConsumer.stop());

    const auditConsumer = startConsumer({
      pool,
      amqp,
      queue: `${config.QUEUE_PREFIX}${AUDIT_QUEUE}`,
      routingKeys: [...AUDIT_ROUTING_KEYS],
      handler: createAuditEventsHandler(),
      logger,
      metrics,
    });
    stopSteps.push(() => auditConsumer.stop());

    logger.info({ url, mail: config.SMTP_URL ? 'smtp' : `outbox folder ${config.MAIL_OUTBOX_DIR}` }, 'admin service started');
    return { url, pool, logger, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
