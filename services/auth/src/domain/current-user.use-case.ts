import type { TInternalUserProfile, TRole, TUser } from '@platform/contracts';
import { COMMON_ERRORS, type Queryable } from '@platform/service-kit';
import { findDeletedAt } from '../data-access/account-changes.repository.js';
import { findUserById, type TUserRecord } from '../data-access/users.repository.js';
import { AUTH_ERRORS } from './auth.errors.js';
import type { TAuthDeps } from './deps.js';
import { presentUser } from './user-view.js';

/** The user behind a verified token: 401 when the account no longer exists, 403 when it is suspended. */
export async function requireActiveUser(db: Queryable, userId: string): Promise<TUserRecord> {
  const user = await findUserById(db, userId);
  if (!user) throw AUTH_ERRORS.userGone();
  if (!user.isActive) throw AUTH_ERRORS.accountSuspended();
  return user;
}

/** The signed-in user, with the balances read from payouts with the user's own token. */
export async function getCurrentUser(deps: TAuthDeps, userId: string, token: string | undefined): Promise<TUser> {
  return presentUser(await requireActiveUser(deps.pool, userId), deps.pool, { payouts: deps.payouts, token });
}

/**
 * GET /internal/users/{id}/profile: a user's names, role and standing, for a service that has no copy of them yet
 * (chat's authors). The user themself or an admin may ask (403 otherwise); an unknown or deleted user is 404.
 */
export async function getUserProfile(deps: Pick<TAuthDeps, 'pool'>, caller: { userId: string; role: TRole }, userId: string): Promise<TInternalUserProfile> {
  if (caller.userId !== userId && caller.role !== 'admin') throw COMMON_ERRORS.forbidden();
  const user = await findUserById(deps.pool, userId);
  if (!user || (await findDeletedAt(deps.pool, userId))) throw AUTH_ERRORS.userNotFound();
  return { firstName: user.firstName, lastName: user.lastName, role: user.role, isActive: user.isActive };
}
