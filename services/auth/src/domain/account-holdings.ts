import {
  isErrorCode,
  ZUserHoldingsSchema,
  ZUserPendingWorkSchema,
  type TDeletionBlocker,
  type TDeletionEligibility,
  type TErrorBlocker,
  type TErrorCode,
  type TUserHoldings,
  type TUserPendingWork,
} from '@platform/contracts';
import { AppError, type Logger } from '@platform/service-kit';

/** How to reach another service's internal API (base URL without a trailing slash; undefined: not configured). */
export interface TInternalService {
  url: string | undefined;
  timeoutMs: number;
  logger: Logger;
}

const unavailable = (service: string) =>
  new AppError('AUTH.DEPENDENCY_UNAVAILABLE', 503, `Cannot check the account right now (${service} did not answer). Please try again.`, undefined, undefined, { service });

/** GET an internal answer with the caller's token forwarded; anything but a good answer is 503 (never guessed). */
async function getInternal<T>(service: TInternalService, name: string, path: string, token: string, parse: (value: unknown) => T): Promise<T> {
  if (!service.url) throw unavailable(name);
  try {
    const response = await fetch(`${service.url}${path}`, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      signal: AbortSignal.timeout(service.timeoutMs),
    });
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new Error(`${name} answered ${response.status}`);
    }
    return parse(await response.json());
  } catch (error) {
    service.logger.warn({ err: error, path }, `could not read ${name}'s internal answer`);
    throw unavailable(name);
  }
}

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
 * forwarded is the caller's (the user themself or an admin). Either service not answering is 503: a deletion is
 * never allowed on a guess.
 */
export async function checkDeletionEligibility(
  services: { payouts: TInternalService; work: TInternalService },
  userId: string,
  token: string,
): Promise<TDeletionEligibility> {
  const id = encodeURIComponent(userId);
  const [holdings, work] = await Promise.all([
    getInternal(services.payouts, 'payouts', `/internal/users/${id}/holdings`, token, (v) => ZUserHoldingsSchema.parse(v)),
    getInternal(services.work, 'work', `/internal/users/${id}/pending-work`, token, (v) => ZUserPendingWorkSchema.parse(v)),
  ]);
  const reasons = deletionBlockers(holdings, work);
  return { allowed: reasons.length === 0, reasons };
}

/**
 * Sets the user's available balance through payouts' ledger adjustment (PATCH /api/admin/users/{id}/balance, the
 * admin's token forwarded): payouts posts an admin_adjustment entry of the difference with the reason. Its refusal
 * (400, 404, 409) is passed on as it came.
 */
export async function adjustBalanceThroughLedger(payouts: TInternalService, userId: string, token: string, balance: string, reason: string): Promise<void> {
  if (!payouts.url) throw unavailable('payouts');
  let response: Response;
  try {
    response = await fetch(`${payouts.url}/api/admin/users/${encodeURIComponent(userId)}/balance`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ balance, reason }),
      signal: AbortSignal.timeout(Math.max(payouts.timeoutMs, 5_000)),
    });
  } catch (error) {
    payouts.logger.warn({ err: error, userId }, 'the balance adjustment did not reach payouts');
    throw unavailable('payouts');
  }
  if (response.ok) {
    await response.body?.cancel().catch(() => undefined);
    return;
  }
  const body = (await response.json().catch(() => ({}))) as { message?: unknown; code?: unknown; field?: unknown; params?: unknown };
  if (response.status >= 500 || typeof body.message !== 'string') throw unavailable('payouts');
  const field = body.field === 'reason' ? 'balanceReason' : typeof body.field === 'string' ? body.field : undefined;
  // Passed on as payouts said it: its code (one of contracts' codes) with its parameters.
  const code: TErrorCode = isErrorCode(body.code) ? body.code : 'PAYOUTS.ADJUSTMENT_REFUSED';
  const params = typeof body.params === 'object' && body.params !== null ? [body.params] : [];
  throw new AppError(code, response.status, body.message, undefined, field, ...(params as []));
}

/** The current available balance (payouts), for telling whether an edit changes it. */
export async function readAvailableBalance(payouts: TInternalService, userId: string, token: string): Promise<string> {
  const holdings = await getInternal(payouts, 'payouts', `/internal/users/${encodeURIComponent(userId)}/holdings`, token, (v) => ZUserHoldingsSchema.parse(v));
  return holdings.available;
}
