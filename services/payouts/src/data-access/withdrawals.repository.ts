import type {
  TAdminWithdrawal,
  TAdminWithdrawalSort,
  TAdminWithdrawalPage,
  TAdminWithdrawalsQuery,
  TMyWithdrawalsQuery,
  TWithdrawal,
  TWithdrawalPage,
  TWithdrawalStatus,
} from '@platform/contracts';
import {
  countCapped,
  countOfOwnersMatching,
  cursorTimeSql,
  decodeCursor,
  likeContains,
  listKeyset,
  SqlConditions,
  toPage,
  ZTimeIdCursorKeySchema,
  type Queryable,
  type TListOrder,
} from '@platform/service-kit';

interface TWithdrawalDbRow {
  id: string;
  user_id: string;
  amount: string;
  currency: string;
  network_fee: string;
  wallet_address: string;
  status: TWithdrawalStatus;
  admin_comment: string | null;
  tx_reference: string | null;
  reviewed_by: string | null;
  reviewed_at: Date | null;
  created_at: Date;
  decide_by: Date;
  closing: boolean;
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
}

export interface TWithdrawalRecord extends TWithdrawal {
  userId: string;
  reviewedBy: string | null;
  /** A closing withdrawal (the whole balance, minimum waived; issue 28 item 4); the admin's view says so. */
  closing: boolean;
}

const COLUMNS = `w.id, w.user_id, w.amount::text, w.currency, w.network_fee::text, w.wallet_address, w.status, w.admin_comment,
  w.tx_reference, w.reviewed_by, w.reviewed_at, w.created_at, w.decide_by, w.closing`;

function toRecord(row: TWithdrawalDbRow): TWithdrawalRecord {
  return {
    id: row.id,
    userId: row.user_id,
    amount: row.amount,
    currency: row.currency,
    networkFee: row.network_fee,
    walletAddress: row.wallet_address,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    adminComment: row.admin_comment,
    reviewedAt: row.reviewed_at ? row.reviewed_at.toISOString() : null,
    reviewedBy: row.reviewed_by,
    txReference: row.tx_reference,
    decideBy: row.decide_by.toISOString(),
    overdue: isOverdue(row.status, row.decide_by.toISOString()),
    closing: row.closing,
  };
}

/** Still pending past the time by which it was to be decided. */
export function isOverdue(status: TWithdrawalStatus, decideBy: string, now = Date.now()): boolean {
  return status === 'pending' && Date.parse(decideBy) < now;
}

/** The owner's view (spec 02): no user id, no reviewer, no closing mark. */
export function toWithdrawalView(record: TWithdrawalRecord): TWithdrawal {
  const { userId: _userId, reviewedBy: _reviewedBy, closing: _closing, ...view } = record;
  return view;
}

/**
 * Inserts a new withdrawal (its id and createdAt made by the caller, so the record is known without reading it back:
 * the statement is issued before the first await and can share a round trip with the caller's other writes).
 */
export async function insertWithdrawal(
  db: Queryable,
  w: {
    id: string;
    userId: string;
    amount: string;
    currency: string;
    networkFee: string;
    walletAddress: string;
    idempotencyKey: string;
    createdAt: string;
    decideBy: string;
    /** A closing withdrawal (the whole balance, minimum waived; issue 28 item 4). */
    closing?: boolean;
  },
): Promise<TWithdrawalRecord> {
  await db.query({
    name: 'payouts_insert_withdrawal',
    text: `INSERT INTO withdrawals (id, user_id, amount, currency, network_fee, wallet_address, idempotency_key, created_at, updated_at, closing, decide_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9, $10)`,
    values: [w.id, w.userId, w.amount, w.currency, w.networkFee, w.walletAddress, w.idempotencyKey, w.createdAt, w.closing ?? false, w.decideBy],
  });
  return {
    id: w.id,
    userId: w.userId,
    amount: w.amount,
    currency: w.currency,
    networkFee: w.networkFee,
    walletAddress: w.walletAddress,
    status: 'pending',
    createdAt: w.createdAt,
    adminComment: null,
    reviewedAt: null,
    reviewedBy: null,
    txReference: null,
    decideBy: w.decideBy,
    overdue: false,
    closing: w.closing ?? false,
  };
}

/** The cursor list of GET /api/withdrawals: a cursor of an admin list (or of another sort) is refused. */
const OWN_LIST = 'withdrawals.own';

/**
 * One page of the user's own withdrawals, newest request first: keyset on (created_at, id) descending after the
 * cursor, always within `user_id = userId` (a cursor carries no user: another user's cursor only positions the
 * caller's own list). withdrawals_user_idx serves it, withdrawals_user_status_idx the ?status filter (0005).
 */
export async function listOwnWithdrawalsPage(db: Queryable, userId: string, q: TMyWithdrawalsQuery): Promise<TWithdrawalPage> {
  const after = decodeCursor(q.cursor, OWN_LIST, ZTimeIdCursorKeySchema);
  const filters = new SqlConditions().add('w.user_id = ?', userId);
  if (q.status) filters.add('w.status = ?', q.status);
  const count = countCapped(db, 'withdrawals w', filters.where(), filters.values);
  const page = new SqlConditions();
  for (const value of filters.values) page.values.push(value);
  const keyset = after ? `(w.created_at, w.id) < ($${page.values.push(after[0])}, $${page.values.push(after[1])})` : undefined;
  const limit = page.param(q.pageSize + 1);
  const { rows } = await db.query<TWithdrawalDbRow & { sort_key: string }>(
    `SELECT ${COLUMNS}, ${cursorTimeSql('w.created_at')} AS sort_key
     FROM withdrawals w
     ${filters.where(keyset)}
     ORDER BY w.created_at DESC, w.id DESC
     LIMIT ${limit}`,
    page.values,
  );
  return toPage(rows, q.pageSize, OWN_LIST, (row) => [row.sort_key, row.id], (row) => toWithdrawalView(toRecord(row)), await count);
}

/**
 * The order of an admin list: without sort, pending oldest request first and the others newest decision first;
 * each sort's index is in migration 0004 (the defaults) or 0006 (requested time of the decided, amounts).
 */
function adminListOrder(q: TAdminWithdrawalsQuery): TListOrder {
  const sort: TAdminWithdrawalSort = q.sort ?? (q.status === 'pending' ? 'createdAt.asc' : 'reviewedAt.desc');
  const [field, direction] = sort.split('.') as [string, 'asc' | 'desc'];
  const column = field === 'amount' ? 'w.amount' : field === 'reviewedAt' ? 'w.reviewed_at' : 'w.created_at';
  return { column, direction: direction === 'asc' ? 'ASC' : 'DESC', kind: field === 'amount' ? 'number' : 'time' };
}

/** The owners whose e-mail or full name contains the text (users_search_idx, by trigrams). */
const USER_SEARCH = `SELECT s.id FROM users s WHERE lower(s.email || ' ' || s.first_name || ' ' || s.last_name) LIKE ?`;

/** The list's own filters (status, currency, dates, amounts), each served by an index (migration 0004). */
function addListFilters(filters: SqlConditions, q: TAdminWithdrawalsQuery): void {
  const column = q.status === 'pending' ? 'w.created_at' : 'w.reviewed_at';
  if (q.status === 'pending') filters.add(`w.status = 'pending'`);
  else if (q.status === 'decided') filters.add(`w.status <> 'pending'`);
  else filters.add(`w.status <> 'pending'`).add('w.status = ?', q.status);
  if (q.currency) filters.add('w.currency = ?', q.currency);
  if (q.from) filters.add(`${column} >= ?`, q.from);
  if (q.to) filters.add(`${column} < ?`, q.to);
  if (q.minAmount) filters.add('w.amount >= ?', q.minAmount);
  if (q.maxAmount) filters.add('w.amount <= ?', q.maxAmount);
}

/**
 * One page of an admin withdrawal list (contracts ZAdminWithdrawalsQuerySchema) with the owners' names: keyset on
 * (sort column, id) after the cursor, each filter and sort served by an index (migrations 0004, 0006). A cursor of
 * another list or sort is refused (400 cursor). Filtered by owner, the total goes through the matching users first.
 */
export async function listWithdrawalsPage(db: Queryable, q: TAdminWithdrawalsQuery): Promise<TAdminWithdrawalPage> {
  const order = adminListOrder(q);
  const keyset = listKeyset(order, 'w.id', `withdrawals.${q.status}.${q.sort ?? 'default'}`);
  const after = keyset.decode(q.cursor);
  const filters = new SqlConditions();
  addListFilters(filters, q);
  if (q.user) filters.add(`w.user_id IN (${USER_SEARCH})`, likeContains(q.user));
  const count = q.user
    ? countOfOwnersMatching(db, USER_SEARCH, likeContains(q.user), { name: 'withdrawals', alias: 'w', userColumn: 'user_id' }, (f) => addListFilters(f, q))
    : countCapped(db, 'withdrawals w', filters.where(), filters.values);
  const page = new SqlConditions();
  page.values.push(...filters.values);
  const afterCursor = after ? keyset.after(after, (value) => page.param(value)) : undefined;
  const limit = page.param(q.pageSize + 1);
  const { rows } = await db.query<TWithdrawalDbRow & { sort_key: string }>(
    `SELECT ${COLUMNS}, ${keyset.select}, u.first_name, u.last_name, u.email
     FROM withdrawals w LEFT JOIN users u ON u.id = w.user_id
     ${filters.where(afterCursor)}
     ORDER BY ${keyset.orderBy}
     LIMIT ${limit}`,
    page.values,
  );
  return toPage(rows, q.pageSize, keyset.cursorList, (row) => keyset.keyOf(row, row.id), toAdminWithdrawal, await count);
}

function toAdminWithdrawal(row: TWithdrawalDbRow): TAdminWithdrawal {
  return { ...toRecord(row), user: { firstName: row.first_name ?? '', lastName: row.last_name ?? '', email: row.email ?? '' } };
}

export async function findWithdrawal(db: Queryable, id: string): Promise<TWithdrawalRecord | undefined> {
  const { rows } = await db.query<TWithdrawalDbRow>(`SELECT ${COLUMNS} FROM withdrawals w WHERE w.id = $1`, [id]);
  return rows[0] ? toRecord(rows[0]) : undefined;
}

/**
 * Decides a pending withdrawal and reads its owner's names from the users copy, in one statement; undefined when it
 * is not pending (any more): only one decision ever wins.
 */
export async function decidePendingWithdrawal(
  db: Queryable,
  d: { id: string; status: 'approved' | 'rejected'; adminComment: string | null; txReference: string | null; reviewedBy: string },
): Promise<TAdminWithdrawal | undefined> {
  const { rows } = await db.query<TWithdrawalDbRow>({
    name: 'payouts_decide_withdrawal',
    text: `WITH w AS (
             UPDATE withdrawals SET status = $2, admin_comment = $3, tx_reference = $4, reviewed_by = $5, reviewed_at = now(), updated_at = now()
             WHERE id = $1 AND status = 'pending' RETURNING *)
           SELECT ${COLUMNS}, u.first_name, u.last_name, u.email FROM w LEFT JOIN users u ON u.id = w.user_id`,
    values: [d.id, d.status, d.adminComment, d.txReference, d.reviewedBy],
  });
  const row = rows[0];
  return row ? toAdminWithdrawal(row) : undefined;
}

/* ---- Idempotency keys of POST /api/withdrawals ---- */

/** What a key answered the first time: the withdrawal it created (a refused request stores nothing). */
export interface TIdempotentAnswer {
  requestHash: string;
  response: unknown;
}

export async function findIdempotentAnswer(db: Queryable, userId: string, key: string): Promise<TIdempotentAnswer | undefined> {
  const { rows } = await db.query<{ request_hash: string; response: unknown }>({
    name: 'payouts_find_idempotent_answer',
    text: 'SELECT request_hash, response FROM idempotency_keys WHERE user_id = $1 AND key = $2',
    values: [userId, key],
  });
  const row = rows[0];
  return row ? { requestHash: row.request_hash, response: row.response } : undefined;
}

export async function saveIdempotentAnswer(db: Queryable, userId: string, key: string, answer: TIdempotentAnswer): Promise<void> {
  await db.query({
    name: 'payouts_save_idempotent_answer',
    text: 'INSERT INTO idempotency_keys (user_id, key, request_hash, response) VALUES ($1, $2, $3, $4)',
    values: [userId, key, answer.requestHash, JSON.stringify(answer.response)],
  });
}
