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
 * away), the message stays stored and is delivered to this instance's sockets directly; the other instances' sockets
 * catch up when their subscription comes back (resync) or on their next reconnect.
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

  const publish = async (message: TChatMessage): Promise<void> => {
    try {
      await options.bus.publish({ kind: 'message', message });
    } catch (error) {
      options.logger.warn({ err: error, messageId: message.id }, 'chat: message stored but not published; delivered on this instance only');
      options.deliverLocally(message);
    }
  };

  /**
   * Holding the room's lock: the room's messages stored after the last one known published are published now, in
   * order (a writer died between its commit and its publish). Returns how many; the first sight of a room records
   * its newest id as published (what was stored before this table existed went out then).
   */
  const catchUp = async (client: PoolClient, room: TRoom): Promise<number> => {
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
      return 0;
    }
    let published = Number(rows[0].last_id);
    let count = 0;
    while (published < latest) {
      const page = await findPage(client, room, { after: published, limit: 100 });
      if (page.messages.length === 0) break;
      for (const stored of page.messages) {
        await publish(options.toView(stored));
        published = stored.id;
        count += 1;
      }
    }
    if (count > 0) {
      await markPublished(client, room, published);
      options.logger.warn({ room: key, count }, 'chat: published messages a writer had stored but not published');
    }
    return count;
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
      await catchUp(client, room);
      const result = await write(client);
      if (result.created) {
        await publish(result.message);
        // Sent with the unlock in one round trip (the pool pipelines). Should it be lost with the connection, the
        // next writer publishes this message once more; clients drop an id they hold.
        markPublished(client, room, result.message.id).catch(() => undefined);
      }
      return { result, unlock: unlockAndRelease(client, lockName) };
    } catch (error) {
      // Not locked: nothing to undo. Locked: the unlock runs; a connection whose unlock fails is closed, not pooled.
      if (locked) void unlockAndRelease(client, lockName);
      else client.release(true);
      throw error;
    }
  };

  /** Takes the room's lock and publishes what was left unpublished (the writer died); false if the lock is busy. */
  const repairRoom = async (room: TRoom): Promise<number> => {
    const client = await options.pool.connect();
    const lockName = `chat-room:${roomKey(room)}`;
    try {
      const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked', [lockName]);
      // Busy: a writer holds it, and it catches up first itself.
      if (!rows[0]?.locked) {
        client.release();
        return 0;
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

  return {
    async repair() {
      const { rows } = await options.pool.query<{ chat_type: string; support_user_id: string | null }>(
        `SELECT p.chat_type, p.support_user_id FROM chat_room_published p
          WHERE p.last_id < (SELECT coalesce(max(m.id), 0) FROM chat_messages m
                              WHERE m.chat_type = p.chat_type AND m.support_user_id IS NOT DISTINCT FROM p.support_user_id)`,
      );
      let count = 0;
      for (const row of rows) count += await repairRoom(roomOf(row));
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
