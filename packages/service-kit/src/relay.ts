import type { ConfirmChannel, Options } from 'amqplib';
import type { TAmqpConnection } from './amqp.js';
import type { Pool, PoolClient } from './db.js';
import type { Logger } from './logger.js';
import type { TMetrics } from './metrics.js';
import { onOutboxCommit, OUTBOX_NOTIFY_CHANNEL } from './outbox-signal.js';
import { errorMessageOf, publishConfirmed } from './publish.js';

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
}

export interface TOutboxRelay {
  stop(): Promise<void>;
}

interface TOutboxRow {
  id: string;
  type: string;
  payload: Record<string, unknown>;
}

const SELECT_UNSENT = 'SELECT id, type, payload FROM outbox WHERE sent_at IS NULL ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED';
const MARK_SENT = 'UPDATE outbox SET sent_at = now(), attempts = attempts + 1 WHERE id = ANY($1::uuid[])';
const MARK_FAILED =
  'UPDATE outbox o SET attempts = attempts + 1, last_error = f.error FROM unnest($1::uuid[], $2::text[]) AS f(id, error) WHERE o.id = f.id';

/** Publishes one outbox row (routing key = event type, persistent, ids in the properties) and waits for its confirm. */
function publishRow(channel: ConfirmChannel, exchange: string, row: TOutboxRow, timeoutMs: number): Promise<void> {
  const correlationId = typeof row.payload.correlationId === 'string' ? row.payload.correlationId : undefined;
  const causationId = typeof row.payload.causationId === 'string' ? row.payload.causationId : undefined;
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
  return publishConfirmed(channel, exchange, row.type, Buffer.from(JSON.stringify(row.payload)), options, timeoutMs);
}

/**
 * Publishes the outbox to the events exchange: unsent rows in the order they were written, routing key = event
 * type, persistent, with publisher confirms. A row is marked sent only after its confirm, in the transaction that
 * holds its lock (`FOR UPDATE SKIP LOCKED`), so several relays never publish the same row at the same time, and a
 * crash between the confirm and the commit only causes a duplicate (consumers dedupe), never a loss.
 * Wakes on LISTEN outbox_new, polls as a fallback, waits while the broker is away and resumes by itself.
 */
export function startOutboxRelay(options: TOutboxRelayOptions): TOutboxRelay {
  const { pool, amqp, logger, metrics } = options;
  const exchange = options.exchange ?? amqp.exchange;
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;
  const batchSize = options.batchSize ?? 100;
  const confirmTimeoutMs = options.confirmTimeoutMs ?? 5_000;

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
   * Publishes one window: the oldest unsent rows locked (FOR UPDATE SKIP LOCKED), all of them published at once, then
   * their confirms awaited together, then the confirmed ones marked sent and the others counted as failed, in the
   * transaction that holds their locks. Returns how many rows were locked, and how many of them failed.
   */
  const publishBatch = async (ch: ConfirmChannel): Promise<{ locked: number; failed: number }> => {
    const client = await pool.connect();
    try {
      // BEGIN and the select travel together on a pipelined pool.
      const begin = client.query({ name: 'kit_begin', text: 'BEGIN' });
      begin.catch(() => undefined);
      const { rows } = await client.query<TOutboxRow>({ name: 'kit_relay_select', text: SELECT_UNSENT, values: [batchSize] });
      await begin;
      const results = await Promise.allSettled(rows.map((row) => publishRow(ch, exchange, row, confirmTimeoutMs)));
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
      const settled = await Promise.allSettled(writes);
      const failure = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failure) throw failure.reason;
      if (failedIds.length) logger.warn({ failed: failedIds.length, error: errors[0] }, 'outbox relay: some events were not confirmed; will retry');
      return { locked: rows.length, failed: failedIds.length };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };

  const loop = async () => {
    while (!stopped) {
      try {
        await ensureListener();
        const ch = channel;
        if (!ch) {
          await idle(pollIntervalMs);
          continue;
        }
        const { locked, failed } = await publishBatch(ch);
        if (locked === batchSize && failed === 0) continue;
        await idle(pollIntervalMs);
      } catch (error) {
        logger.warn({ err: error }, 'outbox relay round failed; retrying');
        await idle(pollIntervalMs);
      }
    }
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
