import type { Channel, ConfirmChannel, ConsumeMessage, Options } from 'amqplib';
import { parseEvent, type TEventEnvelope } from '@platform/contracts';
import type { TAmqpConnection } from './amqp.js';
import { runWithContext } from './context.js';
import { otelContext, otelTrace, SpanKind, SpanStatusCode, startSpanFromHeaders, tracingEnabled } from './tracing.js';
import { isDependencyUnavailable, isTransientConflict } from './dependency-errors.js';
import { commitCallbackMark, dropCommitCallbacksAfter, withTransaction, type Pool, type PoolClient } from './db.js';
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
  metrics?: Pick<TMetrics, 'eventsConsumed'> & Partial<Pick<TMetrics, 'consumerRetries'>>;
  /** Attempts before a failing message goes to the dead-letter queue. Default 5. */
  maxAttempts?: number;
  /** Delay before the first retry; doubled for each further attempt. Default 1 000 ms. */
  backoffMs?: number;
  /** Upper bound of a retry delay. Default 60 000 ms. */
  maxBackoffMs?: number;
  /** Unacknowledged messages the broker sends this instance ahead (RabbitMQ prefetch). Default 100. */
  prefetch?: number;
  /**
   * Most events handled in one database transaction (one inbox insert for all of them). Default 50, at most
   * prefetch; each event of a batch runs under its own savepoint, and PostgreSQL keeps up to 64 subtransactions of a
   * transaction in shared memory, so keep it below that.
   */
  batchSize?: number;
  /** Batches handled at once by this instance (each on its own connection). Default 2. */
  concurrency?: number;
  /**
   * How long the first event of a batch waits for more before the batch starts, when fewer than batchSize are there
   * (ms). Under a steady flow this turns one transaction per event into one per batch (a commit, an inbox insert and
   * an ack frame shared by all), for that much more delay. Default 0: the batch starts with the events that arrived
   * in the same read.
   */
  batchWaitMs?: number;
  /**
   * The rows an event's handler locks, as a key: the events of a batch are applied in the order of their keys (events
   * with one key keep their delivery order). Two batches applied at once then take their row locks in one order and
   * wait for each other instead of deadlocking (e.g. the ledger account a reward is posted to). Without it, delivery order.
   */
  lockOrderKey?: (event: TEventEnvelope) => string;
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

/** A lockOrderKey: the event's `data[field]` (e.g. `userId` for the account a reward is posted to). */
export function lockOrderByDataField(field: string): (event: TEventEnvelope) => string {
  return (event) => {
    const value = (event.data as Record<string, unknown> | null | undefined)?.[field];
    return typeof value === 'string' ? value : '';
  };
}

/** The indexes of the keys in ascending key order; equal keys keep their order (Array.prototype.sort is stable). */
export function lockOrder(keys: readonly string[]): number[] {
  return keys.map((_, i) => i).sort((a, b) => (keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : 0));
}

/**
 * The acks of one channel, sent as few frames as possible: a settled message is acked with every earlier delivery of
 * the channel (`multiple`) once none of those is still being handled, at the end of each batch; so a batch of 50 is
 * one ack frame for the broker instead of 50, and two batches running at once never ack each other's messages early.
 */
export class AckTracker {
  /** Delivered and not acked yet, in delivery order (delivery tags grow on a channel). */
  private readonly pending: ConsumeMessage[] = [];
  private readonly settled = new Set<number>();

  constructor(private readonly channel: Pick<Channel, 'ack' | 'nack'>) {}

  delivered(message: ConsumeMessage): void {
    this.pending.push(message);
  }

  /** Its effect is committed, or its copy confirmed in the retry or dead-letter queue: acked at the next flush. */
  settle(message: ConsumeMessage): void {
    this.settled.add(message.fields.deliveryTag);
  }

  /**
   * A message that could not be settled (its retry copy not confirmed): handed back to the broker now (requeued, and
   * found in the inbox if its effect was committed), so it does not hold back the acks of the deliveries after it.
   */
  requeueUnsettled(message: ConsumeMessage): void {
    const tag = message.fields.deliveryTag;
    if (this.settled.has(tag)) return;
    const at = this.pending.findIndex((m) => m.fields.deliveryTag === tag);
    if (at < 0) return;
    this.pending.splice(at, 1);
    this.channel.nack(message, false, true);
  }

  /** Acks the settled messages that no unsettled one precedes, in one frame. */
  flush(): void {
    let last: ConsumeMessage | undefined;
    while (this.pending.length > 0 && this.settled.delete(this.pending[0]!.fields.deliveryTag)) last = this.pending.shift();
    if (last) this.channel.ack(last, true);
  }
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
 * Consumes events from a durable queue bound to the events exchange. The events waiting for this instance are handled
 * in batches: ONE database transaction per batch, with ONE inbox insert of all their ids (consumer, event id); an id
 * seen before is skipped and acked, so redeliveries and duplicates, even racing on two instances, are applied once.
 * Each event of a batch runs under its own savepoint: a failing one is rolled back alone (its inbox row removed) and
 * retried alone, the others commit and are acked once. If the batch's transaction itself fails, each event is handled
 * again in a transaction of its own (PostgreSQL out of reach: each is retried without using up an attempt). A failing handler is retried with exponential
 * backoff through `<queue>.retry` (per-message TTL, dead-lettered back to the queue) and, after maxAttempts, moved
 * to `<queue>.dlq` (a failure because PostgreSQL is out of reach does not count as an attempt: such an event waits
 * for the database however long it is away); an event that lost a deadlock to another batch is tried again at once on
 * its own, without using up an attempt either, and `lockOrderKey` orders a batch's handlers by the rows they lock, so
 * batches applied at once do not deadlock in the first place; a malformed message goes to `<queue>.dlq` at once. A message is acked only after its effect is
 * committed or its copy is confirmed in the retry or dead-letter queue, at the end of its batch, with the deliveries
 * before it in one frame (AckTracker). Re-subscribes after a broker restart.
 */
export function startConsumer(options: TConsumerOptions): TConsumer {
  const { pool, amqp, queue, routingKeys, handler, logger, metrics } = options;
  metrics?.consumerRetries?.labels(queue).inc(0); // present (0) from the start, so a rate over it is defined
  const exchange = options.exchange ?? amqp.exchange;
  const maxAttempts = options.maxAttempts ?? 5;
  const backoffMs = options.backoffMs ?? 1_000;
  const maxBackoffMs = options.maxBackoffMs ?? 60_000;
  const prefetch = options.prefetch ?? 100;
  const batchSize = Math.max(1, Math.min(options.batchSize ?? 50, prefetch));
  const concurrency = Math.max(1, options.concurrency ?? 2);
  const batchWaitMs = Math.max(0, options.batchWaitMs ?? 0);
  const consumerName = options.consumerName ?? queue;
  const lockOrderKey = options.lockOrderKey;
  const log = logger.child({ queue });

  let stopped = false;
  let channel: ConfirmChannel | undefined;
  let consumerTag: string | undefined;
  let resubscribeTimer: NodeJS.Timeout | undefined;
  const inFlight = new Set<Promise<void>>();
  const acks = new WeakMap<ConfirmChannel, AckTracker>();
  const acksOf = (ch: ConfirmChannel): AckTracker => {
    let tracker = acks.get(ch);
    if (!tracker) acks.set(ch, (tracker = new AckTracker(ch)));
    return tracker;
  };

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

  /** A message that is not an envelope: straight to the dead-letter queue. */
  const parseOrDeadLetter = async (ch: ConfirmChannel, message: ConsumeMessage): Promise<TEventEnvelope | undefined> => {
    try {
      const event = parseEvent(JSON.parse(message.content.toString('utf8')));
      if (tracingEnabled()) messageHeaders.set(event, message.properties.headers);
      return event;
    } catch (error) {
      log.error({ err: error, messageId: message.properties.messageId }, 'malformed event; moved to the dead-letter queue');
      await deadLetter(ch, message, 'malformed', errorMessageOf(error), attemptsOf(message));
      acksOf(ch).settle(message);
      count(String(message.fields.routingKey), 'malformed');
      return undefined;
    }
  };

  /**
   * A failed event (its effect rolled back): to `<queue>.retry` with the backoff of its attempt, or to the dead-letter
   * queue after maxAttempts; acked once its copy is confirmed there.
   */
  const settleFailure = async (ch: ConfirmChannel, message: ConsumeMessage, event: TEventEnvelope, error: unknown) => {
    // PostgreSQL out of reach is not the event's fault: retried without using up an attempt, so an outage never
    // parks events in the dead-letter queue (the transaction was rolled back, nothing is half-applied).
    // A deadlock or serialization failure is a lost race, not the event's fault either.
    const notItsFault = isDependencyUnavailable(error) || isTransientConflict(error);
    const attempts = attemptsOf(message) + (notItsFault ? 0 : 1);
    if (!notItsFault && attempts >= maxAttempts) {
      log.error({ err: error, eventId: event.id, type: event.type, attempts }, 'event failed for the last time; moved to the dead-letter queue');
      await deadLetter(ch, message, 'failed', errorMessageOf(error), attempts);
      acksOf(ch).settle(message);
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
    acksOf(ch).settle(message);
    count(event.type, 'retried');
    metrics?.consumerRetries?.labels(queue).inc();
  };

  const runHandler = (event: TEventEnvelope, client: PoolClient) => {
    const run = () => runWithContext({ requestId: event.correlationId ?? event.id, causationId: event.id }, () => handler(event, client));
    // With tracing on: the handler is a consumer span continuing the publisher's trace (traceparent header).
    const traced = tracingEnabled()
      ? startSpanFromHeaders(`process ${event.type}`, SpanKind.CONSUMER, messageHeaders.get(event), {
          'messaging.system': 'rabbitmq',
          'messaging.operation.type': 'process',
          'messaging.destination.name': queue,
          'messaging.message.id': event.id,
          'request.id': event.correlationId ?? event.id,
        })
      : undefined;
    if (!traced) return run();
    return otelContext.with(otelTrace.setSpan(otelContext.active(), traced.span), run).then(
      (value) => {
        traced.span.end();
        return value;
      },
      (error: unknown) => {
        traced.span.recordException(error as Error);
        traced.span.setStatus({ code: SpanStatusCode.ERROR, message: errorMessageOf(error) });
        traced.span.end();
        throw error;
      },
    );
  };
  const messageHeaders = new WeakMap<TEventEnvelope, Record<string, unknown> | undefined>();

  type TOutcome = 'applied' | 'duplicate' | { error: unknown };

  /**
   * Handles the events in ONE transaction: one inbox insert of every id (in id order, so two instances handling
   * overlapping batches wait for each other instead of deadlocking), then the handler of each new event in delivery
   * order, each under a savepoint when there are several. Resolves with each event's outcome once committed; throws
   * when the transaction as a whole failed (nothing of it is applied).
   */
  const applyInOneTransaction = (items: { event: TEventEnvelope }[]): Promise<TOutcome[]> =>
    withTransaction(pool, async (client) => {
      const ids = [...new Set(items.map((i) => i.event.id))].sort();
      const types = ids.map((id) => items.find((i) => i.event.id === id)!.event.type);
      const order = lockOrderKey ? lockOrder(items.map((i) => lockOrderKey(i.event))) : items.map((_, i) => i);
      const { rows } = await client.query<{ event_id: string }>({
        name: 'kit_inbox_insert',
        text: `INSERT INTO inbox (consumer, event_id, event_type) SELECT $1, e.id, e.type FROM unnest($2::uuid[], $3::text[]) AS e(id, type)
               ON CONFLICT DO NOTHING RETURNING event_id`,
        values: [consumerName, ids, types],
      });
      const isNew = new Set(rows.map((r) => r.event_id));
      const outcomes: TOutcome[] = new Array<TOutcome>(items.length);
      for (const index of order) {
        const { event } = items[index]!;
        if (!isNew.delete(event.id)) {
          outcomes[index] = 'duplicate';
          continue;
        }
        if (items.length === 1) {
          await runHandler(event, client); // alone: a failure rolls back the transaction, as it is the event's own
          outcomes[index] = 'applied';
          continue;
        }
        // Not awaited on its own: on a pipelined pool it travels with the handler's first statement.
        const savepoint = client.query({ name: 'kit_savepoint', text: 'SAVEPOINT kit_event' });
        savepoint.catch(() => undefined);
        const mark = commitCallbackMark(client);
        try {
          await runHandler(event, client);
          await savepoint;
          outcomes[index] = 'applied';
        } catch (error) {
          if (isDependencyUnavailable(error)) throw error; // the whole transaction is lost
          await savepoint;
          await client.query({ name: 'kit_rollback_savepoint', text: 'ROLLBACK TO SAVEPOINT kit_event' });
          dropCommitCallbacksAfter(client, mark);
          await client.query({ name: 'kit_inbox_forget', text: 'DELETE FROM inbox WHERE consumer = $1 AND event_id = $2', values: [consumerName, event.id] });
          outcomes[index] = { error };
        }
      }
      return outcomes;
    });

  /** One event in a transaction of its own (the fallback of a failed batch). */
  const handleAlone = async (ch: ConfirmChannel, message: ConsumeMessage, event: TEventEnvelope) => {
    try {
      const [outcome] = await applyInOneTransaction([{ event }]);
      acksOf(ch).settle(message);
      count(event.type, outcome === 'duplicate' ? 'duplicate' : 'applied');
      if (outcome === 'duplicate') log.debug({ eventId: event.id, type: event.type }, 'event already handled; skipped');
    } catch (error) {
      await settleFailure(ch, message, event, error);
    }
  };

  const handleBatch = async (ch: ConfirmChannel, messages: ConsumeMessage[]) => {
    const items: { message: ConsumeMessage; event: TEventEnvelope }[] = [];
    for (const message of messages) {
      const event = await parseOrDeadLetter(ch, message);
      if (event) items.push({ message, event });
    }
    if (items.length === 0) return;
    let outcomes: TOutcome[];
    try {
      outcomes = await applyInOneTransaction(items);
    } catch (error) {
      if (items.length === 1 || isDependencyUnavailable(error)) {
        for (const { message, event } of items) await settleFailure(ch, message, event, error);
        return;
      }
      // The batch's transaction failed as a whole (a deadlock, a failed commit): nothing of it was applied; each event
      // is tried again on its own, so a failure is the event's own and the others still apply once.
      log.warn({ err: error, events: items.length }, 'batch transaction failed; handling its events one by one');
      for (const { message, event } of items) await handleAlone(ch, message, event);
      return;
    }
    for (const [i, { message, event }] of items.entries()) {
      const outcome = outcomes[i];
      if (outcome === 'applied' || outcome === 'duplicate') {
        acksOf(ch).settle(message);
        count(event.type, outcome);
        if (outcome === 'duplicate') log.debug({ eventId: event.id, type: event.type }, 'event already handled; skipped');
      } else if (isTransientConflict(outcome?.error)) {
        // It lost a race with another transaction (a deadlock): tried again at once on its own, not after a backoff.
        await handleAlone(ch, message, event);
      } else {
        await settleFailure(ch, message, event, outcome?.error);
      }
    }
  };

  /** Delivered messages not yet taken by a batch (of the current channel), and the batches running. */
  let waiting: { ch: ConfirmChannel; message: ConsumeMessage; at: number }[] = [];
  let running = 0;
  let lingering: NodeJS.Timeout | undefined;

  const pump = () => {
    while (!stopped && running < concurrency && waiting.length > 0) {
      if (batchWaitMs > 0 && waiting.length < batchSize) {
        // Not full: it starts once its first event has waited batchWaitMs.
        const left = waiting[0]!.at + batchWaitMs - Date.now();
        if (left > 0) {
          lingering ??= setTimeout(() => {
            lingering = undefined;
            pump();
          }, left);
          return;
        }
      }
      const ch = waiting[0]!.ch;
      let n = 0;
      while (n < waiting.length && n < batchSize && waiting[n]!.ch === ch) n += 1;
      const messages = waiting.splice(0, n).map((w) => w.message);
      running += 1;
      const work = handleBatch(ch, messages)
        .catch((error: unknown) => {
          // Could not even move a message (channel or broker gone): what is unacked is redelivered.
          log.warn({ err: error, messages: messages.length }, 'could not settle the messages; they will be redelivered');
          try {
            for (const message of messages) acksOf(ch).requeueUnsettled(message);
          } catch {
            // The channel is gone: the broker requeues them itself.
          }
        })
        .finally(() => {
          try {
            acksOf(ch).flush();
          } catch (error) {
            // The channel closed meanwhile: its unacked messages are redelivered (and found in the inbox).
            log.warn({ err: error }, 'could not ack the settled messages; they will be redelivered');
          }
          running -= 1;
          inFlight.delete(work);
          pump();
        });
      inFlight.add(work);
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
    acksOf(ch).delivered(message);
    waiting.push({ ch, message, at: batchWaitMs > 0 ? Date.now() : 0 });
    // The batch starts after the messages that arrived in the same read (not one by one), or once the first has waited
    // batchWaitMs; at once when it is full.
    if (waiting.length >= batchSize) pump();
    else if (waiting.length === 1) {
      if (batchWaitMs > 0) pump();
      else setImmediate(pump);
    }
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
      // Its unacked messages go back to the queue: the ones not taken by a batch yet are dropped here.
      waiting = waiting.filter((w) => w.ch !== ch);
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
      if (lingering) clearTimeout(lingering);
      const ch = channel;
      if (ch && consumerTag) await ch.cancel(consumerTag).catch(() => undefined);
      await Promise.allSettled([...inFlight]);
      channel = undefined;
      if (ch) await ch.close().catch(() => undefined);
    },
  };
}
