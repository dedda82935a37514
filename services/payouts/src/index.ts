import { fileURLToPath } from 'node:url';
import {
  createAmqpConnection,
  createAuthHooks,
  createHttpServer,
  createLogger,
  createMetrics,
  createPool,
  createRedis,
  createTokenVerifier,
  ensureDatabase,
  KIT_MIGRATIONS_DIR,
  listen,
  runMigrations,
  startConsumer,
  startOutboxRelay,
  type Logger,
  type Pool,
  type TConsumer,
  type TEventHandler,
} from '@platform/service-kit';
import type { TPayoutsConfig } from './config.js';
import type { TPayoutsDeps } from './domain/deps.js';
import { registerInternalRoutes } from './entry-points/http/internal.routes.js';
import { registerLedgerRoutes } from './entry-points/http/ledger.routes.js';
import { registerWalletAndSettingsRoutes } from './entry-points/http/wallets-and-settings.routes.js';
import { registerWithdrawalRoutes } from './entry-points/http/withdrawals.routes.js';
import { createOnSettingsChanged, SETTINGS_QUEUE, SETTINGS_ROUTING_KEYS } from './entry-points/messaging/on-settings-changed.handler.js';
import { onSubmissionApproved, REWARDS_QUEUE, REWARDS_ROUTING_KEYS } from './entry-points/messaging/on-submission-approved.handler.js';
import { ACCOUNTS_QUEUE, ACCOUNTS_ROUTING_KEYS, onUserEvent } from './entry-points/messaging/on-user-event.handler.js';

export type { TPayoutsConfig } from './config.js';
export { loadPayoutsConfig, ZPayoutsConfigSchema } from './config.js';
export { ACCOUNTS_QUEUE, REWARDS_QUEUE, SETTINGS_QUEUE };

export const PAYOUTS_MIGRATIONS_DIR = fileURLToPath(new URL('./data-access/migrations', import.meta.url));

export interface TPayoutsService {
  url: string;
  /** The service's pool (tests and benchmarks check the ledger's invariants through it). */
  pool: Pool;
  logger: Logger;
  /** True once every consumer is subscribed (events published before that are still queued, once bound). */
  consumersReady(): boolean;
  stop(): Promise<void>;
}

/** Starts the payouts service: migrations, HTTP API, outbox relay and the consumers (accounts, rewards, settings). */
export async function start(config: TPayoutsConfig): Promise<TPayoutsService> {
  const logger = createLogger({ service: 'payouts', level: config.LOG_LEVEL });
  const metrics = createMetrics('payouts');
  if (config.CREATE_DATABASE && config.NODE_ENV !== 'production') await ensureDatabase(config.DATABASE_URL);
  const pool = createPool(config.DATABASE_URL, { applicationName: 'payouts', max: config.DATABASE_POOL_SIZE });
  const stopSteps: (() => Promise<unknown> | unknown)[] = [() => pool.end()];
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    for (const step of stopSteps.splice(0).reverse()) {
      await Promise.resolve(step()).catch((error: unknown) => logger.warn({ err: error }, 'error while stopping'));
    }
  };

  try {
    await runMigrations(pool, [{ name: 'service-kit', dir: KIT_MIGRATIONS_DIR }, { name: 'payouts', dir: PAYOUTS_MIGRATIONS_DIR }], logger);
    const deps: TPayoutsDeps = { pool, logger };

    const redis = createRedis(config.REDIS_URL, config.REDIS_PREFIX);
    stopSteps.push(() => redis.quit().catch(() => redis.disconnect()));
    const verifier = await createTokenVerifier({ publicKeyPem: config.JWT_PUBLIC_KEY, audience: config.JWT_AUDIENCE, issuer: config.JWT_ISSUER, redis });
    const hooks = createAuthHooks(verifier);

    const amqp = createAmqpConnection({ url: config.RABBITMQ_URL, exchange: config.EVENTS_EXCHANGE, logger, connectionName: 'payouts' });
    stopSteps.push(() => amqp.close());

    const app = createHttpServer({
      logger,
      metrics,
      readiness: [
        { name: 'postgres', check: () => pool.query('SELECT 1') },
        { name: 'redis', check: () => redis.ping() },
        { name: 'rabbitmq', check: () => amqp.check() },
      ],
    });
    app.addHook('onSend', async (request, reply, payload) => {
      if ((request.url.startsWith('/api/') || request.url.startsWith('/internal/')) && !reply.hasHeader('cache-control')) {
        void reply.header('cache-control', 'no-store');
      }
      return payload;
    });
    const routeDeps = { deps, hooks };
    registerWithdrawalRoutes(app, routeDeps);
    registerLedgerRoutes(app, routeDeps);
    registerWalletAndSettingsRoutes(app, routeDeps);
    registerInternalRoutes(app, routeDeps);
    const url = await listen(app, config.HOST, config.PORT);
    stopSteps.push(() => app.close());

    const relay = startOutboxRelay({ pool, amqp, logger, metrics });
    stopSteps.push(() => relay.stop());
    const running: TConsumer[] = [];
    if (config.CONSUMERS_ENABLED) {
      const consumers: [string, readonly string[], TEventHandler][] = [
        [ACCOUNTS_QUEUE, ACCOUNTS_ROUTING_KEYS, onUserEvent],
        [REWARDS_QUEUE, REWARDS_ROUTING_KEYS, onSubmissionApproved],
        [SETTINGS_QUEUE, SETTINGS_ROUTING_KEYS, createOnSettingsChanged(logger)],
      ];
      for (const [queue, routingKeys, handler] of consumers) {
        const consumer = startConsumer({ pool, amqp, queue: `${config.QUEUE_PREFIX}${queue}`, routingKeys: [...routingKeys], handler, logger, metrics });
        running.push(consumer);
        stopSteps.push(() => consumer.stop());
      }
    }

    logger.info({ url }, 'payouts service started');
    return { url, pool, logger, consumersReady: () => running.every((c) => c.isConsuming()), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
