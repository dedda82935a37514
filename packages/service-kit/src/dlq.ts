import type { GetMessage } from 'amqplib';
import type { TAmqpConnection } from './amqp.js';
import {
  ATTEMPTS_HEADER,
  DEAD_LETTER_REASON_HEADER,
  DEAD_LETTERED_AT_HEADER,
  LAST_ERROR_HEADER,
  ORIGINAL_ROUTING_KEY_HEADER,
  deadLetterQueueName,
  republishOptions,
} from './consumer.js';
import { publishConfirmed } from './publish.js';

/** A message in a dead-letter queue, as an operator sees it. */
export interface TDeadLetter {
  messageId: string | null;
  type: string | null;
  routingKey: string | null;
  /** 'failed' (the handler threw maxAttempts times) or 'malformed' (not a valid event envelope). */
  reason: string | null;
  attempts: number;
  lastError: string | null;
  deadLetteredAt: string | null;
  /** The message body as text (the event envelope as JSON, or whatever malformed bytes arrived). */
  content: string;
}

function text(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return Buffer.isBuffer(value) ? value.toString('utf8') : String(value);
}

function describe(message: GetMessage): TDeadLetter {
  const headers = (message.properties.headers ?? {}) as Record<string, unknown>;
  return {
    messageId: text(message.properties.messageId),
    type: text(message.properties.type),
    routingKey: text(headers[ORIGINAL_ROUTING_KEY_HEADER]),
    reason: text(headers[DEAD_LETTER_REASON_HEADER]),
    attempts: Number(headers[ATTEMPTS_HEADER] ?? 0),
    lastError: text(headers[LAST_ERROR_HEADER]),
    deadLetteredAt: text(headers[DEAD_LETTERED_AT_HEADER]),
    content: message.content.toString('utf8'),
  };
}

/**
 * Lists up to `limit` messages of the dead-letter queue of `queue` (the consumer's main queue name) without removing
 * them: they are fetched unacknowledged and returned to the queue when the channel closes.
 */
export async function listDeadLetters(amqp: TAmqpConnection, queue: string, options: { limit?: number } = {}): Promise<TDeadLetter[]> {
  const limit = options.limit ?? 100;
  const channel = await amqp.createChannel();
  try {
    const { messageCount } = await channel.checkQueue(deadLetterQueueName(queue));
    const found: TDeadLetter[] = [];
    for (let i = 0; i < Math.min(limit, messageCount); i += 1) {
      const message = await channel.get(deadLetterQueueName(queue), { noAck: false });
      if (!message) break;
      found.push(describe(message));
    }
    return found;
  } finally {
    // Closing the channel requeues every message fetched above, in its original place.
    await channel.close().catch(() => undefined);
  }
}

/**
 * Moves dead-lettered messages of `queue` back to the main queue with their attempt count reset, so the consumer
 * handles them again (the inbox still skips an event that was applied meanwhile). Only the messages present when it
 * starts are considered; `messageIds` restricts the replay to those ids (the others stay). Each message is acked in
 * the dead-letter queue only after the broker confirmed its copy in the main queue.
 */
export async function replayDeadLetters(
  amqp: TAmqpConnection,
  queue: string,
  options: { limit?: number; messageIds?: string[] } = {},
): Promise<{ replayed: number; remaining: number }> {
  const dlq = deadLetterQueueName(queue);
  const wanted = options.messageIds ? new Set(options.messageIds) : undefined;
  const channel = await amqp.createConfirmChannel();
  let replayed = 0;
  try {
    const { messageCount } = await channel.checkQueue(dlq);
    const limit = Math.min(options.limit ?? Number.POSITIVE_INFINITY, messageCount);
    for (let seen = 0; seen < messageCount && replayed < limit; seen += 1) {
      const message = await channel.get(dlq, { noAck: false });
      if (!message) break;
      const id = text(message.properties.messageId);
      if (wanted && (id === null || !wanted.has(id))) continue; // left unacked: requeued when the channel closes
      await publishConfirmed(channel, '', queue, message.content, republishOptions(message, { [ATTEMPTS_HEADER]: 0 }));
      channel.ack(message);
      replayed += 1;
    }
  } finally {
    await channel.close().catch(() => undefined);
  }
  const check = await amqp.createChannel();
  try {
    const { messageCount } = await check.checkQueue(dlq);
    return { replayed, remaining: messageCount };
  } finally {
    await check.close().catch(() => undefined);
  }
}
