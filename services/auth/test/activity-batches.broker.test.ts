import { randomUUID } from 'node:crypto';
import type { TEventEnvelope, TWithdrawalRequestedData } from '@platform/contracts';
import { createAmqpConnection, createLogger } from '@platform/service-kit';
import { eventually, TEST_RABBITMQ_URL } from '@platform/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_QUEUE } from '../src/entry-points/messaging/activity-events.handler.js';
import { startTestService, type TTestService } from './helpers.js';

/**
 * The activity history's consumer (auth.activity) takes its events in batches (issue 33 item 5: one transaction, one
 * inbox insert per batch, its first event waiting ACTIVITY_BATCH_WAIT_MS for more): a duplicate in a batch is one
 * entry, and an event whose entry fails is rolled back alone and retried while the rest of its batch commits.
 * A trigger of this test's database refuses the entries named in test_refused.
 */
let t: TTestService;
beforeAll(async () => {
  t = await startTestService('auth_activity_batches');
  await t.service.pool.query(`
    CREATE TABLE test_refused (source_key text PRIMARY KEY);
    CREATE FUNCTION test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM test_refused WHERE source_key = NEW.source_key) THEN RAISE EXCEPTION 'test: refused %', NEW.source_key; END IF;
        RETURN NEW;
      END $$;
    CREATE TRIGGER test_refuse BEFORE INSERT ON activity_entries FOR EACH ROW EXECUTE FUNCTION test_refuse();
  `);
});
afterAll(async () => {
  await t?.close();
});

function withdrawalRequested(userId: string): TEventEnvelope<TWithdrawalRequestedData> {
  const data: TWithdrawalRequestedData = {
    withdrawalId: randomUUID(),
    userId,
    amount: '50.00',
    currency: 'BTC',
    networkFee: '0.00',
    walletAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    requestedAt: new Date().toISOString(),
  };
  return { id: randomUUID(), type: 'withdrawal.requested', version: 1, occurredAt: data.requestedAt, correlationId: randomUUID(), causationId: null, data };
}

async function publish(events: TEventEnvelope[]): Promise<void> {
  const amqp = createAmqpConnection({ url: TEST_RABBITMQ_URL, exchange: t.env.exchange, logger: createLogger({ service: 'test', level: 'silent' }) });
  try {
    await amqp.waitUntilConnected();
    const ch = await amqp.createConfirmChannel();
    for (const e of events) ch.publish(t.env.exchange, e.type, Buffer.from(JSON.stringify(e)), { persistent: true, messageId: e.id, contentType: 'application/json' });
    await ch.waitForConfirms();
    await ch.close();
  } finally {
    await amqp.close();
  }
}

const sourceKey = (e: TEventEnvelope<TWithdrawalRequestedData>) => `withdrawal.requested:${e.data.withdrawalId}`;

async function entriesBySource(keys: string[]): Promise<Map<string, number>> {
  const { rows } = await t.service.pool.query<{ source_key: string; n: number }>('SELECT source_key, count(*)::int AS n FROM activity_entries WHERE source_key = ANY($1) GROUP BY 1', [keys]);
  return new Map(rows.map((r) => [r.source_key, r.n]));
}

async function inboxRows(eventIds: string[]): Promise<{ event_id: string; tx: string }[]> {
  const { rows } = await t.service.pool.query<{ event_id: string; tx: string }>('SELECT event_id, xmin::text AS tx FROM inbox WHERE event_id = ANY($1) AND consumer LIKE $2', [
    eventIds,
    `%${ACTIVITY_QUEUE}`,
  ]);
  return rows;
}

describe('the activity consumer (auth.activity) in batches', () => {
  it('when a batch holds a duplicate and an event whose entry fails, then every other entry is written once in shared transactions, and the failing one alone is retried and written once', async () => {
    const worker = await t.registerWorker();
    const events = Array.from({ length: 16 }, () => withdrawalRequested(worker.user.id));
    const poison = withdrawalRequested(worker.user.id);
    await t.service.pool.query('INSERT INTO test_refused VALUES ($1)', [sourceKey(poison)]);

    await publish([...events.slice(0, 6), events[3]!, poison, ...events.slice(6)]);
    await eventually(async () => (await inboxRows(events.map((e) => e.id))).length === events.length, { what: 'every good event applied' });
    const first = await entriesBySource([...events, poison].map(sourceKey));
    for (const e of events) expect(first.get(sourceKey(e))).toBe(1);
    expect(first.get(sourceKey(poison))).toBeUndefined();
    expect(await inboxRows([poison.id])).toHaveLength(0);
    // Batches: fewer transactions than events (one inbox insert each).
    expect(new Set((await inboxRows(events.map((e) => e.id))).map((r) => r.tx)).size).toBeLessThan(events.length / 2);

    // The cause goes away; the retry (after its backoff) writes it, once.
    await t.service.pool.query('DELETE FROM test_refused');
    await eventually(async () => (await inboxRows([poison.id])).length === 1, { what: 'the failing event applied on its retry', timeoutMs: 15_000 });
    const after = await entriesBySource([...events, poison].map(sourceKey));
    for (const e of [...events, poison]) expect(after.get(sourceKey(e))).toBe(1);
  });
});
