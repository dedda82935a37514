import { connect, type Channel, type ChannelModel, type ConfirmChannel } from 'amqplib';
import type { Logger } from './logger.js';

export type { Channel, ConfirmChannel, ConsumeMessage, GetMessage, Options } from 'amqplib';

export interface TAmqpConnectionOptions {
  url: string;
  /** The one durable topic exchange every event is published to (config EVENTS_EXCHANGE). */
  exchange: string;
  logger: Logger;
  /** Shown in the RabbitMQ management UI and `rabbitmqctl list_connections`. */
  connectionName?: string;
  /** First reconnect delay; doubled after each failed attempt up to maxBackoffMs (with jitter). */
  minBackoffMs?: number;
  maxBackoffMs?: number;
  heartbeatSeconds?: number;
}

/** Runs on every (re)connection, after the exchange was asserted: open channels, declare queues, consume. */
export type TOnAmqpConnect = (connection: ChannelModel) => Promise<void> | void;

export interface TAmqpConnection {
  readonly exchange: string;
  isConnected(): boolean;
  /** For /ready: resolves when connected, throws otherwise. */
  check(): Promise<void>;
  /** Resolves at the next moment the connection is up (at once if it is); rejects after timeoutMs. */
  waitUntilConnected(timeoutMs?: number): Promise<void>;
  /** Registers a setup step run on every connection (and at once if connected now); returns an unregister function. */
  onConnect(fn: TOnAmqpConnect): () => void;
  /** Registers a listener called when the connection is lost; returns an unregister function. */
  onDisconnect(fn: (error?: Error) => void): () => void;
  /** A channel on the current connection; throws if the broker is not reachable now. */
  createChannel(): Promise<Channel>;
  createConfirmChannel(): Promise<ConfirmChannel>;
  /** Stops reconnecting and closes the connection. */
  close(): Promise<void>;
}

function errorOf(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value));
}

/**
 * Keeps one connection to RabbitMQ open for the life of the process. A refused connection or one dropped by the
 * broker (restart, network) is retried with exponential backoff and never crashes the process; after each
 * connection the events exchange is asserted and the registered setup steps run again.
 */
export function createAmqpConnection(options: TAmqpConnectionOptions): TAmqpConnection {
  const { url, exchange, logger } = options;
  const minBackoffMs = options.minBackoffMs ?? 200;
  const maxBackoffMs = options.maxBackoffMs ?? 5_000;
  const connectListeners = new Set<TOnAmqpConnect>();
  const disconnectListeners = new Set<(error?: Error) => void>();
  let current: ChannelModel | undefined;
  let closed = false;
  let failures = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  let waiters: (() => void)[] = [];
  // Heartbeats notice a dead peer (a half-open TCP connection) within about two intervals.
  const parsed = new URL(url);
  if (!parsed.searchParams.has('heartbeat')) parsed.searchParams.set('heartbeat', String(options.heartbeatSeconds ?? 10));
  const connectUrl = parsed.toString();

  /**
   * A channel error (e.g. 404 for a missing queue) closes only that channel, but amqplib lets an 'error' event
   * without a listener close the whole connection, taking every consumer down with it. Every channel gets one.
   */
  const guard = <C extends Channel>(channel: C): C => {
    channel.on('error', (error: Error) => logger.debug({ err: error }, 'RabbitMQ channel closed with an error'));
    return channel;
  };

  const runSetup = async (connection: ChannelModel, fn: TOnAmqpConnect) => {
    try {
      await fn(connection);
    } catch (error) {
      // A failed setup step (the broker went away meanwhile) is retried on the next connection.
      logger.warn({ err: error }, 'amqp setup step failed');
    }
  };

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    const base = Math.min(maxBackoffMs, minBackoffMs * 2 ** Math.min(failures, 20));
    const delay = Math.round(base * (0.8 + Math.random() * 0.2));
    failures += 1;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void open();
    }, delay);
  };

  const open = async () => {
    if (closed) return;
    let connection: ChannelModel;
    try {
      connection = await connect(connectUrl, {
        timeout: 5_000,
        // Off by default in amqplib: Nagle's algorithm holds a small frame (a publish, an ack) while an earlier one is
        // unacknowledged, and with the peer's delayed ACK an event waits tens of milliseconds (bench/outbox.bench.ts).
        noDelay: true,
        clientProperties: { connection_name: options.connectionName ?? `${exchange} client` },
      });
    } catch (error) {
      if (failures === 0 || failures % 10 === 0) logger.warn({ err: error, attempt: failures + 1 }, 'cannot connect to RabbitMQ; retrying');
      scheduleReconnect();
      return;
    }
    connection.on('error', (error: Error) => logger.warn({ err: error }, 'RabbitMQ connection error'));
    connection.on('close', (error?: Error) => {
      if (current !== connection) return;
      current = undefined;
      if (closed) return;
      logger.warn({ err: error }, 'RabbitMQ connection lost; reconnecting');
      for (const fn of disconnectListeners) fn(error);
      scheduleReconnect();
    });
    connection.on('blocked', (reason: string) => logger.warn({ reason }, 'RabbitMQ blocked the connection'));
    try {
      const channel = await connection.createChannel();
      await channel.assertExchange(exchange, 'topic', { durable: true });
      await channel.close();
    } catch (error) {
      logger.warn({ err: error }, 'cannot assert the events exchange; reconnecting');
      await connection.close().catch(() => undefined);
      scheduleReconnect();
      return;
    }
    if (closed) {
      await connection.close().catch(() => undefined);
      return;
    }
    current = connection;
    if (failures > 0) logger.info({ attempts: failures }, 'connected to RabbitMQ again');
    failures = 0;
    const ready = waiters;
    waiters = [];
    for (const resolve of ready) resolve();
    for (const fn of connectListeners) void runSetup(connection, fn);
  };

  void open();

  return {
    exchange,
    isConnected: () => current !== undefined,
    async check() {
      if (!current) throw new Error('RabbitMQ is not connected');
    },
    waitUntilConnected(timeoutMs = 10_000) {
      if (current) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters = waiters.filter((w) => w !== done);
          reject(new Error(`RabbitMQ not connected within ${timeoutMs} ms`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          resolve();
        };
        waiters.push(done);
      });
    },
    onConnect(fn) {
      connectListeners.add(fn);
      if (current) void runSetup(current, fn);
      return () => connectListeners.delete(fn);
    },
    onDisconnect(fn) {
      disconnectListeners.add(fn);
      return () => disconnectListeners.delete(fn);
    },
    async createChannel() {
      if (!current) throw new Error('RabbitMQ is not connected');
      return guard(await current.createChannel());
    },
    async createConfirmChannel() {
      if (!current) throw new Error('RabbitMQ is not connected');
      return guard(await current.createConfirmChannel());
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = undefined;
      const connection = current;
      current = undefined;
      if (connection) await connection.close().catch((error: unknown) => logger.debug({ err: errorOf(error) }, 'closing RabbitMQ connection'));
    },
  };
}
