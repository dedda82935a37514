import type { ConfirmChannel, Options } from 'amqplib';
import type { TAmqpConnection } from './amqp.js';
import type { Pool, PoolClient } from './db.js';
import type { Logger } from './logger.js';
import type { TMetrics } from './metrics.js';
import { onOutboxCommit, OUTBOX_NOTIFY_CHANNEL } from './outbox-signal.js';
import { errorMessageOf, publishConfirmed } from './publish.js';
import { TRACE_FIELD } from './outbox.js';
import { SpanKind, SpanStatusCode, startSpanFromHeaders, tracingEnabled } from './tracing.js';

export interface TOutboxRelayOptions {
  pool: Pool;
  amqp: TAmqpConnection;
  /** Defaults to the exchange of the connection. */
  exchange?: string;
  logger: Logger;
  metrics?: Pick<TMetrics, 'eventsPublished'>;
  /** Fallback poll when no NOTIFY arrives (missed while the listener reconnected, or written by another tool). */
  pollIntervalMs?: number;
  batchSize?: number;
  /** How long to wait for the broker to confirm each message before the row is left for the next round. */
  confirmTimeoutMs?: number;
  /** Windows (of up to batchSize rows, each in its own transaction) waiting for their confirms at once. Default 4. */
  maxWindows?: number;
}

export interface TOutboxRelay {
  stop(): Promise<void>;
}

interface TOutboxRow {
  id: string;
  type: string;
  /** The envelope as stored, published as it is (never parsed here). */
  body: string;
  correlation_id: string | null;
  causation_id: string | null;
  /** Only selected with tracing on. */
  trace_context?: Record<string, string> | null;
}

const SELECT_UNSENT = `SELECT id, type, payload::text AS body, payload->>'correlationId' AS correlation_id, payload->>'causationId' AS causation_id
  FROM outbox WHERE sent_at IS NULL ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED`;
/** With tracing on (tracing.ts): the same rows with the trace context their writer stored (outbox.ts TRACE_FIELD). */
const SELECT_UNSENT_TRACED = SELECT_UNSENT.replace(' FROM outbox', `, payload->'${TRACE_FIELD}' AS trace_context FROM outbox`);
/** One simple-protocol message: both statements in one round trip on any pool. */
const BEGIN_WINDOW = 'BEGIN; SET LOCAL synchronous_commit TO OFF';
const MARK_SENT = 'UPDATE outbox SET sent_at = now(), attempts = attempts + 1 WHERE id = ANY($1::uuid[])';
const MARK_FAILED =
  'UPDATE outbox o SET attempts = attempts + 1, last_error = f.error FROM unnest($1::uuid[], $2::text[]) AS f(id, error) WHERE o.id = f.id';

/** Publishes one outbox row (routing key = event type, persistent, ids in the properties) and waits for its confirm. */
function publishRow(channel: ConfirmChannel, exchange: string, row: TOutboxRow, timeoutMs: number): Promise<void> {
  const correlationId = row.correlation_id ?? undefined;
  const causationId = row.causation_id ?? undefined;
  const options: Options.Publish = {
    persistent: true,
    messageId: row.id,
    type: row.type,
    contentType: 'application/json',
    timestamp: Math.floor(Date.now() / 1000),
    ...(correlationId ? { correlationId } : {}),
    headers: {
      ...(correlationId ? { 'x-correlation-id': correlationId } : {}),
      ...(causationId ? { 'x-causation-id': causationId } : {}),
    },
  };
  const traced = row.trace_context
    ? startSpanFromHeaders(`publish ${row.type}`, SpanKind.PRODUCER, row.trace_context, {
        'messaging.system': 'rabbitmq',
        'messaging.operation.type': 'send',
        'messaging.destination.name': exchange,
        'messaging.rabbitmq.destination.routing_key': row.type,
        'messaging.message.id': row.id,
        ...(correlationId ? { 'request.id': correlationId } : {}),
      })
    : undefined;
  if (!traced) return publishConfirmed(channel, exchange, row.type, Buffer.from(row.body), options, timeoutMs);
  Object.assign(options.headers!, traced.headers);
  return publishConfirmed(channel, exchange, row.type, Buffer.from(row.body), options, timeoutMs).then(
    () => traced.span.end(),
    (error: unknown) => {
      traced.span.setStatus({ code: SpanStatusCode.ERROR, message: errorMessageOf(error) });
      traced.span.end();
      throw error;
    },
  );
}

/**
 * Publishes the outbox to the events exchange: unsent rows in the order they were written, routing key = event
 * type, persistent, with publisher confirms. A row is marked sent only after its confirm, in the transaction that
 * holds its lock (`FOR UPDATE SKIP LOCKED`), so several relays never publish the same row at the same time, and a
 * crash between the confirm and the commit only causes a duplicate (consumers dedupe), never a loss.
 * Publishes in windows: up to batchSize rows published at once, then their confirms awaited together; up to
 * maxWindows windows wait for their confirms at once (the broker's fsync of persistent messages no longer holds back
 * the rows written meanwhile). Woken after a commit in this process (signalOutbox) and by LISTEN outbox_new, polls as
 * a fallback, waits while the broker is away and resumes by itself.
 */
export function startOutboxRelay(options: TOutboxRelayOptions): TOutboxRelay {
  const { pool, amqp, logger, metrics } = options;
  const exchange = options.exchange ?? amqp.exchange;
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;
  const batchSize = options.batchSize ?? 100;
  const confirmTimeoutMs = options.confirmTimeoutMs ?? 5_000;
  const maxWindows = Math.max(1, options.maxWindows ?? 4);

  let stopped = false;
  let channel: ConfirmChannel | undefined;
  /** The LISTEN connection and how to give it back (closed), once: a lost connection may report more than one error. */
  let listener: { client: PoolClient; drop: (error?: Error) => void } | undefined;
  let wakeUp: (() => void) | undefined;
  let pendingWake = false;

  const wake = () => {
    pendingWake = true;
    wakeUp?.();
  };

  /** Waits for a wake-up (NOTIFY, new connection, stop) or at most ms. */
  const idle = (ms: number) =>
    new Promise<void>((resolve) => {
      if (pendingWake || stopped) {
        pendingWake = false;
        resolve();
        return;
      }
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        pendingWake = false;
        resolve();
      }
      wakeUp = done;
    });

  const openChannel = async () => {
    const ch = await amqp.createConfirmChannel();
    ch.on('error', (error: Error) => logger.warn({ err: error }, 'outbox relay channel error'));
    ch.on('close', () => {
      if (channel === ch) channel = undefined;
    });
    if (stopped) {
      await ch.close().catch(() => undefined);
      return;
    }
    channel = ch;
    wake();
  };
  const unregisterConnect = amqp.onConnect(openChannel);
  // Commits on this pool in this process wake the relay directly; NOTIFY brings the other processes' commits.
  const unregisterCommits = onOutboxCommit(pool, wake);

  // LISTEN on a dedicated connection; if it breaks (database restart), it is re-established by the loop.
  const ensureListener = async () => {
    if (listener || stopped) return;
    const client = await pool.connect();
    let released = false;
    const drop = (error?: Error) => {
      if (released) return;
      released = true;
      if (listener?.client === client) listener = undefined;
      client.release(error ?? true);
    };
    client.on('error', (error: Error) => {
      if (released) return;
      logger.warn({ err: error }, 'outbox relay LISTEN connection lost');
      drop(error);
      wake(); // LISTEN again now, and publish what was written meanwhile, instead of at the next poll
    });
    client.on('notification', wake);
    try {
      await client.query(`LISTEN ${OUTBOX_NOTIFY_CHANNEL}`);
    } catch (error) {
      drop(error instanceof Error ? error : new Error(String(error)));
      throw error;
    }
    listener = { client, drop };
  };

  /**
   * Opens one window: the oldest unsent rows locked (FOR UPDATE SKIP LOCKED) and all of them published at once.
   * Resolves as soon as they are published, with `settled`: their confirms awaited together, then the confirmed ones
   * marked sent and the others counted as failed, in the transaction that holds their locks. While a window waits for
   * its confirms the next one can be opened (its rows are the next unlocked ones, published after on the same channel,
   * so the order holds as long as nothing fails).
   */
  const openWindow = async (ch: ConfirmChannel): Promise<{ locked: number; settled: Promise<{ failed: number }> }> => {
    const client = await pool.connect();
    let rows: TOutboxRow[];
    try {
      // BEGIN and the select travel together on a pipelined pool. The window's commit (marking its rows sent) does
      // not wait for the WAL flush: a mark lost in a crash only publishes its rows again, which a relay may always do
      // (at least once; consumers dedupe), and the window ends at its confirms instead of a disk flush later.
      const begin = client.query(BEGIN_WINDOW);
      begin.catch(() => undefined);
      rows = (
        await client.query<TOutboxRow>(
          tracingEnabled() ? { name: 'kit_relay_select_traced', text: SELECT_UNSENT_TRACED, values: [batchSize] } : { name: 'kit_relay_select', text: SELECT_UNSENT, values: [batchSize] },
        )
      ).rows;
      await begin;
      if (rows.length === 0) {
        await client.query({ name: 'kit_commit', text: 'COMMIT' });
        client.release();
        return { locked: 0, settled: Promise.resolve({ failed: 0 }) };
      }
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      client.release();
      throw error;
    }
    const confirms = rows.map((row) => publishRow(ch, exchange, row, confirmTimeoutMs));
    const settled = (async () => {
      try {
        const results = await Promise.allSettled(confirms);
        const sent: string[] = [];
        const failedIds: string[] = [];
        const errors: string[] = [];
        results.forEach((result, i) => {
          const row = rows[i] as TOutboxRow;
          if (result.status === 'fulfilled') {
            sent.push(row.id);
            metrics?.eventsPublished.inc({ type: row.type });
          } else {
            failedIds.push(row.id);
            errors.push(errorMessageOf(result.reason));
          }
        });
        // Issued together, awaited together: one round trip on a pipelined pool.
        const writes: Promise<unknown>[] = [];
        if (sent.length) writes.push(client.query({ name: 'kit_relay_sent', text: MARK_SENT, values: [sent] }));
        if (failedIds.length) writes.push(client.query({ name: 'kit_relay_failed', text: MARK_FAILED, values: [failedIds, errors] }));
        writes.push(client.query({ name: 'kit_commit', text: 'COMMIT' }));
        const failure = (await Promise.allSettled(writes)).find((r): r is PromiseRejectedResult => r.status === 'rejected');
        if (failure) throw failure.reason;
        if (failedIds.length) logger.warn({ failed: failedIds.length, error: errors[0] }, 'outbox relay: some events were not confirmed; will retry');
        client.release();
        return { failed: failedIds.length };
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        client.release();
        throw error;
      }
    })();
    return { locked: rows.length, settled };
  };

  /** Windows waiting for their confirms. */
  const windows = new Set<Promise<void>>();
  /** Set when a window failed: the next one waits for a poll interval (the broker may be refusing everything). */
  let failedRecently = false;

  const loop = async () => {
    while (!stopped) {
      try {
        await ensureListener();
        const ch = channel;
        if (!ch) {
          await idle(pollIntervalMs);
          continue;
        }
        if (failedRecently) {
          failedRecently = false;
          await idle(pollIntervalMs);
          continue;
        }
        if (windows.size >= maxWindows) {
          await Promise.race(windows);
          continue;
        }
        const { locked, settled } = await openWindow(ch);
        if (locked > 0) {
          const window: Promise<void> = settled
            .then(({ failed }) => {
              if (failed) failedRecently = true;
            })
            .catch((error: unknown) => {
              failedRecently = true;
              logger.warn({ err: error }, 'outbox relay window failed; its rows will be published again');
            })
            .finally(() => windows.delete(window));
          windows.add(window);
        }
        if (locked === batchSize) continue;
        await idle(pollIntervalMs);
      } catch (error) {
        logger.warn({ err: error }, 'outbox relay round failed; retrying');
        await idle(pollIntervalMs);
      }
    }
    await Promise.allSettled([...windows]);
  };
  const running = loop();

  return {
    async stop() {
      stopped = true;
      unregisterConnect();
      unregisterCommits();
      wake();
      await running;
      const current = listener;
      if (current) {
        await current.client.query(`UNLISTEN ${OUTBOX_NOTIFY_CHANNEL}`).catch(() => undefined);
        current.drop();
      }
      const ch = channel;
      channel = undefined;
      if (ch) await ch.close().catch(() => undefined);
    },
  };
}
