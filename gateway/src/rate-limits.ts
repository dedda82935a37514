import { accountAddressKeyOf, accountKeyOf, addressBucketOf, COMMON_ERRORS, LOGIN_LIMIT_KEY_PREFIXES, RateLimitedError, type Redis } from '@platform/service-kit';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { z } from 'zod';
import type { TGatewayConfig, TRateLimit } from './config.js';

/**
 * Redis-backed limits on the public account routes. Every attempt is counted before it is passed on (so a burst
 * of parallel requests cannot slip past a check), per client address and, read from the parsed JSON body the
 * gateway forwards, per account (the e-mail, or the reset token). An address is counted by its bucket (service-kit
 * addressBucketOf: one key for every spelling of an IPv4 address, one per /64 for IPv6). Keys live under the configured REDIS_PREFIX
 * (the Redis client adds it) as `ratelimit:<name>:<scope>:<key>`, never with an e-mail or a token in clear.
 *
 * Login counts per account in two ways, so that guessing is slow but locking the owner out is not free:
 * - per account and address (RATE_LIMIT_LOGIN_PER_ACCOUNT_AND_ADDRESS): what a guesser at one address hits;
 *   the owner at another address is not affected;
 * - per account from everywhere (RATE_LIMIT_LOGIN_PER_ACCOUNT): a higher ceiling against guessing spread over
 *   many addresses.
 * A successful login forgets both counters of that account at that address; a password reset (identity service,
 * `clearLoginFailures`) forgets all of the account's.
 */
export type TRateLimitName = 'login' | 'register' | 'forgotPassword' | 'resetPassword' | 'referralClick' | 'socketUpgrade';

type TAccountField = 'email' | 'token';

interface TRateLimitRule {
  /** Completes "Too many ... Please try again in N minutes." */
  what: string;
  perAddress: TRateLimit;
  perAccount?: { field: TAccountField; limit: TRateLimit };
  perAccountAndAddress?: TRateLimit;
  /** A successful answer forgets the account's counters at this address (login). */
  clearAccountOnSuccess?: boolean;
}

function rulesFrom(config: TGatewayConfig): Record<TRateLimitName, TRateLimitRule> {
  return {
    login: {
      what: 'login attempts',
      perAddress: config.RATE_LIMIT_LOGIN_PER_ADDRESS,
      perAccount: { field: 'email', limit: config.RATE_LIMIT_LOGIN_PER_ACCOUNT },
      perAccountAndAddress: config.RATE_LIMIT_LOGIN_PER_ACCOUNT_AND_ADDRESS,
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
    referralClick: { what: 'requests', perAddress: config.RATE_LIMIT_REFERRAL_CLICK_PER_ADDRESS },
    socketUpgrade: { what: 'chat connection attempts', perAddress: config.RATE_LIMIT_WS_UPGRADE_PER_ADDRESS },
  };
}

/** The few fields read from the parsed body; anything else is the service's business. */
const ZAccountFieldsSchema = z.object({
  email: z.string().trim().toLowerCase().min(1).max(254).optional().catch(undefined),
  token: z.string().min(1).max(500).optional().catch(undefined),
});

export function readAccountFields(body: unknown): z.infer<typeof ZAccountFieldsSchema> {
  const parsed = ZAccountFieldsSchema.safeParse(body);
  return parsed.success ? parsed.data : {};
}

export interface TRateLimitOutcome {
  /** Call when the upstream answered 2xx. */
  onSuccess(): Promise<void>;
}

export interface TRateLimits {
  /** Counts one attempt; throws RateLimitedError when the address or the account is over its limit. */
  consume(name: TRateLimitName, address: string, body: unknown): Promise<TRateLimitOutcome>;
}

interface TLimiters {
  address: RateLimiterRedis;
  account?: RateLimiterRedis;
  accountAndAddress?: RateLimiterRedis;
}

export function createRateLimits(redis: Redis, config: TGatewayConfig): TRateLimits {
  const rules = rulesFrom(config);
  const limiter = (keyPrefix: string, limit: TRateLimit) =>
    new RateLimiterRedis({ storeClient: redis, keyPrefix, points: limit.points, duration: limit.durationSeconds });
  const limiters = Object.fromEntries(
    (Object.keys(rules) as TRateLimitName[]).map((name) => {
      const rule = rules[name];
      // The login key names are shared with the identity service (service-kit login-limits.ts).
      const prefixes =
        name === 'login'
          ? LOGIN_LIMIT_KEY_PREFIXES
          : { address: `ratelimit:${name}:address`, account: `ratelimit:${name}:account`, accountAddress: `ratelimit:${name}:account-address` };
      const set: TLimiters = {
        address: limiter(prefixes.address, rule.perAddress),
        ...(rule.perAccount ? { account: limiter(prefixes.account, rule.perAccount.limit) } : {}),
        ...(rule.perAccountAndAddress ? { accountAndAddress: limiter(prefixes.accountAddress, rule.perAccountAndAddress) } : {}),
      };
      return [name, set];
    }),
  ) as Record<TRateLimitName, TLimiters>;

  async function consumeOne(limiter: RateLimiterRedis, key: string, what: string): Promise<void> {
    try {
      await limiter.consume(key);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw new RateLimitedError(what, Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
      throw COMMON_ERRORS.unavailable('Service temporarily unavailable. Please try again shortly.');
    }
  }

  return {
    async consume(name, clientAddress, body) {
      const rule = rules[name];
      const set = limiters[name];
      // Counted per address as an address: every spelling one key, an IPv6 client by its /64 (service-kit).
      const address = addressBucketOf(clientAddress);
      await consumeOne(set.address, address, rule.what);
      const account = rule.perAccount ? readAccountFields(body)[rule.perAccount.field] : undefined;
      if (!account) return { onSuccess: async () => undefined };
      const pairKey = accountAddressKeyOf(account, address);
      if (set.accountAndAddress) await consumeOne(set.accountAndAddress, pairKey, rule.what);
      if (set.account) await consumeOne(set.account, accountKeyOf(account), rule.what);
      return {
        async onSuccess() {
          if (!rule.clearAccountOnSuccess) return;
          await Promise.all([set.accountAndAddress?.delete(pairKey), set.account?.delete(accountKeyOf(account))]);
        },
      };
    },
  };
}
