import type { TChatMessage } from '@platform/contracts';
import type { Logger, Pool, PoolClient } from '@platform/service-kit';
import type { TChatBus } from './chat-bus.js';
import { findPage, roomCondition, roomKey, type TRoom, type TStoredMessage } from './messages.repository.js';

export interface TAppendResult {
  message: TChatMessage;
  /** False when the message was already stored (the same clientId sent again): it is not published again. */
  created: boolean;
}

export interface TMessageLog {
  /**
   * Stores a message and publishes it, one room at a time: `write` runs holding the room's lock, and the lock is
   * released only after the publish. So ids are given, committed and published in one order per room, and a
   * reader holding id N has every message up to N (what "after the last id" relies on after a reconnect).
   */
  append(room: TRoom, write: (client: PoolClient) => Promise<TAppendResult>): Promise<TAppendResult>;
  /**
   * Publishes, in order, the messages of rooms that were stored but never published (their writer's process died
   * between the commit and the publish, and no one has written to the room since). Run every few seconds.
   */
  repair(): Promise<number>;
}

/** The room of a row of chat_room_published. */
function roomOf(row: { chat_type: string; support_user_id: string | null }): TRoom {
  return row.chat_type === 'support' && row.support_user_id ? { chatType: 'support', supportUserId: row.support_user_id } : { chatType: 'general' };
}

/**
 * Within the process, writers of a room queue behind each other (one connection waits for the lock, not the whole
 * pool); across processes, a PostgreSQL session advisory lock per room orders them. Should the publish fail (Redis
 * away), the message stays stored, is delivered to this instance's sockets directly, and is left unpublished in the
 * room's watermark: the room's next writer, or the repair within REPAIR_INTERVAL_MS once Redis answers, publishes it
 * to every instance. (Resync alone is not enough: another instance's subscription may come back, and its sockets
 * catch up, before this publish fails; found by bench/reliability.ts, Redis restarted mid-chat.) The instance that
 * delivered it directly hears it again then, and its sockets do not (chat-socket.ts drops an id delivered already).
 */
export function createMessageLog(options: {
  pool: Pool;
  bus: TChatBus;
  logger: Logger;
  deliverLocally: (message: TChatMessage) => void;
  /** The view of stored messages (domain), for those published late. */
  toView: (message: TStoredMessage) => TChatMessage;
}): TMessageLog {
  const tails = new Map<string, Promise<unknown>>();

  /** Publishes; false if Redis did not take it (the message stays unpublished in the room's watermark). */
  const publish = async (message: TChatMessage): Promise<boolean> => {
    try {
      await options.bus.publish({ kind: 'message', message });
      return true;
    } catch (error) {
      options.logger.warn({ err: error, messageId: message.id }, 'chat: message stored but not published yet; published once Redis answers');
      return false;
    }
  };

  /**
   * Holding the room's lock: the room's messages stored after the last one known published are published now, in
   * order (a writer died between its commit and its publish, or Redis was away). Returns how many, and whether none is
   * left; the first sight of a room records its newest id as published (what was stored before this table existed
   * went out then).
   */
  const catchUp = async (client: PoolClient, room: TRoom): Promise<{ count: number; complete: boolean }> => {
    const key = roomKey(room);
    // One read-only round trip in the common case: the watermark and the room's newest id.
    const params: unknown[] = [key];
    const { rows } = await client.query<{ last_id: string | null; latest: string | null }>(
      `SELECT (SELECT last_id FROM chat_room_published WHERE room = $1) AS last_id,
              (SELECT max(id) FROM chat_messages WHERE ${roomCondition(room, params)}) AS latest`,
      params,
    );
    const latest = Number(rows[0]?.latest ?? 0);
    if (rows[0]?.last_id == null) {
      await client.query(
        'INSERT INTO chat_room_published (room, chat_type, support_user_id, last_id) VALUES ($1, $2, $3, $4) ON CONFLICT (room) DO NOTHING',
        [key, room.chatType, room.chatType === 'support' ? room.supportUserId : null, latest],
      );
      return { count: 0, complete: true };
    }
    let published = Number(rows[0].last_id);
    let count = 0;
    let failed = false;
    // In order, up to the first that Redis does not take: the rest wait for the next writer or repair.
    pages: while (published < latest) {
      const page = await findPage(client, room, { after: published, limit: 100 });
      if (page.messages.length === 0) break;
      for (const stored of page.messages) {
        if (!(await publish(options.toView(stored)))) {
          failed = true;
          break pages;
        }
        published = stored.id;
        count += 1;
      }
    }
    if (count > 0) {
      await markPublished(client, room, published);
      options.logger.warn({ room: key, count }, 'chat: published messages stored earlier but not published');
    }
    return { count, complete: !failed };
  };

  const markPublished = (client: PoolClient, room: TRoom, id: number) =>
    client.query('UPDATE chat_room_published SET last_id = GREATEST(last_id, $2) WHERE room = $1', [roomKey(room), id]);

  /** Releases the room's lock, then the connection (closed rather than pooled if the unlock failed; its lock goes with it). */
  const unlockAndRelease = async (client: PoolClient, lockName: string): Promise<void> => {
    try {
      await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [lockName]);
      client.release();
    } catch (error) {
      client.release(true);
      options.logger.warn({ err: error }, 'chat: room lock not released cleanly; connection closed');
    }
  };

  /**
   * Stores and publishes under the room's lock. Answers once published; the unlock goes out meanwhile, and the next
   * writer of the room (already queued for the lock in PostgreSQL) gets it as soon as it lands.
   */
  const appendNow = async (room: TRoom, write: (client: PoolClient) => Promise<TAppendResult>): Promise<{ result: TAppendResult; unlock: Promise<void> }> => {
    const client = await options.pool.connect();
    const lockName = `chat-room:${roomKey(room)}`;
    let locked = false;
    try {
      await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [lockName]);
      locked = true;
      const { complete } = await catchUp(client, room);
      const result = await write(client);
      if (result.created) {
        // Behind an unpublished one, it waits its turn: the instances hear a room's messages in order.
        if (complete && (await publish(result.message))) {
          // Sent with the unlock in one round trip (the pool pipelines). Should it be lost with the connection, the
          // next writer publishes this message once more; every instance drops an id it delivered already.
          markPublished(client, room, result.message.id).catch(() => undefined);
        } else {
          // This instance's sockets hear it now; the others once it is published (unmarked, it will be).
          options.deliverLocally(result.message);
        }
      }
      return { result, unlock: unlockAndRelease(client, lockName) };
    } catch (error) {
      // Not locked: nothing to undo. Locked: the unlock runs; a connection whose unlock fails is closed, not pooled.
      if (locked) void unlockAndRelease(client, lockName);
      else client.release(true);
      throw error;
    }
  };

  /** Takes the room's lock and publishes what was left unpublished (the writer died); nothing if the lock is busy. */
  const repairRoom = async (room: TRoom): Promise<{ count: number; complete: boolean }> => {
    const client = await options.pool.connect();
    const lockName = `chat-room:${roomKey(room)}`;
    try {
      const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked', [lockName]);
      // Busy: a writer holds it, and it catches up first itself.
      if (!rows[0]?.locked) {
        client.release();
        return { count: 0, complete: true };
      }
    } catch (error) {
      client.release(true);
      throw error;
    }
    try {
      return await catchUp(client, room);
    } finally {
      await unlockAndRelease(client, lockName);
    }
  };

  // The repair looks at the rooms with a message written since the last repair that left nothing behind (less a
  // margin for transactions still open then); the first one, and one after a failure, since the beginning. Each room's
  // newest message is one index lookup (the general room: the primary key backwards; a support thread:
  // chat_messages_support_idx). Comparing every room with a correlated max() over IS NOT DISTINCT FROM, as before,
  // scanned the table per room: 11 s of PostgreSQL at 500,000 messages and 10,000 threads, every 3 s on every instance.
  let coveredSince: Date | null = null;

  return {
    async repair() {
      const { rows: clock } = await options.pool.query<{ since: Date }>(`SELECT now() - interval '1 minute' AS since`);
      const { rows } = await options.pool.query<{ chat_type: string; support_user_id: string | null }>(
        `SELECT p.chat_type, p.support_user_id FROM chat_room_published p
          WHERE ($1::timestamptz IS NULL OR p.room IN (
                  SELECT DISTINCT CASE WHEN m.chat_type = 'general' THEN 'general' ELSE 'support:' || m.support_user_id::text END
                    FROM chat_messages m WHERE m.created_at >= $1::timestamptz))
            AND p.last_id < CASE
                  WHEN p.chat_type = 'general' THEN (SELECT coalesce(max(m.id), 0) FROM chat_messages m WHERE m.chat_type = 'general')
                  ELSE (SELECT coalesce(max(m.id), 0) FROM chat_messages m WHERE m.chat_type = 'support' AND m.support_user_id = p.support_user_id)
                END`,
        [coveredSince],
      );
      let count = 0;
      let complete = true;
      for (const row of rows) {
        const repaired = await repairRoom(roomOf(row));
        count += repaired.count;
        complete &&= repaired.complete;
      }
      // Only a repair that left nothing behind moves the window on (Redis away: the same rooms again next time).
      if (complete) coveredSince = clock[0]!.since;
      return count;
    },
    append(room, write) {
      const key = roomKey(room);
      const previous = tails.get(key) ?? Promise.resolve();
      const run = previous.then(
        () => appendNow(room, write),
        () => appendNow(room, write),
      );
      const current = run.then(({ result }) => result);
      // The next writer of this instance starts once this one published; PostgreSQL holds it until the unlock.
      const tail = current.catch(() => undefined);
      tails.set(key, tail);
      void tail.then(() => {
        if (tails.get(key) === tail) tails.delete(key);
      });
      return current;
    },
  };
}
