import { Redis } from 'ioredis';

export type { Redis };

/** A Redis client whose every key carries the configured prefix (so test files never share keys). */
export function createRedis(url: string, keyPrefix: string): Redis {
  return new Redis(url, {
    keyPrefix,
    maxRetriesPerRequest: 2,
    connectTimeout: 5_000,
    enableOfflineQueue: true,
    lazyConnect: false,
  });
}
