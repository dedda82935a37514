import { randomUUID } from 'node:crypto';
import { expectPagingRefusals } from '@platform/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEventEnvelope } from '@platform/contracts';
import { insertActivity, listActivityPage } from '../src/data-access/activity.repository.js';
import { activityOf } from '../src/domain/activity.use-case.js';
import { startTestService, type TTestService } from './helpers.js';
import { expectRefused, expectSorted, pageThrough, planOf } from './paging-helpers.js';

let t: TTestService;

beforeAll(async () => {
  t = await startTestService('auth_activity_paging');
});
afterAll(async () => {
  await t?.close();
});

/** Entries written straight into the read model (the consumer that builds it is tested in verification.api.test.ts). */
async function seed(userId: string, times: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const occurredAt of times) {
    const { rows } = await t.service.pool.query<{ id: string }>(
      `INSERT INTO activity_entries (user_id, type, params, occurred_at, source_key) VALUES ($1, 'task_completed', $2, $3, $4) RETURNING id`,
      [userId, JSON.stringify({ taskId: randomUUID(), amount: '1.50' }), occurredAt, `test:${randomUUID()}`],
    );
    ids.push(rows[0]!.id);
  }
  return ids;
}

const at = (seconds: number) => new Date(Date.parse('2024-03-01T00:00:00Z') + seconds * 1000).toISOString();

describe('GET /api/user/activity: paging', () => {
  it('when a worker pages while new entries arrive (some late, dated in the past), then each entry comes exactly once, newest first, and only their own', async () => {
    const worker = await t.registerWorker();
    const other = await t.registerWorker();
    const get = (query: Record<string, string>) => t.api('GET', `/api/user/activity?${new URLSearchParams(query).toString()}`, { token: worker.token });
    // Pairs share a time: the id breaks the tie.
    const seeded = await seed(worker.user.id, Array.from({ length: 45 }, (_, i) => at(Math.floor(i / 2))));
    const others = await seed(other.user.id, [at(3), at(30)]);
    const seen = await pageThrough<{ id: string; timestamp: string; title: string }>(get, { lang: 'en' }, 8, () =>
      // A new fact, and one delivered late (an event dated in the middle of the list).
      seed(worker.user.id, [new Date().toISOString(), at(10.5)]),
    );
    const ids = seen.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => seeded.includes(id))).toHaveLength(seeded.length);
    expect(ids.filter((id) => others.includes(id))).toEqual([]);
    expectSorted(seen.filter((e) => seeded.includes(e.id)).map((e) => `${e.timestamp}|${e.id}`), 'desc');
    expect(seen.find((e) => seeded.includes(e.id))?.title).toBe('Task completed');
  });

  it('when pageSize, a parameter or the cursor is wrong, then 400 naming it; a cursor of another list is refused', async () => {
    const worker = await t.registerWorker();
    const get = (query: Record<string, string>) => t.api('GET', `/api/user/activity?${new URLSearchParams(query).toString()}`, { token: worker.token });
    await seed(worker.user.id, Array.from({ length: 24 }, (_, i) => at(i)));
    const first = await get({});
    // 24 seeded and the account_created entry of the registration (when the consumer has made it).
    expect(first.body.items).toHaveLength(20);
    expect(first.body).toMatchObject({ totalExact: true, nextCursor: expect.any(String) });
    expect(first.body.total).toBeGreaterThanOrEqual(24);
    await expectRefused(get, [
      [{ page: '2' }, 'Unknown field(s): page'],
      [{ lang: 'de' }, 'Language must be en or ru', 'querystring.lang'],
    ]);
    const verifications = Buffer.from(JSON.stringify(['verifications.all', '2024-01-01T00:00:00.000000Z', randomUUID()])).toString('base64url');
    await expectPagingRefusals(get, [verifications]);
  });
});

describe('GET /api/user/activity at volume', () => {
  it('when there are 40,000 entries (13,333 of one worker), then the first and a deep page read activity_entries_user_idx (EXPLAIN) and the total stops at 10,000', async () => {
    const worker = await t.registerWorker();
    const others = await t.registerWorker();
    await t.service.pool.query(
      `INSERT INTO activity_entries (user_id, type, params, occurred_at, source_key)
       SELECT CASE WHEN g % 3 = 0 THEN $1::uuid ELSE $2::uuid END, 'task_assigned', '{}', timestamptz '2023-01-01' + g * interval '1 minute', 'bulk:' || g
       FROM generate_series(1, 40000) g`,
      [worker.user.id, others.user.id],
    );
    await t.service.pool.query('VACUUM ANALYZE activity_entries');
    const first = await t.api('GET', '/api/user/activity?pageSize=100', { token: worker.token });
    expect(first.body).toMatchObject({ total: 10_000, totalExact: false });
    for (const cursor of [undefined, first.body.nextCursor as string]) {
      const plan = await planOf(t, (db) => listActivityPage(db, worker.user.id as string, { pageSize: 20, cursor }));
      expect(plan).toMatch(/activity_entries_user_idx/);
      expect(plan).not.toMatch(/Seq Scan|Sort/);
    }
  });
});

describe('GET /api/user/activity: a request follows its decision (issue 28)', () => {
  const envelope = (type: string, data: Record<string, unknown>): TEventEnvelope =>
    ({ id: randomUUID(), type, occurredAt: new Date().toISOString(), version: 1, data }) as TEventEnvelope;
  const requested = (userId: string, withdrawalId: string, requestedAt: string) =>
    envelope('withdrawal.requested', { withdrawalId, userId, amount: '7.50', currency: 'USDT', networkFee: '1.0', walletAddress: 'T-wallet', requestedAt });
  const decided = (userId: string, withdrawalId: string, status: 'approved' | 'rejected', decidedAt: string) =>
    envelope('withdrawal.decided', {
      withdrawalId, userId, amount: '7.50', currency: 'USDT', status, adminComment: status === 'rejected' ? 'Wrong network' : null, txReference: null,
      decidedBy: randomUUID(), decidedAt, email: null, firstName: null,
    });

  it('when withdrawals are decided (one decision arriving before its request), then each request says Approved or Rejected, and an undecided one Processing', async () => {
    const worker = await t.registerWorker();
    const [approvedId, rejectedId, openId] = [randomUUID(), randomUUID(), randomUUID()];
    for (const event of [
      requested(worker.user.id, approvedId, at(1)),
      decided(worker.user.id, approvedId, 'approved', at(2)),
      // Delivered out of order: the decision first.
      decided(worker.user.id, rejectedId, 'rejected', at(4)),
      requested(worker.user.id, rejectedId, at(3)),
      requested(worker.user.id, openId, at(5)),
    ]) {
      await insertActivity(t.service.pool, activityOf(event)!);
    }
    const res = await t.api('GET', '/api/user/activity?pageSize=100&lang=en', { token: worker.token });
    const requests = res.body.items.filter((e: { type: string }) => e.type === 'withdrawal_request');
    expect(requests.map((e: { badge: string; color: string; description: string }) => [e.badge, e.color, e.description])).toEqual([
      ['Processing', 'amber', '$7.50 to USDT: awaiting review'],
      ['Rejected', 'red', '$7.50 to USDT: rejected'],
      ['Approved', 'green', '$7.50 to USDT: approved'],
    ]);
    const ru = await t.api('GET', '/api/user/activity?pageSize=100&lang=ru', { token: worker.token });
    const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
    expect(ru.body.items.filter((e: { type: string }) => e.type === 'withdrawal_request').map((e: { badge: string; description: string }) => [e.badge, plain(e.description)])).toEqual([
      ['В обработке', '7,50 $ в USDT: ожидает проверки'],
      ['Отклонено', '7,50 $ в USDT: отклонён'],
      ['Одобрено', '7,50 $ в USDT: одобрен'],
    ]);
  });
});

describe('GET /api/user/activity: a top-up of an underpaid task (issue 29)', () => {
  it('when task.topped_up arrives (twice), then the worker sees one entry naming the task, the amount and the floor, in their language', async () => {
    const worker = await t.registerWorker();
    const event = {
      id: randomUUID(),
      type: 'task.topped_up',
      occurredAt: new Date().toISOString(),
      version: 1,
      data: {
        userId: worker.user.id, assignmentId: randomUUID(), taskId: randomUUID(), taskTitle: 'Transcribe a call', amount: '2.00', reward: '2.00',
        medianSeconds: 1800, workers: 10, hourlyRate: '4.00', minimumHourlyRate: '8.00', toppedUpAt: at(7),
      },
    } as TEventEnvelope;
    await insertActivity(t.service.pool, activityOf(event)!);
    await insertActivity(t.service.pool, activityOf({ ...event, id: randomUUID() })!);
    const res = await t.api('GET', '/api/user/activity?pageSize=100&lang=en', { token: worker.token });
    const topUps = res.body.items.filter((e: { type: string }) => e.type === 'task_topped_up');
    expect(topUps).toHaveLength(1);
    expect(topUps[0]).toMatchObject({
      title: 'Pay topped up',
      description: '$2.00 more for "Transcribe a call": workers really took longer, so it is topped up to the minimum of $8.00 per hour',
      badge: 'Top-up',
    });
    const ru = await t.api('GET', '/api/user/activity?pageSize=100&lang=ru', { token: worker.token });
    const entry = ru.body.items.find((e: { type: string }) => e.type === 'task_topped_up');
    expect(entry.description.replace(/[\u00a0\u202f]/g, ' ')).toBe('Ещё 2,00 $ за «Transcribe a call»: на деле задание занимает больше времени, поэтому оплата доведена до минимума 8,00 $ в час');
  });
});
