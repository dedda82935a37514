import type { TChatMessage, TChatUnreadCounts, TSupportConversation } from '@platform/contracts';
import type { Logger, Redis } from '@platform/service-kit';
import { Redis as RedisClient } from 'ioredis';

/** What travels between chat instances on Redis pub/sub. */
export type TBusEvent =
  /** A stored message: every instance delivers it to its own sockets in the message's room. */
  | { kind: 'message'; message: TChatMessage }
  /** A user's unread counts changed (read on one device): every socket of theirs hears it. */
  | { kind: 'unread'; userId: string; unread: TChatUnreadCounts }
  /** The banned words changed: every instance reloads its matcher. */
  | { kind: 'moderation_changed' }
  /** A support conversation changed (support desk): its worker's sockets and every admin's hear it. */
  | { kind: 'support_conversation'; conversation: TSupportConversation; worker: { status: TSupportConversation['status']; unreadCount: number } };

export interface TChatBus {
  publish(event: TBusEvent): Promise<void>;
  /** Handlers receive every event, from this instance too (in publish order). */
  onEvent(handler: (event: TBusEvent) => void): void;
  /**
   * Hands an event to this instance's handlers alone, as if it came back from Redis: a message whose publish failed
   * reaches this instance's sockets at once (domain/room-order.ts), and the others' once it is published.
   */
  deliverHere(event: TBusEvent): void;
  /** Called when the subscription came back after a loss: events published meanwhile were not received. */
  onResubscribed(handler: () => void): void;
  stop(): Promise<void>;
}

/**
 * Redis pub/sub between the chat instances, on `<REDIS_PREFIX>chat:events` (ioredis does not prefix channels).
 * Subscribing needs a connection of its own, which reconnects and resubscribes by itself; after such a gap the
 * instance is told (onResubscribed) so its sockets can catch up from the database.
 * Publishing has a connection of its own too, without an offline queue: while Redis is away a publish fails at once
 * and is never sent later behind the caller's back (a late copy would reach sockets that the caller, told it failed,
 * has served another way: domain/room-order.ts). `publisher` replaces it (tests give one that cannot reach Redis).
 */
export async function createChatBus(options: { redis: Redis; redisUrl: string; redisPrefix: string; logger: Logger; publisher?: Redis }): Promise<TChatBus> {
  const channel = `${options.redisPrefix}chat:events`;
  const publisher = options.publisher ?? options.redis.duplicate({ keyPrefix: '', enableOfflineQueue: false, connectionName: 'chat-bus-publisher' });
  publisher.on('error', () => undefined); // the subscriber's and the shared client's errors already say Redis is away
  const handlers: ((event: TBusEvent) => void)[] = [];
  const resubscribed: (() => void)[] = [];
  const subscriber = new RedisClient(options.redisUrl, { maxRetriesPerRequest: null, autoResubscribe: true, connectionName: 'chat-bus' });
  let lastLoggedAt = 0;
  subscriber.on('error', (error: Error) => {
    if (Date.now() - lastLoggedAt < 10_000) return;
    lastLoggedAt = Date.now();
    options.logger.warn({ err: error }, 'chat bus: Redis subscription lost; reconnecting');
  });
  let lostSince: number | undefined;
  subscriber.on('close', () => {
    lostSince ??= Date.now();
  });
  subscriber.on('ready', () => {
    if (lostSince === undefined) return;
    options.logger.info({ downMs: Date.now() - lostSince }, 'chat bus: Redis subscription back; telling sockets to catch up');
    lostSince = undefined;
    for (const handler of resubscribed) handler();
  });
  const deliverHere = (event: TBusEvent): void => {
    for (const handler of handlers) handler(event);
  };
  subscriber.on('message', (from: string, payload: string) => {
    if (from !== channel) return;
    let event: TBusEvent;
    try {
      event = JSON.parse(payload) as TBusEvent;
    } catch (error) {
      options.logger.warn({ err: error }, 'chat bus: unreadable event ignored');
      return;
    }
    deliverHere(event);
  });
  await subscriber.subscribe(channel);
  lostSince = undefined;

  return {
    async publish(event) {
      await publisher.publish(channel, JSON.stringify(event));
    },
    onEvent(handler) {
      handlers.push(handler);
    },
    deliverHere,
    onResubscribed(handler) {
      resubscribed.push(handler);
    },
    async stop() {
      await Promise.all([subscriber.quit().catch(() => subscriber.disconnect()), publisher.quit().catch(() => publisher.disconnect())]);
    },
  };
}
