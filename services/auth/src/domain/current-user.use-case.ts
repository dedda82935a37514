import type { TUser } from '@platform/contracts';
import type { Queryable } from '@platform/service-kit';
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
