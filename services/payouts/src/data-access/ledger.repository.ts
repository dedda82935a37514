import type { TLedgerEntryKind } from '@platform/contracts';
import { countCapped, decodeCursor, SqlConditions, toPage, type PoolClient, type Queryable } from '@platform/service-kit';
import type { TPage } from '@platform/contracts';
import { z } from 'zod';
import type { TAccountState, TStoredEntry } from '../domain/ledger.js';

export interface TAccountRow extends TAccountState {
  userId: string;
}

interface TAccountDbRow {
  user_id: string;
  available: string;
  held: string;
  last_entry_hash: string;
  entry_count: number;
}

interface TEntryDbRow {
  id: string;
  user_id: string;
  seq: number;
  kind: TLedgerEntryKind;
  amount: string;
  available_after: string;
  held_after: string;
  reference_type: string | null;
  reference_id: string | null;
  reason: string | null;
  created_by: string | null;
  created_at: Date;
  prev_hash: string;
  hash: string;
}

const ENTRY_COLUMNS =
  'id, user_id, seq, kind, amount::text, available_after::text, held_after::text, reference_type, reference_id, reason, created_by, created_at, prev_hash, hash';

function toAccount(row: TAccountDbRow): TAccountRow {
  return { userId: row.user_id, available: row.available, held: row.held, lastEntryHash: row.last_entry_hash, entryCount: row.entry_count };
}

function toEntry(row: TEntryDbRow): TStoredEntry {
  return {
    id: row.id,
    userId: row.user_id,
    seq: row.seq,
    kind: row.kind,
    amount: row.amount,
    availableAfter: row.available_after,
    heldAfter: row.held_after,
    referenceType: row.reference_type,
    referenceId: row.reference_id,
    reason: row.reason,
    createdBy: row.created_by,
    createdAt: row.created_at.toISOString(),
    prevHash: row.prev_hash,
    hash: row.hash,
  };
}

const OPEN_ACCOUNT = { name: 'payouts_open_account', text: 'INSERT INTO ledger_accounts (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING' };
const LOCK_ACCOUNT = {
  name: 'payouts_lock_account',
  text: 'SELECT user_id, available::text, held::text, last_entry_hash, entry_count FROM ledger_accounts WHERE user_id = $1 FOR UPDATE',
};

/**
 * Opens a zero account for the user unless one exists, and returns its row locked until the transaction ends:
 * every posting to one account runs one after another. Both statements are issued at once (one round trip on a
 * pipelined pool), before the first await: statements the caller issues right after travel with them.
 */
export async function openAndLockAccount(client: PoolClient, userId: string): Promise<TAccountRow> {
  // The first failure is thrown: a failed insert aborts the transaction, so the lock fails after it.
  const [, { rows }] = await Promise.all([client.query({ ...OPEN_ACCOUNT, values: [userId] }), client.query<TAccountDbRow>({ ...LOCK_ACCOUNT, values: [userId] })]);
  if (!rows[0]) throw new Error(`ledger account ${userId} vanished`);
  return toAccount(rows[0]);
}

const LOCK_EXISTING_ACCOUNT = {
  name: 'payouts_lock_existing_account',
  text: `SELECT a.user_id, a.available::text, a.held::text, a.last_entry_hash, a.entry_count FROM ledger_accounts a
          WHERE a.user_id = $1 AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = a.user_id AND u.deleted_at IS NOT NULL)
          FOR UPDATE OF a`,
};

/**
 * The user's account locked until the transaction ends, or undefined when there is none (payouts never heard of the
 * user) or the user was deleted: for postings an admin asks for, which must not open accounts for made-up ids.
 * One statement, issued before the first await (it travels with BEGIN on a pipelined pool).
 */
export async function lockExistingAccount(client: PoolClient, userId: string): Promise<TAccountRow | undefined> {
  const { rows } = await client.query<TAccountDbRow>({ ...LOCK_EXISTING_ACCOUNT, values: [userId] });
  return rows[0] ? toAccount(rows[0]) : undefined;
}

export async function findAccount(db: Queryable, userId: string): Promise<TAccountRow | undefined> {
  const { rows } = await db.query<TAccountDbRow>('SELECT user_id, available::text, held::text, last_entry_hash, entry_count FROM ledger_accounts WHERE user_id = $1', [userId]);
  return rows[0] ? toAccount(rows[0]) : undefined;
}

/** Balances of the users; an id without an account is absent from the map. */
export async function findBalances(db: Queryable, userIds: readonly string[]): Promise<Map<string, { available: string; held: string }>> {
  const found = new Map<string, { available: string; held: string }>();
  if (userIds.length === 0) return found;
  const { rows } = await db.query<{ user_id: string; available: string; held: string }>(
    'SELECT user_id, available::text, held::text FROM ledger_accounts WHERE user_id = ANY($1::uuid[])',
    [userIds],
  );
  for (const row of rows) found.set(row.user_id, { available: row.available, held: row.held });
  return found;
}

export async function findEntryByReference(db: Queryable, kind: TLedgerEntryKind, referenceType: string, referenceId: string): Promise<TStoredEntry | undefined> {
  const { rows } = await db.query<TEntryDbRow>({
    name: 'payouts_entry_by_reference',
    text: `SELECT ${ENTRY_COLUMNS} FROM ledger_entries WHERE kind = $1 AND reference_type = $2 AND reference_id = $3`,
    values: [kind, referenceType, referenceId],
  });
  return rows[0] ? toEntry(rows[0]) : undefined;
}

/**
 * Appends an entry and moves the account to its balances after, in the caller's transaction (account locked), in ONE
 * statement: false (nothing written) when an entry of this kind already exists for its reference (the unique index
 * decides, so a new reference costs no lookup). Issued before the first await.
 */
export async function appendEntry(client: PoolClient, entry: TStoredEntry): Promise<boolean> {
  const { rowCount } = await client.query({
    name: 'payouts_append_entry',
    text: `WITH e AS (
       INSERT INTO ledger_entries (id, user_id, seq, kind, amount, available_after, held_after, reference_type, reference_id, reason, created_by, created_at, prev_hash, hash)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
       ON CONFLICT (kind, reference_type, reference_id) WHERE reference_id IS NOT NULL DO NOTHING
       RETURNING user_id)
     UPDATE ledger_accounts a SET available = $6, held = $7, last_entry_hash = $14, entry_count = $3, updated_at = now()
     FROM e WHERE a.user_id = e.user_id`,
    values: [
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
      entry.prevHash,
      entry.hash,
    ],
  });
  return rowCount === 1;
}

/** The user's entries, oldest first, created within [from, to) when given. */
export async function listEntries(db: Queryable, userId: string, range: { from?: Date; toExclusive?: Date } = {}): Promise<TStoredEntry[]> {
  const { rows } = await db.query<TEntryDbRow>(
    `SELECT ${ENTRY_COLUMNS} FROM ledger_entries
     WHERE user_id = $1 AND ($2::timestamptz IS NULL OR created_at >= $2) AND ($3::timestamptz IS NULL OR created_at < $3)
     ORDER BY seq`,
    [userId, range.from ?? null, range.toExclusive ?? null],
  );
  return rows.map(toEntry);
}

/**
 * The user's entries, exact: the account's entry_count. Started beside the page's query and awaited after it, so, as
 * countCapped does, a failure is also caught here (should the page's query fail first, this one would never be
 * awaited and its rejection would end the process); the promise returned still rejects.
 */
function countEntries(db: Queryable, userId: string): Promise<{ total: number; totalExact: boolean }> {
  const counted = db
    .query<{ n: number }>('SELECT entry_count AS n FROM ledger_accounts WHERE user_id = $1', [userId])
    .then(({ rows }) => ({ total: rows[0]?.n ?? 0, totalExact: true }));
  counted.catch(() => undefined);
  return counted;
}

/** The cursor list of the statement: its key is the ledger's own order within a user, seq. */
const STATEMENT_LIST = 'ledger.statement';
const ZSeqCursorKeySchema = z.tuple([z.number().int().positive()]);

/**
 * One page of the user's entries, newest first, created within [from, to) when given: keyset on seq (the ledger's
 * order, unique per user and only ever growing, so an entry posted while the user pages lands before the first page
 * and never shifts another), always within `user_id = userId` (a cursor carries only a seq). UNIQUE (user_id, seq)
 * serves the order; ledger_entries_user_time_idx the range and its count (without a range, the account's entry_count).
 */
export async function listEntriesPage(
  db: Queryable,
  userId: string,
  q: { from?: Date; toExclusive?: Date; pageSize: number; cursor?: string },
): Promise<TPage<TStoredEntry>> {
  const after = decodeCursor(q.cursor, STATEMENT_LIST, ZSeqCursorKeySchema);
  const filters = new SqlConditions().add('user_id = ?', userId);
  if (q.from) filters.add('created_at >= ?', q.from);
  if (q.toExclusive) filters.add('created_at < ?', q.toExclusive);
  // Without a range the account's entry_count is the exact total (one row); a range is counted up to the cap.
  const count = q.from || q.toExclusive ? countCapped(db, 'ledger_entries', filters.where(), filters.values) : countEntries(db, userId);
  const page = new SqlConditions();
  for (const value of filters.values) page.values.push(value);
  const keyset = after ? `seq < $${page.values.push(after[0])}` : undefined;
  const limit = page.param(q.pageSize + 1);
  const { rows } = await db.query<TEntryDbRow>(
    `SELECT ${ENTRY_COLUMNS} FROM ledger_entries ${filters.where(keyset)} ORDER BY seq DESC LIMIT ${limit}`,
    page.values,
  );
  return toPage(rows, q.pageSize, STATEMENT_LIST, (row) => [row.seq], toEntry, await count);
}

/**
 * The newest entry created before the moment (the opening balance of a statement from then, or the closing one of a
 * statement to then), or the newest of all without a moment.
 */
export async function findLastEntryBefore(db: Queryable, userId: string, before?: Date): Promise<TStoredEntry | undefined> {
  const { rows } = await db.query<TEntryDbRow>(
    `SELECT ${ENTRY_COLUMNS} FROM ledger_entries WHERE user_id = $1 AND ($2::timestamptz IS NULL OR created_at < $2) ORDER BY seq DESC LIMIT 1`,
    [userId, before ?? null],
  );
  return rows[0] ? toEntry(rows[0]) : undefined;
}

/**
 * The ledger's invariant for every account: the available effects of its entries sum to available, the held
 * effects to held (so all entries together sum to available + held), and the newest entry ends where the account
 * is. Returns the accounts that break it (none when sound). Used by the tests and the withdrawals benchmark.
 */
export const ACCOUNTS_BREAKING_INVARIANT_SQL = `
    SELECT a.user_id, a.available, a.held, s.available_sum, s.held_sum
    FROM ledger_accounts a
    LEFT JOIN (
      SELECT user_id,
        SUM(CASE WHEN kind = 'withdrawal_payout' THEN 0 ELSE amount END) AS available_sum,
        SUM(CASE WHEN kind IN ('withdrawal_hold', 'withdrawal_release') THEN -amount WHEN kind = 'withdrawal_payout' THEN amount ELSE 0 END) AS held_sum,
        COUNT(*) AS n
      FROM ledger_entries GROUP BY user_id
    ) s ON s.user_id = a.user_id
    LEFT JOIN ledger_entries last ON last.user_id = a.user_id AND last.seq = a.entry_count
    WHERE COALESCE(s.available_sum, 0) <> a.available OR COALESCE(s.held_sum, 0) <> a.held
      OR COALESCE(s.n, 0) <> a.entry_count
      OR (a.entry_count > 0 AND (last.available_after <> a.available OR last.held_after <> a.held OR last.hash <> a.last_entry_hash))`;

export async function findAccountsBreakingInvariant(db: Queryable): Promise<Record<string, unknown>[]> {
  const { rows } = await db.query(ACCOUNTS_BREAKING_INVARIANT_SQL);
  return rows;
}

/** Up to `limit` accounts after `afterUserId` (user id order), each with its entries oldest first (the chain check). */
export async function listAccountsWithEntries(db: Queryable, afterUserId: string | null, limit: number): Promise<{ account: TAccountRow; entries: TStoredEntry[] }[]> {
  const { rows: accounts } = await db.query<TAccountDbRow>(
    `SELECT user_id, available::text, held::text, last_entry_hash, entry_count FROM ledger_accounts
     WHERE ($1::uuid IS NULL OR user_id > $1::uuid) ORDER BY user_id LIMIT $2`,
    [afterUserId, limit],
  );
  if (accounts.length === 0) return [];
  const { rows } = await db.query<TEntryDbRow>(`SELECT ${ENTRY_COLUMNS} FROM ledger_entries WHERE user_id = ANY($1::uuid[]) ORDER BY user_id, seq`, [
    accounts.map((a) => a.user_id),
  ]);
  const byUser = new Map<string, TStoredEntry[]>(accounts.map((a) => [a.user_id, []]));
  for (const row of rows) byUser.get(row.user_id)!.push(toEntry(row));
  return accounts.map((a) => ({ account: toAccount(a), entries: byUser.get(a.user_id)! }));
}
