import type { TDeletionBlocker, TDeletionEligibility, TErrorBlocker, TErrorCode, TUserHoldings, TUserPendingWork } from '@platform/contracts';
import { AppError } from '@platform/service-kit';
import type { TPayoutsClient } from '../data-access/payouts.client.js';
import type { TWorkClient } from '../data-access/work.client.js';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
const isZero = (amount: string) => /^0*(\.0*)?$/.test(amount.replace(/^-/, ''));

/**
 * The reasons an account cannot be deleted, from what payouts and work say about it (pure, for tests). Each has its
 * English sentence and the parameters the screens say it from (DELETION.* in contracts' ERROR_CODES).
 */
export function deletionBlockers(holdings: TUserHoldings, work: TUserPendingWork): TDeletionBlocker[] {
  const reasons: TDeletionBlocker[] = [];
  if (!isZero(holdings.available)) {
    reasons.push({ code: 'available_balance', message: `The available balance is $${holdings.available}; it must be $0.00`, params: { amount: holdings.available } });
  }
  if (!isZero(holdings.held)) reasons.push({ code: 'held_balance', message: `$${holdings.held} is held for withdrawals`, params: { amount: holdings.held } });
  const counted = (code: TDeletionBlocker['code'], count: number, message: string) => reasons.push({ code, message, params: { count } });
  if (holdings.pendingWithdrawals > 0) {
    counted('pending_withdrawal', holdings.pendingWithdrawals, `${plural(holdings.pendingWithdrawals, 'withdrawal is', 'withdrawals are')} waiting for review`);
  }
  if (work.activeAssignments > 0) counted('active_assignment', work.activeAssignments, `${plural(work.activeAssignments, 'task is', 'tasks are')} still assigned`);
  if (work.submissionsUnderReview > 0) {
    counted('submission_under_review', work.submissionsUnderReview, `${plural(work.submissionsUnderReview, 'submission is', 'submissions are')} under review`);
  }
  if (work.pendingTaskRequests > 0) {
    counted('pending_task_request', work.pendingTaskRequests, `${plural(work.pendingTaskRequests, 'task request is', 'task requests are')} pending`);
  }
  return reasons;
}

/** The reasons as AUTH.ACCOUNT_NOT_EMPTY's `reasons` parameter: each blocker's code and parameters. */
export function blockersOf(eligibility: TDeletionEligibility): TErrorBlocker[] {
  return eligibility.reasons.map((r) => ({ code: r.code, ...(r.params ? { params: r.params } : {}) }));
}

/**
 * Whether the user's account may be deleted now: no money (available and held zero), no pending withdrawal (asked
 * of payouts), no task assigned, submission under review or pending task request (asked of work). The token
 * forwarded is the caller's (the user themself or an admin). Either service not answering is 503
 * SERVICE.UNAVAILABLE: a deletion is never allowed on a guess.
 */
export async function checkDeletionEligibility(
  services: { payouts: TPayoutsClient; work: TWorkClient },
  userId: string,
  token: string,
): Promise<TDeletionEligibility> {
  const [holdings, work] = await Promise.all([services.payouts.readHoldings(userId, token), services.work.readPendingWork(userId, token)]);
  const reasons = deletionBlockers(holdings, work);
  return { allowed: reasons.length === 0, reasons };
}

/**
 * Sets the user's available balance through payouts' ledger adjustment (PATCH /internal/users/{id}/balance, the
 * admin's token forwarded): payouts posts an admin_adjustment entry of the difference with the reason. Its refusal
 * (400, 404) comes back as payouts said it, the reason's field named as auth's request names it (balanceReason).
 */
export async function adjustBalanceThroughLedger(payouts: TPayoutsClient, userId: string, token: string, balance: string, reason: string): Promise<void> {
  try {
    await payouts.adjustBalance(userId, token, { balance, reason });
  } catch (error) {
    if (error instanceof AppError && error.field === 'reason') {
      const code: TErrorCode = error.code;
      const params = error.params ? [error.params] : [];
      throw new AppError(code, error.status, error.message, error.details, 'balanceReason', ...(params as []));
    }
    throw error;
  }
}

/** The current available balance (payouts), for telling whether an edit changes it. */
export async function readAvailableBalance(payouts: TPayoutsClient, userId: string, token: string): Promise<string> {
  return (await payouts.readHoldings(userId, token)).available;
}
