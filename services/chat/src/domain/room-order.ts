import type { TChatMessage } from '@platform/contracts';
import type { Logger, Pool, PoolClient } from '@platform/service-kit';
import type { TChatBus } from '../data-access/chat-bus.js';
import { findPage, roomKey, type TRoom } from '../data-access/messages.repository.js';
import { findRoomProgress, findRoomsBehind, lockRoom, markRoomPublished, startRoomWatermark, tryLockRoom, unlockRoom } from '../data-access/rooms.repository.js';
import { toMessageView } from './message-view.js';

/**
 * The order of a room (the general room, each support thread): ids are given, committed and published in one order
 * per room, so a reader holding id N has every message up to N (what "after the last id" relies on after a
 * reconnect). Every message is stored through appendToRoom; every instance's sockets hear it from the bus
 * (entry-points/ws/fan-out.ts).
 *
 * Within the process, writers of a room queue behind each other (one connection waits for the lock, not the whole
 * pool); across processes, the room's lock orders them (rooms.repository.ts), held from before the insert until after
 * the publish. Should the publish fail (Redis away), the message stays stored, is handed to this instance's sockets at
 * once (the bus's deliverHere), and is left behind the room's watermark: the room's next writer, or the repair within
 * REPAIR_INTERVAL_MS once Redis answers, publishes it to every instance. (Resync alone is not enough: another
 * instance's subscription may come back, and its sockets catch up, before this publish fails; found by
 * bench/reliability.ts, Redis restarted mid-chat.) The instance that delivered it at once hears it again then, and its
 * sockets do not (the fan-out drops an id it delivered already).
 */

export interface TAppendResult {
  message: TChatMessage;
  /** False when the message was already stored (the same clientId sent again): it is not published again. */
  created: boolean;
}

/** This instance's part of the order: its writers' queue per room, and where the repair may start looking. */
export interface TRoomOrder {
  tails: Map<string, Promise<unknown>>;
  /** Rooms written to before this were left complete by the last repair (null: look at every room). */
  repairedSince: Date | null;
}

export function createRoomOrder(): TRoomOrder {
  return { tails: new Map(), repairedSince: null };
}

export interface TRoomOrderDeps {
  pool: Pool;
  bus: TChatBus;
  logger: Logger;
  roomOrder: TRoomOrder;
}

/**
 * Stores a message with `write` (given the connection that holds the room's lock) and publishes it, in the room's
 * order: what an earlier writer left unpublished goes out first. Answers once published; the unlock goes out
 * meanwhile, and the next writer of the room (already queued for the lock in PostgreSQL) gets it as soon as it lands.
 */
export function appendToRoom(deps: TRoomOrderDeps, room: TRoom, write: (client: PoolClient) => Promise<TAppendResult>): Promise<TAppendResult> {
  const { tails } = deps.roomOrder;
  const key = roomKey(room);
  const previous = tails.get(key) ?? Promise.resolve();
  const current = previous.then(
    () => appendNow(deps, room, write),
    () => appendNow(deps, room, write),
  );
  // The next writer of this instance starts once this one published; PostgreSQL holds it until the unlock.
  const tail = current.catch(() => undefined);
  tails.set(key, tail);
  void tail.then(() => {
    if (tails.get(key) === tail) tails.delete(key);
  });
  return current;
}

async function appendNow(deps: TRoomOrderDeps, room: TRoom, write: (client: PoolClient) => Promise<TAppendResult>): Promise<TAppendResult> {
  const client = await lockRoom(deps.pool, room);
  try {
    const { complete } = await catchUp(deps, client, room);
    const result = await write(client);
    if (result.created) {
      // Behind an unpublished one, it waits its turn: the instances hear a room's messages in order.
      if (complete && (await publish(deps, result.message))) {
        // Sent with the unlock in one round trip (the pool pipelines). Should it be lost with the connection, the
        // next writer publishes this message once more; every instance drops an id it delivered already.
        markRoomPublished(client, room, result.message.id).catch(() => undefined);
      } else {
        // This instance's sockets hear it now; the others once it is published (behind the watermark, it will be).
        deps.bus.deliverHere({ kind: 'message', message: result.message });
      }
    }
    return result;
  } finally {
    void unlock(deps, client, room);
  }
}

/** Never throws: a connection whose unlock failed is closed, not pooled, and its lock goes with it. */
async function unlock(deps: TRoomOrderDeps, client: PoolClient, room: TRoom): Promise<void> {
  await unlockRoom(client, room).catch((error: unknown) => deps.logger.warn({ err: error }, 'chat: room lock not released cleanly; connection closed'));
}

/** Publishes; false if Redis did not take it (the message stays behind the room's watermark). */
async function publish(deps: TRoomOrderDeps, message: TChatMessage): Promise<boolean> {
  try {
    await deps.bus.publish({ kind: 'message', message });
    return true;
  } catch (error) {
    deps.logger.warn({ err: error, messageId: message.id }, 'chat: message stored but not published yet; published once Redis answers');
    return false;
  }
}

/**
 * Holding the room's lock: the room's messages stored after its watermark are published now, in order (a writer died
 * between its commit and its publish, or Redis was away). Answers how many, and whether none is left; the first sight
 * of a room records its newest id as published (what was stored before the watermark existed went out then).
 */
async function catchUp(deps: TRoomOrderDeps, client: PoolClient, room: TRoom): Promise<{ count: number; complete: boolean }> {
  const { publishedId, latestId } = await findRoomProgress(client, room);
  if (publishedId === null) {
    await startRoomWatermark(client, room, latestId);
    return { count: 0, complete: true };
  }
  let published = publishedId;
  let count = 0;
  let failed = false;
  // In order, up to the first that Redis does not take: the rest wait for the next writer or repair.
  pages: while (published < latestId) {
    const page = await findPage(client, room, { after: published, limit: 100 });
    if (page.messages.length === 0) break;
    for (const stored of page.messages) {
      if (!(await publish(deps, toMessageView(stored)))) {
        failed = true;
        break pages;
      }
      published = stored.id;
      count += 1;
    }
  }
  if (count > 0) {
    await markRoomPublished(client, room, published);
    deps.logger.warn({ room: roomKey(room), count }, 'chat: published messages stored earlier but not published');
  }
  return { count, complete: !failed };
}

/**
 * The repair (every instance, every REPAIR_INTERVAL_MS): publishes, in order, the messages of rooms that were stored
 * but never published (their writer's process died between the commit and the publish, and no one has written to
 * the room since). A room whose lock is busy is skipped: its writer catches up first itself. It looks at the rooms
 * written to since its last pass that left nothing behind; the first pass, and one after a failure, at every room.
 * Answers how many it published.
 */
export async function publishLeftBehind(deps: TRoomOrderDeps): Promise<number> {
  const { rooms, nextSince } = await findRoomsBehind(deps.pool, deps.roomOrder.repairedSince);
  let count = 0;
  let complete = true;
  for (const room of rooms) {
    const client = await tryLockRoom(deps.pool, room);
    if (!client) continue;
    try {
      const repaired = await catchUp(deps, client, room);
      count += repaired.count;
      complete &&= repaired.complete;
    } finally {
      await unlock(deps, client, room);
    }
  }
  // Only a pass that left nothing behind moves the window on (Redis away: the same rooms again next time).
  if (complete) deps.roomOrder.repairedSince = nextSince;
  return count;
}
