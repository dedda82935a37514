import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertConsumerQueues, deadLetterQueueName, DEAD_LETTER_REASON_HEADER, retryQueueName, startConsumer } from '../src/consumer.js';
import { listDeadLetters } from '../src/dlq.js';
import { retireQueues } from '../src/retired-queues.js';
import { eventually } from '../src/testing.js';
import { createBackbone, makeEnvelope, type TBackbone } from './events-support.js';

let bb: TBackbone;

beforeAll(async () => {
  bb = await createBackbone('retire');
});
afterAll(async () => {
  await bb?.cleanup();
});

async function exists(name: string): Promise<boolean> {
  const ch = await bb.amqp.createChannel();
  ch.on('error', () => undefined);
  try {
    await ch.checkQueue(name);
    await ch.close();
    return true;
  } catch {
    return false;
  }
}

describe('retireQueues', () => {
  it('when two queues of the previous release still hold events, a retry and a dead letter, then they are moved into the queue that takes over, each event is applied once, and the old queues are gone', async () => {
    const oldA = bb.queue('old-stats');
    const oldB = bb.queue('old-figures');
    const into = bb.queue('read-model');
    const keys = ['retire.requested', 'retire.decided'];
    // The previous release: two queues, each bound to the events it took; nobody consumes them now (an upgrade).
    const setup = await bb.amqp.createConfirmChannel();
    for (const q of [oldA, oldB]) {
      await assertConsumerQueues(setup, q);
      for (const key of keys) await setup.bindQueue(q, bb.env.exchange, key);
    }
    const waiting = Array.from({ length: 6 }, (_, i) => makeEnvelope(i % 2 ? 'retire.requested' : 'retire.decided'));
    await bb.publishMany(waiting); // each is in both old queues
    const retried = makeEnvelope('retire.requested');
    setup.sendToQueue(retryQueueName(oldA), Buffer.from(JSON.stringify(retried)), { persistent: true, messageId: retried.id, headers: { 'x-attempts': 1 } });
    const dead = makeEnvelope('retire.decided');
    setup.sendToQueue(deadLetterQueueName(oldB), Buffer.from(JSON.stringify(dead)), { persistent: true, messageId: dead.id, headers: { [DEAD_LETTER_REASON_HEADER]: 'failed' } });
    await setup.waitForConfirms();
    await setup.close();

    const applied: string[] = [];
    const consumer = startConsumer({
      pool: bb.pool,
      amqp: bb.amqp,
      queue: into,
      routingKeys: keys,
      logger: bb.logger,
      handler: async (event, client) => {
        applied.push(event.id);
        await client.query("INSERT INTO effects (event_id, note) VALUES ($1, 'retired')", [event.id]);
      },
    });
    try {
      await eventually(async () => consumer.isConsuming(), { what: 'the new consumer subscribed' });
      await retireQueues({ amqp: bb.amqp, exchange: bb.env.exchange, into, routingKeys: keys, retired: [oldA, oldB], logger: bb.logger });

      const expected = [...waiting, retried].map((e) => e.id).sort();
      await eventually(async () => {
        const { rows } = await bb.pool.query<{ event_id: string }>("SELECT event_id FROM effects WHERE note = 'retired'");
        return rows.length === expected.length;
      }, { what: 'every waiting event applied' });
      await new Promise((resolve) => setTimeout(resolve, 300)); // the duplicates (each event was in both queues) settle
      const { rows } = await bb.pool.query<{ event_id: string }>("SELECT event_id FROM effects WHERE note = 'retired' ORDER BY event_id");
      expect(rows.map((r) => r.event_id)).toEqual(expected);
      for (const name of [oldA, oldB, retryQueueName(oldA), retryQueueName(oldB), deadLetterQueueName(oldA), deadLetterQueueName(oldB)]) {
        expect(await exists(name), name).toBe(false);
      }
      // The dead letter waits for an operator in the new queue's dead-letter queue, as it was.
      const [letter] = await listDeadLetters(bb.amqp, into);
      expect(letter).toMatchObject({ messageId: dead.id, reason: 'failed' });
      expect(applied).not.toContain(dead.id);

      // From now on an event reaches the new queue only; retiring again finds nothing to do.
      const later = makeEnvelope('retire.requested');
      await bb.publishMany([later]);
      await eventually(async () => (await bb.pool.query("SELECT 1 FROM effects WHERE event_id = $1", [later.id])).rowCount === 1, { what: 'a later event applied' });
      await retireQueues({ amqp: bb.amqp, exchange: bb.env.exchange, into, routingKeys: keys, retired: [oldA, oldB], logger: bb.logger });
      expect(await exists(oldA)).toBe(false);
    } finally {
      await consumer.stop();
    }
  });

  it('when no retired queue exists (a new installation), then nothing is declared', async () => {
    const into = bb.queue('fresh-into');
    const gone = bb.queue('never-there');
    await retireQueues({ amqp: bb.amqp, exchange: bb.env.exchange, into, routingKeys: ['fresh.happened'], retired: [gone], logger: bb.logger });
    expect(await exists(gone)).toBe(false);
    expect(await exists(into)).toBe(false);
  });
});
