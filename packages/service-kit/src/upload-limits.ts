import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { addressBucketOf } from './client-address.js';
import { RateLimitedError } from './errors.js';
import type { Redis } from './redis.js';

/**
 * How often one user, and one address, may send an upload that the service decodes (identity images, task
 * submissions): counted in Redis with rate-limiter-flexible (the gateway's and auth's limiter), per route, BEFORE
 * the body is read, so a refused upload costs one Redis call. Keys `ratelimit:<name>:user:<userId>` and
 * `ratelimit:<name>:address:<bucket>` under REDIS_PREFIX, the bucket being the address in one spelling, or an IPv6
 * client's /64 (client-address.ts). Every attempt counts, accepted or refused.
 */
export interface TUploadLimitOptions {
  /** The route's name in the keys and the 429's message ("Too many <what>"). */
  name: string;
  what: string;
  perUser: number;
  perAddress: number;
  windowSeconds: number;
}

export interface TUploadLimit {
  /** Counts one upload of the user from the address; throws 429 (RateLimitedError, Retry-After) past either limit. */
  count(userId: string, address: string): Promise<void>;
}

export function createUploadLimit(redis: Redis, options: TUploadLimitOptions): TUploadLimit {
  const perUser = new RateLimiterRedis({ storeClient: redis, keyPrefix: `ratelimit:${options.name}:user`, points: options.perUser, duration: options.windowSeconds });
  const perAddress = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: `ratelimit:${options.name}:address`,
    points: options.perAddress,
    duration: options.windowSeconds,
  });
  return {
    async count(userId, address) {
      try {
        await Promise.all([perUser.consume(userId), perAddress.consume(addressBucketOf(address))]);
      } catch (error) {
        if (error instanceof RateLimiterRes) throw new RateLimitedError(options.what, Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
        throw error;
      }
    },
  };
}
