import type { Channel, ConfirmChannel, ConsumeMessage, Options } from 'amqplib';
import { parseEvent, type TEventEnvelope } from '@platform/contracts';
import type { TAmqpConnection } from './amqp.js';
import { runWithContext } from './context.js';
import { isDependencyUnavailable } from './dependency-errors.js';
import { withTransaction, type Pool, type PoolClient } from './db.js';
import type { Logger } from './logger.js';
import type { TMetrics } from './metrics.js';
import { errorMessageOf, publishConfirmed } from './publish.js';

/** Header counting the failed attempts of a message (set on the copies sent to the retry and dead-letter queues). */
export const ATTEMPTS_HEADER = 'x-attempts';
export const LAST_ERROR_HEADER = 'x-last-error';
export const DEAD_LETTER_REASON_HEADER = 'x-dead-letter-reason';
export const DEAD_LETTERED_AT_HEADER = 'x-dead-lettered-at';
export const ORIGINAL_ROUTING_KEY_HEADER = 'x-original-routing-key';

export type TEventHandler = (event: TEventEnvelope, client: PoolClient) => Promise<void>;

export interface TConsumerOptions {
  pool: Pool;
  amqp: TAmqpConnection;
  /** Defaults to the exchange of the connection. */
  exchange?: string;
  /** Durable queue of this service and purpose, already prefixed with QUEUE_PREFIX (e.g. `payouts.on-submission-approved`). */
  queue: string;
  /** Event types (topic patterns) bound to the queue. */
  routingKeys: string[];
  handler: TEventHandler;
  logger: Logger;
  metrics?: Pick<TMetrics, 'eventsConsumed'>;
  /** Attempts before a failing message goes to the dead-letter queue. Default 5. */
  maxAttempts?: number;
  /** Delay before the first retry; doubled for each further attempt. Default 1 000 ms. */
  backoffMs?: number;
  /** Upper bound of a retry delay. Default 60 000 ms. */
  maxBackoffMs?: number;
  /** Messages handled at once by this instance. Default 10. */
  prefetch?: number;
  /** Name recorded in the inbox; defaults to the queue name. */
  consumerName?: string;
  /**
   * Lets the broker delete the queues after this long without a consumer (RabbitMQ `x-expires`). Only for
   * throw-away queues (tests, whose queue names are unique per run); production queues never expire.
   */
  queueExpiresMs?: number;
}

export interface TConsumer {
  /** True once the queues are declared and bound and the subscription is active (false while reconnecting). */
  isConsuming(): boolean;
  stop(): Promise<void>;
}

export function retryQueueName(queue: string): string {
  return `${queue}.retry`;
}

export function deadLetterQueueName(queue: string): string {
  return `${queue}.dlq`;
}

/** Declares the queue, its retry queue (per-message TTL, dead-lettering back to the queue) and its dead-letter queue. */
export async function assertConsumerQueues(channel: Pick<Channel, 'assertQueue'>, queue: string, expiresMs?: number): Promise<void> {
  const expiry = expiresMs ? { 'x-expires': expiresMs } : {};
  await channel.assertQueue(queue, { durable: true, arguments: { ...expiry } });
  await channel.assertQueue(retryQueueName(queue), {
    durable: true,
    arguments: { 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': queue, ...expiry },
  });
  await channel.assertQueue(deadLetterQueueName(queue), { durable: true, arguments: { ...expiry } });
}

export function attemptsOf(message: { properties: { headers?: Record<string, unknown> | undefined } }): number {
  const value = Number(message.properties.headers?.[ATTEMPTS_HEADER] ?? 0);
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

/** The properties of a message, copied for a republish, with the given headers added. */
export function republishOptions(message: ConsumeMessage | { properties: ConsumeMessage['properties']; fields: { routingKey: string } }, headers: Record<string, unknown>): Options.Publish {
  const p = message.properties;
  const options: Options.Publish = {
    persistent: true,
    headers: { ...(p.headers ?? {}), ...headers },
  };
  if (p.messageId !== undefined) options.messageId = p.messageId as string;
  if (p.contentType !== undefined) options.contentType = p.contentType as string;
  if (p.correlationId !== undefined) options.correlationId = p.correlationId as string;
  if (p.type !== undefined) options.type = p.type as string;
  if (p.timestamp !== undefined) options.timestamp = p.timestamp as number;
  return options;
}

/**
 * Consumes events from a durable queue bound to the events exchange. Each event is handled in ONE database
 * transaction with its inbox row (consumer, event id): an id seen before is skipped and acked, so redeliveries and
 * duplicates, even racing on two instances, are applied once. A failing handler is retried with exponential
 * backoff through `<queue>.retry` (per-message TTL, dead-lettered back to the queue) and, after maxAttempts, moved
 * to `<queue>.dlq` (a failure because PostgreSQL is out of reach does not count as an attempt: such an event waits
 * for the database however long it is away); a malformed message goes to `<queue>.dlq` at once. A message is acked only after its effect is
 * committed or its copy is confirmed in the retry or dead-letter queue. Re-subscribes after a broker restart.
 */
export function startConsumer(options: TConsumerOptions): TConsumer {
  const { pool, amqp, queue, routingKeys, handler, logger, metrics } = options;
  const exchange = options.exchange ?? amqp.exchange;
  const maxAttempts = options.maxAttempts ?? 5;
  const backoffMs = options.backoffMs ?? 1_000;
  const maxBackoffMs = options.maxBackoffMs ?? 60_000;
  const prefetch = options.prefetch ?? 10;
  const consumerName = options.consumerName ?? queue;
  const log = logger.child({ queue });

  let stopped = false;
  let channel: ConfirmChannel | undefined;
  let consumerTag: string | undefined;
  let resubscribeTimer: NodeJS.Timeout | undefined;
  const inFlight = new Set<Promise<void>>();

  const count = (type: string, outcome: 'applied' | 'duplicate' | 'retried' | 'dead_lettered' | 'malformed') =>
    metrics?.eventsConsumed.inc({ queue, type, outcome });

  const deadLetter = async (ch: ConfirmChannel, message: ConsumeMessage, reason: string, error: string, attempts: number) => {
    await publishConfirmed(
      ch,
      '',
      deadLetterQueueName(queue),
      message.content,
      republishOptions(message, {
        [ATTEMPTS_HEADER]: attempts,
        [LAST_ERROR_HEADER]: error,
        [DEAD_LETTER_REASON_HEADER]: reason,
        [DEAD_LETTERED_AT_HEADER]: new Date().toISOString(),
        [ORIGINAL_ROUTING_KEY_HEADER]: message.properties.headers?.[ORIGINAL_ROUTING_KEY_HEADER] ?? message.fields.routingKey,
      }),
    );
  };

  const handle = async (ch: ConfirmChannel, message: ConsumeMessage) => {
    let event: TEventEnvelope;
    try {
      event = parseEvent(JSON.parse(message.content.toString('utf8')));
    } catch (error) {
      log.error({ err: error, messageId: message.properties.messageId }, 'malformed event; moved to the dead-letter queue');
      await deadLetter(ch, message, 'malformed', errorMessageOf(error), attemptsOf(message));
      ch.ack(message);
      count(String(message.fields.routingKey), 'malformed');
      return;
    }
    try {
      const applied = await withTransaction(pool, async (client) => {
        const inserted = await client.query('INSERT INTO inbox (consumer, event_id, event_type) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
          consumerName,
          event.id,
          event.type,
        ]);
        if (inserted.rowCount === 0) return false;
        await runWithContext({ requestId: event.correlationId ?? event.id, causationId: event.id }, () => handler(event, client));
        return true;
      });
      ch.ack(message);
      count(event.type, applied ? 'applied' : 'duplicate');
      if (!applied) log.debug({ eventId: event.id, type: event.type }, 'event already handled; skipped');
      return;
    } catch (error) {
      // PostgreSQL out of reach is not the event's fault: retried without using up an attempt, so an outage never
      // parks events in the dead-letter queue (the transaction was rolled back, nothing is half-applied).
      const unavailable = isDependencyUnavailable(error);
      const attempts = attemptsOf(message) + (unavailable ? 0 : 1);
      if (!unavailable && attempts >= maxAttempts) {
        log.error({ err: error, eventId: event.id, type: event.type, attempts }, 'event failed for the last time; moved to the dead-letter queue');
        await deadLetter(ch, message, 'failed', errorMessageOf(error), attempts);
        ch.ack(message);
        count(event.type, 'dead_lettered');
        return;
      }
      const delay = Math.min(maxBackoffMs, backoffMs * 2 ** (Math.max(attempts, 1) - 1));
      log.warn({ err: error, eventId: event.id, type: event.type, attempts, retryInMs: delay }, 'event handler failed; will retry');
      await publishConfirmed(ch, '', retryQueueName(queue), message.content, {
        ...republishOptions(message, {
          [ATTEMPTS_HEADER]: attempts,
          [LAST_ERROR_HEADER]: errorMessageOf(error),
          [ORIGINAL_ROUTING_KEY_HEADER]: message.properties.headers?.[ORIGINAL_ROUTING_KEY_HEADER] ?? message.fields.routingKey,
        }),
        expiration: String(delay),
      });
      ch.ack(message);
      count(event.type, 'retried');
    }
  };

  const onMessage = (ch: ConfirmChannel, message: ConsumeMessage | null) => {
    if (!message) {
      // The broker cancelled the subscription (queue deleted): declare and subscribe again.
      log.warn('consumer cancelled by the broker; subscribing again');
      if (channel === ch) channel = undefined;
      void ch.close().catch(() => undefined);
      scheduleResubscribe();
      return;
    }
    const work = handle(ch, message).catch((error: unknown) => {
      // Could not even move the message (channel or broker gone): it stays unacked and is redelivered.
      log.warn({ err: error, messageId: message.properties.messageId }, 'could not settle the message; it will be redelivered');
    });
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  };

  let subscribing: Promise<void> | undefined;
  /** Opens the channel and subscribes, unless that is already done or under way. */
  const subscribe = (): Promise<void> => {
    if (stopped || channel) return Promise.resolve();
    subscribing ??= openAndConsume().finally(() => {
      subscribing = undefined;
    });
    return subscribing;
  };

  const openAndConsume = async () => {
    const ch = await amqp.createConfirmChannel();
    ch.on('error', (error: Error) => log.warn({ err: error }, 'consumer channel error'));
    ch.on('close', () => {
      if (channel !== ch) return;
      channel = undefined;
      consumerTag = undefined;
      // A channel closed while the connection stays up (e.g. a channel error) is reopened here; after a lost
      // connection the connection manager runs subscribe again.
      scheduleResubscribe();
    });
    try {
      await assertConsumerQueues(ch, queue, options.queueExpiresMs);
      for (const key of routingKeys) await ch.bindQueue(queue, exchange, key);
      await ch.prefetch(prefetch);
      if (stopped) {
        await ch.close();
        return;
      }
      channel = ch;
      const reply = await ch.consume(queue, (message) => onMessage(ch, message), { noAck: false });
      consumerTag = reply.consumerTag;
      log.info({ routingKeys }, 'consuming');
    } catch (error) {
      if (channel === ch) channel = undefined;
      await ch.close().catch(() => undefined);
      throw error;
    }
  };

  function scheduleResubscribe() {
    if (stopped || resubscribeTimer) return;
    resubscribeTimer = setTimeout(() => {
      resubscribeTimer = undefined;
      if (stopped || channel || !amqp.isConnected()) return;
      subscribe().catch((error: unknown) => {
        log.warn({ err: error }, 'cannot subscribe; retrying');
        scheduleResubscribe();
      });
    }, 1_000);
  }

  const unregisterConnect = amqp.onConnect(() =>
    subscribe().catch((error: unknown) => {
      log.warn({ err: error }, 'cannot subscribe; retrying');
      scheduleResubscribe();
    }),
  );

  return {
    isConsuming: () => channel !== undefined && consumerTag !== undefined,
    async stop() {
      stopped = true;
      unregisterConnect();
      if (resubscribeTimer) clearTimeout(resubscribeTimer);
      const ch = channel;
      if (ch && consumerTag) await ch.cancel(consumerTag).catch(() => undefined);
      await Promise.allSettled([...inFlight]);
      channel = undefined;
      if (ch) await ch.close().catch(() => undefined);
    },
  };
}
