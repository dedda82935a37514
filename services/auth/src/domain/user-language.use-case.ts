import type { TLanguage, TUserLanguage } from '@platform/contracts';
import { withTransaction, writeEvent } from '@platform/service-kit';
import { findUserById, setUserLanguage } from '../data-access/users.repository.js';
import { AUTH_ERRORS } from './auth.errors.js';
import { requireActiveUser } from './current-user.use-case.js';
import type { TAuthDeps } from './deps.js';

/**
 * PUT /api/user/language: the language of the user's e-mails, saved when the user switches the interface's language
 * (the switch on the sign-in pages, the landing page and the profile). A change is published with user.updated
 * (language), so the admin service, which sends the e-mails, knows it; the same language again changes nothing.
 */
export async function setLanguage(deps: TAuthDeps, userId: string, language: TLanguage): Promise<TUserLanguage> {
  await withTransaction(deps.pool, async (client) => {
    await requireActiveUser(client, userId);
    const changedAt = await setUserLanguage(client, userId, language);
    if (!changedAt) return;
    const user = await findUserById(client, userId);
    if (!user) throw AUTH_ERRORS.userGone();
    await writeEvent(client, 'user.updated', {
      userId: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      role: user.role,
      isActive: user.isActive,
      isVerified: user.isVerified,
      updatedAt: changedAt.toISOString(),
      language: user.language,
    });
  });
  return { language };
}
