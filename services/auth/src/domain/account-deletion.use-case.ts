import type { TAccountClosing, TAccountClosingStartedData, TDeletionEligibility, TUserDeletedData } from '@platform/contracts';
import { withTransaction, writeEvent, type TAuthUser } from '@platform/service-kit';
import { eraseUser, findDeletedAt } from '../data-access/account-changes.repository.js';
import { findClosingStartedAt, findUserById, startUserClosing } from '../data-access/users.repository.js';
import { checkDeletionEligibility } from './account-holdings.js';
import { AUTH_ERRORS } from './auth.errors.js';
import type { TAuthDeps } from './deps.js';
import { endEverySessionOfUser } from './end-sessions.use-case.js';
import { verifyPassword } from './passwords.js';

/**
 * Erases the account in one transaction: the personal fields of the row (the id stays for the ledger and the audit
 * log), user.deleted for every other service to erase what it holds, and every session ended before the commit
 * (if Redis cannot be told, nothing is erased). An admin is never erased.
 */
export async function eraseAccount(deps: TAuthDeps, userId: string, by: Pick<TUserDeletedData, 'requestedBy' | 'deletedBy'>): Promise<void> {
  await withTransaction(deps.pool, async (client) => {
    const user = await findUserById(client, userId, { forUpdate: true });
    if (!user || (await findDeletedAt(client, userId))) throw AUTH_ERRORS.userNotFound();
    if (user.role === 'admin') throw AUTH_ERRORS.ownAdminAccountNotDeleted();
    const deletedAt = new Date().toISOString();
    await eraseUser(client, userId, deletedAt);
    await writeEvent(client, 'user.deleted', { userId, requestedBy: by.requestedBy, deletedBy: by.deletedBy, deletedAt } satisfies TUserDeletedData);
    await endEverySessionOfUser(deps, userId, 'deletion');
  });
  deps.logger.info({ userId, requestedBy: by.requestedBy }, 'account deleted');
}

/**
 * GET /api/user/account/deletion: may the signed-in user delete their account now, and if not, why; and whether
 * they have started closing it (closingStartedAt).
 */
export async function getOwnDeletionEligibility(deps: TAuthDeps, user: TAuthUser, token: string): Promise<TDeletionEligibility> {
  if (user.role === 'admin') return { allowed: false, reasons: [{ code: 'admin', message: 'Admin accounts cannot be deleted' }], closingStartedAt: null };
  const [eligibility, closingStartedAt] = await Promise.all([
    checkDeletionEligibility({ payouts: deps.payouts, work: deps.work }, user.userId, token),
    findClosingStartedAt(deps.pool, user.userId),
  ]);
  return { ...eligibility, closingStartedAt: closingStartedAt?.toISOString() ?? null };
}

/**
 * POST /api/user/account/closing (issue 28 item 4): the worker states they are closing the account. Recorded once with
 * account.closing_started in the same transaction (outbox), from which payouts learns that this worker may withdraw
 * the whole balance below the minimum or give it up. A second call answers the first time and publishes nothing. An
 * admin account is never closed (409, as its deletion).
 */
export async function startClosingOwnAccount(deps: TAuthDeps, user: TAuthUser): Promise<TAccountClosing> {
  return withTransaction(deps.pool, async (client) => {
    const record = await findUserById(client, user.userId, { forUpdate: true });
    if (!record || (await findDeletedAt(client, user.userId))) throw AUTH_ERRORS.userGone();
    if (record.role === 'admin') throw AUTH_ERRORS.ownAdminAccountNotDeleted();
    const closing = await startUserClosing(client, user.userId);
    if (!closing) throw AUTH_ERRORS.userGone();
    const startedAt = closing.startedAt.toISOString();
    if (closing.started) await writeEvent(client, 'account.closing_started', { userId: user.userId, startedAt } satisfies TAccountClosingStartedData);
    return { closingStartedAt: startedAt };
  });
}

/**
 * DELETE /api/user/account: the worker deletes their own account, confirming with their password (attempts counted
 * per user, password-attempts.ts); refused while
 * the account holds money or has something pending (409 with the reasons). The confirmation e-mail is sent by the
 * admin service on user.deleted.
 */
export async function deleteOwnAccount(deps: TAuthDeps, user: TAuthUser, token: string, password: string): Promise<void> {
  const record = await findUserById(deps.pool, user.userId);
  if (!record || (await findDeletedAt(deps.pool, user.userId))) throw AUTH_ERRORS.userGone();
  await deps.passwordAttempts.count(user.userId);
  if (!(await verifyPassword(record.passwordHash, password))) throw AUTH_ERRORS.wrongPassword();
  await deps.passwordAttempts.forget(user.userId);
  if (record.role === 'admin') throw AUTH_ERRORS.ownAdminAccountNotDeleted();
  const eligibility = await checkDeletionEligibility({ payouts: deps.payouts, work: deps.work }, user.userId, token);
  if (!eligibility.allowed) throw AUTH_ERRORS.ownAccountNotEmpty(eligibility);
  await eraseAccount(deps, user.userId, { requestedBy: 'self', deletedBy: user.userId });
}
