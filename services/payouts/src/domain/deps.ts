import type { Logger, Pool } from '@platform/service-kit';
import type { TPayoutSettingsCopy } from './settings.js';

/** What the use cases work with; built once in start(). */
export interface TPayoutsDeps {
  pool: Pool;
  logger: Logger;
  /** The settings copy in memory (domain/settings.ts). */
  settings: TPayoutSettingsCopy;
}

/** The signed-in caller of a use case. */
export interface TActor {
  userId: string;
  role: 'employee' | 'admin';
}
