import { randomUUID } from 'node:crypto';
import type { ConsumeMessage } from 'amqplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../src/db.js';
import { writeEvent } from '../src/outbox.js';
import { startOutboxRelay } from '../src/relay.js';
import { eventually } from '../src/testing.js';
import { createBackbone, type TBackbone } from './events-support.js';

let bb: TBackbone;

beforeAll(async () => {
  bb = await createBackbone('relay');
});
afterAll(async () => {
  await bb?.cleanup();
});

/** A queue bound to every routing key, recording the message ids it receives. */
async function tapExchange(name: string): Promise<{ ids: string[]; messages: ConsumeMessage[]; close(): Promise<void> }> {
  const queue = bb.queue(name);
  const ch = await bb.amqp.createChannel();
  await ch.assertQueue(queue, { durable: true });
  await ch.bindQueue(queue, bb.env.exchange, '#');
  const ids: string[] = [];
  const messages: ConsumeMessage[] = [];
  await ch.consume(queue, (m) => {
    if (!m) return;
    ids.push(String(m.properties.messageId));
    messages.push(m);
    ch.ack(m);
  });
  return { ids, messages, close: () => ch.close() };
}

async function writeEvents(transactions: number, perTransaction: number): Promise<void> {
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

describe('startOutboxRelay', () => {
  it('when events are written in transactions, then it publishes them in the order they were written, as persistent JSON with the event type as routing key, and marks the rows sent', async () => {
    await bb.pool.query('DELETE FROM outbox');
    const tap = await tapExchange('order-tap');
    const relay = startOutboxRelay({ pool: bb.pool, amqp: bb.amqp, logger: bb.logger, metrics: bb.metrics, batchSize: 25 });
    try {
      await writeEvents(3, 20);
      await eventually(async () => (await unsentCount()) === 0, { what: 'every row marked sent' });
      await eventually(async () => tap.ids.length >= 60, { what: '60 deliveries' });
      const { rows } = await bb.pool.query<{ id: string; attempts: number; last_error: string | null }>('SELECT id, attempts, last_error FROM outbox ORDER BY seq');
      expect(tap.ids).toEqual(rows.map((r) => r.id));
      expect(rows.every((r) => r.attempts === 1 && r.last_error === null)).toBe(true);
      const first = tap.messages[0] as ConsumeMessage;
      expect(first.fields.routingKey).toBe('password_reset.completed');
      expect(first.properties.deliveryMode).toBe(2);
      expect(first.properties.contentType).toBe('application/json');
      expect(JSON.parse(first.content.toString()).id).toBe(first.properties.messageId);
      const published = await bb.metrics.eventsPublished.get();
      expect(published.values.reduce((s, v) => s + v.value, 0)).toBe(60);
    } finally {
      await relay.stop();
      await tap.close();
    }
  });

  it('when two relays run at once, then no row is published twice', async () => {
    await bb.pool.query('DELETE FROM outbox');
    const tap = await tapExchange('two-relays-tap');
    const relays = [1, 2].map(() => startOutboxRelay({ pool: bb.pool, amqp: bb.amqp, logger: bb.logger, batchSize: 10, pollIntervalMs: 50 }));
    try {
      await Promise.all([writeEvents(20, 10), writeEvents(20, 10)]);
      // A row is marked sent only after its confirm, so once none is unsent every delivery is in the queue.
      await eventually(async () => (await unsentCount()) === 0, { what: 'every row marked sent', timeoutMs: 20_000 });
      await eventually(async () => tap.ids.length >= 400 && (await bb.messageCount(bb.queue('two-relays-tap'))) === 0, { what: '400 deliveries' });
      expect(tap.ids.length).toBe(400);
      expect(new Set(tap.ids).size).toBe(400);
    } finally {
      await Promise.all(relays.map((r) => r.stop()));
      await tap.close();
    }
  });
});
