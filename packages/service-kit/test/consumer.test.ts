import { randomUUID } from 'node:crypto';
import type { TEventEnvelope } from '@platform/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AckTracker, assertConsumerQueues, lockOrder, lockOrderByDataField, startConsumer, type TConsumer } from '../src/consumer.js';
import type { ConsumeMessage } from 'amqplib';
import type { PoolClient } from '../src/db.js';
import { listDeadLetters } from '../src/dlq.js';
import { writeEvent } from '../src/outbox.js';
import { eventually } from '../src/testing.js';
import { consumedCount, createBackbone, makeEnvelope, type TBackbone } from './events-support.js';

let bb: TBackbone;

beforeAll(async () => {
  bb = await createBackbone('consumer');
});
afterAll(async () => {
  await bb?.cleanup();
});

async function effectsOf(eventId: string): Promise<number> {
  const { rows } = await bb.pool.query<{ n: string }>('SELECT count(*) AS n FROM effects WHERE event_id = $1', [eventId]);
  return Number(rows[0]?.n);
}

describe('startConsumer', () => {
  it('when the same event is delivered three times, then the handler applies it once and the duplicates are acked', async () => {
    const queue = bb.queue('dedupe');
    const before = await consumedCount(bb.metrics, 'duplicate');
    const consumer = startConsumer({
      pool: bb.pool,
      amqp: bb.amqp,
      queue,
      routingKeys: ['dedupe.happened'],
      logger: bb.logger,
      metrics: bb.metrics,
      handler: async (event, client) => {
        await client.query('INSERT INTO effects (event_id) VALUES ($1)', [event.id]);
      },
    });
    try {
      await eventually(async () => consumer.isConsuming(), { what: 'the consumer subscribed' });
      const event = makeEnvelope('dedupe.happened');
      for (let i = 0; i < 3; i += 1) await bb.publishRaw(event.type, event);
      await eventually(async () => (await consumedCount(bb.metrics, 'duplicate')) - before === 2, { what: 'two duplicates skipped' });
      expect(await effectsOf(event.id)).toBe(1);
      expect(await bb.messageCount(queue)).toBe(0);
    } finally {
      await consumer.stop();
    }
  });

  it('when every event is delivered five times to two consumer instances at once, then each is applied exactly once', async () => {
    const queue = bb.queue('race');
    const handler = async (event: TEventEnvelope, client: PoolClient) => {
      await client.query('INSERT INTO effects (event_id, note) VALUES ($1, $2)', [event.id, 'race']);
    };
    const consumers = [1, 2].map(() =>
      startConsumer({ pool: bb.pool, amqp: bb.amqp, queue, routingKeys: ['race.happened'], logger: bb.logger, handler, prefetch: 20 }),
    );
    try {
      await eventually(async () => consumers.every((c) => c.isConsuming()), { what: 'both consumers subscribed' });
      const events = Array.from({ length: 40 }, () => makeEnvelope('race.happened'));
      await Promise.all(events.flatMap((e) => [1, 2, 3, 4, 5].map(() => bb.publishRaw(e.type, e))));
      await eventually(
        async () => {
          const { rows } = await bb.pool.query<{ n: string }>("SELECT count(*) AS n FROM inbox WHERE event_type = 'race.happened'");
          return Number(rows[0]?.n) === 40 && (await bb.messageCount(queue)) === 0;
        },
        { what: '40 events applied and the queue drained' },
      );
      const { rows } = await bb.pool.query<{ total: string; distinct: string }>(
        "SELECT count(*) AS total, count(DISTINCT event_id) AS distinct FROM effects WHERE note = 'race'",
      );
      expect(rows[0]).toEqual({ total: '40', distinct: '40' });
    } finally {
      await Promise.all(consumers.map((c) => c.stop()));
    }
  });

  it('when the handler always throws for one event, then that event ends in the dead-letter queue after its retries while other events keep flowing', async () => {
    const queue = bb.queue('poison');
    const poison = makeEnvelope('poison.happened', { poison: true });
    let poisonAttempts = 0;
    const poisonAttemptsSeenByOthers: number[] = [];
    const consumer: TConsumer = startConsumer({
      pool: bb.pool,
      amqp: bb.amqp,
      queue,
      routingKeys: ['poison.happened'],
      logger: bb.logger,
      maxAttempts: 4,
      backoffMs: 200,
      handler: async (event, client) => {
        if (event.id === poison.id) {
          poisonAttempts += 1;
          throw new Error('the handler is broken for this event');
        }
        poisonAttemptsSeenByOthers.push(poisonAttempts);
        await client.query('INSERT INTO effects (event_id, note) VALUES ($1, $2)', [event.id, 'poison-test']);
      },
    });
    try {
      await eventually(async () => consumer.isConsuming(), { what: 'the consumer subscribed' });
      await bb.publishRaw(poison.type, poison);
      await eventually(async () => poisonAttempts >= 1, { what: 'the first failure' });
      const good = Array.from({ length: 30 }, () => makeEnvelope('poison.happened', { poison: false }));
      await bb.publishMany(good);
      await eventually(async () => (await bb.messageCount(`${queue}.dlq`)) === 1, { what: 'the poison event dead-lettered' });
      const { rows } = await bb.pool.query<{ n: string }>("SELECT count(*) AS n FROM effects WHERE note = 'poison-test'");
      expect(Number(rows[0]?.n)).toBe(30);
      // Every other event was applied while the poison one was still waiting for a retry (attempts 2-4 come 200, 600
      // and 1,400 ms after the first).
      expect(poisonAttemptsSeenByOthers).toHaveLength(30);
      expect(Math.max(...poisonAttemptsSeenByOthers)).toBeLessThan(4);
      expect(poisonAttempts).toBe(4);
      expect(await effectsOf(poison.id)).toBe(0);
      const [dead] = await listDeadLetters(bb.amqp, queue);
      expect(dead).toMatchObject({ messageId: poison.id, reason: 'failed', attempts: 4, lastError: 'the handler is broken for this event', routingKey: 'poison.happened' });
      expect(await bb.messageCount(`${queue}.retry`)).toBe(0);
    } finally {
      await consumer.stop();
    }
  });

  it('when a prefetched batch holds one always-failing event, then the others are applied exactly once in shared transactions and the failing one alone is retried, then dead-lettered', async () => {
    const queue = bb.queue('poison-batch');
    // The queue exists and holds every event before the consumer subscribes, so they arrive as one prefetched batch.
    const setup = await bb.amqp.createChannel();
    await assertConsumerQueues(setup, queue);
    await setup.bindQueue(queue, bb.env.exchange, 'batch.happened');
    await setup.close();
    const good = Array.from({ length: 30 }, () => makeEnvelope('batch.happened', { poison: false }));
    const poison = makeEnvelope('batch.happened', { poison: true });
    await bb.publishMany([...good.slice(0, 10), poison, ...good.slice(10)]);

    const calls = new Map<string, number>();
    let poisonAttempts = 0;
    const consumer = startConsumer({
      pool: bb.pool,
      amqp: bb.amqp,
      queue,
      routingKeys: ['batch.happened'],
      logger: bb.logger,
      metrics: bb.metrics,
      maxAttempts: 3,
      backoffMs: 100,
      handler: async (event, client) => {
        calls.set(event.id, (calls.get(event.id) ?? 0) + 1);
        // Written before the failure: the savepoint must take it back.
        await client.query("INSERT INTO effects (event_id, note) VALUES ($1, 'batch:' || txid_current())", [event.id]);
        if (event.id === poison.id) {
          poisonAttempts += 1;
          throw new Error('always fails');
        }
      },
    });
    try {
      await eventually(async () => (await bb.messageCount(`${queue}.dlq`)) === 1, { what: 'the failing event dead-lettered' });
      const { rows } = await bb.pool.query<{ event_id: string; note: string }>("SELECT event_id, note FROM effects WHERE note LIKE 'batch:%'");
      expect(rows.map((r) => r.event_id).sort()).toEqual(good.map((e) => e.id).sort());
      expect(good.every((e) => calls.get(e.id) === 1)).toBe(true);
      // Fewer transactions than events: they were handled in batches (one inbox insert each).
      expect(new Set(rows.map((r) => r.note)).size).toBeLessThan(good.length / 2);
      expect(poisonAttempts).toBe(3);
      expect(await effectsOf(poison.id)).toBe(0);
      const inbox = await bb.pool.query('SELECT 1 FROM inbox WHERE consumer = $1 AND event_id = $2', [queue, poison.id]);
      expect(inbox.rowCount).toBe(0);
      const [dead] = await listDeadLetters(bb.amqp, queue);
      expect(dead).toMatchObject({ messageId: poison.id, reason: 'failed', attempts: 3, lastError: 'always fails' });
      expect(await bb.messageCount(queue)).toBe(0);
      expect(await bb.messageCount(`${queue}.retry`)).toBe(0);
    } finally {
      await consumer.stop();
    }
  });

  /**
   * Two instances, two batches each at once, every batch posting to the same few "accounts" in a shuffled order: the
   * shape of payouts' rewards after a broker outage (a backlog of rewards for a few workers). Each posting holds its
   * account's row lock until the batch commits.
   */
  async function postToSharedAccounts(name: string, count: number, lockOrderKey: ((event: TEventEnvelope) => string) | undefined) {
    const queue = bb.queue(name);
    const accounts = Array.from({ length: 6 }, (_, i) => `${name}-${i}`);
    await bb.pool.query('CREATE TABLE IF NOT EXISTS accounts (id text PRIMARY KEY, n int NOT NULL DEFAULT 0)');
    await bb.pool.query('INSERT INTO accounts (id) SELECT unnest($1::text[])', [accounts]);
    const setup = await bb.amqp.createChannel();
    await assertConsumerQueues(setup, queue);
    await setup.bindQueue(queue, bb.env.exchange, `${name}.posted`);
    await setup.close();
    const events = Array.from({ length: count }, (_, i) => makeEnvelope(`${name}.posted`, { account: accounts[(i * 7 + Math.floor(i / 6)) % accounts.length] }));
    await bb.publishMany(events);
    const failures: string[] = [];
    const consumers = [1, 2].map(() =>
      startConsumer({
        pool: bb.pool,
        amqp: bb.amqp,
        queue,
        routingKeys: [`${name}.posted`],
        logger: bb.logger,
        prefetch: 20,
        batchSize: 10,
        concurrency: 2,
        maxAttempts: 1, // a lost race must not count as an attempt: with one, any counted failure is dead-lettered
        backoffMs: 50,
        ...(lockOrderKey ? { lockOrderKey } : {}),
        handler: async (event, client) => {
          try {
            await client.query('UPDATE accounts SET n = n + 1 WHERE id = $1', [(event.data as { account: string }).account]);
            await client.query('SELECT pg_sleep(0.002)');
          } catch (error) {
            failures.push((error as { code?: string }).code ?? String(error));
            throw error;
          }
        },
      }),
    );
    try {
      await eventually(
        async () => {
          const { rows } = await bb.pool.query<{ n: string }>('SELECT coalesce(sum(n), 0) AS n FROM accounts WHERE id = ANY($1)', [accounts]);
          return Number(rows[0]?.n) === events.length && (await bb.messageCount(queue)) === 0;
        },
        { what: 'every posting applied', timeoutMs: 60_000 },
      );
      const inbox = await bb.pool.query('SELECT 1 FROM inbox WHERE consumer = $1', [queue]);
      expect(inbox.rowCount).toBe(events.length);
      expect(await bb.messageCount(`${queue}.dlq`)).toBe(0);
      return failures;
    } finally {
      await Promise.all(consumers.map((c) => c.stop()));
    }
  }

  it('when concurrent batches post to shared rows in the order of lockOrderKey, then none deadlocks and each event is applied once', async () => {
    const failures = await postToSharedAccounts('lock-order', 160, lockOrderByDataField('account'));
    expect(failures).toEqual([]);
  });

  it('when concurrent batches deadlock on shared rows, then the losing events are retried at once without using an attempt and each is applied once', async () => {
    // Each deadlock costs PostgreSQL's deadlock_timeout (1 s) before one side loses: few events here.
    const failures = await postToSharedAccounts('deadlocks', 60, undefined);
    // Without a lock order they deadlock (the race is the point of this case); none of it is dead-lettered.
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.every((code) => code === '40P01' || code === '40001')).toBe(true);
  }, 90_000);

  it('when a message is not a valid event envelope, then it goes straight to the dead-letter queue without calling the handler', async () => {
    const queue = bb.queue('malformed');
    let calls = 0;
    const consumer = startConsumer({
      pool: bb.pool,
      amqp: bb.amqp,
      queue,
      routingKeys: ['malformed.happened'],
      logger: bb.logger,
      metrics: bb.metrics,
      handler: async () => {
        calls += 1;
      },
    });
    try {
      await eventually(async () => consumer.isConsuming(), { what: 'the consumer subscribed' });
      await bb.publishRaw('malformed.happened', Buffer.from('{"not": "an envelope"'));
      await bb.publishRaw('malformed.happened', { ...makeEnvelope('malformed.happened'), id: 'not-a-uuid' });
      await eventually(async () => (await bb.messageCount(`${queue}.dlq`)) === 2, { what: 'both dead-lettered' });
      const dead = await listDeadLetters(bb.amqp, queue);
      expect(dead.map((d) => d.reason)).toEqual(['malformed', 'malformed']);
      expect(dead[0]?.content).toBe('{"not": "an envelope"');
      expect(calls).toBe(0);
      expect(await consumedCount(bb.metrics, 'malformed')).toBe(2);
    } finally {
      await consumer.stop();
    }
  });

  it('when a handler writes an event, then the new event carries the correlation id and the handled event as its cause', async () => {
    const queue = bb.queue('context');
    const consumer = startConsumer({
      pool: bb.pool,
      amqp: bb.amqp,
      queue,
      routingKeys: ['context.happened'],
      logger: bb.logger,
      handler: async (_event, client) => {
        await writeEvent(client, 'password_reset.completed', { userId: randomUUID(), completedAt: new Date().toISOString() });
      },
    });
    try {
      await eventually(async () => consumer.isConsuming(), { what: 'the consumer subscribed' });
      const event = { ...makeEnvelope('context.happened'), correlationId: 'request-42' };
      await bb.publishRaw(event.type, event);
      const row = await eventually(async () => {
        const { rows } = await bb.pool.query<{ payload: TEventEnvelope }>("SELECT payload FROM outbox WHERE payload->>'causationId' = $1", [event.id]);
        return rows[0];
      });
      expect(row.payload.correlationId).toBe('request-42');
    } finally {
      await consumer.stop();
    }
  });
});


describe('startConsumer with batchWaitMs', () => {
  it('when events arrive one by one, then the first of a batch waits for the others: fewer transactions, each event applied once', async () => {
    const queue = bb.queue('linger');
    const consumer = startConsumer({
      pool: bb.pool,
      amqp: bb.amqp,
      queue,
      routingKeys: ['linger.happened'],
      logger: bb.logger,
      batchWaitMs: 1_500,
      handler: async (event, client) => {
        await client.query("INSERT INTO effects (event_id, note) VALUES ($1, 'linger:' || txid_current())", [event.id]);
      },
    });
    try {
      await eventually(async () => consumer.isConsuming(), { what: 'the consumer subscribed' });
      const events = Array.from({ length: 12 }, () => makeEnvelope('linger.happened'));
      const ch = await bb.amqp.createConfirmChannel();
      for (const event of events) {
        ch.publish(bb.env.exchange, event.type, Buffer.from(JSON.stringify(event)), { persistent: true, messageId: event.id });
        await new Promise((resolve) => setTimeout(resolve, 20)); // they arrive one by one
      }
      await ch.waitForConfirms();
      await ch.close();
      await eventually(async () => (await bb.pool.query("SELECT 1 FROM effects WHERE note LIKE 'linger:%'")).rowCount === events.length, { what: 'every event applied' });
      const { rows } = await bb.pool.query<{ event_id: string; note: string }>("SELECT event_id, note FROM effects WHERE note LIKE 'linger:%'");
      expect(rows.map((r) => r.event_id).sort()).toEqual(events.map((e) => e.id).sort());
      expect(new Set(rows.map((r) => r.note)).size).toBeLessThan(events.length / 2);
      await eventually(async () => (await bb.messageCount(queue)) === 0, { what: 'every message acked' });
    } finally {
      await consumer.stop();
    }
  });
});

describe('AckTracker', () => {
  const message = (deliveryTag: number) => ({ fields: { deliveryTag } }) as ConsumeMessage;
  it('when later deliveries settle before an earlier one, then nothing is acked until it settles, then all at once in one frame', () => {
    const acked: [number, boolean | undefined][] = [];
    const tracker = new AckTracker({ ack: (m, allUpTo) => void acked.push([m.fields.deliveryTag, allUpTo]), nack: () => undefined });
    const delivered = [1, 2, 3, 4, 5].map(message);
    for (const m of delivered) tracker.delivered(m);
    tracker.settle(delivered[1]!);
    tracker.settle(delivered[2]!);
    tracker.flush();
    expect(acked).toEqual([]);
    tracker.settle(delivered[0]!);
    tracker.flush();
    expect(acked).toEqual([[3, true]]);
    tracker.flush();
    tracker.settle(delivered[4]!);
    tracker.flush();
    expect(acked).toEqual([[3, true]]); // 4 is still being handled
    tracker.settle(delivered[3]!);
    tracker.flush();
    expect(acked).toEqual([[3, true], [5, true]]);
  });

  it('when a delivery cannot be settled, then it is handed back to the broker and no longer holds back the acks after it', () => {
    const acked: number[] = [];
    const requeued: number[] = [];
    const tracker = new AckTracker({ ack: (m) => void acked.push(m.fields.deliveryTag), nack: (m, _allUpTo, requeue) => void (requeue && requeued.push(m.fields.deliveryTag)) });
    const delivered = [1, 2, 3].map(message);
    for (const m of delivered) tracker.delivered(m);
    tracker.settle(delivered[1]!);
    tracker.settle(delivered[2]!);
    tracker.requeueUnsettled(delivered[2]!); // settled: stays for the ack
    tracker.requeueUnsettled(delivered[0]!);
    tracker.flush();
    expect(requeued).toEqual([1]);
    expect(acked).toEqual([3]);
  });
});

describe('startConsumer with queueExpiresMs', () => {
  it('when its consumer has stopped, then the broker deletes the queue and its retry and dead-letter queues', async () => {
    const queue = bb.queue('expiring');
    const consumer = startConsumer({ pool: bb.pool, amqp: bb.amqp, queue, routingKeys: ['nothing.here'], handler: async () => undefined, logger: bb.logger, queueExpiresMs: 1_000 });
    await eventually(async () => consumer.isConsuming(), { what: 'the consumer to subscribe' });
    const exists = async (name: string) => {
      const ch = await bb.amqp.createChannel();
      ch.on('error', () => undefined);
      try {
        await ch.checkQueue(name);
        await ch.close();
        return true;
      } catch {
        return false; // a missing queue closes the channel with 404
      }
    };
    expect(await exists(queue)).toBe(true);
    await consumer.stop();
    // A passive declare renews the queue's lease, so look less often than the expiry.
    await eventually(async () => !(await exists(queue)) && !(await exists(`${queue}.retry`)) && !(await exists(`${queue}.dlq`)), {
      timeoutMs: 20_000,
      intervalMs: 2_500,
      what: 'the broker to delete the unused queues',
    });
  });
});

describe('lockOrder', () => {
  it('when keys repeat, then the indexes come in ascending key order and one key keeps its delivery order', () => {
    expect(lockOrder(['b', 'a', 'b', 'a', 'c'])).toEqual([1, 3, 0, 2, 4]);
    expect(lockOrder([])).toEqual([]);
  });
});
