import type { TChatMessage } from '@platform/contracts';
import type { Logger, Pool, PoolClient } from '@platform/service-kit';
import type { TChatBus } from './chat-bus.js';
import { roomKey, type TRoom } from './messages.repository.js';

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
}

/**
 * Within the process, writers of a room queue behind each other (one connection waits for the lock, not the whole
 * pool); across processes, a PostgreSQL session advisory lock per room orders them. Should the publish fail (Redis
 * away), the message stays stored and is delivered to this instance's sockets directly; the other instances' sockets
 * catch up when their subscription comes back (resync) or on their next reconnect.
 */
export function createMessageLog(options: { pool: Pool; bus: TChatBus; logger: Logger; deliverLocally: (message: TChatMessage) => void }): TMessageLog {
  const tails = new Map<string, Promise<unknown>>();

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
      const result = await write(client);
      if (result.created) {
        try {
          await options.bus.publish({ kind: 'message', message: result.message });
        } catch (error) {
          options.logger.warn({ err: error, messageId: result.message.id }, 'chat: message stored but not published; delivered on this instance only');
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

  return {
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
