import { randomUUID } from 'node:crypto';
import type { TAdminStats, TEventEnvelope } from '@platform/contracts';
import { eventually } from '@platform/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PoolClient } from '@platform/service-kit';
import { deleteStatsTask, upsertStatsTask } from '../src/data-access/statistics.repository.js';
import { READ_MODEL_QUEUE } from '../src/entry-points/messaging/read-model-events.handler.js';
import { envelope, userRegistered } from './events.js';
import { callApi, connectTestBroker, startAdminHarness, type TAdminHarness, type TTestBroker } from './helpers.js';

/**
 * The statistics read model as the broker feeds it: events out of order, twice, and the kinds no other test sends
 * (verifications, deletions, tasks). No payouts is configured here, so the balances are null (never an invented 0.00).
 */
let h: TAdminHarness;
let broker: TTestBroker;

beforeAll(async () => {
  h = await startAdminHarness('admin_stats');
  broker = await connectTestBroker(h.config);
  await broker.waitForConsumer(READ_MODEL_QUEUE);
});
afterAll(async () => {
  await broker?.close();
  await h?.close();
});

const stats = async (): Promise<TAdminStats> => {
  const res = await callApi(h, 'GET', '/api/admin/stats');
  expect(res.status).toBe(200);
  return res.body as TAdminStats;
};
const at = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();
function eventAt<T>(type: string, data: T, occurredAt: string): TEventEnvelope<T> {
  return { ...envelope(type, data), occurredAt };
}
async function consumedAll(ids: string[]): Promise<void> {
  await eventually(
    async () => {
      const { rows } = await h.service.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM inbox WHERE event_id = ANY($1) AND consumer LIKE $2', [ids, `%${READ_MODEL_QUEUE}`]);
      return rows[0]!.n === ids.length;
    },
    { what: 'the statistics consumer to take every event' },
  );
}

describe('the statistics consumer (admin.read-model)', () => {
  it('when a withdrawal is decided before its request arrives, and an old task state arrives after a newer one, then the newest state stands', async () => {
    const withdrawalId = randomUUID();
    const userId = randomUUID();
    const taskId = randomUUID();
    const decided = eventAt(
      'withdrawal.decided',
      { withdrawalId, userId, amount: '60.00', currency: 'ETH', status: 'approved', adminComment: null, txReference: '0x1', decidedBy: randomUUID(), decidedAt: at(1_000), email: null, firstName: null },
      at(1_000),
    );
    const requested = eventAt(
      'withdrawal.requested',
      { withdrawalId, userId, amount: '60.00', currency: 'ETH', networkFee: '0.005', walletAddress: '0xabc', requestedAt: at(60_000) },
      at(60_000),
    );
    const newer = eventAt('task.saved', { taskId, title: 'Label photos', reward: '5.00', status: 'completed', createdAt: at(120_000), savedAt: at(2_000) }, at(2_000));
    const older = eventAt('task.saved', { taskId, title: 'Label photos', reward: '5.00', status: 'available', createdAt: at(120_000), savedAt: at(120_000) }, at(120_000));
    await broker.publish(decided, newer, requested, older, decided);
    await consumedAll([decided.id, newer.id, requested.id, older.id]);

    const s = await stats();
    expect(s.pendingWithdrawals).toBe(0);
    expect(s.oldestPendingWithdrawalAt).toBeNull();
    expect(s.series.at(-1)?.paidWithdrawals).toBe(1);
    expect(s.recentTasks).toEqual([expect.objectContaining({ id: taskId, status: 'completed' })]);
    const { rows } = await h.service.pool.query('SELECT status, requested_at FROM stats_withdrawals WHERE withdrawal_id = $1', [withdrawalId]);
    expect(rows[0]).toMatchObject({ status: 'approved' });
    expect(rows[0].requested_at).not.toBeNull();
  });

  it.each([
    ['the save first', 'save'],
    ['the deletion first', 'delete'],
  ])('when a task is saved and deleted in two concurrent transactions, %s, then it is gone once both commit', async (_name, first) => {
    const taskId = randomUUID();
    const task = { taskId, title: 'Raced', reward: '1.00', status: 'available' as const, createdAt: at(60_000) };
    const save = (client: PoolClient) => upsertStatsTask(client, task, at(30_000));
    const remove = (client: PoolClient) => deleteStatsTask(client, taskId, at(0));
    const [a, b] = [await h.service.pool.connect(), await h.service.pool.connect()];
    try {
      await a.query('BEGIN');
      await b.query('BEGIN');
      await (first === 'save' ? save(a) : remove(a));
      // The second waits for the first's lock; it is let go by the first's commit.
      const second = first === 'save' ? remove(b) : save(b);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await a.query('COMMIT');
      await second;
      await b.query('COMMIT');
    } finally {
      a.release();
      b.release();
    }
    const { rows } = await h.service.pool.query('SELECT 1 FROM stats_tasks WHERE task_id = $1', [taskId]);
    expect(rows).toEqual([]);
  });

  it('when verifications are submitted and one is decided, then one waits; a task deleted is gone for good', async () => {
    const [v1, v2, taskId] = [randomUUID(), randomUUID(), randomUUID()];
    const events = [
      envelope('verification.submitted', { verificationId: v1, userId: randomUUID(), documentType: 'passport', submittedAt: at(5_000) }),
      envelope('verification.submitted', { verificationId: v2, userId: randomUUID(), documentType: 'national_id', submittedAt: at(4_000) }),
      envelope('verification.decided', {
        verificationId: v1, userId: randomUUID(), status: 'approved', reason: null, decidedBy: randomUUID(), decidedAt: at(0), email: 'a@example.com', firstName: 'A',
      }),
      envelope('task.deleted', { taskId, deletedAt: at(0) }),
      eventAt('task.saved', { taskId, title: 'Gone', reward: '1.00', status: 'available', createdAt: at(9_000), savedAt: at(9_000) }, at(9_000)),
    ];
    await broker.publish(...events);
    await consumedAll(events.map((e) => e.id));
    const s = await stats();
    expect(s.verificationsWaiting).toBe(1);
    expect(s.recentTasks.some((t) => t.id === taskId)).toBe(false);
  });

  it('when a user registers, is banned and is deleted, then the counts follow, the registration stays in the series and the personal data goes', async () => {
    const before = await stats();
    const userId = randomUUID();
    const registered = userRegistered({ userId, email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper' });
    await broker.publish(registered);
    await consumedAll([registered.id]);
    const afterRegistration = await stats();
    expect(afterRegistration).toMatchObject({ totalUsers: before.totalUsers + 1, activeUsers: before.activeUsers + 1 });
    expect(afterRegistration.recentUsers[0]).toEqual({ id: userId, firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', balance: null, isActive: true });
    expect(afterRegistration.totalBalance).toBeNull();

    const banned = envelope('user.updated', {
      userId, email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper', role: 'employee', isActive: false, isVerified: false, updatedAt: new Date().toISOString(),
    });
    await broker.publish(banned);
    await consumedAll([banned.id]);
    expect(await stats()).toMatchObject({ totalUsers: before.totalUsers + 1, activeUsers: before.activeUsers });

    const deleted = envelope('user.deleted', { userId, requestedBy: 'admin', deletedBy: randomUUID(), deletedAt: new Date().toISOString() });
    await broker.publish(deleted);
    await consumedAll([deleted.id]);
    const afterDeletion = await stats();
    expect(afterDeletion.totalUsers).toBe(before.totalUsers);
    expect(afterDeletion.recentUsers.some((u) => u.id === userId)).toBe(false);
    expect(afterDeletion.series.at(-1)?.registrations).toBe(afterRegistration.series.at(-1)?.registrations);
    const { rows } = await h.service.pool.query('SELECT email, first_name, last_name FROM stats_users WHERE user_id = $1', [userId]);
    expect(rows[0]).toEqual({ email: '', first_name: '', last_name: '' });
    expect(afterDeletion.updatedAt).not.toBeNull();
  });

  it('when the rebuild cannot reach the services, then 502 with the reason and nothing changes; a worker is refused', async () => {
    const before = await stats();
    const res = await callApi(h, 'POST', '/api/admin/stats/rebuild');
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ code: 'STATS.SOURCE_UNAVAILABLE' });
    expect(res.body.message).toMatch(/^The (auth|work|payouts) service did not answer; the statistics were not rebuilt$/);
    const after = await stats();
    expect({ ...after, generatedAt: null, trustFigures: { ...after.trustFigures, asOf: null } }).toEqual({ ...before, generatedAt: null, trustFigures: { ...before.trustFigures, asOf: null } });
    expect((await callApi(h, 'GET', '/api/admin/stats', { token: h.employeeToken })).status).toBe(403);
  });
});
