import type { TLeaderboardPreference } from '@platform/contracts';
import { withTransaction, writeEvent } from '@platform/service-kit';
import { readLeaderboardOptOut, writeLeaderboardOptOut } from '../data-access/leaderboard-preference.repository.js';
import { findUserById } from '../data-access/users.repository.js';
import { AUTH_ERRORS } from './auth.errors.js';
import { requireActiveUser } from './current-user.use-case.js';
import type { TAuthDeps } from './deps.js';

export async function getLeaderboardPreference(deps: TAuthDeps, userId: string): Promise<TLeaderboardPreference> {
  await requireActiveUser(deps.pool, userId);
  return { leaderboardOptOut: await readLeaderboardOptOut(deps.pool, userId) };
}

/**
 * PUT /api/user/leaderboard-preference: the worker keeps out of (or comes back to) the public leaderboards. A change
 * is published with user.updated (leaderboardOptOut), so the admin service, which computes the boards, knows.
 */
export async function setLeaderboardPreference(deps: TAuthDeps, userId: string, optOut: boolean): Promise<TLeaderboardPreference> {
  await withTransaction(deps.pool, async (client) => {
    await requireActiveUser(client, userId);
    const changedAt = await writeLeaderboardOptOut(client, userId, optOut);
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
      leaderboardOptOut: optOut,
    });
  });
  return { leaderboardOptOut: optOut };
}
