import type { TChatMonitorQuery, TChatType, TPage } from '@platform/contracts';
import { countCapped, countOfOwnersMatching, cursorTimeSql, decodeCursor, likeContains, SqlConditions, toPage, ZCursorTimeSchema, type Queryable } from '@platform/service-kit';
import { z } from 'zod';

/** A room: the general room, or one worker's support thread. */
export type TRoom = { chatType: 'general' } | { chatType: 'support'; supportUserId: string };

export const GENERAL_ROOM: TRoom = { chatType: 'general' };

export function roomKey(room: TRoom): string {
  return room.chatType === 'general' ? 'general' : `support:${room.supportUserId}`;
}

/** A stored message with what its view needs: the author, the assistant and the message it replies to. */
export interface TStoredMessage {
  id: number;
  userId: string | null;
  assistantId: string | null;
  isBot: boolean;
  content: string;
  replyToId: number | null;
  chatType: TChatType;
  supportUserId: string | null;
  isFromAdmin: boolean;
  clientId: string | null;
  createdAt: string;
  /** From the users copy; null for an assistant, or a person the copy does not know yet. */
  author: { firstName: string; lastName: string; role: string } | null;
  assistant: { displayName: string; avatar: string | null; preferredLanguage: 'english' | 'russian' } | null;
  replyTo: {
    id: number;
    content: string;
    isBot: boolean;
    isFromAdmin: boolean;
    author: { firstName: string; lastName: string } | null;
    assistantName: string | null;
  } | null;
}

interface TMessageRow {
  id: string;
  user_id: string | null;
  assistant_id: string | null;
  is_bot: boolean;
  content: string;
  reply_to_id: string | null;
  chat_type: TChatType;
  support_user_id: string | null;
  is_from_admin: boolean;
  client_id: string | null;
  created_at: Date;
  first_name: string | null;
  last_name: string | null;
  author_role: string | null;
  assistant_name: string | null;
  assistant_avatar: string | null;
  assistant_language: 'english' | 'russian' | null;
  reply_id: string | null;
  reply_content: string | null;
  reply_is_bot: boolean | null;
  reply_is_from_admin: boolean | null;
  reply_first_name: string | null;
  reply_last_name: string | null;
  reply_assistant_name: string | null;
}

function toStored(row: TMessageRow): TStoredMessage {
  return {
    id: Number(row.id),
    userId: row.user_id,
    assistantId: row.assistant_id,
    isBot: row.is_bot,
    content: row.content,
    replyToId: row.reply_to_id === null ? null : Number(row.reply_to_id),
    chatType: row.chat_type,
    supportUserId: row.support_user_id,
    isFromAdmin: row.is_from_admin,
    clientId: row.client_id,
    createdAt: row.created_at.toISOString(),
    author: row.first_name === null ? null : { firstName: row.first_name, lastName: row.last_name ?? '', role: row.author_role ?? 'employee' },
    assistant: row.is_bot ? { displayName: row.assistant_name || 'Assistant', avatar: row.assistant_avatar, preferredLanguage: row.assistant_language ?? 'english' } : null,
    replyTo:
      row.reply_id === null
        ? null
        : {
            id: Number(row.reply_id),
            content: row.reply_content ?? '',
            isBot: Boolean(row.reply_is_bot),
            isFromAdmin: Boolean(row.reply_is_from_admin),
            author: row.reply_first_name === null ? null : { firstName: row.reply_first_name, lastName: row.reply_last_name ?? '' },
            assistantName: row.reply_assistant_name,
          },
  };
}

const VIEW_COLUMNS = `m.id, m.user_id, m.assistant_id, m.is_bot, m.content, m.reply_to_id, m.chat_type, m.support_user_id,
  m.is_from_admin, m.client_id, m.created_at,
  u.first_name, u.last_name, u.role AS author_role,
  a.display_name AS assistant_name, a.avatar AS assistant_avatar, a.preferred_language AS assistant_language,
  r.id AS reply_id, r.content AS reply_content, r.is_bot AS reply_is_bot, r.is_from_admin AS reply_is_from_admin,
  ru.first_name AS reply_first_name, ru.last_name AS reply_last_name, ra.display_name AS reply_assistant_name`;

const VIEW_JOINS = `LEFT JOIN users u ON u.id = m.user_id
  LEFT JOIN chat_assistants a ON a.id = m.assistant_id
  LEFT JOIN chat_messages_all r ON r.id = m.reply_to_id
  LEFT JOIN users ru ON ru.id = r.user_id
  LEFT JOIN chat_assistants ra ON ra.id = r.assistant_id`;

/** The SQL condition selecting a room's rows of chat_messages (its parameter appended to `params`). */
export function roomCondition(room: TRoom, params: unknown[]): string {
  if (room.chatType === 'general') return `chat_type = 'general'`;
  params.push(room.supportUserId);
  return `chat_type = 'support' AND support_user_id = $${params.length}`;
}

export interface TPageRequest {
  before?: number;
  after?: number;
  limit: number;
}

/**
 * One page of a room, live and archived messages alike, in ascending id order. Without a cursor: the newest
 * `limit`; `before`: the `limit` older than it; `after`: the first `limit` newer than it. `hasMore`: there are more
 * in the direction read.
 */
export async function findPage(db: Queryable, room: TRoom, page: TPageRequest): Promise<{ messages: TStoredMessage[]; hasMore: boolean }> {
  const params: unknown[] = [];
  const conditions = [roomCondition(room, params)];
  let order = 'DESC';
  if (page.before !== undefined) {
    params.push(page.before);
    conditions.push(`id < $${params.length}`);
  } else if (page.after !== undefined) {
    params.push(page.after);
    conditions.push(`id > $${params.length}`);
    order = 'ASC';
  }
  params.push(page.limit + 1);
  const { rows } = await db.query<TMessageRow>(
    `SELECT ${VIEW_COLUMNS}
       FROM (SELECT * FROM chat_messages_all WHERE ${conditions.join(' AND ')} ORDER BY id ${order} LIMIT $${params.length}) m
       ${VIEW_JOINS}
      ORDER BY m.id ${order}`,
    params,
  );
  const hasMore = rows.length > page.limit;
  const kept = rows.slice(0, page.limit).map(toStored);
  return { messages: order === 'DESC' ? kept.reverse() : kept, hasMore };
}

export async function findMessageById(db: Queryable, id: number): Promise<TStoredMessage | undefined> {
  const { rows } = await db.query<TMessageRow>(`SELECT ${VIEW_COLUMNS} FROM chat_messages_all m ${VIEW_JOINS} WHERE m.id = $1`, [id]);
  return rows[0] && toStored(rows[0]);
}

export async function findMessageByClientId(db: Queryable, userId: string, clientId: string): Promise<TStoredMessage | undefined> {
  const { rows } = await db.query<TMessageRow>(`SELECT ${VIEW_COLUMNS} FROM chat_messages_all m ${VIEW_JOINS} WHERE m.user_id = $1 AND m.client_id = $2`, [userId, clientId]);
  return rows[0] && toStored(rows[0]);
}

export interface TNewMessage {
  userId: string;
  content: string;
  replyToId: number | null;
  room: TRoom;
  isFromAdmin: boolean;
  clientId: string | null;
}

/** Inserts a person's message; undefined when the same (user, clientId) is already stored. */
export async function insertMessage(db: Queryable, message: TNewMessage): Promise<{ id: number; createdAt: Date } | undefined> {
  const { rows } = await db.query<{ id: string; created_at: Date }>(
    `INSERT INTO chat_messages (user_id, content, reply_to_id, chat_type, support_user_id, is_from_admin, client_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (user_id, client_id) WHERE client_id IS NOT NULL DO NOTHING
     RETURNING id, created_at`,
    [
      message.userId,
      message.content,
      message.replyToId,
      message.room.chatType,
      message.room.chatType === 'support' ? message.room.supportUserId : null,
      message.isFromAdmin,
      message.clientId,
    ],
  );
  const row = rows[0];
  return row && { id: Number(row.id), createdAt: row.created_at };
}

/** Inserts an assistant's message in the general room (is_bot follows from assistant_id); answers its id. */
export async function insertAssistantMessage(db: Queryable, message: { assistantId: string; content: string; replyToId: number | null }): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO chat_messages (assistant_id, content, reply_to_id, chat_type) VALUES ($1, $2, $3, 'general') RETURNING id`,
    [message.assistantId, message.content, message.replyToId],
  );
  return Number(rows[0]!.id);
}

/* ---- Chat Monitor. ---- */

/** The cursor list of GET /api/admin/chat-messages: a cursor of another list is refused. */
const MONITOR_LIST = 'chat.monitor';
/** The monitor's sort key: the time the message was written (microseconds) and its id. */
const ZMonitorCursorKeySchema = z.tuple([ZCursorTimeSchema, z.number().int().positive()]);

/** The users copy's search text: the trigram index users_search_idx (migration 0008) is on exactly this expression. */
export const USER_SEARCH_SQL = (alias: string) => `lower(coalesce(${alias}.email, '') || ' ' || ${alias}.first_name || ' ' || ${alias}.last_name)`;

/** The Monitor's filters but the author's, each served by an index (migration 0008; assistants 0009). */
function addMonitorFilters(filters: SqlConditions, q: Omit<TChatMonitorQuery, 'user'>): void {
  const room = q.conversation ? 'support' : (q.room ?? 'general');
  // A literal (room is one of the contract's values), so the planner matches the support room's partial index.
  if (room !== 'all') filters.add(room === 'support' ? `m.chat_type = 'support'` : `m.chat_type = 'general'`);
  if (q.conversation) filters.add('m.support_user_id = ?', q.conversation);
  if (q.filter === 'people') filters.add('m.assistant_id IS NULL');
  if (q.filter === 'assistants') filters.add('m.assistant_id IS NOT NULL');
  if (q.search) filters.add('lower(m.content) LIKE ?', likeContains(q.search));
  if (q.from) filters.add('m.created_at >= ?', q.from);
  if (q.to) filters.add('m.created_at < ?', q.to);
}

/**
 * One page of the Chat Monitor (contracts ZChatMonitorQuerySchema): live messages (the archive is not read), newest
 * first, keyset on (created_at, id) after the cursor; each filter served by an index (migration 0008).
 */
export async function findMonitorPage(db: Queryable, q: TChatMonitorQuery): Promise<TPage<TStoredMessage>> {
  const after = decodeCursor(q.cursor, MONITOR_LIST, ZMonitorCursorKeySchema);
  const filters = new SqlConditions();
  addMonitorFilters(filters, q);
  const authors = `SELECT s.id FROM users s WHERE ${USER_SEARCH_SQL('s')} LIKE ?`;
  if (q.user) filters.add(`m.user_id IN (${authors})`, likeContains(q.user));
  // Filtered by author, the total goes through the matching users first, then each one's messages by
  // chat_messages_author_time_idx (a parallel scan of every message joined to them cost about 90 ms at 500,000).
  const count = q.user
    ? countOfOwnersMatching(db, authors, likeContains(q.user), { name: 'chat_messages', alias: 'm', userColumn: 'user_id' }, (f) => addMonitorFilters(f, q))
    : countCapped(db, 'chat_messages m', filters.where(), filters.values);
  const page = new SqlConditions();
  page.values.push(...filters.values);
  const keyset = after ? `(m.created_at, m.id) < ($${page.values.push(after[0])}::timestamptz, $${page.values.push(after[1])}::bigint)` : undefined;
  const limit = page.param(q.pageSize + 1);
  const order = 'ORDER BY m.created_at DESC, m.id DESC';
  // With ?search the trigram index finds the matches first (a fence: otherwise the planner may walk the time index
  // backwards hoping to meet a rare text soon, and read the whole room); the page is the newest of them.
  const newest = q.search
    ? `WITH found AS MATERIALIZED (SELECT m.id, m.created_at FROM chat_messages m ${filters.where(keyset)})
       SELECT m.*, ${cursorTimeSql('m.created_at')} AS sort_key
         FROM (SELECT f.id FROM found f ORDER BY f.created_at DESC, f.id DESC LIMIT ${limit}) f JOIN chat_messages m ON m.id = f.id`
    : `SELECT m.*, ${cursorTimeSql('m.created_at')} AS sort_key FROM chat_messages m ${filters.where(keyset)} ${order} LIMIT ${limit}`;
  const { rows } = await db.query<TMessageRow & { sort_key: string }>(`SELECT ${VIEW_COLUMNS}, m.sort_key FROM (${newest}) m ${VIEW_JOINS} ${order}`, page.values);
  return toPage(rows, q.pageSize, MONITOR_LIST, (row) => [row.sort_key, Number(row.id)], toStored, await count);
}

/** General-room activity in the last 24 hours. */
export async function findMonitorStats(db: Queryable): Promise<{ total: number; people: number; assistants: number; authors: number }> {
  const { rows } = await db.query<{ total: string; people: string; assistants: string; authors: string }>(
    `SELECT count(*) AS total, count(*) FILTER (WHERE assistant_id IS NULL) AS people,
            count(*) FILTER (WHERE assistant_id IS NOT NULL) AS assistants, count(DISTINCT user_id) AS authors
       FROM chat_messages WHERE chat_type = 'general' AND created_at > now() - interval '24 hours'`,
  );
  const row = rows[0]!;
  return { total: Number(row.total), people: Number(row.people), assistants: Number(row.assistants), authors: Number(row.authors) };
}

/* ---- Unread counts. ---- */

/**
 * Starts a user's read position where they joined: the newest message written before users.joined_at (what was
 * written since is unread), or, for a user whose joining this service never heard of, the newest message now.
 */
export async function ensureReadState(db: Queryable, userId: string, room: TRoom): Promise<void> {
  const params: unknown[] = [userId, room.chatType];
  await db.query(
    `INSERT INTO chat_read_state (user_id, chat_type, last_read_id)
     SELECT $1, $2, coalesce(max(id), 0) FROM chat_messages
      WHERE ${roomCondition(room, params)} AND created_at <= coalesce((SELECT joined_at FROM users WHERE id = $1), 'infinity'::timestamptz)
     ON CONFLICT (user_id, chat_type) DO NOTHING`,
    params,
  );
}

/** Moves the read position forward (never back) to `upToId`, or to the newest message when not given. */
export async function markRead(db: Queryable, userId: string, room: TRoom, upToId?: number): Promise<void> {
  const params: unknown[] = [userId, room.chatType];
  const target = upToId !== undefined ? `$${params.push(upToId)}::bigint` : `(SELECT coalesce(max(id), 0) FROM chat_messages WHERE ${roomCondition(room, params)})`;
  await db.query(
    `INSERT INTO chat_read_state (user_id, chat_type, last_read_id) VALUES ($1, $2, ${target})
     ON CONFLICT (user_id, chat_type) DO UPDATE SET last_read_id = GREATEST(chat_read_state.last_read_id, EXCLUDED.last_read_id), updated_at = now()`,
    params,
  );
}

/**
 * Messages from others after the read position and after the user joined (users.joined_at, from user.registered),
 * up to `cap`: in the general room everyone else's (assistants and admins too); in the worker's support thread the
 * admins' replies. So history written before a user existed never counts, even where no read position is kept yet.
 */
export async function countUnread(db: Queryable, userId: string, cap: number): Promise<{ general: number; support: number }> {
  const { rows } = await db.query<{ general: string; support: string }>(
    `WITH joined AS (SELECT coalesce((SELECT joined_at FROM users WHERE id = $1), '-infinity'::timestamptz) AS at)
     SELECT
       (SELECT count(*) FROM (
          SELECT 1 FROM chat_messages m
           WHERE m.chat_type = 'general'
             AND m.id > coalesce((SELECT last_read_id FROM chat_read_state WHERE user_id = $1 AND chat_type = 'general'), 0)
             AND m.created_at > (SELECT at FROM joined)
             AND m.user_id IS DISTINCT FROM $1
           LIMIT $2) g) AS general,
       (SELECT count(*) FROM (
          SELECT 1 FROM chat_messages m
           WHERE m.chat_type = 'support' AND m.support_user_id = $1 AND m.is_from_admin
             AND m.id > coalesce((SELECT last_read_id FROM chat_read_state WHERE user_id = $1 AND chat_type = 'support'), 0)
             AND m.created_at > (SELECT at FROM joined)
           LIMIT $2) s) AS support`,
    [userId, cap],
  );
  return { general: Number(rows[0]?.general ?? 0), support: Number(rows[0]?.support ?? 0) };
}

/* ---- Archive. ---- */

/**
 * Moves up to `limit` general-room messages older than `days` to the archive in one transaction-free statement
 * (a data-modifying CTE is atomic). Rows another run is moving are skipped (SKIP LOCKED), and an id already in the
 * archive is not inserted twice, so runs on several instances at once move each message exactly once.
 */
export async function archiveBatch(db: Queryable, days: number, limit: number): Promise<number> {
  const { rows } = await db.query<{ moved: string }>(
    `WITH doomed AS (
       SELECT id FROM chat_messages
        WHERE chat_type = 'general' AND created_at < now() - make_interval(days => $1::int)
        ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED
     ), moved AS (
       DELETE FROM chat_messages m USING doomed d WHERE m.id = d.id
       RETURNING m.id, m.user_id, m.assistant_id, m.is_bot, m.content, m.reply_to_id, m.chat_type, m.support_user_id,
                 m.is_from_admin, m.read_by_admin, m.client_id, m.created_at
     ), kept AS (
       INSERT INTO chat_messages_archive (id, user_id, assistant_id, is_bot, content, reply_to_id, chat_type, support_user_id,
                                          is_from_admin, read_by_admin, client_id, created_at)
       SELECT * FROM moved
       ON CONFLICT (id) DO NOTHING
       RETURNING 1
     )
     SELECT count(*) AS moved FROM moved`,
    [days, limit],
  );
  return Number(rows[0]?.moved ?? 0);
}
