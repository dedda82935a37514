import { createHash, randomUUID } from 'node:crypto';
import type { TAdminWithdrawal, TCreateWithdrawalRequest, TDecideWithdrawalRequest, TWithdrawal } from '@platform/contracts';
import { withTransaction, writeEvent } from '@platform/service-kit';
import { USERS_COPY } from '../data-access/copies.repository.js';
import { findSavedWallet } from '../data-access/wallets.repository.js';
import {
  decidePendingWithdrawal,
  findIdempotentAnswer,
  findWithdrawal,
  insertWithdrawal,
  listAllWithdrawals,
  listWithdrawalsOfUser,
  saveIdempotentAnswer,
  toWithdrawalView,
  type TIdempotentAnswer,
} from '../data-access/withdrawals.repository.js';
import { addressKey, findCurrency, isValidAddress } from './currencies.js';
import type { TPayoutsDeps } from './deps.js';
import { toCents } from './money.js';
import { PAYOUTS_ERRORS } from './payouts.errors.js';
import { lockAccountForPosting, postEntry } from './post-entry.js';
import { readPayoutSettings } from './settings.js';

/** What makes two requests "the same": the normalised body (amount with 2 decimals, currency upper-cased). */
function requestHashOf(body: TCreateWithdrawalRequest): string {
  return createHash('sha256').update(JSON.stringify([body.amount, body.currency, body.walletAddress])).digest('hex');
}

function replay(stored: TIdempotentAnswer, requestHash: string): TWithdrawal {
  if (stored.requestHash !== requestHash) throw PAYOUTS_ERRORS.idempotencyKeyReused();
  return stored.response as TWithdrawal;
}

/**
 * POST /api/withdrawals with its Idempotency-Key (checked by the route). A key seen before answers the withdrawal it
 * answered the first time (or 422 for another body).
 * Then the rules of spec 02 section 5 (currency, address, minimum, cooldown), and in ONE transaction with the
 * account locked: the balance check, the withdrawal row, the withdrawal_hold entry (available -> held), the
 * withdrawal.requested event and the stored answer for the key. A refused request stores nothing, so it can be
 * retried with the same key once the cause is fixed.
 */
export async function requestWithdrawal(deps: TPayoutsDeps, userId: string, key: string, body: TCreateWithdrawalRequest): Promise<TWithdrawal> {
  const requestHash = requestHashOf(body);
  const earlier = await findIdempotentAnswer(deps.pool, userId, key);
  if (earlier) return replay(earlier, requestHash);

  const currency = findCurrency(body.currency);
  if (!currency) throw PAYOUTS_ERRORS.unsupportedCurrency();
  if (!isValidAddress(currency.value, body.walletAddress)) throw PAYOUTS_ERRORS.invalidWalletAddress(currency.label, 'walletAddress');
  const settings = await readPayoutSettings(deps.pool);
  const amount = toCents(body.amount);
  if (amount < toCents(settings.minimumWithdrawal)) throw PAYOUTS_ERRORS.amountTooLow(settings.minimumWithdrawal);
  if (/[1-9]/.test(settings.walletCooldownHours)) {
    const wallet = await findSavedWallet(deps.pool, userId, currency.value, addressKey(currency.value, body.walletAddress), settings.walletCooldownHours);
    if (!wallet) throw PAYOUTS_ERRORS.walletNotSaved(settings.walletCooldownHours);
    if (wallet.coolingDown) throw PAYOUTS_ERRORS.walletCoolingDown(settings.walletCooldownHours);
  }

  return withTransaction(deps.pool, async (client) => {
    const account = await lockAccountForPosting(client, userId);
    // Requests of one user run one after another from here: a racing twin with the same key is seen now.
    const raced = await findIdempotentAnswer(client, userId, key);
    if (raced) return replay(raced, requestHash);
    if (toCents(account.available) < amount) throw PAYOUTS_ERRORS.insufficientFunds('amount');

    const withdrawal = await insertWithdrawal(client, {
      id: randomUUID(),
      userId,
      amount: body.amount,
      currency: currency.value,
      networkFee: currency.networkFee,
      walletAddress: body.walletAddress,
      idempotencyKey: key,
    });
    await postEntry(client, account, {
      kind: 'withdrawal_hold',
      amount: -amount,
      reference: { type: 'withdrawal', id: withdrawal.id },
      createdBy: userId,
    });
    await writeEvent(client, 'withdrawal.requested', {
      withdrawalId: withdrawal.id,
      userId,
      amount: withdrawal.amount,
      currency: withdrawal.currency,
      networkFee: withdrawal.networkFee,
      walletAddress: withdrawal.walletAddress,
      requestedAt: withdrawal.createdAt,
    });
    const view = toWithdrawalView(withdrawal);
    await saveIdempotentAnswer(client, userId, key, { requestHash, response: view });
    return view;
  });
}

export async function listMyWithdrawals(deps: TPayoutsDeps, userId: string): Promise<TWithdrawal[]> {
  return (await listWithdrawalsOfUser(deps.pool, userId)).map(toWithdrawalView);
}

export async function listWithdrawalsForAdmin(deps: TPayoutsDeps): Promise<TAdminWithdrawal[]> {
  return listAllWithdrawals(deps.pool);
}

/**
 * PATCH /api/admin/withdrawals/{id}: only a pending withdrawal can be decided, and only once (a conditional update;
 * the loser of two racing admins gets 409). Approval posts withdrawal_payout (held decreases), rejection
 * withdrawal_release (held back to available); withdrawal.decided is written in the same transaction.
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
    await postEntry(client, await lockAccountForPosting(client, decided.userId), {
      kind: body.status === 'approved' ? 'withdrawal_payout' : 'withdrawal_release',
      amount: body.status === 'approved' ? -amount : amount,
      reference: { type: 'withdrawal', id: decided.id },
      createdBy: adminId,
    });
    const user = await USERS_COPY.find(client, decided.userId);
    await writeEvent(client, 'withdrawal.decided', {
      withdrawalId: decided.id,
      userId: decided.userId,
      amount: decided.amount,
      currency: decided.currency,
      status: body.status,
      adminComment: decided.adminComment,
      txReference: decided.txReference,
      decidedBy: adminId,
      decidedAt: decided.reviewedAt ?? new Date().toISOString(),
      email: user?.email || null,
      firstName: user?.firstName || null,
    });
    return { ...decided, user: { firstName: user?.firstName ?? '', lastName: user?.lastName ?? '', email: user?.email ?? '' } };
  });
}
