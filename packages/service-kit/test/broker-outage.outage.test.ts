import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { connect } from 'amqplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsumer, type TConsumer } from '../src/consumer.js';
import { withTransaction } from '../src/db.js';
import { writeEvent } from '../src/outbox.js';
import { startOutboxRelay, type TOutboxRelay } from '../src/relay.js';
import { eventually, TEST_RABBITMQ_URL } from '../src/testing.js';
import { consumedCount, countEffects, createBackbone, type TBackbone } from './events-support.js';

const run = promisify(execFile);

async function stopBroker(): Promise<void> {
  await run('rabbitmqctl', ['stop_app'], { timeout: 60_000 });
}

/** Starts the RabbitMQ application (a no-op if it runs) and waits until it accepts AMQP connections. */
async function startBroker(): Promise<void> {
  await run('rabbitmqctl', ['start_app'], { timeout: 60_000 });
  await eventually(
    async () => {
      const connection = await connect(TEST_RABBITMQ_URL);
      await connection.close();
      return true;
    },
    { timeoutMs: 60_000, intervalMs: 200, what: 'RabbitMQ to accept connections' },
  );
}

let bb: TBackbone;
let consumer: TConsumer;
let relay: TOutboxRelay;

beforeAll(async () => {
  bb = await createBackbone('outage');
  consumer = startConsumer({
    pool: bb.pool,
    amqp: bb.amqp,
    queue: bb.queue('effects'),
    routingKeys: ['password_reset.completed'],
    logger: bb.logger,
    metrics: bb.metrics,
    prefetch: 50,
    handler: async (event, client) => {
      await client.query('INSERT INTO effects (event_id) VALUES ($1)', [event.id]);
    },
  });
  relay = startOutboxRelay({ pool: bb.pool, amqp: bb.amqp, logger: bb.logger, pollIntervalMs: 500 });
});

afterAll(async () => {
  // Whatever happened above, the broker must be running again for everyone else.
  await startBroker();
  await relay?.stop();
  await consumer?.stop();
  await bb?.cleanup();
});

async function writeCompletedEvents(transactions: number, perTransaction: number): Promise<void> {
  for (let t = 0; t < transactions; t += 1) {
    await withTransaction(bb.pool, async (client) => {
      for (let i = 0; i < perTransaction; i += 1) {
        await writeEvent(client, 'password_reset.completed', { userId: randomUUID(), completedAt: new Date().toISOString() });
      }
    });
  }
}

async function unsentCount(): Promise<number> {
  const { rows } = await bb.pool.query<{ n: string }>('SELECT count(*) AS n FROM outbox WHERE sent_at IS NULL');
  return Number(rows[0]?.n);
}

describe('event backbone during a broker outage', () => {
  it('when RabbitMQ is stopped while 1,000 events are written to the outbox, then after it restarts every event is delivered and applied exactly once', async () => {
    // Warm up: the queue exists (a message published before its queue is bound is routed nowhere) and the path works.
    await eventually(async () => consumer.isConsuming(), { what: 'the consumer subscribed' });
    await writeCompletedEvents(1, 1);
    await eventually(async () => (await countEffects(bb.pool)).total === 1, { what: 'the warm-up event applied' });
    await bb.pool.query('DELETE FROM effects');

    const stoppedAt = Date.now();
    try {
      await stopBroker();
      await eventually(async () => !bb.amqp.isConnected(), { what: 'the connection to notice the outage' });
      await writeCompletedEvents(100, 10);
      // Written while the broker was away: nothing could be published.
      expect(await unsentCount()).toBe(1_000);
      expect(bb.amqp.isConnected()).toBe(false);
    } finally {
      await startBroker();
    }
    const restartedAt = Date.now();

    const effects = await eventually(
      async () => {
        const counted = await countEffects(bb.pool);
        return counted.total >= 1_000 && (await unsentCount()) === 0 && (await bb.messageCount(bb.queue('effects'))) === 0 ? counted : undefined;
      },
      { timeoutMs: 120_000, intervalMs: 200, what: '1,000 events applied after the restart' },
    );
    expect(effects).toEqual({ total: 1_000, distinct: 1_000 });
    const applied = await consumedCount(bb.metrics, 'applied');
    const duplicates = await consumedCount(bb.metrics, 'duplicate');
    expect(applied).toBe(1_001);
    console.info(
      `outage: broker down ${restartedAt - stoppedAt} ms; all 1,000 applied ${Date.now() - restartedAt} ms after restart; ` +
        `deliveries handled ${applied + duplicates} (applied ${applied} incl. warm-up, duplicates skipped ${duplicates})`,
    );
  });

  it('when RabbitMQ stops while events are being published and consumed, then after it restarts each of them is applied exactly once', async () => {
    await bb.pool.query('DELETE FROM effects');
    const queue = bb.queue('effects');
    let restarted = false;
    try {
      // Traffic before, during and after the outage; the stop hits messages in flight between relay, broker and consumer.
      const before = writeCompletedEvents(50, 10);
      await eventually(async () => (await countEffects(bb.pool)).total >= 100, { what: 'traffic flowing', timeoutMs: 20_000 });
      await stopBroker();
      await before;
      await eventually(async () => !bb.amqp.isConnected(), { what: 'the connection to notice the outage' });
      await writeCompletedEvents(25, 10);
      await startBroker();
      restarted = true;
      await writeCompletedEvents(25, 10);
    } finally {
      if (!restarted) await startBroker();
    }
    const effects = await eventually(
      async () => {
        const counted = await countEffects(bb.pool);
        return counted.total >= 1_000 && (await unsentCount()) === 0 && (await bb.messageCount(queue)) === 0 ? counted : undefined;
      },
      { timeoutMs: 120_000, intervalMs: 200, what: '1,000 events applied after the restart' },
    );
    expect(effects).toEqual({ total: 1_000, distinct: 1_000 });
    const { rows } = await bb.pool.query<{ retried: string }>('SELECT count(*) AS retried FROM outbox WHERE attempts > 1');
    console.info(`outage under traffic: outbox rows published more than once ${rows[0]?.retried}; duplicates skipped by the inbox ${await consumedCount(bb.metrics, 'duplicate')}`);
  });
});
