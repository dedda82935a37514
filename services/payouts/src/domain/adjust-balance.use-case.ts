import { randomUUID } from 'node:crypto';
import type { TAdjustBalanceRequest, TAdjustBalanceResponse } from '@platform/contracts';
import { commitWith, withTransaction, writeEvent } from '@platform/service-kit';
import type { TPayoutsDeps } from './deps.js';
import { fromCents, toCents } from './money.js';
import { PAYOUTS_ERRORS } from './payouts.errors.js';
import { findAccount, lockExistingAccount } from '../data-access/ledger.repository.js';
import { waitForAccount } from './accounts.use-case.js';
import { postEntry } from './post-entry.js';

/**
 * PATCH /api/admin/users/{id}/balance: sets the user's AVAILABLE balance by posting one admin_adjustment entry of
 * the difference, with the reason the user sees in their statement (the held amount is untouched). The difference
 * is computed with the account locked, so a withdrawal racing the admin cannot be overwritten. An id payouts has no
 * account for (never registered) or a deleted user is 404 'User not found': an adjustment never opens an account.
 * Right after a registration the account may be a moment away (user.registered), so a missing one is looked up
 * again (waitForAccount) before the answer is 404.
 * Round trips: 1. BEGIN and the account locked; 2. the entry, the event and COMMIT.
 */
export async function adjustBalance(deps: TPayoutsDeps, adminId: string, userId: string, body: TAdjustBalanceRequest): Promise<TAdjustBalanceResponse> {
  const answer = await adjustExistingAccount(deps, adminId, userId, body);
  if (answer) return answer;
  // No account that may be adjusted: a deleted user's account exists (404 at once); otherwise wait for it to open.
  if (await findAccount(deps.pool, userId)) throw PAYOUTS_ERRORS.userNotFound();
  if (!(await waitForAccount(deps.pool, userId))) throw PAYOUTS_ERRORS.userNotFound();
  const adjusted = await adjustExistingAccount(deps, adminId, userId, body);
  if (!adjusted) throw PAYOUTS_ERRORS.userNotFound();
  return adjusted;
}

/** The adjustment, or undefined when the user has no account (or was deleted); nothing is written then. */
async function adjustExistingAccount(deps: TPayoutsDeps, adminId: string, userId: string, body: TAdjustBalanceRequest): Promise<TAdjustBalanceResponse | undefined> {
  return withTransaction(deps.pool, async (client) => {
    const account = await lockExistingAccount(client, userId);
    if (!account) return undefined;
    const before = toCents(account.available);
    const after = toCents(body.balance);
    const difference = after - before;
    if (difference === 0n) throw PAYOUTS_ERRORS.balanceUnchanged();
    const at = new Date().toISOString();
    // The entry (with the account's new balances), the event and COMMIT: issued together, one round trip.
    const [{ entry }] = await commitWith(client, [
      postEntry(client, account, {
        kind: 'admin_adjustment',
        amount: difference,
        reference: { type: 'admin_adjustment', id: randomUUID() },
        reason: body.reason,
        createdBy: adminId,
        at,
      }),
      writeEvent(client, 'balance.adjusted', {
        userId,
        before: fromCents(before),
        after: fromCents(after),
        amount: fromCents(difference),
        reason: body.reason,
        adjustedBy: adminId,
        at,
      }),
    ]);
    return { userId, before: fromCents(before), after: entry.availableAfter, amount: entry.amount, held: entry.heldAfter, entryId: entry.id };
  });
}
