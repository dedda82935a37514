import type { Logger, Pool, Redis, TTokenSigner } from '@platform/service-kit';
import type { TAuthConfig } from '../config.js';
import type { TPayoutsClient } from '../data-access/payouts.client.js';
import type { TWorkClient } from '../data-access/work.client.js';
import type { TPasswordAttempts } from './password-attempts.js';

/** What the use cases work with; built once in start(). */
export interface TAuthDeps {
  pool: Pool;
  redis: Redis;
  signer: TTokenSigner;
  logger: Logger;
  config: Pick<TAuthConfig, 'APP_BASE_URL' | 'PASSWORD_RESET_TTL_MINUTES'>;
  /** Password confirmations of signed-in users, counted per user (password-attempts.ts). */
  passwordAttempts: TPasswordAttempts;
  /** The payouts service's internal API: balances, holdings before a deletion, an admin's balance adjustment. */
  payouts: TPayoutsClient;
  /** The work service's internal API (pending work before a deletion). */
  work: TWorkClient;
}
