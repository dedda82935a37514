import type { TWelcomeStatusResponse } from '@platform/contracts';
import { markWelcomeShown } from '../data-access/users.repository.js';
import { requireActiveUser } from './current-user.use-case.js';
import type { TAuthDeps } from './deps.js';

/** The welcome video is shown until the client says it was shown. */
export async function getWelcomeStatus(deps: TAuthDeps, userId: string): Promise<TWelcomeStatusResponse> {
  const user = await requireActiveUser(deps.pool, userId);
  return { shouldShowWelcome: !user.welcomeVideoShown };
}

export async function markWelcomeVideoShown(deps: TAuthDeps, userId: string): Promise<{ success: true }> {
  await requireActiveUser(deps.pool, userId);
  await markWelcomeShown(deps.pool, userId);
  return { success: true };
}
