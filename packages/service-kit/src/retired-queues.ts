import type { ConfirmChannel } from 'amqplib';
import type { TAmqpConnection } from './amqp.js';
import { assertConsumerQueues, deadLetterQueueName, ORIGINAL_ROUTING_KEY_HEADER, republishOptions, retryQueueName } from './consumer.js';
import type { Logger } from './logger.js';
import { publishConfirmed } from './publish.js';

export interface TRetireQueuesOptions {
  amqp: TAmqpConnection;
  exchange: string;
  /** The queue that takes over: declared and bound here first (as its consumer does), so no event is missed. */
  into: string;
  /** The routing keys of `into`; unbound from the retired queues. */
  routingKeys: readonly string[];
  /** As the consumer of `into` declares it (tests' throw-away queues). */
  queueExpiresMs?: number;
  /** Queues (full names) a consumer no longer reads: merged into `into` or renamed. */
  retired: readonly string[];
  logger: Logger;
}

/** Runs fn on a channel of its own (a failed queue operation closes its channel), closed afterwards. */
async function onOwnChannel<T>(amqp: TAmqpConnection, fn: (ch: ConfirmChannel) => Promise<T>): Promise<T> {
  const ch = await amqp.createConfirmChannel();
  try {
    return await fn(ch);
  } finally {
    await ch.close().catch(() => undefined);
  }
}

async function exists(amqp: TAmqpConnection, queue: string): Promise<boolean> {
  return onOwnChannel(amqp, async (ch) => {
    await ch.checkQueue(queue);
    return true;
  }).catch(() => false); // a missing queue closes the channel with 404
}

/** Moves every message of `from` to the queue `to` (each published with confirm, then acked); how many. */
async function moveMessages(ch: ConfirmChannel, from: string, to: string): Promise<number> {
  let moved = 0;
  for (;;) {
    const message = await ch.get(from, { noAck: false });
    if (!message) return moved;
    const original = message.properties.headers?.[ORIGINAL_ROUTING_KEY_HEADER] ?? message.fields.routingKey;
    await publishConfirmed(ch, '', to, message.content, republishOptions(message, { [ORIGINAL_ROUTING_KEY_HEADER]: original }));
    ch.ack(message);
    moved += 1;
  }
}

/**
 * Retires queues a consumer no longer reads (two read models merged into one queue, a queue renamed), without losing
 * an event: each retired queue is unbound from the exchange (the queue taking over is bound already), then what waits
 * in its retry queue and in itself is moved to `into`, its dead letters to `into`'s dead-letter queue, and the three
 * are deleted (only when empty: a message arriving meanwhile keeps them until the next connection). A moved event
 * that `into` got as well is applied once (the consumer's inbox); one the retired consumer had applied already is
 * applied again, so what `into` feeds must be idempotent per event (upserts keyed by the event's entity). Safe to run
 * on every connection and from several instances at once: a queue already gone is skipped.
 */
export async function retireQueues(options: TRetireQueuesOptions): Promise<void> {
  const { amqp, exchange, into, routingKeys, retired, logger } = options;
  const present = await Promise.all(retired.filter((queue) => queue !== into).map(async (queue) => ({ queue, present: await Promise.all([retryQueueName(queue), queue, deadLetterQueueName(queue)].map((name) => exists(amqp, name))) })));
  if (!present.some((q) => q.present.some(Boolean))) return;
  await onOwnChannel(amqp, async (ch) => {
    await assertConsumerQueues(ch, into, options.queueExpiresMs);
    for (const key of routingKeys) await ch.bindQueue(into, exchange, key);
  });
  for (const { queue, present: [retry, main, dlq] } of present) {
    const parts = [
      { name: retryQueueName(queue), present: retry },
      { name: queue, present: main },
      { name: deadLetterQueueName(queue), present: dlq },
    ];
    if (!parts.some((p) => p.present)) continue;
    await onOwnChannel(amqp, async (ch) => {
      if (main) for (const key of routingKeys) await ch.unbindQueue(queue, exchange, key);
      let moved = 0;
      if (retry) moved += await moveMessages(ch, retryQueueName(queue), into);
      if (main) moved += await moveMessages(ch, queue, into);
      const dead = dlq ? await moveMessages(ch, deadLetterQueueName(queue), deadLetterQueueName(into)) : 0;
      logger.info({ retired: queue, into, moved, deadLetters: dead }, 'retired queue unbound and emptied');
    });
    for (const { name, present: here } of parts) {
      if (!here) continue;
      await onOwnChannel(amqp, (ch) => ch.deleteQueue(name, { ifEmpty: true })).catch((error: unknown) =>
        logger.warn({ err: error, queue: name }, 'retired queue not deleted (not empty or gone); tried again on the next connection'),
      );
    }
  }
}
