import type { Channel } from 'amqplib';
import { createAmqpConnection, type TAmqpConnection } from './amqp.js';
import { createAuthHooks } from './auth.js';
import { createTokenVerifier, type TTokenVerifier } from './token-verifier.js';
import type { TBaseConfig } from './config.js';
import { deadLetterQueueName, startConsumer, type TConsumer, type TConsumerOptions } from './consumer.js';
import { createPool, ensureDatabase, KIT_MIGRATIONS_DIR, runMigrations, type Pool } from './db.js';
import { startJobs, type TJobDefinition, type TJobs } from './jobs.js';
import { createHttpServer, createInternalServer, listen, SERVICE_NO_STORE_PREFIXES, type TApp, type TCreateHttpServerOptions, type TReadinessCheck } from './http.js';
import { createLogger, type Logger } from './logger.js';
import { createMetrics, type TMetrics } from './metrics.js';
import { createRedis, type Redis } from './redis.js';
import { retireQueues } from './retired-queues.js';
import { startOutboxRelay, type TOutboxRelay } from './relay.js';
import { startTracing } from './tracing.js';

export interface TServiceRuntimeOptions extends Pick<TCreateHttpServerOptions, 'bodyLimit' | 'requestTimeout'> {
  /** The service's name: in its logs and metrics, its PostgreSQL application name, its RabbitMQ connection name and its migrations' scope. */
  name: string;
  /** The service's `NNNN_name.sql` folder, applied after the service-kit's own (outbox, inbox). */
  migrationsDir: string;
  /** Connections to PostgreSQL. Default 10. */
  poolSize?: number;
  /**
   * Pipeline mode for the pool's connections (createPool): statements issued together share a round trip and leave in
   * one write (BEGIN with the first statement, the consumer's savepoint with the handler's first statement). Statements
   * awaited one by one behave as without it. Default true.
   */
  pipeline?: boolean;
  /** Creates the database named in DATABASE_URL when missing; never attempted with NODE_ENV=production. */
  createDatabase?: boolean;
  /** false: no RabbitMQ connection at all (no relay, no consumers, no rabbitmq readiness check). Default true. */
  broker?: boolean;
  /** Readiness checks beyond the standard postgres, redis and rabbitmq ones. */
  readiness?: TReadinessCheck[];
}

export type TServiceConsumeOptions = Omit<TConsumerOptions, 'pool' | 'amqp' | 'logger' | 'metrics' | 'routingKeys'> & {
  routingKeys: readonly string[];
  /**
   * Queues (without QUEUE_PREFIX) this consumer's queue takes over: on every connection, any of them still present is
   * unbound, its messages moved to this queue and deleted (retireQueues: a merge or a rename loses no event).
   */
  retiredQueues?: readonly string[];
};

export interface TServiceRuntime {
  logger: Logger;
  metrics: TMetrics;
  pool: Pool;
  redis: Redis;
  /** Undefined only with `broker: false`. */
  amqp: TAmqpConnection | undefined;
  /** The token check the hooks use (a socket server authenticates its connections with it too). */
  verifier: TTokenVerifier;
  hooks: ReturnType<typeof createAuthHooks>;
  /** The HTTP server (public port, reached through the gateway), with /health; /api/ and /internal/ answers are `cache-control: no-store` unless a route sets its own. */
  app: TApp;
  /** The internal server's base URL, once listening: /health, /ready (postgres, redis, rabbitmq and the extra checks) and /metrics. */
  internalUrl(): string;
  /** Adds a step to stop(): steps run in the reverse order of their adding. */
  onStop(step: () => Promise<unknown> | unknown): void;
  /** Starts a consumer on `QUEUE_PREFIX + queue`; stop() stops it. */
  consume(options: TServiceConsumeOptions): TConsumer;
  /** Starts the outbox relay; stop() stops it. */
  startRelay(): TOutboxRelay;
  /** Starts the service's background jobs on the BullMQ queue `<name>-jobs` (schedulers upserted); stop() stops them. */
  startJobs(jobs: readonly TJobDefinition[], options?: { concurrency?: number }): Promise<TJobs>;
  /** Listens on INTERNAL_HOST:INTERNAL_PORT (operations) and HOST:PORT, and resolves with the public base URL. */
  listen(): Promise<string>;
  /**
   * Closes the HTTP server first (no new requests, those in flight finish), then runs the other steps in the
   * reverse order of their start: the service's own steps, consumers and relay, then RabbitMQ, Redis and the pool.
   * A failing step is logged and the next one still runs. Calling it again waits for the same stop.
   */
  stop(): Promise<void>;
}

/**
 * What every service starts with: logger and metrics, (the database, in development), the pool and migrations,
 * Redis, the token verifier's auth hooks, the RabbitMQ connection and the HTTP server. If any of it fails, what was
 * already opened is closed and the error is thrown. The service adds its routes, consumers and jobs, then calls
 * listen(); if its own start-up fails, it calls stop().
 */
export async function createServiceRuntime(config: TBaseConfig, options: TServiceRuntimeOptions): Promise<TServiceRuntime> {
  const { name } = options;
  const logger = createLogger({ service: name, level: config.LOG_LEVEL });
  const metrics = createMetrics(name);
  // Off (nothing loaded) unless OTEL_EXPORTER_OTLP_ENDPOINT is set; before the HTTP server, which reads it.
  const flushTraces = await startTracing(name);
  const steps: (() => Promise<unknown> | unknown)[] = [];
  const onStop = (step: () => Promise<unknown> | unknown) => void steps.push(step);
  if (flushTraces) onStop(flushTraces);
  let http: TApp | undefined;
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      for (const step of [() => http?.close(), ...steps.splice(0).reverse()]) {
        await Promise.resolve()
          .then(step)
          .catch((error: unknown) => logger.warn({ err: error }, 'error while stopping'));
      }
    })());

  if (options.createDatabase && config.NODE_ENV !== 'production') await ensureDatabase(config.DATABASE_URL);
  const pool = createPool(config.DATABASE_URL, { applicationName: name, max: options.poolSize, logger, pipeline: options.pipeline ?? true });
  onStop(() => pool.end());
  metrics.onScrape('pg_pool', () => {
    metrics.pgPool.set({ state: 'total' }, pool.totalCount);
    metrics.pgPool.set({ state: 'idle' }, pool.idleCount);
    metrics.pgPool.set({ state: 'waiting' }, pool.waitingCount);
  });
  try {
    await runMigrations(pool, [{ name: 'service-kit', dir: KIT_MIGRATIONS_DIR }, { name, dir: options.migrationsDir }], logger);

    const redis = createRedis(config.REDIS_URL, config.REDIS_PREFIX, { logger });
    onStop(() => redis.quit().catch(() => redis.disconnect()));
    const verifier = await createTokenVerifier({ publicKeyPem: config.JWT_PUBLIC_KEY, audience: config.JWT_AUDIENCE, issuer: config.JWT_ISSUER, redis, logger });
    onStop(() => verifier.stop());

    const amqp = options.broker === false ? undefined : createAmqpConnection({ url: config.RABBITMQ_URL, exchange: config.EVENTS_EXCHANGE, logger, connectionName: name });
    if (amqp) onStop(() => amqp.close());
    const broker = (): TAmqpConnection => {
      if (!amqp) throw new Error(`${name} was started with broker: false; it cannot publish or consume events`);
      return amqp;
    };

    const readiness: TReadinessCheck[] = [
      { name: 'postgres', check: () => pool.query('SELECT 1') },
      { name: 'redis', check: () => redis.ping() },
      ...(amqp ? [{ name: 'rabbitmq', check: () => amqp.check() }] : []),
      ...(options.readiness ?? []),
    ];
    const app = createHttpServer({
      logger,
      metrics,
      bodyLimit: options.bodyLimit,
      requestTimeout: options.requestTimeout,
      trustProxy: config.TRUST_PROXY,
      noStorePrefixes: SERVICE_NO_STORE_PREFIXES,
      openApiService: name,
    });
    http = app;
    const internal = createInternalServer({ logger, metrics, readiness });
    // One channel for the scrape-time queue checks, opened when first needed and again after a failed check closed it.
    const probeChannel = channelForProbes(broker);
    onStop(() => probeChannel.close());
    onStop(() => internal.close());
    let internalUrl: string | undefined;

    return {
      logger,
      metrics,
      pool,
      redis,
      amqp,
      verifier,
      hooks: createAuthHooks(verifier),
      app,
      onStop,
      consume({ queue, routingKeys, retiredQueues, ...rest }) {
        const fullName = `${config.QUEUE_PREFIX}${queue}`;
        const consumer = startConsumer({ ...rest, pool, amqp: broker(), queue: fullName, routingKeys: [...routingKeys], logger, metrics, queueExpiresMs: config.QUEUE_EXPIRES_MS });
        onStop(() => consumer.stop());
        if (retiredQueues?.length) {
          const retired = retiredQueues.map((q) => `${config.QUEUE_PREFIX}${q}`);
          const retire = () =>
            retireQueues({ amqp: broker(), exchange: broker().exchange, into: fullName, routingKeys, retired, logger, queueExpiresMs: config.QUEUE_EXPIRES_MS }).catch((error: unknown) =>
              logger.warn({ err: error, retired }, 'could not retire the queues; tried again on the next connection'),
            );
          onStop(broker().onConnect(() => void retire()));
        }
        // Dead-letter depth, read when scraped (the queue exists once the consumer has subscribed).
        metrics.onScrape(`dlq:${fullName}`, async () => {
          if (!consumer.isConsuming()) return;
          const { messageCount } = await probeChannel.use((ch) => ch.checkQueue(deadLetterQueueName(fullName)));
          metrics.deadLetterDepth.set({ queue: fullName }, messageCount);
        });
        return consumer;
      },
      startRelay() {
        const relay = startOutboxRelay({ pool, amqp: broker(), logger, metrics });
        onStop(() => relay.stop());
        // Outbox lag and backlog, read when scraped (the partial index on unsent rows keeps this cheap).
        metrics.onScrape('outbox', async () => {
          const { rows } = await pool.query<{ unsent: number; lag: number }>(
            'SELECT count(*)::int AS unsent, COALESCE(EXTRACT(EPOCH FROM now() - min(created_at)), 0)::float8 AS lag FROM outbox WHERE sent_at IS NULL',
          );
          metrics.outboxUnpublished.set(rows[0]?.unsent ?? 0);
          metrics.outboxLag.set(rows[0]?.lag ?? 0);
        });
        return relay;
      },
      async startJobs(jobs, jobOptions = {}) {
        const started = await startJobs({ queue: `${name}-jobs`, redisUrl: config.REDIS_URL, redisPrefix: config.REDIS_PREFIX, logger, metrics, jobs, ...jobOptions });
        onStop(() => started.stop());
        return started;
      },
      async listen() {
        internalUrl = await listen(internal, config.INTERNAL_HOST, config.INTERNAL_PORT);
        return listen(app, config.HOST, config.PORT, config.LISTEN_FD);
      },
      internalUrl() {
        if (!internalUrl) throw new Error(`${name} is not listening yet`);
        return internalUrl;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A channel kept for scrape-time checks (checkQueue): reopened after a failed check, which closes it. */
function channelForProbes(broker: () => TAmqpConnection) {
  let channel: Promise<Channel> | undefined;
  return {
    async use<T>(fn: (ch: Channel) => Promise<T>): Promise<T> {
      channel ??= broker().createChannel();
      const opened = channel;
      try {
        return await fn(await opened);
      } catch (error) {
        if (channel === opened) channel = undefined;
        await opened.then((ch) => ch.close()).catch(() => undefined);
        throw error;
      }
    },
    async close() {
      const opened = channel;
      channel = undefined;
      await opened?.then((ch) => ch.close()).catch(() => undefined);
    },
  };
}
