import { createHash, randomUUID } from 'node:crypto';
import type {
  TAdminWithdrawal,
  TAdminWithdrawalPage,
  TAdminWithdrawalsQuery,
  TCreateClosingWithdrawalRequest,
  TCreateWithdrawalRequest,
  TDecideWithdrawalRequest,
  TMyWithdrawalsQuery,
  TWithdrawal,
  TWithdrawalPage,
} from '@platform/contracts';
import { commitWith, withTransaction, writeEvent } from '@platform/service-kit';
import { findSavedWallet } from '../data-access/wallets.repository.js';
import {
  decidePendingWithdrawal,
  findIdempotentAnswer,
  findWithdrawal,
  insertWithdrawal,
  listOwnWithdrawalsPage,
  listWithdrawalsPage,
  saveIdempotentAnswer,
  toWithdrawalView,
  type TIdempotentAnswer,
  type TWithdrawalRecord,
} from '../data-access/withdrawals.repository.js';
import { requireClosingIntent } from './closing-intent.js';
import { addressKey, findCurrency, isValidAddress } from './currencies.js';
import type { TPayoutsDeps } from './deps.js';
import { fromCents, toCents } from './money.js';
import { PAYOUTS_ERRORS } from './payouts.errors.js';
import { lockAccountForPosting, postEntry } from './post-entry.js';

/** What makes two requests "the same": the normalised body (amount with 2 decimals, currency upper-cased). */
function requestHashOf(body: TCreateWithdrawalRequest): string {
  return createHash('sha256').update(JSON.stringify([body.amount, body.currency, body.walletAddress])).digest('hex');
}

/** A closing withdrawal's body has no amount (it is the whole balance); tagged so it never matches an ordinary one. */
function closingRequestHashOf(body: TCreateClosingWithdrawalRequest): string {
  return createHash('sha256').update(JSON.stringify(['closing', body.currency, body.walletAddress])).digest('hex');
}

function replay(stored: TIdempotentAnswer, requestHash: string): TWithdrawal {
  if (stored.requestHash !== requestHash) throw PAYOUTS_ERRORS.idempotencyKeyReused();
  // An answer stored before withdrawals carried decideBy (issue 31) gets the one migration 0009 gave its withdrawal.
  const answer = stored.response as Omit<TWithdrawal, 'decideBy' | 'overdue'> & Partial<Pick<TWithdrawal, 'decideBy' | 'overdue'>>;
  return { ...answer, decideBy: answer.decideBy ?? decideByOf(new Date(answer.createdAt), '48'), overdue: answer.overdue ?? false };
}

/**
 * POST /api/withdrawals with its Idempotency-Key (checked by the route). A key seen before answers the withdrawal it
 * answered the first time (or 422 for another body).
 * Then the rules of spec 02 section 5 (currency, address, minimum, cooldown; the settings from the copy in memory),
 * and in ONE transaction with the account locked: the balance check, the withdrawal row, the withdrawal_hold entry
 * (available -> held), the withdrawal.requested event and the stored answer for the key. A refused request stores
 * nothing, so it can be retried with the same key once the cause is fixed.
 *
 * Round trips to PostgreSQL (the pool is pipelined; test/round-trips.test.ts counts them): 1. the key (with the saved
 * wallet when a cooldown applies, at the same time); 2. BEGIN, the account opened if missing and locked, the key again
 * under the lock; 3. the withdrawal, the entry with the account's new balances, the event, the stored answer and
 * COMMIT.
 */
export async function requestWithdrawal(deps: TPayoutsDeps, userId: string, key: string, body: TCreateWithdrawalRequest): Promise<TWithdrawal> {
  return placeWithdrawal(deps, userId, key, { currency: body.currency, walletAddress: body.walletAddress, amount: body.amount, requestHash: requestHashOf(body) });
}

/**
 * POST /api/withdrawals/closing (issue 28 item 4): the worker closing the account withdraws the WHOLE available
 * balance, whatever the minimum. The same rules and transaction as requestWithdrawal except the amount, which is the
 * available balance read under the account's lock (so nothing posted meanwhile is left behind or overdrawn), and the
 * minimum, which is waived; the withdrawal is marked `closing` for the reviewer. $0.00 available is 409. Only for a
 * worker who started closing the account (auth's intent, account.closing_started): 409 PAYOUTS.NOT_CLOSING otherwise.
 */
export async function requestClosingWithdrawal(deps: TPayoutsDeps, userId: string, key: string, body: TCreateClosingWithdrawalRequest): Promise<TWithdrawal> {
  await requireClosingIntent(deps, userId);
  return placeWithdrawal(deps, userId, key, { currency: body.currency, walletAddress: body.walletAddress, amount: 'all', requestHash: closingRequestHashOf(body) });
}

/** The time by which a withdrawal requested at `requestedAt` will be decided: withdrawal_decision_hours later. */
export function decideByOf(requestedAt: Date, hours: string): string {
  return new Date(requestedAt.getTime() + Math.round(Number(hours) * 3_600_000)).toISOString();
}

interface TWithdrawalOrder {
  currency: string;
  walletAddress: string;
  /** A decimal string with 2 decimals, or 'all': the whole available balance, minimum waived (closing). */
  amount: string | 'all';
  requestHash: string;
}

async function placeWithdrawal(deps: TPayoutsDeps, userId: string, key: string, order: TWithdrawalOrder): Promise<TWithdrawal> {
  const { requestHash } = order;
  const currency = findCurrency(order.currency);
  const settings = deps.settings.current();
  const cooldown = /[1-9]/.test(settings.walletCooldownHours);
  const [earlier, wallet] = await Promise.all([
    findIdempotentAnswer(deps.pool, userId, key),
    cooldown && currency && isValidAddress(currency.value, order.walletAddress)
      ? findSavedWallet(deps.pool, userId, currency.value, addressKey(currency.value, order.walletAddress), settings.walletCooldownHours)
      : undefined,
  ]);
  if (earlier) return replay(earlier, requestHash);

  if (!currency) throw PAYOUTS_ERRORS.unsupportedCurrency();
  if (!isValidAddress(currency.value, order.walletAddress)) throw PAYOUTS_ERRORS.invalidWalletAddress(currency.label, 'walletAddress');
  const closing = order.amount === 'all';
  const asked = order.amount === 'all' ? undefined : toCents(order.amount);
  if (asked !== undefined && asked < toCents(settings.minimumWithdrawal)) throw PAYOUTS_ERRORS.amountTooLow(settings.minimumWithdrawal);
  if (cooldown) {
    if (!wallet) throw PAYOUTS_ERRORS.walletNotSaved(settings.walletCooldownHours);
    if (wallet.coolingDown) throw PAYOUTS_ERRORS.walletCoolingDown(settings.walletCooldownHours);
  }

  return withTransaction(deps.pool, async (client) => {
    // Requests of one user run one after another from the lock: a racing twin with the same key is seen by the
    // lookup issued after it (its own statement, so its snapshot is taken once the lock is held).
    const [account, raced] = await Promise.all([lockAccountForPosting(client, userId), findIdempotentAnswer(client, userId, key)]);
    if (raced) return replay(raced, requestHash);
    const amount = asked ?? toCents(account.available);
    if (closing && amount === 0n) throw PAYOUTS_ERRORS.nothingAvailable();
    if (toCents(account.available) < amount) throw PAYOUTS_ERRORS.insufficientFunds('amount');

    const createdAt = new Date();
    const withdrawal: TWithdrawalRecord = {
      id: randomUUID(),
      userId,
      amount: fromCents(amount),
      currency: currency.value,
      networkFee: currency.networkFee,
      walletAddress: order.walletAddress,
      status: 'pending',
      createdAt: createdAt.toISOString(),
      adminComment: null,
      reviewedAt: null,
      reviewedBy: null,
      txReference: null,
      // The promise is made with the setting in force now; a later change applies to new withdrawals only.
      decideBy: decideByOf(createdAt, settings.withdrawalDecisionHours),
      overdue: false,
      closing,
    };
    const view = toWithdrawalView(withdrawal);
    // Issued together with the COMMIT, awaited together: one round trip. The first failure is thrown (the rest,
    // COMMIT included, fail after it and the transaction is rolled back).
    await commitWith(client, [
      insertWithdrawal(client, { ...withdrawal, idempotencyKey: key }),
      postEntry(client, account, {
        kind: 'withdrawal_hold',
        amount: -amount,
        reference: { type: 'withdrawal', id: withdrawal.id },
        createdBy: userId,
      }),
      writeEvent(client, 'withdrawal.requested', {
        withdrawalId: withdrawal.id,
        userId,
        amount: withdrawal.amount,
        currency: withdrawal.currency,
        networkFee: withdrawal.networkFee,
        walletAddress: withdrawal.walletAddress,
        requestedAt: withdrawal.createdAt,
        decideBy: withdrawal.decideBy,
      }),
      saveIdempotentAnswer(client, userId, key, { requestHash, response: view }),
    ]);
    return view;
  });
}

/** GET /api/withdrawals: one page of the caller's own withdrawals, newest request first. */
export async function listMyWithdrawals(deps: TPayoutsDeps, userId: string, query: TMyWithdrawalsQuery): Promise<TWithdrawalPage> {
  return listOwnWithdrawalsPage(deps.pool, userId, query);
}

/** GET /api/admin/withdrawals: one page of the pending queue (oldest first) or of the history (newest decision first). */
export async function listWithdrawalsForAdmin(deps: TPayoutsDeps, query: TAdminWithdrawalsQuery): Promise<TAdminWithdrawalPage> {
  return listWithdrawalsPage(deps.pool, query);
}

/**
 * PATCH /api/admin/withdrawals/{id}: only a pending withdrawal can be decided, and only once (a conditional update;
 * the loser of two racing admins gets 409). Approval posts withdrawal_payout (held decreases), rejection
 * withdrawal_release (held back to available); withdrawal.decided is written in the same transaction.
 * Round trips: 1. BEGIN and the decision (with the owner's names); 2. the account locked; 3. the entry, the event and
 * COMMIT.
 */
export async function decideWithdrawal(deps: TPayoutsDeps, adminId: string, id: string, body: TDecideWithdrawalRequest): Promise<TAdminWithdrawal> {
  return withTransaction(deps.pool, async (client) => {
    const decided = await decidePendingWithdrawal(client, {
      id,
      status: body.status,
      adminComment: body.adminComment || null,
      txReference: body.status === 'approved' ? (body.txReference ?? null) : null,
      reviewedBy: adminId,
    });
    if (!decided) {
      if (await findWithdrawal(client, id)) throw PAYOUTS_ERRORS.alreadyProcessed();
      throw PAYOUTS_ERRORS.withdrawalNotFound();
    }
    const amount = toCents(decided.amount);
    const account = await lockAccountForPosting(client, decided.userId);
    await commitWith(client, [
      postEntry(client, account, {
        kind: body.status === 'approved' ? 'withdrawal_payout' : 'withdrawal_release',
        amount: body.status === 'approved' ? -amount : amount,
        reference: { type: 'withdrawal', id: decided.id },
        createdBy: adminId,
      }),
      writeEvent(client, 'withdrawal.decided', {
        withdrawalId: decided.id,
        userId: decided.userId,
        amount: decided.amount,
        currency: decided.currency,
        status: body.status,
        adminComment: decided.adminComment,
        txReference: decided.txReference,
        decidedBy: adminId,
        decidedAt: decided.reviewedAt ?? new Date().toISOString(),
        email: decided.user.email || null,
        firstName: decided.user.firstName || null,
      }),
    ]);
    return decided;
  });
}
