import { createHash } from 'node:crypto';
import type { Redis } from './redis.js';

/**
 * Where the gateway counts failed logins in Redis, shared with the identity service, which forgets them when the
 * owner proves control of the account another way (a password reset). Keys never hold an e-mail in clear.
 *
 * - `ratelimit:login:account:<account>`: failed logins of one account from anywhere (the ceiling against
 *   distributed guessing);
 * - `ratelimit:login:account-address:<account>:<address>`: failed logins of one account from one address (what an
 *   attacker at one address hits first, without locking the owner out elsewhere).
 *
 * The names follow rate-limiter-flexible's `<keyPrefix>:<key>` under the Redis client's REDIS_PREFIX.
 */
export const LOGIN_LIMIT_KEY_PREFIXES = {
  address: 'ratelimit:login:address',
  account: 'ratelimit:login:account',
  accountAddress: 'ratelimit:login:account-address',
} as const;

/** The account part of a limit key: a hash of the e-mail as the services compare it (trimmed, lower case). */
export function accountKeyOf(value: string): string {
  return createHash('sha256').update(value.trim().toLowerCase()).digest('hex').slice(0, 32);
}

/** The key of one account at one address. */
export function accountAddressKeyOf(email: string, address: string): string {
  return `${accountKeyOf(email)}:${address}`;
}

/** Forgets every failed login counted for the account, from every address. */
export async function clearLoginFailures(redis: Redis, email: string): Promise<void> {
  const account = accountKeyOf(email);
  const clientPrefix = typeof redis.options.keyPrefix === 'string' ? redis.options.keyPrefix : '';
  const keys = [`${LOGIN_LIMIT_KEY_PREFIXES.account}:${account}`];
  // SCAN patterns are not prefixed by ioredis, and the keys it returns carry the prefix: strip it for DEL.
  let cursor = '0';
  do {
    const [next, found] = await redis.scan(cursor, 'MATCH', `${clientPrefix}${LOGIN_LIMIT_KEY_PREFIXES.accountAddress}:${account}:*`, 'COUNT', 500);
    cursor = next;
    keys.push(...found.map((key) => key.slice(clientPrefix.length)));
  } while (cursor !== '0');
  await redis.del(...keys);
}
