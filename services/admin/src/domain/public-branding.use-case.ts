import type { TPublicBranding } from '@platform/contracts';
import type { TAdminDeps } from './deps.js';
import { readPlatformName } from './send-templated-email.use-case.js';

/** The platform's name as System Settings holds it (platform_name): the app's title and brand, the mails' sender. */
export async function getPublicBranding(deps: Pick<TAdminDeps, 'pool'>): Promise<TPublicBranding> {
  return { platformName: await readPlatformName(deps.pool) };
}
