import { RateLimitedError } from '@platform/service-kit';
import type { TAuthDeps } from './deps.js';

/**
 * Password confirmations by a signed-in user (DELETE /api/user/account) are counted per user in Redis, so a stolen
 * session cannot be used to guess the password past the gateway's login limits: PASSWORD_CONFIRM_ATTEMPTS attempts
 * per PASSWORD_CONFIRM_WINDOW_SECONDS, counted before the password is checked (parallel guesses are counted too).
 * The right password forgets the count. Keys: `ratelimit:password-confirm:<userId>` under REDIS_PREFIX.
 */
const keyOf = (userId: string) => `ratelimit:password-confirm:${userId}`;

/** Counts one attempt; throws 429 (RateLimitedError, with Retry-After) when the user is over the window's limit. */
export async function countPasswordAttempt(deps: Pick<TAuthDeps, 'redis' | 'config'>, userId: string): Promise<void> {
  const key = keyOf(userId);
  const window = deps.config.PASSWORD_CONFIRM_WINDOW_SECONDS;
  const results = await deps.redis.multi().incr(key).expire(key, window, 'NX').ttl(key).exec();
  const failed = results?.find(([error]) => error)?.[0];
  if (!results || failed) throw failed ?? new Error('the password attempt was not counted');
  const count = Number(results[0]![1]);
  const ttl = Number(results[2]![1]);
  if (count > deps.config.PASSWORD_CONFIRM_ATTEMPTS) throw new RateLimitedError('password attempts', ttl > 0 ? ttl : window);
}

/** The right password was given: the user's count starts again. */
export async function forgetPasswordAttempts(deps: Pick<TAuthDeps, 'redis'>, userId: string): Promise<void> {
  await deps.redis.del(keyOf(userId));
}
