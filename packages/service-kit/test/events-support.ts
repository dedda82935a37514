import { randomUUID } from 'node:crypto';
import type { TEventEnvelope } from '@platform/contracts';
import { createAmqpConnection, type TAmqpConnection } from '../src/amqp.js';
import { deadLetterQueueName, retryQueueName } from '../src/consumer.js';
import { createPool, KIT_MIGRATIONS_DIR, runMigrations, type Pool } from '../src/db.js';
import { createLogger, type Logger } from '../src/logger.js';
import { createMetrics, type TMetrics } from '../src/metrics.js';
import { createTestEnvironment, TEST_RABBITMQ_URL, type TTestEnvironment } from '../src/testing.js';

/** One test file's backbone: own database (kit migrations applied), own exchange and queue prefix, a connection. */
export interface TBackbone {
  env: TTestEnvironment;
  pool: Pool;
  amqp: TAmqpConnection;
  logger: Logger;
  metrics: TMetrics;
  queue(name: string): string;
  /** Publishes raw bytes (or an envelope as JSON) straight to the exchange, as a duplicate or a broken producer would. */
  publishRaw(routingKey: string, body: Buffer | TEventEnvelope, messageId?: string): Promise<void>;
  /** Publishes envelopes on one channel and waits for every confirm. */
  publishMany(events: TEventEnvelope[]): Promise<void>;
  /** Messages in a queue (ready, not unacked). */
  messageCount(queue: string): Promise<number>;
  cleanup(): Promise<void>;
}

export async function createBackbone(prefix: string): Promise<TBackbone> {
  const env = await createTestEnvironment(prefix);
  const logger = createLogger({ service: prefix, level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const pool = createPool(env.database.url, { max: 20 });
  await runMigrations(pool, [{ name: 'kit', dir: KIT_MIGRATIONS_DIR }]);
  await pool.query('CREATE TABLE effects (id serial PRIMARY KEY, event_id uuid NOT NULL, note text, at timestamptz NOT NULL DEFAULT clock_timestamp())');
  const amqp = createAmqpConnection({ url: TEST_RABBITMQ_URL, exchange: env.exchange, logger, minBackoffMs: 100, maxBackoffMs: 1_000 });
  await amqp.waitUntilConnected();
  const queues = new Set<string>();
  return {
    env,
    pool,
    amqp,
    logger,
    metrics: createMetrics(prefix),
    queue(name) {
      const q = `${env.queuePrefix}${name}`;
      queues.add(q);
      return q;
    },
    async publishRaw(routingKey, body, messageId) {
      const ch = await amqp.createConfirmChannel();
      try {
        const content = Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
        const id = messageId ?? (Buffer.isBuffer(body) ? randomUUID() : body.id);
        ch.publish(env.exchange, routingKey, content, { persistent: true, messageId: id, contentType: 'application/json' });
        await ch.waitForConfirms();
      } finally {
        await ch.close();
      }
    },
    async publishMany(events) {
      const ch = await amqp.createConfirmChannel();
      try {
        for (const e of events) ch.publish(env.exchange, e.type, Buffer.from(JSON.stringify(e)), { persistent: true, messageId: e.id, contentType: 'application/json' });
        await ch.waitForConfirms();
      } finally {
        await ch.close();
      }
    },
    async messageCount(queue) {
      const ch = await amqp.createChannel();
      try {
        return (await ch.checkQueue(queue)).messageCount;
      } finally {
        await ch.close();
      }
    },
    async cleanup() {
      try {
        await amqp.waitUntilConnected(30_000);
        const ch = await amqp.createChannel();
        for (const q of queues) {
          for (const name of [q, retryQueueName(q), deadLetterQueueName(q)]) await ch.deleteQueue(name);
        }
        await ch.deleteExchange(env.exchange);
        await ch.close();
      } finally {
        await amqp.close();
        await pool.end();
        await env.cleanup();
      }
    },
  };
}

export function makeEnvelope(type = 'test.happened', data: unknown = { n: 1 }): TEventEnvelope {
  return { id: randomUUID(), type, version: 1, occurredAt: new Date().toISOString(), correlationId: null, causationId: null, data };
}

export async function countEffects(pool: Pool): Promise<{ total: number; distinct: number }> {
  const { rows } = await pool.query<{ total: string; distinct: string }>('SELECT count(*) AS total, count(DISTINCT event_id) AS distinct FROM effects');
  const row = rows[0];
  return { total: Number(row?.total ?? 0), distinct: Number(row?.distinct ?? 0) };
}

export async function consumedCount(metrics: TMetrics, outcome: string): Promise<number> {
  const { values } = await metrics.eventsConsumed.get();
  return values.filter((v) => v.labels.outcome === outcome).reduce((sum, v) => sum + v.value, 0);
}
