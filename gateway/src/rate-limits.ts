import { createHash } from 'node:crypto';
import { AppError, COMMON_ERRORS, type Redis } from '@platform/service-kit';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { z } from 'zod';
import type { TGatewayConfig, TRateLimit } from './config.js';

/**
 * Redis-backed limits on the public account routes, counted per client address and per account (the e-mail,
 * or the reset token, read from a copy of the JSON body). Keys live under the configured REDIS_PREFIX
 * (the Redis client adds it) as `ratelimit:<name>:<address|account>:<key>`.
 */
export type TRateLimitName = 'login' | 'register' | 'forgotPassword' | 'resetPassword';

interface TRateLimitRule {
  /** Completes "Too many ... Please try again in N minutes." */
  what: string;
  perAddress: TRateLimit;
  perAccount?: { field: 'email' | 'token'; limit: TRateLimit };
  /** A successful answer clears the account's counter, so only failed attempts add up (login). */
  clearAccountOnSuccess?: boolean;
}

function rulesFrom(config: TGatewayConfig): Record<TRateLimitName, TRateLimitRule> {
  return {
    login: {
      what: 'login attempts',
      perAddress: config.RATE_LIMIT_LOGIN_PER_ADDRESS,
      perAccount: { field: 'email', limit: config.RATE_LIMIT_LOGIN_PER_ACCOUNT },
      clearAccountOnSuccess: true,
    },
    register: { what: 'registration attempts', perAddress: config.RATE_LIMIT_REGISTER_PER_ADDRESS },
    forgotPassword: {
      what: 'password reset requests',
      perAddress: config.RATE_LIMIT_FORGOT_PASSWORD_PER_ADDRESS,
      perAccount: { field: 'email', limit: config.RATE_LIMIT_FORGOT_PASSWORD_PER_ACCOUNT },
    },
    resetPassword: {
      what: 'password reset attempts',
      perAddress: config.RATE_LIMIT_RESET_PASSWORD_PER_ADDRESS,
      perAccount: { field: 'token', limit: config.RATE_LIMIT_RESET_PASSWORD_PER_TOKEN },
    },
  };
}

/** The few fields read from a copy of the body; anything else (or invalid JSON) is the service's business. */
const ZAccountFieldsSchema = z.object({
  email: z.string().trim().toLowerCase().min(1).max(254).optional().catch(undefined),
  token: z.string().min(1).max(500).optional().catch(undefined),
});

export function readAccountFields(body: Buffer | undefined): z.infer<typeof ZAccountFieldsSchema> {
  if (!body?.length) return {};
  try {
    const parsed = ZAccountFieldsSchema.safeParse(JSON.parse(body.toString('utf8')));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** Keys never hold an e-mail or a token in clear. */
const hashed = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 32);

export function tooManyRequests(what: string, msBeforeNext: number): AppError {
  const minutes = Math.max(1, Math.ceil(msBeforeNext / 60_000));
  return COMMON_ERRORS.rateLimited(`Too many ${what}. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`);
}

export class RateLimitedError extends AppError {
  constructor(
    what: string,
    readonly retryAfterSeconds: number,
  ) {
    const error = tooManyRequests(what, retryAfterSeconds * 1000);
    super(error.code, error.status, error.message);
  }
}

export interface TRateLimitOutcome {
  /** Call when the upstream answered 2xx. */
  onSuccess(): Promise<void>;
}

export interface TRateLimits {
  /** Counts one attempt; throws RateLimitedError when the address or the account is over its limit. */
  consume(name: TRateLimitName, address: string, body: Buffer | undefined): Promise<TRateLimitOutcome>;
}

export function createRateLimits(redis: Redis, config: TGatewayConfig): TRateLimits {
  const rules = rulesFrom(config);
  const limiter = (name: string, limit: TRateLimit) =>
    new RateLimiterRedis({ storeClient: redis, keyPrefix: `ratelimit:${name}`, points: limit.points, duration: limit.durationSeconds });
  const limiters = Object.fromEntries(
    (Object.keys(rules) as TRateLimitName[]).map((name) => {
      const rule = rules[name];
      return [name, { address: limiter(`${name}:address`, rule.perAddress), account: rule.perAccount && limiter(`${name}:account`, rule.perAccount.limit) }];
    }),
  ) as Record<TRateLimitName, { address: RateLimiterRedis; account?: RateLimiterRedis }>;

  async function consumeOne(limiter: RateLimiterRedis, key: string, what: string): Promise<void> {
    try {
      await limiter.consume(key);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw new RateLimitedError(what, Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
      throw COMMON_ERRORS.unavailable('Service temporarily unavailable. Please try again shortly.');
    }
  }

  return {
    async consume(name, address, body) {
      const rule = rules[name];
      const { address: addressLimiter, account: accountLimiter } = limiters[name];
      await consumeOne(addressLimiter, address, rule.what);
      const accountValue = rule.perAccount ? readAccountFields(body)[rule.perAccount.field] : undefined;
      const accountKey = accountValue ? hashed(accountValue) : undefined;
      if (accountLimiter && accountKey) await consumeOne(accountLimiter, accountKey, rule.what);
      return {
        async onSuccess() {
          if (rule.clearAccountOnSuccess && accountLimiter && accountKey) await accountLimiter.delete(accountKey);
        },
      };
    },
  };
}
