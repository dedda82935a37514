import { randomUUID } from 'node:crypto';
import { eventually } from '@platform/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_MODEL_QUEUE } from '../src/entry-points/messaging/read-model-events.handler.js';
import { withdrawalRequested } from './events.js';
import { connectTestBroker, startAdminHarness, type TAdminHarness, type TTestBroker } from './helpers.js';

/**
 * The ONE read-model queue of admin (issue 33 item 5) with the real broker and database: a withdrawal.requested is
 * applied to the statistics and to the public figures in one consumer transaction, events arrive in batches (one
 * transaction, one inbox insert per batch), a failing event is rolled back alone and retried, and a redelivered batch
 * changes nothing. Every write to the two read-model tables is counted by a trigger of this test's database.
 */
let h: TAdminHarness;
let broker: TTestBroker;

beforeAll(async () => {
  h = await startAdminHarness('admin_read_model');
  broker = await connectTestBroker(h.config);
  await broker.waitForConsumer(READ_MODEL_QUEUE);
  await h.service.pool.query(`
    CREATE TABLE test_writes (withdrawal_id uuid NOT NULL, tbl text NOT NULL);
    CREATE TABLE test_refused (withdrawal_id uuid PRIMARY KEY);
    CREATE FUNCTION test_count_write() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN INSERT INTO test_writes VALUES (NEW.withdrawal_id, TG_TABLE_NAME); RETURN NEW; END $$;
    CREATE FUNCTION test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM test_refused WHERE withdrawal_id = NEW.withdrawal_id) THEN RAISE EXCEPTION 'test: the figures refuse %', NEW.withdrawal_id; END IF;
        RETURN NEW;
      END $$;
    CREATE TRIGGER test_count AFTER INSERT OR UPDATE ON stats_withdrawals FOR EACH ROW EXECUTE FUNCTION test_count_write();
    CREATE TRIGGER test_count AFTER INSERT OR UPDATE ON figures_withdrawals FOR EACH ROW EXECUTE FUNCTION test_count_write();
    CREATE TRIGGER test_refuse BEFORE INSERT OR UPDATE ON figures_withdrawals FOR EACH ROW EXECUTE FUNCTION test_refuse();
  `);
});
afterAll(async () => {
  await broker?.close();
  await h?.close();
});

/** Writes per withdrawal and table. */
async function writesOf(ids: string[]): Promise<Map<string, { stats: number; figures: number }>> {
  const { rows } = await h.service.pool.query<{ withdrawal_id: string; tbl: string; n: number }>(
    'SELECT withdrawal_id, tbl, count(*)::int AS n FROM test_writes WHERE withdrawal_id = ANY($1) GROUP BY 1, 2',
    [ids],
  );
  const writes = new Map(ids.map((id) => [id, { stats: 0, figures: 0 }]));
  for (const r of rows) writes.get(r.withdrawal_id)![r.tbl === 'stats_withdrawals' ? 'stats' : 'figures'] = r.n;
  return writes;
}

async function inboxRows(eventIds: string[]): Promise<{ event_id: string; tx: string }[]> {
  const { rows } = await h.service.pool.query<{ event_id: string; tx: string }>(
    'SELECT event_id, xmin::text AS tx FROM inbox WHERE event_id = ANY($1) AND consumer LIKE $2',
    [eventIds, `%${READ_MODEL_QUEUE}`],
  );
  return rows;
}

describe('the read-model consumer (admin.read-model)', () => {
  it('when a batch holds an event whose write fails, then the others are applied once to both read models, the failing one alone is retried and applied once, and a redelivered batch changes nothing', async () => {
    const events = Array.from({ length: 24 }, () => withdrawalRequested());
    const poison = events[9]!;
    const good = events.filter((e) => e !== poison);
    const ids = events.map((e) => e.data.withdrawalId);
    await h.service.pool.query('INSERT INTO test_refused VALUES ($1)', [poison.data.withdrawalId]);

    await broker.publish(...events);
    await eventually(async () => (await inboxRows(good.map((e) => e.id))).length === good.length, { what: 'every good event applied' });
    const firstPass = await writesOf(ids);
    for (const e of good) expect(firstPass.get(e.data.withdrawalId)).toEqual({ stats: 1, figures: 1 });
    // The failing event's statistics row was written before the figures refused it: its savepoint took it back.
    expect(firstPass.get(poison.data.withdrawalId)).toEqual({ stats: 0, figures: 0 });
    const applied = await inboxRows(good.map((e) => e.id));
    expect(applied.some((r) => r.event_id === poison.id)).toBe(false);
    // Batches: fewer transactions than events (one inbox insert each).
    expect(new Set(applied.map((r) => r.tx)).size).toBeLessThan(good.length / 2);

    // The cause goes away; the retry (after its backoff) applies it, once.
    await h.service.pool.query('DELETE FROM test_refused');
    await eventually(async () => (await inboxRows([poison.id])).length === 1, { what: 'the failing event applied on its retry', timeoutMs: 15_000 });
    expect((await writesOf([poison.data.withdrawalId])).get(poison.data.withdrawalId)).toEqual({ stats: 1, figures: 1 });

    // The whole batch delivered again, then one new event behind it: the new one is applied, the others change nothing.
    const behind = withdrawalRequested();
    await broker.publish(...events, behind);
    await eventually(async () => (await inboxRows([behind.id])).length === 1, { what: 'the event behind the redelivered batch applied' });
    await eventually(async () => (await h.service.pool.query('SELECT 1 FROM stats_withdrawals WHERE withdrawal_id = $1', [behind.data.withdrawalId])).rowCount === 1);
    await new Promise((resolve) => setTimeout(resolve, 500)); // a concurrent batch of duplicates settles meanwhile
    const afterRedelivery = await writesOf(ids);
    for (const id of ids) expect(afterRedelivery.get(id)).toEqual({ stats: 1, figures: 1 });
    expect(await inboxRows(events.map((e) => e.id))).toHaveLength(events.length);
    const { rows: [counts] } = await h.service.pool.query<{ stats: number; figures: number }>(
      'SELECT (SELECT count(*)::int FROM stats_withdrawals WHERE withdrawal_id = ANY($1)) AS stats, (SELECT count(*)::int FROM figures_withdrawals WHERE withdrawal_id = ANY($1)) AS figures',
      [ids],
    );
    expect(counts).toEqual({ stats: events.length, figures: events.length });
  });

  it('when the same withdrawal.requested arrives twice in one batch, then it is applied once', async () => {
    const event = withdrawalRequested({ userId: randomUUID() });
    await broker.publish(event, event, withdrawalRequested());
    await eventually(async () => (await inboxRows([event.id])).length === 1, { what: 'the event applied' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await writesOf([event.data.withdrawalId])).get(event.data.withdrawalId)).toEqual({ stats: 1, figures: 1 });
  });
});
