import { RateLimitedError, type Redis } from '@platform/service-kit';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { TAuthConfig } from '../config.js';

/**
 * Password confirmations by a signed-in user (DELETE /api/user/account) are counted per user in Redis, so a stolen
 * session cannot be used to guess the password past the gateway's login limits: PASSWORD_CONFIRM_ATTEMPTS attempts
 * per PASSWORD_CONFIRM_WINDOW_SECONDS, counted before the password is checked (parallel guesses are counted too).
 * The right password forgets the count. The same limiter as the gateway's (rate-limiter-flexible); keys
 * `ratelimit:password-confirm:<userId>` under REDIS_PREFIX.
 */
export interface TPasswordAttempts {
  /** Counts one attempt; throws 429 (RateLimitedError, with Retry-After) when the user is over the window's limit. */
  count(userId: string): Promise<void>;
  /** The right password was given: the user's count starts again. */
  forget(userId: string): Promise<void>;
}

export function createPasswordAttempts(redis: Redis, config: Pick<TAuthConfig, 'PASSWORD_CONFIRM_ATTEMPTS' | 'PASSWORD_CONFIRM_WINDOW_SECONDS'>): TPasswordAttempts {
  const limiter = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: 'ratelimit:password-confirm',
    points: config.PASSWORD_CONFIRM_ATTEMPTS,
    duration: config.PASSWORD_CONFIRM_WINDOW_SECONDS,
  });
  return {
    async count(userId) {
      try {
        await limiter.consume(userId);
      } catch (error) {
        if (error instanceof RateLimiterRes) throw new RateLimitedError('password attempts', Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
        throw error;
      }
    },
    async forget(userId) {
      await limiter.delete(userId);
    },
  };
}
