import type { Pool, PoolClient, Queryable } from '@platform/service-kit';
import { roomCondition, roomKey, type TRoom } from './messages.repository.js';

/**
 * A room's lock and its watermark (chat_room_published: the newest id known to be published). The lock is a
 * PostgreSQL session advisory lock, held on a connection of its own from before a message's insert until after its
 * publish, so writers of a room on every instance take turns (domain/room-order.ts says why).
 */

const lockNameOf = (room: TRoom) => `chat-room:${roomKey(room)}`;

/** The room of a row of chat_room_published. */
function roomOf(row: { chat_type: string; support_user_id: string | null }): TRoom {
  return row.chat_type === 'support' && row.support_user_id ? { chatType: 'support', supportUserId: row.support_user_id } : { chatType: 'general' };
}

/** Waits for the room's lock on a connection of the pool; answers that connection, which holds it until unlockRoom. */
export async function lockRoom(pool: Pool, room: TRoom): Promise<PoolClient> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [lockNameOf(room)]);
    return client;
  } catch (error) {
    // Not locked: nothing to undo, but the connection is not trusted back into the pool.
    client.release(true);
    throw error;
  }
}

/** The room's lock if it is free now (on a connection held until unlockRoom); undefined when a writer holds it. */
export async function tryLockRoom(pool: Pool, room: TRoom): Promise<PoolClient | undefined> {
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked', [lockNameOf(room)]);
    if (rows[0]?.locked) return client;
    client.release();
    return undefined;
  } catch (error) {
    client.release(true);
    throw error;
  }
}

/** Releases the room's lock, then its connection (closed rather than pooled if the unlock failed: its lock goes with it). */
export async function unlockRoom(client: PoolClient, room: TRoom): Promise<void> {
  try {
    await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [lockNameOf(room)]);
    client.release();
  } catch (error) {
    client.release(true);
    throw error;
  }
}

/** The room's watermark (null: never recorded) and its newest id, in one read-only round trip. */
export async function findRoomProgress(db: Queryable, room: TRoom): Promise<{ publishedId: number | null; latestId: number }> {
  const params: unknown[] = [roomKey(room)];
  const { rows } = await db.query<{ last_id: string | null; latest: string | null }>(
    `SELECT (SELECT last_id FROM chat_room_published WHERE room = $1) AS last_id,
            (SELECT max(id) FROM chat_messages WHERE ${roomCondition(room, params)}) AS latest`,
    params,
  );
  return { publishedId: rows[0]?.last_id == null ? null : Number(rows[0].last_id), latestId: Number(rows[0]?.latest ?? 0) };
}

/** Records the room's first watermark (a second writer's insert, racing, changes nothing). */
export async function startRoomWatermark(db: Queryable, room: TRoom, id: number): Promise<void> {
  await db.query('INSERT INTO chat_room_published (room, chat_type, support_user_id, last_id) VALUES ($1, $2, $3, $4) ON CONFLICT (room) DO NOTHING', [
    roomKey(room),
    room.chatType,
    room.chatType === 'support' ? room.supportUserId : null,
    id,
  ]);
}

/** Moves the room's watermark forward (never back) to `id`. */
export async function markRoomPublished(db: Queryable, room: TRoom, id: number): Promise<void> {
  await db.query('UPDATE chat_room_published SET last_id = GREATEST(last_id, $2) WHERE room = $1', [roomKey(room), id]);
}

/**
 * The rooms whose newest message is past their watermark, among those with a message written since `since` (null:
 * every room); and the time a later look may start from (the database's clock less a minute, a margin for
 * transactions still open now). Each room's newest message is one index lookup (the general room: the primary key
 * backwards; a support thread: chat_messages_support_idx). Comparing every room with a correlated max() over IS NOT
 * DISTINCT FROM, as before, scanned the table per room: 11 s of PostgreSQL at 500,000 messages and 10,000 threads.
 */
export async function findRoomsBehind(db: Queryable, since: Date | null): Promise<{ rooms: TRoom[]; nextSince: Date }> {
  const { rows: clock } = await db.query<{ since: Date }>(`SELECT now() - interval '1 minute' AS since`);
  const { rows } = await db.query<{ chat_type: string; support_user_id: string | null }>(
    `SELECT p.chat_type, p.support_user_id FROM chat_room_published p
      WHERE ($1::timestamptz IS NULL OR p.room IN (
              SELECT DISTINCT CASE WHEN m.chat_type = 'general' THEN 'general' ELSE 'support:' || m.support_user_id::text END
                FROM chat_messages m WHERE m.created_at >= $1::timestamptz))
        AND p.last_id < CASE
              WHEN p.chat_type = 'general' THEN (SELECT coalesce(max(m.id), 0) FROM chat_messages m WHERE m.chat_type = 'general')
              ELSE (SELECT coalesce(max(m.id), 0) FROM chat_messages m WHERE m.chat_type = 'support' AND m.support_user_id = p.support_user_id)
            END`,
    [since],
  );
  return { rooms: rows.map(roomOf), nextSince: clock[0]!.since };
}
