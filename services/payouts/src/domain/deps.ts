import type { Logger, Pool } from '@platform/service-kit';

/** What the use cases work with; built once in start(). */
export interface TPayoutsDeps {
  pool: Pool;
  logger: Logger;
}

/** The signed-in caller of a use case. */
export interface TActor {
  userId: string;
  role: 'employee' | 'admin';
}
