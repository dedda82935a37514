import {
  createAmqpConnection,
  createAuthHooks,
  createHttpServer,
  createLogger,
  createMetrics,
  createPool,
  createRedis,
  createTokenSigner,
  createTokenVerifier,
  ensureDatabase,
  listen,
  startOutboxRelay,
  type TAmqpConnection,
  type Logger,
  type Pool,
  type TMetrics,
} from '@platform/service-kit';
import type { TAuthConfig } from './config.js';
import { migrateAuthDatabase } from './data-access/migrate.js';
import { prepareDummyHash } from './domain/passwords.js';
import type { TAuthDeps } from './domain/deps.js';
import { registerAdminUserRoutes } from './entry-points/http/admin-users.routes.js';
import { registerAuthRoutes } from './entry-points/http/auth.routes.js';
import { registerOnboardingRoutes } from './entry-points/http/onboarding.routes.js';
import { seedDevelopment } from './scripts/seed-dev.js';

export type { TAuthConfig } from './config.js';
export { loadAuthConfig, ZAuthConfigSchema } from './config.js';

export interface TAuthService {
  url: string;
  pool: Pool;
  stop(): Promise<void>;
}

/** Publishes the outbox to the events exchange (publisher confirms, reconnecting on its own). */
function startRelay(config: TAuthConfig, pool: Pool, logger: Logger, metrics: TMetrics): { stop(): Promise<void>; amqp: TAmqpConnection } | undefined {
  if (!config.OUTBOX_RELAY_ENABLED) return undefined;
  const amqp = createAmqpConnection({ url: config.RABBITMQ_URL, exchange: config.EVENTS_EXCHANGE, logger, connectionName: 'auth outbox relay' });
  const relay = startOutboxRelay({ pool, amqp, logger, metrics });
  return {
    amqp,
    async stop() {
      await relay.stop();
      await amqp.close();
    },
  };
}

/** The identity service: migrations, (development seed), HTTP server, outbox relay. */
export async function start(config: TAuthConfig): Promise<TAuthService> {
  const logger = createLogger({ service: 'auth', level: config.LOG_LEVEL });
  const metrics = createMetrics('auth');
  if (config.CREATE_DATABASE && config.NODE_ENV !== 'production') await ensureDatabase(config.DATABASE_URL);
  const pool = createPool(config.DATABASE_URL, { applicationName: 'auth' });
  const redis = createRedis(config.REDIS_URL, config.REDIS_PREFIX);
  let relay: ReturnType<typeof startRelay>;
  const closeClients = async () => {
    await relay?.stop().catch(() => undefined);
    redis.disconnect();
    await pool.end().catch(() => undefined);
  };
  try {
    await migrateAuthDatabase(pool, logger);
    if (config.SEED_DEV_DATA && config.NODE_ENV !== 'production') await seedDevelopment(pool, logger);

    await prepareDummyHash();
    const signer = await createTokenSigner({ privateKeyPem: config.JWT_PRIVATE_KEY, audience: config.JWT_AUDIENCE, issuer: config.JWT_ISSUER });
    const verifier = await createTokenVerifier({ publicKeyPem: config.JWT_PUBLIC_KEY, audience: config.JWT_AUDIENCE, issuer: config.JWT_ISSUER, redis });
    const hooks = createAuthHooks(verifier);
    const payouts = { url: config.PAYOUTS_INTERNAL_URL, timeoutMs: config.PAYOUTS_TIMEOUT_MS, logger };
    if (!payouts.url) logger.warn('PAYOUTS_INTERNAL_URL is not set: every balance is answered as null (unknown)');
    const deps: TAuthDeps = { pool, redis, signer, logger, config, payouts };

    relay = startRelay(config, pool, logger, metrics);
    const amqp = relay?.amqp;
    const app = createHttpServer({
      logger,
      metrics,
      readiness: [
        { name: 'postgres', check: () => pool.query('SELECT 1') },
        { name: 'redis', check: () => redis.ping() },
        ...(amqp ? [{ name: 'rabbitmq', check: () => amqp.check() }] : []),
      ],
    });
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.url.startsWith('/api/')) void reply.header('cache-control', 'no-store');
      return payload;
    });
    registerAuthRoutes(app, deps, hooks);
    registerOnboardingRoutes(app, deps, hooks);
    registerAdminUserRoutes(app, deps, hooks);

    const url = await listen(app, config.HOST, config.PORT);
    logger.info({ url }, 'auth service listening');

    let stopped = false;
    return {
      url,
      pool,
      async stop() {
        if (stopped) return;
        stopped = true;
        await app.close();
        await relay?.stop();
        await redis.quit().catch(() => redis.disconnect());
        await pool.end();
      },
    };
  } catch (error) {
    await closeClients();
    throw error;
  }
}
