import { createHash } from 'node:crypto';
import type { Logger } from '@platform/service-kit';
import type { TAuthConfig } from './config.js';
import { buildKeyRing, type TKeyRing } from './domain/envelope-crypto.js';

type TVerificationConfig = Pick<TAuthConfig, 'NODE_ENV' | 'VERIFICATION_MASTER_KEY' | 'VERIFICATION_OLD_MASTER_KEYS' | 'USER_EXPORT_SOURCES'>;

/** The development key, used only outside production when VERIFICATION_MASTER_KEY is unset (with a warning). */
const DEVELOPMENT_MASTER_KEY = createHash('sha256').update('platform development verification master key - never in production').digest('base64');

/**
 * The master keys of the identity images: VERIFICATION_MASTER_KEY (32 bytes, base64) wraps new data keys;
 * VERIFICATION_OLD_MASTER_KEYS (comma-separated) still unwrap older ones until `npm run verification:rotate-key`
 * has re-wrapped them. Production refuses to start without a key.
 */
export function verificationKeyRing(config: TVerificationConfig, logger?: Logger): TKeyRing {
  const older = (config.VERIFICATION_OLD_MASTER_KEYS ?? '').split(',').map((k) => k.trim()).filter(Boolean);
  if (config.VERIFICATION_MASTER_KEY) return buildKeyRing(config.VERIFICATION_MASTER_KEY, older);
  if (config.NODE_ENV === 'production') throw new Error('VERIFICATION_MASTER_KEY is required in production (32 bytes, base64: openssl rand -base64 32)');
  logger?.warn('VERIFICATION_MASTER_KEY is not set: identity images are encrypted with the development key (refused in production)');
  return buildKeyRing(DEVELOPMENT_MASTER_KEY, older);
}

/** USER_EXPORT_SOURCES "work=http://...,chat=http://...,admin=http://..." as a map (payouts is added from PAYOUTS_INTERNAL_URL). */
export function userExportSources(config: TVerificationConfig & { PAYOUTS_INTERNAL_URL?: string }): Record<string, string> {
  const sources: Record<string, string> = {};
  if (config.PAYOUTS_INTERNAL_URL) sources.payouts = config.PAYOUTS_INTERNAL_URL;
  for (const pair of (config.USER_EXPORT_SOURCES ?? '').split(',')) {
    const [name, url] = pair.split('=').map((s) => s.trim());
    if (name && url) sources[name] = url.replace(/\/+$/, '');
  }
  return sources;
}
