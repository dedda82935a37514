import { createHash, randomUUID } from 'node:crypto';
import type { TGiveUpBalanceRequest, TGiveUpBalanceResponse } from '@platform/contracts';
import { commitWith, withTransaction, writeEvent } from '@platform/service-kit';
import { findIdempotentAnswer, saveIdempotentAnswer, type TIdempotentAnswer } from '../data-access/withdrawals.repository.js';
import { requireClosingIntent } from './closing-intent.js';
import type { TPayoutsDeps } from './deps.js';
import { toCents } from './money.js';
import { PAYOUTS_ERRORS } from './payouts.errors.js';
import { lockAccountForPosting, postEntry } from './post-entry.js';

/** Tagged, so a key used for a withdrawal never replays as a give-up (422 instead). */
function requestHashOf(body: TGiveUpBalanceRequest): string {
  return createHash('sha256').update(JSON.stringify(['give-up', body.amount])).digest('hex');
}

function replay(stored: TIdempotentAnswer, requestHash: string): TGiveUpBalanceResponse {
  if (stored.requestHash !== requestHash) throw PAYOUTS_ERRORS.idempotencyKeyReused();
  return stored.response as TGiveUpBalanceResponse;
}

/**
 * POST /api/ledger/give-up (issue 28 item 4): the worker closing the account gives up their AVAILABLE balance, stating
 * the amount they were shown. In ONE transaction with the account locked (so a withdrawal or a reward racing it is
 * either before it, and the stated amount no longer matches: 409, or after it and sees $0.00): the stated amount must
 * be the available balance; a balance_given_up entry of -amount (its own kind, on the Statement), balance.given_up
 * (audited, the worker the actor) and the stored answer for the Idempotency-Key. A replayed key answers the first
 * entry again; nothing is ever given up twice. What is held for a pending withdrawal is not touched. Only for a worker
 * who started closing the account (auth's intent, account.closing_started): 409 PAYOUTS.NOT_CLOSING otherwise.
 */
export async function giveUpBalance(deps: TPayoutsDeps, userId: string, key: string, body: TGiveUpBalanceRequest): Promise<TGiveUpBalanceResponse> {
  const requestHash = requestHashOf(body);
  const earlier = await findIdempotentAnswer(deps.pool, userId, key);
  if (earlier) return replay(earlier, requestHash);
  await requireClosingIntent(deps, userId);
  const stated = toCents(body.amount);

  return withTransaction(deps.pool, async (client) => {
    const [account, raced] = await Promise.all([lockAccountForPosting(client, userId), findIdempotentAnswer(client, userId, key)]);
    if (raced) return replay(raced, requestHash);
    const available = toCents(account.available);
    if (available === 0n) throw PAYOUTS_ERRORS.nothingAvailable();
    if (available !== stated) throw PAYOUTS_ERRORS.giveUpAmountChanged(account.available);

    const at = new Date().toISOString();
    const id = randomUUID();
    const [{ entry }] = await commitWith(client, [
      postEntry(client, account, {
        id,
        kind: 'balance_given_up',
        amount: -stated,
        reference: { type: 'give_up', id },
        createdBy: userId,
        at,
      }),
      writeEvent(client, 'balance.given_up', { userId, amount: body.amount, entryId: id, at }),
      saveIdempotentAnswer(client, userId, key, {
        requestHash,
        response: { entryId: id, amount: body.amount, available: '0.00', held: account.held, createdAt: at } satisfies TGiveUpBalanceResponse,
      }),
    ]);
    return { entryId: entry.id, amount: body.amount, available: entry.availableAfter, held: entry.heldAfter, createdAt: entry.createdAt };
  });
}
