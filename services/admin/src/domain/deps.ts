import type { Logger, Pool } from '@platform/service-kit';
import type { TMailer } from '../data-access/mailer.js';

/** What the use cases work with; built once in start(). */
export interface TAdminDeps {
  pool: Pool;
  logger: Logger;
}

/** What the mail use cases need besides the consumer's transaction. */
export interface TMailDeps {
  mailer: TMailer;
  /** The public URL of the app (config APP_BASE_URL, no trailing slash); links are built from it only. */
  appBaseUrl: string;
}
