import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from './logger.js';

export type { Redis };

/**
 * ioredis connection options from REDIS_URL: `redis://[user:password@]host:port[/db]` (one server) or, with Redis
 * Sentinel (infra/k8s), `redis+sentinel://[:password@]sentinel:26379/<master name>[/db][?sentinels=host:port,...]`
 * (the host is a sentinel, or a Service in front of all of them; more can be listed): the client asks the sentinels
 * for the master and follows a failover by itself; or a Unix socket on the same machine,
 * `unix:///path/to/redis.sock[?db=N]` (the outage tests' private servers). Every Redis client (the
 * services', the gateway's, BullMQ's) reads the URL through here.
 */
export function redisConnectionOptions(url: string): RedisOptions {
  const parsed = new URL(url);
  if (parsed.protocol === 'unix:') return parseUnixSocketUrl(parsed);
  if (parsed.protocol !== 'redis+sentinel:') return parseRedisUrl(parsed);
  const [name, db] = parsed.pathname.replace(/^\//, '').split('/');
  if (!name) throw new Error('REDIS_URL redis+sentinel:// names the master after the host: redis+sentinel://sentinel:26379/mymaster');
  const hostPorts = [`${parsed.hostname}:${parsed.port || 26379}`, ...(parsed.searchParams.get('sentinels')?.split(',').filter(Boolean) ?? [])];
  const password = parsed.password ? decodeURIComponent(parsed.password) : undefined;
  return {
    sentinels: hostPorts.map((hostPort) => {
      const [host, port] = hostPort.split(':');
      return { host: host!, port: Number(port || 26379) };
    }),
    name: decodeURIComponent(name),
    ...(parsed.username ? { username: decodeURIComponent(parsed.username) } : {}),
    ...(password ? { password, sentinelPassword: password } : {}),
    ...(db ? { db: Number(db) } : {}),
  };
}

function parseUnixSocketUrl(parsed: URL): RedisOptions {
  if (parsed.hostname) throw new Error('REDIS_URL unix:// names a socket path, with no host: unix:///run/redis/redis.sock');
  const db = parsed.searchParams.get('db');
  return {
    path: decodeURIComponent(parsed.pathname),
    ...(db ? { db: Number(db) } : {}),
  };
}

function parseRedisUrl(parsed: URL): RedisOptions {
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') throw new Error(`REDIS_URL must start with redis://, rediss://, redis+sentinel:// or unix:// (got ${parsed.protocol})`);
  const db = parsed.pathname.replace(/^\//, '');
  return {
    host: parsed.hostname || '127.0.0.1',
    port: Number(parsed.port || 6379),
    ...(parsed.username ? { username: decodeURIComponent(parsed.username) } : {}),
    ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
    ...(db ? { db: Number(db) } : {}),
    ...(parsed.protocol === 'rediss:' ? { tls: {} } : {}),
  };
}

/** The longest a command may take, queued while Redis reconnects included; then it fails (503 in a request). */
export const REDIS_COMMAND_TIMEOUT_MS = 2_000;

/**
 * A Redis client whose every key carries the configured prefix (so test files never share keys). Redis going away
 * never hangs a request nor ends the process: the client reconnects by itself, a command waits for it at most
 * REDIS_COMMAND_TIMEOUT_MS (and at most two reconnection attempts), then rejects, which toAppError answers with 503.
 * Connection errors go to the logger when one is given (without it, ioredis prints them to stderr).
 */
export function createRedis(url: string, keyPrefix: string, options: { logger?: Logger } = {}): Redis {
  const redis = new Redis({
    ...redisConnectionOptions(url),
    keyPrefix,
    maxRetriesPerRequest: 2,
    connectTimeout: 5_000,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    enableOfflineQueue: true,
    lazyConnect: false,
  });
  const { logger } = options;
  if (logger) {
    let lastLoggedAt = 0;
    redis.on('error', (error: Error) => {
      // Emitted at every reconnection attempt while Redis is away: one line every 10 s is enough.
      if (Date.now() - lastLoggedAt < 10_000) return;
      lastLoggedAt = Date.now();
      logger.warn({ err: error }, 'Redis connection error; reconnecting');
    });
  }
  return redis;
}
