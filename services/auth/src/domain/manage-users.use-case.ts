import type { TAdminUser, TAdminUserUpdate, TDeletionEligibility, TUserChangedByAdminData } from '@platform/contracts';
import { withTransaction, writeEvent, type PoolClient } from '@platform/service-kit';
import { findDeletedAt, isEmailTakenByAnother, lockAdmins, updateUserFields, type TUserChanges } from '../data-access/account-changes.repository.js';
import { findUserById, type TUserRecord } from '../data-access/users.repository.js';
import type { TPayoutsClient } from '../data-access/payouts.client.js';
import type { TWorkClient } from '../data-access/work.client.js';
import { adjustBalanceThroughLedger, checkDeletionEligibility, readAvailableBalance } from './account-holdings.js';
import { eraseAccount } from './account-deletion.use-case.js';
import { AUTH_ERRORS } from './auth.errors.js';
import type { TAuthDeps } from './deps.js';
import { endEverySessionOfUser } from './end-sessions.use-case.js';
import { findBalances, presentAdminUser, UNKNOWN_BALANCES } from './user-view.js';

/** The services whose internal APIs say what an account holds. */
export function holdingsServices(deps: TAuthDeps): { payouts: TPayoutsClient; work: TWorkClient } {
  return { payouts: deps.payouts, work: deps.work };
}

type TState = NonNullable<TUserChangedByAdminData['before']>;

function stateOf(user: TUserRecord): Required<TState> {
  return { email: user.email, firstName: user.firstName, lastName: user.lastName, role: user.role, isActive: user.isActive, isVerified: user.isVerified };
}

/** The fields whose value the body changes (an unchanged field sent again is no change). */
function changesOf(user: TUserRecord, body: TAdminUserUpdate): TUserChanges {
  const current = stateOf(user);
  const changes: TUserChanges = {};
  for (const field of ['email', 'firstName', 'lastName', 'role', 'isActive', 'isVerified'] as const) {
    const value = body[field];
    if (value !== undefined && value !== current[field]) (changes as Record<string, unknown>)[field] = value;
  }
  return changes;
}

async function loadLiveUser(db: PoolClient | TAuthDeps['pool'], id: string, forUpdate = false): Promise<TUserRecord> {
  const user = await findUserById(db, id, { forUpdate });
  if (!user || (await findDeletedAt(db, id))) throw AUTH_ERRORS.userNotFound();
  return user;
}

/**
 * Writes the changes with user.updated (the new state, for every service's copy) and user.changed_by_admin (before
 * and after, for the audit log), in the caller's transaction. A ban, and a change of role (the token carries it),
 * end every session of the user before the commit: each token of theirs is refused everywhere.
 */
async function applyChanges(client: PoolClient, deps: TAuthDeps, adminId: string, user: TUserRecord, changes: TUserChanges): Promise<TUserRecord> {
  if (Object.keys(changes).length === 0) return user;
  if (user.role === 'admin' && changes.isActive === false) throw AUTH_ERRORS.adminNotBanned();
  if (changes.isActive === false && changes.role === 'admin') throw AUTH_ERRORS.adminNotBanned();
  if (user.role === 'admin' && changes.role === 'employee') {
    const admins = await lockAdmins(client);
    if (admins.filter((id) => id !== user.id).length === 0) throw AUTH_ERRORS.lastAdmin();
  }
  const outcome = await updateUserFields(client, user.id, changes);
  if (outcome === 'email_taken') throw AUTH_ERRORS.emailTaken();
  if (outcome === 'not_found') throw AUTH_ERRORS.userNotFound();
  const updated = (await findUserById(client, user.id))!;
  const before = stateOf(user);
  const after = stateOf(updated);
  const changed = Object.keys(changes) as (keyof TState)[];
  const pick = (state: Required<TState>) => Object.fromEntries(changed.map((field) => [field, state[field]])) as TState;
  const onlyActivity = changed.length === 1 && changed[0] === 'isActive';
  const at = updated.updatedAt.toISOString();
  await writeEvent(client, 'user.updated', { userId: updated.id, ...after, updatedAt: at });
  await writeEvent(client, 'user.changed_by_admin', {
    userId: updated.id,
    action: onlyActivity ? (updated.isActive ? 'user.unbanned' : 'user.banned') : 'user.edited',
    changedBy: adminId,
    before: pick(before),
    after: pick(after),
    at,
  } satisfies TUserChangedByAdminData);
  if (changes.isActive === false) await endEverySessionOfUser(deps, updated.id, 'ban');
  else if (changes.role !== undefined) await endEverySessionOfUser(deps, updated.id, 'role_change');
  return updated;
}

async function present(deps: TAuthDeps, user: TUserRecord, token: string | undefined): Promise<TAdminUser> {
  const balances = await findBalances(deps.payouts, [user.id], token);
  return presentAdminUser(user, balances.get(user.id) ?? UNKNOWN_BALANCES);
}

/**
 * PATCH /api/admin/users/{id}: names, e-mail (unique, case-insensitively: 409 'User with this email already
 * exists'), isVerified, isActive, role; a balance only as a ledger adjustment of the difference with balanceReason
 * (payouts). The e-mail is checked before the money moves, so a taken address does not leave a half-done edit.
 */
export async function updateUserByAdmin(deps: TAuthDeps, adminId: string, token: string, userId: string, body: TAdminUserUpdate): Promise<TAdminUser> {
  const user = await loadLiveUser(deps.pool, userId);
  const changes = changesOf(user, body);
  if (changes.email && (await isEmailTakenByAnother(deps.pool, changes.email, userId))) throw AUTH_ERRORS.emailTaken();
  if (user.role === 'admin' && changes.isActive === false) throw AUTH_ERRORS.adminNotBanned();

  if (body.balance !== undefined) {
    const current = await readAvailableBalance(deps.payouts, userId, token);
    if (current !== body.balance) {
      const reason = body.balanceReason?.trim();
      if (!reason) throw AUTH_ERRORS.balanceReasonRequired();
      await adjustBalanceThroughLedger(deps.payouts, userId, token, body.balance, reason);
    }
  }

  const updated = await withTransaction(deps.pool, async (client) => applyChanges(client, deps, adminId, await loadLiveUser(client, userId, true), changes));
  return present(deps, updated, token);
}

/** PATCH /api/admin/users/{id}/toggle: ban or unban (never an admin). A ban ends every session of the user at once. */
export async function toggleUserActive(deps: TAuthDeps, adminId: string, token: string, userId: string): Promise<TAdminUser> {
  const updated = await withTransaction(deps.pool, async (client) => {
    const user = await loadLiveUser(client, userId, true);
    if (user.role === 'admin') throw AUTH_ERRORS.adminNotBanned();
    return applyChanges(client, deps, adminId, user, { isActive: !user.isActive });
  });
  return present(deps, updated, token);
}

/** GET /api/admin/users/{id}/deletion: whether the user may be deleted now, and why not. */
export async function getDeletionEligibilityForAdmin(deps: TAuthDeps, token: string, userId: string): Promise<TDeletionEligibility> {
  const user = await loadLiveUser(deps.pool, userId);
  if (user.role === 'admin') return { allowed: false, reasons: [{ code: 'admin', message: 'Admin users cannot be deleted' }] };
  return checkDeletionEligibility(holdingsServices(deps), userId, token);
}

/**
 * DELETE /api/admin/users/{id}: refused for an admin (403) and while the user holds money or has something pending
 * (409 with the reasons); otherwise the personal data is erased here and in every service (user.deleted).
 */
export async function deleteUserByAdmin(deps: TAuthDeps, adminId: string, token: string, userId: string): Promise<void> {
  const user = await loadLiveUser(deps.pool, userId);
  if (user.role === 'admin') throw AUTH_ERRORS.adminNotDeleted();
  const eligibility = await checkDeletionEligibility(holdingsServices(deps), userId, token);
  if (!eligibility.allowed) throw AUTH_ERRORS.userAccountNotEmpty(eligibility);
  await eraseAccount(deps, userId, { requestedBy: 'admin', deletedBy: adminId });
}
