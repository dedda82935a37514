import type { Logger, Pool, TUploadLimit } from '@platform/service-kit';
import type { TImageGate } from '@platform/service-kit/images';
import type { TKeyRing } from './envelope-crypto.js';

/** What the verification use cases work with; built once in start(). */
export interface TVerificationDeps {
  pool: Pool;
  logger: Logger;
  /** The master keys that wrap the images' data keys (current, and older ones still accepted). */
  keyRing: TKeyRing;
  /** Bounds this process's image decodes (concurrency and queue). */
  images: TImageGate;
  /** Applications per user and per address (counted before the body is read). */
  uploads: TUploadLimit;
}
