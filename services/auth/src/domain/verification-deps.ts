import type { Logger, Pool } from '@platform/service-kit';
import type { TKeyRing } from './envelope-crypto.js';

/** What the verification use cases work with; built once in start(). */
export interface TVerificationDeps {
  pool: Pool;
  logger: Logger;
  /** The master keys that wrap the images' data keys (current, and older ones still accepted). */
  keyRing: TKeyRing;
}
