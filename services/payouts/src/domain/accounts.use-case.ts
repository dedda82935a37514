import type { TBalance, TInternalBalances, TSubmissionApprovedData, TTaskToppedUpData, TUserRegisteredData, TUserUpdatedData } from '@platform/contracts';
import type { PoolClient, Queryable } from '@platform/service-kit';
import { USERS_COPY } from '../data-access/copies.repository.js';
import { keepReferenceDescription } from '../data-access/descriptions.repository.js';
import { findAccount, findBalances, type TAccountRow } from '../data-access/ledger.repository.js';
import type { TActor, TPayoutsDeps } from './deps.js';
import { toCents } from './money.js';
import { PAYOUTS_ERRORS } from './payouts.errors.js';
import { lockAccountForPosting, postEntry } from './post-entry.js';
import { waitForCopy } from './wait-for-copy.js';

const ZERO: TBalance = { available: '0.00', held: '0.00' };

/**
 * user.registered: keep the user's names, open the account and, when the starting_balance setting (the copy in
 * memory) is above zero, credit it as a signup_bonus (referenced by the user, so at most once per user).
 */
export async function openAccount(client: PoolClient, deps: Pick<TPayoutsDeps, 'settings'>, data: TUserRegisteredData, occurredAt: string): Promise<void> {
  // The copy and the account in one round trip (pipelined pool).
  const [, account] = await Promise.all([keepUserCopy(client, data, occurredAt), lockAccountForPosting(client, data.userId)]);
  const bonus = toCents(deps.settings.current().startingBalance);
  if (bonus > 0n) {
    await postEntry(client, account, { kind: 'signup_bonus', amount: bonus, reference: { type: 'user', id: data.userId } });
  }
}

/** user.registered / user.updated: keep the local copy of the user's names and e-mail (an older event never wins). */
export async function keepUserCopy(client: PoolClient, data: TUserRegisteredData | TUserUpdatedData, occurredAt: string): Promise<void> {
  await USERS_COPY.upsert(client, { id: data.userId, email: data.email, firstName: data.firstName, lastName: data.lastName }, occurredAt);
}

/**
 * submission.approved: credit the reward once per assignment, however often the event arrives, and keep the task's
 * title as the entry's description (the statement line names the task).
 */
export async function creditTaskReward(client: PoolClient, data: TSubmissionApprovedData): Promise<{ credited: boolean }> {
  const reward = toCents(data.reward);
  if (reward <= 0n) return { credited: false };
  const reference = { type: 'assignment', id: data.assignmentId };
  const result = await postEntry(client, await lockAccountForPosting(client, data.userId), {
    kind: 'task_reward',
    amount: reward,
    reference,
    createdBy: data.approvedBy,
  });
  const title = data.taskTitle?.trim();
  if (title) await keepReferenceDescription(client, reference, title);
  return { credited: !result.duplicate };
}

/**
 * task.topped_up: credit the top-up of an underpaid task once per assignment (a task_top_up entry beside the
 * assignment's task_reward), however often the event arrives; its statement line names the task.
 */
export async function creditTaskTopUp(client: PoolClient, data: TTaskToppedUpData): Promise<{ credited: boolean }> {
  const amount = toCents(data.amount);
  if (amount <= 0n) return { credited: false };
  const reference = { type: 'assignment', id: data.assignmentId };
  const result = await postEntry(client, await lockAccountForPosting(client, data.userId), { kind: 'task_top_up', amount, reference });
  const title = data.taskTitle.trim();
  if (title) await keepReferenceDescription(client, reference, title);
  return { credited: !result.duplicate };
}

/**
 * The user's account, waited for (waitForCopy) when it is not there yet: right after a registration user.registered
 * normally opens it within milliseconds, but the app may ask at once. Null when it still is not there (a user payouts
 * does not know). Nothing is ever opened here.
 */
export async function waitForAccount(db: Queryable, userId: string): Promise<TAccountRow | null> {
  return waitForCopy(() => findAccount(db, userId));
}

/**
 * The caller's balance. A read never opens an account (user.registered does): for a user payouts does not know, the
 * answer is 404 PAYOUTS.ACCOUNT_NOT_FOUND (after waitForAccount), not an invented empty account.
 */
export async function getOwnBalance(deps: TPayoutsDeps, userId: string): Promise<TBalance> {
  const account = await waitForAccount(deps.pool, userId);
  if (!account) throw PAYOUTS_ERRORS.accountNotFound();
  return { available: account.available, held: account.held };
}

/** Balances for lists (one call): a user may read only their own, an admin anyone's; unknown users are zero. */
export async function getBalances(deps: TPayoutsDeps, actor: TActor, userIds: readonly string[]): Promise<TInternalBalances> {
  if (actor.role !== 'admin' && userIds.some((id) => id !== actor.userId)) throw PAYOUTS_ERRORS.balanceOfOthers();
  const found = await findBalances(deps.pool, userIds);
  return Object.fromEntries(userIds.map((id) => [id, found.get(id) ?? ZERO]));
}
