import { generateKeyPairSync, randomBytes } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import amqp from 'amqplib';
import { Redis } from 'ioredis';
import { getContext } from './context.js';

/**
 * Helpers for integration tests against the real local servers. Each test file gets its own database, exchange,
 * queue prefix and Redis key prefix, so files running in parallel never see each other's data.
 */
export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_RABBITMQ_URL = process.env.TEST_RABBITMQ_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * A loopback port that refuses connections for as long as it is held: the local end of a connection this process
 * keeps open. The port is bound (no other process can listen on it) and nothing listens there. Unlike a port found
 * free and released, which another process may take before it is used (issue 24). `release()` ends the connection.
 */
export async function refusingPort(): Promise<{ port: number; url: string; release(): void }> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const socket = await new Promise<net.Socket>((resolve, reject) => {
    const client = net.connect((server.address() as net.AddressInfo).port, '127.0.0.1', () => resolve(client));
    client.once('error', reject);
  });
  // The accepting side can go: the client end keeps its port bound.
  server.close();
  const port = socket.localPort!;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    release() {
      socket.destroy();
    },
  };
}

export function uniqueName(prefix: string): string {
  return `${prefix.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

export interface TTestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** Creates an empty database for one test file; drop() removes it (forcibly closing leftover connections). */
export async function createTestDatabase(prefix: string): Promise<TTestDatabase> {
  const name = uniqueName(`t_${prefix}`);
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const c = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TTestKeys {
  privateKeyPem: string;
  publicKeyPem: string;
}

/** A fresh Ed25519 key pair for signing test tokens. */
export function generateTestKeys(): TTestKeys {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/** Everything isolated for one test file, as environment variables a service's config reads. */
export interface TTestEnvironment {
  env: Record<string, string>;
  keys: TTestKeys;
  database: TTestDatabase;
  redisPrefix: string;
  exchange: string;
  queuePrefix: string;
  cleanup(): Promise<void>;
}

export async function createTestEnvironment(prefix: string): Promise<TTestEnvironment> {
  const database = await createTestDatabase(prefix);
  const keys = generateTestKeys();
  const id = uniqueName(prefix);
  const redisPrefix = `test:${id}:`;
  const exchange = `test.${id}.events`;
  const queuePrefix = `test.${id}.`;
  return {
    env: {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      INTERNAL_PORT: '0',
      // As in development: the gateway (or a test naming a client) on loopback is believed.
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      DATABASE_URL: database.url,
      RABBITMQ_URL: TEST_RABBITMQ_URL,
      EVENTS_EXCHANGE: exchange,
      QUEUE_PREFIX: queuePrefix,
      // Queue names are unique per file: let the broker delete them once the file's consumers are gone.
      QUEUE_EXPIRES_MS: '300000',
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: redisPrefix,
      JWT_PUBLIC_KEY: keys.publicKeyPem,
      JWT_PRIVATE_KEY: keys.privateKeyPem,
    },
    keys,
    database,
    redisPrefix,
    exchange,
    queuePrefix,
    async cleanup() {
      const redis = new Redis(TEST_REDIS_URL);
      try {
        let cursor = '0';
        do {
          const [next, keysFound] = await redis.scan(cursor, 'MATCH', `${redisPrefix}*`, 'COUNT', 500);
          cursor = next;
          if (keysFound.length) await redis.del(...keysFound);
        } while (cursor !== '0');
      } finally {
        redis.disconnect();
      }
      await database.drop();
      const connection = await amqp.connect(TEST_RABBITMQ_URL).catch(() => undefined);
      if (connection) {
        const channel = await connection.createChannel();
        await channel.deleteExchange(exchange).catch(() => undefined);
        await connection.close().catch(() => undefined);
      }
    },
  };
}

/** Polls until fn returns a truthy value or the deadline passes; tests never sleep a fixed time. */
export async function eventually<T>(fn: () => Promise<T | undefined | null | false>, options: { timeoutMs?: number; intervalMs?: number; what?: string } = {}): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await fn();
      if (value) return value;
    } catch (error) {
      lastError = error;
    }
    await new Promise((r) => setTimeout(r, options.intervalMs ?? 50));
  }
  throw new Error(`Timed out waiting for ${options.what ?? 'condition'}${lastError ? `: ${(lastError as Error).message}` : ''}`);
}

export interface TQueryRecording {
  /** Each statement issued by the recorded work, in order: its text (whitespace collapsed) and whether it was named (prepared). */
  statements: { text: string; named: boolean }[];
  /**
   * The round trips they took: a statement starts one when its connection has nothing unanswered, or always on a
   * connection that is not pipelined; one issued while earlier ones are still unanswered on a pipelined connection
   * travels with them.
   */
  roundTrips: number;
  /** Puts pg's query back. */
  stop(): void;
}

/**
 * Records the SQL of one piece of work in this process: the statements issued inside the async context whose
 * requestId is given (an HTTP request's `x-request-id`, a consumed event's correlation id), on any pg client, and the
 * round trips they took. Patches pg.Client.prototype.query until stop(); other work running meanwhile is not counted.
 */
export function recordQueries(requestId: string): TQueryRecording {
  type TQuery = (this: pg.Client, ...args: unknown[]) => unknown;
  const proto = pg.Client.prototype as unknown as { query: TQuery };
  const original = proto.query;
  const unanswered = new WeakMap<object, number>();
  const recording: TQueryRecording = {
    statements: [],
    roundTrips: 0,
    stop() {
      proto.query = original;
    },
  };
  proto.query = function (this: pg.Client, ...args: unknown[]) {
    const waiting = unanswered.get(this) ?? 0;
    if (getContext()?.requestId === requestId) {
      const config = args[0] as string | { text?: string; name?: string };
      const text = typeof config === 'string' ? config : (config.text ?? `(prepared ${config.name})`);
      recording.statements.push({ text: text.replace(/\s+/g, ' ').trim(), named: typeof config !== 'string' && Boolean(config.name) });
      if (waiting === 0 || !(this as unknown as { pipeline?: boolean }).pipeline) recording.roundTrips += 1;
    }
    unanswered.set(this, waiting + 1);
    const answered = () => unanswered.set(this, (unanswered.get(this) ?? 1) - 1);
    const last = args[args.length - 1];
    if (typeof last === 'function') {
      args[args.length - 1] = (...callbackArgs: unknown[]) => {
        answered();
        return (last as (...a: unknown[]) => unknown)(...callbackArgs);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args);
    if (result instanceof Promise) result.then(answered, answered);
    else answered();
    return result;
  };
  return recording;
}

/** The hostile-input probe over a service's real route table (recordRouteTables, probeHostileInput, fingerprintTables). */
export * from './hostile-input.js';
export * from './paging-testing.js';

/** Real answers checked against an OpenAPI document's answer schemas (createAnswerChecker). */
export * from './openapi-testing.js';

/** An OTLP/HTTP receiver for tracing tests (startTraceCollector). */
export * from './trace-collector.js';

/** The released contracts for the previous-release tests (releasedEventCases, readAsConsumer, releasedTables). */
export * from './released-contracts.js';
