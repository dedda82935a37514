import { randomUUID } from 'node:crypto';
import type { TLedgerEntryKind } from '@platform/contracts';
import type { PoolClient } from '@platform/service-kit';
import { appendEntry, findEntryByReference, openAndLockAccount, type TAccountRow } from '../data-access/ledger.repository.js';
import { effectOf, hashEntry, type TStoredEntry } from './ledger.js';
import { fromCents, toCents } from './money.js';
import { PAYOUTS_ERRORS } from './payouts.errors.js';

/** An account locked by lockAccountForPosting in the caller's transaction, with the balances as they were then. */
export type TLockedAccount = TAccountRow;

export interface TPosting {
  kind: TLedgerEntryKind;
  /** Signed, as effectOf reads it. */
  amount: bigint;
  reference?: { type: string; id: string };
  reason?: string | null;
  createdBy?: string | null;
  /** The entry's id, when the caller needs it before the posting resolves (e.g. for its event); default a new one. */
  id?: string;
  /** The entry's createdAt (ISO), when the caller needs it before the posting resolves (e.g. for its event); default now. */
  at?: string;
}

export type TPostingResult = { entry: TStoredEntry; duplicate: false } | { entry: TStoredEntry; duplicate: true };

/**
 * Opens the user's account unless it exists and locks its row (FOR UPDATE) until the caller's transaction ends, so
 * postings to one account run one after another. Once per transaction, before any rule that reads the balance.
 */
export async function lockAccountForPosting(client: PoolClient, userId: string): Promise<TLockedAccount> {
  return openAndLockAccount(client, userId);
}

/**
 * THE one way money moves, inside the caller's transaction, on the account it locked (lockAccountForPosting; one
 * posting per lock, as the balances it computes from are the locked ones): compute the balances after, chain the hash
 * to the previous entry, and in ONE statement insert the entry and move the account, unless this kind was already
 * posted for this reference (the unique index decides; only then is the existing entry read, and returned as a
 * duplicate). The statement is issued before the first await, so statements the caller issues with it (its event,
 * its other rows) share the round trip on a pipelined pool. The database refuses a negative balance (CHECK) and a
 * second entry for the same reference (unique index) even if this code were wrong.
 */
export async function postEntry(client: PoolClient, account: TLockedAccount, posting: TPosting): Promise<TPostingResult> {
  const effect = effectOf(posting.kind, posting.amount);
  const available = toCents(account.available) + effect.available;
  const held = toCents(account.held) + effect.held;
  if (available < 0n) throw PAYOUTS_ERRORS.insufficientFunds();
  if (held < 0n) throw new Error(`posting ${posting.kind} would make the held balance of ${account.userId} negative`);
  const unhashed = {
    id: posting.id ?? randomUUID(),
    userId: account.userId,
    seq: account.entryCount + 1,
    kind: posting.kind,
    amount: fromCents(posting.amount),
    availableAfter: fromCents(available),
    heldAfter: fromCents(held),
    referenceType: posting.reference?.type ?? null,
    referenceId: posting.reference?.id ?? null,
    reason: posting.reason ?? null,
    createdBy: posting.createdBy ?? null,
    createdAt: posting.at ?? new Date().toISOString(),
    prevHash: account.lastEntryHash,
  };
  const entry: TStoredEntry = { ...unhashed, hash: hashEntry(unhashed) };
  if (await appendEntry(client, entry)) return { entry, duplicate: false };
  const existing = posting.reference ? await findEntryByReference(client, posting.kind, posting.reference.type, posting.reference.id) : undefined;
  if (!existing) throw new Error(`ledger entry ${entry.id} was neither written nor found by its reference`);
  return { entry: existing, duplicate: true };
}
