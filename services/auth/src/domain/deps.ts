import type { Logger, Pool, Redis, TTokenSigner } from '@platform/service-kit';
import type { TAuthConfig } from '../config.js';
import type { TInternalService } from './account-holdings.js';
import type { TPasswordAttempts } from './password-attempts.js';
import type { TPayoutsClient } from './user-view.js';

/** What the use cases work with; built once in start(). */
export interface TAuthDeps {
  pool: Pool;
  redis: Redis;
  signer: TTokenSigner;
  logger: Logger;
  config: Pick<TAuthConfig, 'APP_BASE_URL' | 'PASSWORD_RESET_TTL_MINUTES'>;
  /** Password confirmations of signed-in users, counted per user (password-attempts.ts). */
  passwordAttempts: TPasswordAttempts;
  /** Where balances are read (the payouts service's internal API). */
  payouts: TPayoutsClient;
  /** The work service's internal API (pending work before a deletion). */
  work: TInternalService;
}
