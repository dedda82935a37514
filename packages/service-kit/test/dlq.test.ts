import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsumer } from '../src/consumer.js';
import { listDeadLetters, replayDeadLetters } from '../src/dlq.js';
import { eventually } from '../src/testing.js';
import { createBackbone, makeEnvelope, type TBackbone } from './events-support.js';

let bb: TBackbone;

beforeAll(async () => {
  bb = await createBackbone('dlq');
});
afterAll(async () => {
  await bb?.cleanup();
});

describe('dead-letter queue tools', () => {
  it('when dead-lettered events are replayed after the fault is fixed, then each is applied once and the dead-letter queue is empty', async () => {
    const queue = bb.queue('replay');
    let broken = true;
    const consumer = startConsumer({
      pool: bb.pool,
      amqp: bb.amqp,
      queue,
      routingKeys: ['replay.happened'],
      logger: bb.logger,
      maxAttempts: 2,
      backoffMs: 10,
      handler: async (event, client) => {
        if (broken) throw new Error('downstream unavailable');
        await client.query('INSERT INTO effects (event_id, note) VALUES ($1, $2)', [event.id, 'replay']);
      },
    });
    try {
      await eventually(async () => consumer.isConsuming(), { what: 'the consumer subscribed' });
      const events = [makeEnvelope('replay.happened'), makeEnvelope('replay.happened'), makeEnvelope('replay.happened')];
      for (const e of events) await bb.publishRaw(e.type, e);
      await eventually(async () => (await bb.messageCount(`${queue}.dlq`)) === 3, { what: 'three events dead-lettered' });

      const listed = await listDeadLetters(bb.amqp, queue);
      expect(listed.map((d) => d.messageId).sort()).toEqual(events.map((e) => e.id).sort());
      expect(listed.every((d) => d.reason === 'failed' && d.attempts === 2 && d.lastError === 'downstream unavailable')).toBe(true);
      // Listing does not consume: the messages return to the queue as the listing channel closes (the broker
      // requeues them asynchronously, so a count taken at once may still miss them on a busy machine).
      await eventually(async () => (await bb.messageCount(`${queue}.dlq`)) === 3, { what: 'the listed messages back in the dead-letter queue' });

      broken = false;
      const first = events[0]?.id as string;
      expect(await replayDeadLetters(bb.amqp, queue, { messageIds: [first] })).toEqual({ replayed: 1, remaining: 2 });
      expect(await replayDeadLetters(bb.amqp, queue)).toEqual({ replayed: 2, remaining: 0 });

      await eventually(async () => {
        const { rows } = await bb.pool.query<{ n: string }>("SELECT count(DISTINCT event_id) AS n FROM effects WHERE note = 'replay'");
        return Number(rows[0]?.n) === 3;
      }, { what: 'the three replayed events applied' });
      const { rows } = await bb.pool.query<{ n: string }>("SELECT count(*) AS n FROM effects WHERE note = 'replay'");
      expect(Number(rows[0]?.n)).toBe(3);
      expect(await bb.messageCount(`${queue}.dlq`)).toBe(0);
    } finally {
      await consumer.stop();
    }
  });
});
