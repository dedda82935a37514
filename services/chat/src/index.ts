import { fileURLToPath } from 'node:url';
import { createServiceRuntime, createTokenVerifier, lockOrderByDataField, type Logger, type Pool, type Redis, type TConsumer } from '@platform/service-kit';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { TChatConfig } from './config.js';
import { createAuthClient } from './data-access/auth.client.js';
import { createChatBus } from './data-access/chat-bus.js';
import { createPresence } from './data-access/presence.js';
import { CHAT_ERRORS } from './domain/chat.errors.js';
import type { TChatDeps, TSendLimiter } from './domain/deps.js';
import { createModerationStore } from './domain/moderation-store.js';
import { createRoomOrder, publishLeftBehind } from './domain/room-order.js';
import { registerAdminChatRoutes } from './entry-points/http/admin-chat.routes.js';
import { registerChatRoutes } from './entry-points/http/chat.routes.js';
import { registerUserExportRoutes } from './entry-points/http/user-export.routes.js';
import { registerSupportRoutes } from './entry-points/http/support.routes.js';
import { chatJobs } from './entry-points/jobs/archive.job.js';
import { hostname } from 'node:os';
import type { TAssistantDeps } from './domain/assistants.use-case.js';
import { readAssistantContext } from './domain/copies.use-case.js';
import { createProviderDispatcher, parseAllowedHosts } from './domain/provider-address.js';
import { createSecretBox } from './domain/secrets.js';
import { registerAssistantRoutes } from './entry-points/http/assistants.routes.js';
import { assistantJobs } from './entry-points/jobs/assistants.job.js';
import { onSettingsChanged, SETTINGS_QUEUE, SETTINGS_ROUTING_KEYS } from './entry-points/messaging/on-settings-changed.handler.js';
import { onTaskEvent, TASKS_QUEUE, TASKS_ROUTING_KEYS } from './entry-points/messaging/on-task-event.handler.js';
import { NEWS_QUEUE, NEWS_ROUTING_KEYS, onNewsEvent } from './entry-points/messaging/on-news-event.handler.js';
import { onUserDeleted, USER_ERASURE_QUEUE, USER_ERASURE_ROUTING_KEYS } from './entry-points/messaging/on-user-deleted.handler.js';
import { onUserEvent, USERS_QUEUE, USERS_ROUTING_KEYS } from './entry-points/messaging/on-user-event.handler.js';
import { startFanOut } from './entry-points/ws/fan-out.js';
import { startSocketSessions, type TSocketSessions } from './entry-points/ws/socket-sessions.js';

export type { TChatConfig } from './config.js';
export { loadChatConfig, ZChatConfigSchema } from './config.js';
export { NEWS_QUEUE, SETTINGS_QUEUE, TASKS_QUEUE, USERS_QUEUE };

export const CHAT_MIGRATIONS_DIR = fileURLToPath(new URL('./data-access/migrations', import.meta.url));

export interface TChatService {
  url: string;
  /** /health, /ready and /metrics (INTERNAL_HOST:INTERNAL_PORT). */
  internalUrl: string;
  pool: Pool;
  logger: Logger;
  /** What the use cases run with (tests call the archive job's function with it). */
  deps: TChatDeps;
  /** What the assistants run with (tests call runAssistantTick with it). */
  assistantDeps: TAssistantDeps;
  sockets: TSocketSessions;
  consumersReady(): boolean;
  stop(): Promise<void>;
}

function createSendLimiter(deps: { redis: ConstructorParameters<typeof RateLimiterRedis>[0]['storeClient'] }, config: TChatConfig): TSendLimiter {
  const limiter = new RateLimiterRedis({ storeClient: deps.redis, keyPrefix: 'chat:send', points: config.SEND_LIMIT_MESSAGES, duration: config.SEND_LIMIT_WINDOW_SECONDS });
  return {
    async consume(userId) {
      try {
        await limiter.consume(userId);
      } catch (error) {
        if (error instanceof RateLimiterRes) throw CHAT_ERRORS.tooFast(Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
        throw error;
      }
    },
  };
}

/** CHAT_SECRETS_KEY; outside production a fixed development key when unset (npm start, tests). */
function chatSecretsKey(config: TChatConfig): string {
  if (config.CHAT_SECRETS_KEY) return config.CHAT_SECRETS_KEY;
  if (config.NODE_ENV === 'production') throw new Error('CHAT_SECRETS_KEY is required in production (32 bytes, hex or base64)');
  return 'development-only chat secrets key: set CHAT_SECRETS_KEY in production';
}

/** Starts the chat service: migrations, HTTP API, the WebSocket endpoint, the Redis bus, consumers and the archive job. */
/**
 * `overrides`: the assistants' clock and dice (tests simulate time with them), and the chat bus's publishing
 * connection (tests give one that cannot reach Redis).
 */
export async function start(config: TChatConfig, overrides: { now?: () => Date; random?: () => number; busPublisher?: Redis } = {}): Promise<TChatService> {
  const runtime = await createServiceRuntime(config, {
    name: 'chat',
    migrationsDir: CHAT_MIGRATIONS_DIR,
    poolSize: config.DATABASE_POOL_SIZE,
    createDatabase: config.CREATE_DATABASE,
  });
  const { app, pool, logger, hooks, redis, metrics } = runtime;
  try {
    const bus = await createChatBus({ redis, redisUrl: config.REDIS_URL, redisPrefix: config.REDIS_PREFIX, logger, ...(overrides.busPublisher ? { publisher: overrides.busPublisher } : {}) });
    runtime.onStop(() => bus.stop());
    const moderation = await createModerationStore({ pool, bus, logger });
    runtime.onStop(() => moderation.stop());
    const presence = createPresence({ redis, logger });
    runtime.onStop(() => presence.stop());
    const deps: TChatDeps = {
      pool,
      logger,
      bus,
      roomOrder: createRoomOrder(),
      moderation,
      sendLimiter: createSendLimiter({ redis }, config),
      lookupProfile: config.AUTH_SERVICE_URL ? createAuthClient({ baseUrl: config.AUTH_SERVICE_URL, timeoutMs: config.INTERNAL_API_TIMEOUT_MS, logger }).findProfile : undefined,
      archiveDaysDefault: config.CHAT_ARCHIVE_DAYS_DEFAULT,
      presence,
    };

    const routeDeps = { deps, hooks };
    registerChatRoutes(app, routeDeps);
    // GET /internal/users/:id/export: this service's part of a user's data download (issue 15).
    registerUserExportRoutes(app, { pool, hooks });
    registerAdminChatRoutes(app, routeDeps);
    const providerPolicy = { allowedHosts: parseAllowedHosts(config.ASSISTANT_PROVIDER_ALLOWED_HOSTS) };
    const providerDispatcher = createProviderDispatcher(providerPolicy);
    runtime.onStop(() => providerDispatcher.close());
    const assistantDeps: TAssistantDeps = {
      ...deps,
      secrets: createSecretBox(chatSecretsKey(config)),
      redis,
      instance: `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`,
      now: overrides.now ?? (() => new Date()),
      random: overrides.random ?? Math.random,
      provider: {
        timeoutMs: config.ASSISTANT_PROVIDER_TIMEOUT_MS,
        retries: config.ASSISTANT_PROVIDER_RETRIES,
        backoffMs: config.ASSISTANT_PROVIDER_BACKOFF_MS,
        callsPerHour: config.ASSISTANT_PROVIDER_CALLS_PER_HOUR,
      },
      providerAddress: { policy: providerPolicy, dispatcher: providerDispatcher },
      // Topics come from the settings; open tasks from work's task events (a local copy); no news source yet.
      context: () => readAssistantContext(pool),
    };
    registerAssistantRoutes(app, { deps: assistantDeps, hooks });
    registerSupportRoutes(app, routeDeps);
    app.get('/ws', async () => {
      throw CHAT_ERRORS.webSocketOnly();
    });

    const verifier = await createTokenVerifier({ publicKeyPem: config.JWT_PUBLIC_KEY, audience: config.JWT_AUDIENCE, issuer: config.JWT_ISSUER, redis });
    const sockets = startSocketSessions({
      app,
      deps,
      verifier,
      logger,
      registry: metrics.registry,
      limits: {
        maxPayloadBytes: config.WS_MAX_PAYLOAD_BYTES,
        authTimeoutMs: config.WS_AUTH_TIMEOUT_MS,
        heartbeatIntervalMs: config.WS_HEARTBEAT_INTERVAL_MS,
        idleTimeoutMs: config.WS_IDLE_TIMEOUT_MS,
        revalidateIntervalMs: config.WS_REVALIDATE_INTERVAL_MS,
        framesPerSecond: config.WS_FRAMES_PER_SECOND,
        maxBufferedBytes: config.WS_MAX_BUFFERED_BYTES,
      },
    });
    startFanOut({ bus, sessions: sockets });
    const url = await runtime.listen();

    // A message stored by a process that died before publishing it goes out at the room's next message, or here
    // within REPAIR_INTERVAL_MS when the room stays quiet (every instance runs it; a room's lock keeps it single).
    let repairing = false;
    const repairTimer = setInterval(() => {
      if (repairing) return;
      repairing = true;
      publishLeftBehind(deps)
        .catch((error: unknown) => logger.warn({ err: error }, 'chat: unpublished-message repair failed; retried on the next tick'))
        .finally(() => {
          repairing = false;
        });
    }, config.REPAIR_INTERVAL_MS);
    repairTimer.unref();
    runtime.onStop(() => clearInterval(repairTimer));

    // Consumers before the relay; the relay publishes the support desk's events (support.reply_email_requested, support_conversation.changed).
    const consumers: TConsumer[] = [];
    if (config.CONSUMERS_ENABLED) {
      consumers.push(
        runtime.consume({ queue: USERS_QUEUE, routingKeys: USERS_ROUTING_KEYS, handler: onUserEvent }),
        runtime.consume({ queue: USER_ERASURE_QUEUE, routingKeys: USER_ERASURE_ROUTING_KEYS, handler: onUserDeleted }),
        runtime.consume({ queue: SETTINGS_QUEUE, routingKeys: SETTINGS_ROUTING_KEYS, handler: onSettingsChanged }),
        runtime.consume({ queue: TASKS_QUEUE, routingKeys: TASKS_ROUTING_KEYS, handler: onTaskEvent, lockOrderKey: lockOrderByDataField('taskId') }),
        runtime.consume({ queue: NEWS_QUEUE, routingKeys: NEWS_ROUTING_KEYS, handler: onNewsEvent }),
      );
    }
    runtime.startRelay();
    if (config.JOBS_ENABLED) await runtime.startJobs([
        ...chatJobs(deps, { intervalMs: config.ARCHIVE_INTERVAL_MS, batchSize: config.ARCHIVE_BATCH_SIZE }),
        ...assistantJobs(assistantDeps, { tickMs: config.ASSISTANT_TICK_MS }),
      ]);

    logger.info({ url, jobs: config.JOBS_ENABLED }, 'chat service started');
    return {
      url,
      internalUrl: runtime.internalUrl(),
      pool,
      logger,
      deps,
      assistantDeps,
      sockets,
      consumersReady: () => consumers.every((c) => c.isConsuming()),
      stop: runtime.stop,
    };
  } catch (error) {
    await runtime.stop();
    throw error;
  }
}
