import { Redis } from 'ioredis';
import type { Logger } from './logger.js';

export type { Redis };

/** The longest a command may take, queued while Redis reconnects included; then it fails (503 in a request). */
export const REDIS_COMMAND_TIMEOUT_MS = 2_000;

/**
 * A Redis client whose every key carries the configured prefix (so test files never share keys). Redis going away
 * never hangs a request nor ends the process: the client reconnects by itself, a command waits for it at most
 * REDIS_COMMAND_TIMEOUT_MS (and at most two reconnection attempts), then rejects, which toAppError answers with 503.
 * Connection errors go to the logger when one is given (without it, ioredis prints them to stderr).
 */
export function createRedis(url: string, keyPrefix: string, options: { logger?: Logger } = {}): Redis {
  const redis = new Redis(url, {
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
