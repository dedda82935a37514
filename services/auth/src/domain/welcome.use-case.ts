import type { TWelcomeStatusResponse } from '@platform/contracts';
import type { Queryable } from '@platform/service-kit';
import { markWelcomeShown } from '../data-access/users.repository.js';
import { requireActiveUser } from './current-user.use-case.js';

/** The welcome video is shown until the client says it was shown. */
export async function getWelcomeStatus(db: Queryable, userId: string): Promise<TWelcomeStatusResponse> {
  const user = await requireActiveUser(db, userId);
  return { shouldShowWelcome: !user.welcomeVideoShown };
}

export async function markWelcomeVideoShown(db: Queryable, userId: string): Promise<{ success: true }> {
  await requireActiveUser(db, userId);
  await markWelcomeShown(db, userId);
  return { success: true };
}
