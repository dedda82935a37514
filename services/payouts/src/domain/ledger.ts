import { createHash } from 'node:crypto';
import type { TLedgerEntryKind } from '@platform/contracts';
import { fromCents, toCents } from './money.js';

/**
 * The pure rules of the ledger: what each kind of entry moves, the hash chain, and the check of a user's chain.
 *
 * amount is signed, in the direction the entry moves money:
 *   task_reward, signup_bonus  +A   available += A
 *   task_top_up                +A   available += A (a task under the hourly floor, topped up to it)
 *   admin_adjustment           +-A  available += A (never 0; a reason is required)
 *   withdrawal_hold            -A   available -= A, held += A
 *   withdrawal_release         +A   held -= A, available += A
 *   withdrawal_payout          -A   held -= A (the money leaves the platform)
 *   balance_given_up           -A   available -= A (the worker closing the account gave it up)
 * So for every account: the available effects of its entries sum to available, the held effects sum to held.
 */
export function effectOf(kind: TLedgerEntryKind, amount: bigint): { available: bigint; held: bigint } {
  switch (kind) {
    case 'task_reward':
    case 'task_top_up':
    case 'signup_bonus':
    case 'admin_adjustment':
    case 'balance_given_up':
      return { available: amount, held: 0n };
    case 'withdrawal_hold':
    case 'withdrawal_release':
      return { available: amount, held: -amount };
    case 'withdrawal_payout':
      return { available: 0n, held: amount };
  }
}

/** prev_hash of a user's first entry. */
export const GENESIS_HASH = '0'.repeat(64);

/** The fields of an entry that its hash covers (all of them but the hash itself). */
export interface THashedEntry {
  id: string;
  userId: string;
  seq: number;
  kind: TLedgerEntryKind;
  /** Decimal strings with exactly 2 decimals, as numeric(12,2) prints them ("-50.00"). */
  amount: string;
  availableAfter: string;
  heldAfter: string;
  referenceType: string | null;
  referenceId: string | null;
  reason: string | null;
  createdBy: string | null;
  /** ISO 8601 in UTC with milliseconds ("2025-01-31T09:15:00.123Z"). */
  createdAt: string;
  prevHash: string;
}

/**
 * The canonical text of an entry: a JSON array, in this order, of the version tag "ledger-entry-v1", prevHash, id,
 * userId, seq, kind, amount, availableAfter, heldAfter, referenceType, referenceId, reason, createdBy, createdAt
 * (null where absent). A JSON array has one spelling for given values, so the text is unambiguous whatever a
 * reason contains.
 */
export function canonicalEntry(entry: THashedEntry): string {
  return JSON.stringify([
    'ledger-entry-v1',
    entry.prevHash,
    entry.id,
    entry.userId,
    entry.seq,
    entry.kind,
    entry.amount,
    entry.availableAfter,
    entry.heldAfter,
    entry.referenceType,
    entry.referenceId,
    entry.reason,
    entry.createdBy,
    entry.createdAt,
  ]);
}

/** hash = lower-case hex SHA-256 of the UTF-8 canonical text (which includes the previous entry's hash). */
export function hashEntry(entry: THashedEntry): string {
  return createHash('sha256').update(canonicalEntry(entry), 'utf8').digest('hex');
}

export interface TStoredEntry extends THashedEntry {
  hash: string;
}

export interface TAccountState {
  available: string;
  held: string;
  lastEntryHash: string;
  entryCount: number;
}

export interface TChainCheck {
  valid: boolean;
  entries: number;
  brokenAt?: number;
  problem?: string;
}

/**
 * Recomputes a user's chain, oldest first: each entry must follow the previous one (seq, prev_hash), its hash must
 * be the hash of its fields, and its balances after must be the previous ones moved by its amount. The account
 * must end where the last entry does.
 */
export function verifyChain(entries: readonly TStoredEntry[], account: TAccountState | undefined): TChainCheck {
  let prevHash = GENESIS_HASH;
  let available = 0n;
  let held = 0n;
  for (const [index, entry] of entries.entries()) {
    const broken = (problem: string): TChainCheck => ({ valid: false, entries: entries.length, brokenAt: entry.seq, problem });
    if (entry.seq !== index + 1) return broken(`expected entry ${index + 1}, found ${entry.seq}`);
    if (entry.prevHash !== prevHash) return broken('prev_hash does not match the hash of the previous entry');
    if (hashEntry(entry) !== entry.hash) return broken('hash does not match the entry');
    const effect = effectOf(entry.kind, toCents(entry.amount));
    available += effect.available;
    held += effect.held;
    if (fromCents(available) !== entry.availableAfter || fromCents(held) !== entry.heldAfter) {
      return broken('balances after the entry do not follow from the previous entry and its amount');
    }
    prevHash = entry.hash;
  }
  const last = entries.at(-1);
  const accountProblem = (problem: string): TChainCheck => ({
    valid: false,
    entries: entries.length,
    ...(last ? { brokenAt: last.seq } : {}),
    problem,
  });
  if (account) {
    if (account.entryCount !== entries.length) return accountProblem('the account counts a different number of entries');
    if (account.lastEntryHash !== prevHash) return accountProblem('the account does not end at the last entry');
    if (account.available !== fromCents(available) || account.held !== fromCents(held)) {
      return accountProblem('the account balances differ from the entries');
    }
  }
  return { valid: true, entries: entries.length };
}
