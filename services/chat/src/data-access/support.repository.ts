import type { TSupportConversation, TSupportConversationPage, TSupportConversationsQuery, TSupportFigures, TSupportStatus } from '@platform/contracts';
import { countCapped, cursorTimeSql, decodeCursor, likeContains, SqlConditions, toPage, ZCursorIdSchema, ZCursorTimeSchema, type Queryable } from '@platform/service-kit';
import { z } from 'zod';
import { USER_SEARCH_SQL } from './messages.repository.js';

/** A conversation row as the use cases work with it (before the desk's view adds names and figures). */
export interface TConversationRecord {
  id: string;
  userId: string;
  status: TSupportStatus;
  assignedAdminId: string | null;
  unreadCount: number;
  waitingSince: Date | null;
  lastEmailedAt: Date | null;
}

interface TConversationRow {
  id: string;
  user_id: string;
  status: TSupportStatus;
  assigned_admin_id: string | null;
  unread_count: number;
  waiting_since: Date | null;
  last_emailed_at: Date | null;
}

const toRecord = (row: TConversationRow): TConversationRecord => ({
  id: row.id,
  userId: row.user_id,
  status: row.status,
  assignedAdminId: row.assigned_admin_id,
  unreadCount: row.unread_count,
  waitingSince: row.waiting_since,
  lastEmailedAt: row.last_emailed_at,
});

const RECORD_COLUMNS = 'id, user_id, status, assigned_admin_id, unread_count, waiting_since, last_emailed_at';

/** The worker's conversation, locked for the rest of the transaction (changes of one conversation queue). */
export async function lockConversation(db: Queryable, userId: string): Promise<TConversationRecord | undefined> {
  const { rows } = await db.query<TConversationRow>(`SELECT ${RECORD_COLUMNS} FROM support_conversations WHERE user_id = $1 FOR UPDATE`, [userId]);
  return rows[0] && toRecord(rows[0]);
}

export async function findConversation(db: Queryable, userId: string): Promise<TConversationRecord | undefined> {
  const { rows } = await db.query<TConversationRow>(`SELECT ${RECORD_COLUMNS} FROM support_conversations WHERE user_id = $1`, [userId]);
  return rows[0] && toRecord(rows[0]);
}

/** A worker's first message: the conversation starts open, with one unread message for the desk and a first round. */
export async function insertConversation(db: Queryable, userId: string, at: Date, preview: string): Promise<TConversationRecord> {
  const { rows } = await db.query<TConversationRow>(
    `INSERT INTO support_conversations (user_id, status, last_message_at, last_message_preview, unread_count, waiting_since, created_at, updated_at)
     VALUES ($1, 'open', $2, $3, 1, $2, $2, $2)
     RETURNING ${RECORD_COLUMNS}`,
    [userId, at, preview],
  );
  const record = toRecord(rows[0]!);
  await openRound(db, record.id, at);
  return record;
}

/** A worker's message: open (reopened when resolved or closed), one more unread for the desk, waiting since the oldest unanswered one. */
export async function recordWorkerMessage(db: Queryable, conversation: TConversationRecord, at: Date, preview: string): Promise<void> {
  await db.query(
    `UPDATE support_conversations
        SET status = 'open', last_message_at = $2, last_message_preview = $3, unread_count = unread_count + 1,
            waiting_since = coalesce(waiting_since, $2), updated_at = $2
      WHERE id = $1`,
    [conversation.id, at, preview],
  );
  if (conversation.status === 'resolved' || conversation.status === 'closed') await openRound(db, conversation.id, at);
}

/**
 * An admin's reply: pending (waiting on the worker), nobody waits on the desk, read for admins, the round answered.
 * Answers when the round this reply is the first answer of was opened (null when the round was answered before).
 */
export async function recordAdminReply(db: Queryable, conversation: TConversationRecord, at: Date, preview: string): Promise<{ firstResponseOf: Date | null }> {
  await db.query(
    `UPDATE support_conversations
        SET status = 'pending', last_message_at = $2, last_message_preview = $3, unread_count = 0, waiting_since = NULL, updated_at = $2
      WHERE id = $1`,
    [conversation.id, at, preview],
  );
  await markReadByAdmin(db, conversation.userId);
  const { rows } = await db.query<{ opened_at: Date }>(
    `UPDATE support_rounds SET first_response_at = $2
      WHERE id = (SELECT id FROM support_rounds WHERE conversation_id = $1 ORDER BY id DESC LIMIT 1)
        AND first_response_at IS NULL AND resolved_at IS NULL AND closed_at IS NULL
      RETURNING opened_at`,
    [conversation.id, at],
  );
  return { firstResponseOf: rows[0]?.opened_at ?? null };
}

/** The worker's messages are read by the desk; answers whether anything was unread. */
export async function markReadByAdmin(db: Queryable, userId: string): Promise<boolean> {
  await db.query(`UPDATE chat_messages SET read_by_admin = true WHERE chat_type = 'support' AND support_user_id = $1 AND NOT is_from_admin AND NOT read_by_admin`, [userId]);
  const { rowCount } = await db.query(`UPDATE support_conversations SET unread_count = 0 WHERE user_id = $1 AND unread_count > 0`, [userId]);
  return (rowCount ?? 0) > 0;
}

export async function markEmailed(db: Queryable, conversationId: string, at: Date): Promise<void> {
  await db.query('UPDATE support_conversations SET last_emailed_at = $2 WHERE id = $1', [conversationId, at]);
}

async function openRound(db: Queryable, conversationId: string, at: Date): Promise<void> {
  await db.query('INSERT INTO support_rounds (conversation_id, opened_at) VALUES ($1, $2)', [conversationId, at]);
}

/** Resolve, Close, or reopen by an admin; the round ends (resolved, closed) or a new one starts (reopened). */
export async function updateStatus(db: Queryable, conversation: TConversationRecord, status: TSupportStatus, at: Date): Promise<void> {
  await db.query(
    `UPDATE support_conversations
        SET status = $2, updated_at = $3,
            resolved_at = CASE WHEN $2 = 'resolved' THEN $3 ELSE resolved_at END,
            closed_at = CASE WHEN $2 = 'closed' THEN $3 ELSE closed_at END,
            waiting_since = CASE WHEN $2 IN ('resolved', 'closed') THEN NULL ELSE waiting_since END
      WHERE id = $1`,
    [conversation.id, status, at],
  );
  const ended = conversation.status === 'resolved' || conversation.status === 'closed';
  if (status === 'resolved' || status === 'closed') {
    await db.query(
      `UPDATE support_rounds SET ${status === 'resolved' ? 'resolved_at' : 'closed_at'} = $2
        WHERE id = (SELECT id FROM support_rounds WHERE conversation_id = $1 ORDER BY id DESC LIMIT 1)
          AND resolved_at IS NULL AND closed_at IS NULL`,
      [conversation.id, at],
    );
  } else if (ended) {
    await openRound(db, conversation.id, at);
  }
}

export async function updateAssignee(db: Queryable, conversationId: string, adminId: string | null, at: Date): Promise<void> {
  await db.query('UPDATE support_conversations SET assigned_admin_id = $2, updated_at = $3 WHERE id = $1', [conversationId, adminId, at]);
}

/* ---- The desk's view. ---- */

interface TViewRow {
  id: string;
  user_id: string;
  status: TSupportStatus;
  priority: string;
  assigned_admin_id: string | null;
  last_message_preview: string | null;
  last_message_at: Date | null;
  unread_count: number;
  waiting_since: Date | null;
  created_at: Date;
  updated_at: Date;
  resolved_at: Date | null;
  closed_at: Date | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  admin_first_name: string | null;
  admin_last_name: string | null;
  first_response_seconds: number | null;
  resolution_seconds: number | null;
}

const VIEW_COLUMNS = `c.id, c.user_id, c.status, c.priority, c.assigned_admin_id, c.last_message_preview, c.last_message_at,
       c.unread_count, c.waiting_since, c.created_at, c.updated_at, c.resolved_at, c.closed_at,
       u.first_name, u.last_name, u.email, a.first_name AS admin_first_name, a.last_name AS admin_last_name,
       extract(epoch FROM r.first_response_at - r.opened_at)::float8 AS first_response_seconds,
       extract(epoch FROM r.resolved_at - r.opened_at)::float8 AS resolution_seconds`;

const VIEW_JOINS = `LEFT JOIN users u ON u.id = c.user_id
  LEFT JOIN users a ON a.id = c.assigned_admin_id
  LEFT JOIN LATERAL (SELECT opened_at, first_response_at, resolved_at FROM support_rounds WHERE conversation_id = c.id ORDER BY id DESC LIMIT 1) r ON true`;

const VIEW_SELECT = `SELECT ${VIEW_COLUMNS} FROM support_conversations c ${VIEW_JOINS}`;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toView(row: TViewRow): TSupportConversation {
  return {
    id: row.id,
    userId: row.user_id,
    user: { firstName: row.first_name ?? '', lastName: row.last_name ?? '', email: row.email },
    status: row.status,
    priority: row.priority,
    assignedAdminId: row.assigned_admin_id,
    assignedAdmin: row.assigned_admin_id && row.admin_first_name !== null ? { firstName: row.admin_first_name, lastName: row.admin_last_name ?? '' } : null,
    lastMessage: row.last_message_preview,
    lastMessageAt: iso(row.last_message_at),
    unreadCount: row.unread_count,
    waitingSince: iso(row.waiting_since),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    resolvedAt: iso(row.resolved_at),
    closedAt: iso(row.closed_at),
    firstResponseSeconds: row.first_response_seconds === null ? null : Math.round(row.first_response_seconds),
    resolutionSeconds: row.resolution_seconds === null ? null : Math.round(row.resolution_seconds),
  };
}

/** The cursor list of GET /api/admin/support-conversations: a cursor of another list is refused. */
const DESK_LIST = 'support.desk';

/**
 * The desk's order, as it always was: waiting_since ASC NULLS LAST, last_message_at DESC, id. Read in two parts,
 * each on its own index: `w`, those whose worker waits for an answer (longest first), then `a`, every other (newest
 * activity first). The key of a page's last row: its part, waiting_since ('' in part a), last_message_at and id. The
 * directions are mixed, so the keyset is "leading column not beyond the key's, and past the key in the whole order":
 * the index reads from the key's first column on and the filter skips the few rows that tie on it.
 */
const ZDeskCursorKeySchema = z
  .tuple([z.enum(['w', 'a']), z.union([ZCursorTimeSchema, z.literal('')]), ZCursorTimeSchema, ZCursorIdSchema])
  .refine(([part, waiting]) => (part === 'w') === (waiting !== ''));
type TDeskKey = z.output<typeof ZDeskCursorKeySchema>;

const DESK_PARTS = {
  w: {
    where: 'c.waiting_since IS NOT NULL',
    order: 'c.waiting_since ASC, c.last_message_at DESC, c.id ASC',
    after: (at: (value: unknown) => string, [, waiting, last, id]: TDeskKey) => {
      const [w, l, i] = [`${at(waiting)}::timestamptz`, `${at(last)}::timestamptz`, `${at(id)}::uuid`];
      return `c.waiting_since >= ${w} AND (c.waiting_since > ${w} OR c.last_message_at < ${l} OR (c.last_message_at = ${l} AND c.id > ${i}))`;
    },
  },
  a: {
    where: 'c.waiting_since IS NULL',
    order: 'c.last_message_at DESC, c.id ASC',
    after: (at: (value: unknown) => string, [, , last, id]: TDeskKey) => {
      const [l, i] = [`${at(last)}::timestamptz`, `${at(id)}::uuid`];
      return `c.last_message_at <= ${l} AND (c.last_message_at < ${l} OR c.id > ${i})`;
    },
  },
} as const;
type TDeskPart = keyof typeof DESK_PARTS;

/**
 * One page of the desk list (contracts ZSupportConversationsQuerySchema): keyset over the two parts of the desk's
 * order (the waiting part first, the rest after it), each part and filter served by an index (migration 0008);
 * `assignedTo` is ?mine's admin.
 */
export async function listConversationsPage(db: Queryable, q: TSupportConversationsQuery, assignedTo?: string): Promise<TSupportConversationPage> {
  const after = decodeCursor(q.cursor, DESK_LIST, ZDeskCursorKeySchema);
  const filters = new SqlConditions();
  if (q.status !== 'all') filters.add('c.status = ?', q.status);
  if (assignedTo) filters.add('c.assigned_admin_id = ?', assignedTo);
  if (q.user) filters.add(`c.user_id IN (SELECT s.id FROM users s WHERE ${USER_SEARCH_SQL('s')} LIKE ?)`, likeContains(q.user));
  const count = countCapped(db, 'support_conversations c', filters.where(), filters.values);

  const readPart = async (part: TDeskPart, key: TDeskKey | undefined, limit: number) => {
    const { where, order, after: beyond } = DESK_PARTS[part];
    const page = new SqlConditions();
    page.values.push(...filters.values);
    const keyset = key ? beyond((value) => page.param(value), key) : undefined;
    const { rows } = await db.query<TViewRow & { waiting_key: string | null; last_key: string }>(
      `SELECT ${VIEW_COLUMNS}, c.waiting_key, c.last_key
         FROM (SELECT c.*, ${cursorTimeSql('c.waiting_since')} AS waiting_key, ${cursorTimeSql('c.last_message_at')} AS last_key
                 FROM support_conversations c
                ${filters.where(keyset ? `${where} AND ${keyset}` : where)}
                ORDER BY ${order} LIMIT ${page.param(limit)}) c
         ${VIEW_JOINS}
        ORDER BY ${order}`,
      page.values,
    );
    return rows.map((row) => ({ ...row, part }));
  };

  // pageSize + 1 rows tell whether a next page exists: from the waiting part first, the rest from the other.
  const wanted = q.pageSize + 1;
  const rows: Awaited<ReturnType<typeof readPart>> = [];
  if (!after || after[0] === 'w') rows.push(...(await readPart('w', after, wanted)));
  if (rows.length < wanted) rows.push(...(await readPart('a', after?.[0] === 'a' ? after : undefined, wanted - rows.length)));
  return toPage(rows, q.pageSize, DESK_LIST, (row) => [row.part, row.waiting_key ?? '', row.last_key, row.id], toView, await count);
}

export async function findConversationView(db: Queryable, userId: string): Promise<TSupportConversation | undefined> {
  const { rows } = await db.query<TViewRow>(`${VIEW_SELECT} WHERE c.user_id = $1`, [userId]);
  return rows[0] && toView(rows[0]);
}

/** The desk figures: medians over the rounds answered / resolved in the last `days` days, and who waits too long now. */
export async function readFigures(db: Queryable, days: number, waitingHours: number): Promise<TSupportFigures> {
  const { rows } = await db.query<{
    median_first: number | null;
    responded: string;
    median_resolution: number | null;
    resolved: string;
    waiting: string;
    open: string;
    pending: string;
    resolved_now: string;
    closed: string;
  }>(
    `SELECT
       (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM first_response_at - opened_at))
          FROM support_rounds WHERE first_response_at > now() - make_interval(days => $1::int))::float8 AS median_first,
       (SELECT count(*) FROM support_rounds WHERE first_response_at > now() - make_interval(days => $1::int)) AS responded,
       (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM resolved_at - opened_at))
          FROM support_rounds WHERE resolved_at > now() - make_interval(days => $1::int))::float8 AS median_resolution,
       (SELECT count(*) FROM support_rounds WHERE resolved_at > now() - make_interval(days => $1::int)) AS resolved,
       (SELECT count(*) FROM support_conversations WHERE waiting_since < now() - make_interval(hours => $2::int)) AS waiting,
       (SELECT count(*) FROM support_conversations WHERE status = 'open') AS open,
       (SELECT count(*) FROM support_conversations WHERE status = 'pending') AS pending,
       (SELECT count(*) FROM support_conversations WHERE status = 'resolved') AS resolved_now,
       (SELECT count(*) FROM support_conversations WHERE status = 'closed') AS closed`,
    [days, waitingHours],
  );
  const r = rows[0]!;
  const round = (v: number | null) => (v === null ? null : Math.round(v));
  return {
    days,
    medianFirstResponseSeconds: round(r.median_first),
    medianResolutionSeconds: round(r.median_resolution),
    respondedCount: Number(r.responded),
    resolvedCount: Number(r.resolved),
    waitingOver24h: Number(r.waiting),
    byStatus: { open: Number(r.open), pending: Number(r.pending), resolved: Number(r.resolved_now), closed: Number(r.closed) },
  };
}
