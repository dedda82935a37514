import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokenAccounts, startPayoutsHarness, type TPayoutsHarness, type TTestUser } from './helpers.js';

/** Issue 29 item 2: task.topped_up credits a labelled task_top_up entry once per assignment, and the chain verifies. */
let h: TPayoutsHarness;
beforeAll(async () => {
  h = await startPayoutsHarness('payouts_top_ups');
});
afterAll(async () => {
  await h?.close();
});

function approved(user: TTestUser, assignmentId: string, reward: string) {
  return h.envelope('submission.approved', { userId: user.id, assignmentId, taskId: randomUUID(), reward, approvedAt: new Date().toISOString(), approvedBy: null, taskTitle: 'Transcribe a call' });
}

function toppedUp(user: TTestUser, assignmentId: string, amount: string) {
  return h.envelope('task.topped_up', {
    userId: user.id,
    assignmentId,
    taskId: randomUUID(),
    taskTitle: 'Transcribe a call',
    amount,
    reward: '2.00',
    medianSeconds: 1800,
    workers: 10,
    hourlyRate: '4.00',
    minimumHourlyRate: '8.00',
    toppedUpAt: new Date().toISOString(),
  });
}

async function entriesOf(userId: string) {
  return h.query<{ kind: string; amount: string; reference_id: string }>('SELECT kind, amount::text, reference_id FROM ledger_entries WHERE user_id = $1 ORDER BY seq', [userId]);
}

describe('task.topped_up', () => {
  it('when the reward and its top-up arrive, then the statement shows two entries, the top-up labelled with its own kind and the task, and the chain verifies', async () => {
    const worker = await h.newUser();
    const assignmentId = randomUUID();
    const reward = approved(worker, assignmentId, '2.00');
    const topUp = toppedUp(worker, assignmentId, '2.00');
    await h.publish(reward, topUp);
    await h.handled(reward.id);
    await h.handled(topUp.id);
    expect(await entriesOf(worker.id)).toEqual(
      expect.arrayContaining([
        { kind: 'task_reward', amount: '2.00', reference_id: assignmentId },
        { kind: 'task_top_up', amount: '2.00', reference_id: assignmentId },
      ]),
    );
    const statement = await h.api('GET', '/api/ledger/statement', { token: worker.token });
    expect(statement.body.items.find((e: { kind: string }) => e.kind === 'task_top_up')).toMatchObject({ amount: '2.00', description: 'Transcribe a call' });
    expect((await h.api('GET', '/api/ledger/balance', { token: worker.token })).body).toEqual({ available: '4.00', held: '0.00' });
    expect((await h.api('GET', '/api/ledger/verify', { token: worker.token })).body).toEqual({ valid: true, entries: 2 });
  });

  it('when the same top-up is delivered 5 times, and 5 other events top up the same assignment at once, then it is credited once', async () => {
    const worker = await h.newUser();
    const assignmentId = randomUUID();
    const same = toppedUp(worker, assignmentId, '1.25');
    const retries = Array.from({ length: 5 }, () => toppedUp(worker, assignmentId, '1.25'));
    await h.publish(same, same, same, same, same, ...retries);
    for (const e of [same, ...retries]) await h.handled(e.id);
    expect(await entriesOf(worker.id)).toEqual([{ kind: 'task_top_up', amount: '1.25', reference_id: assignmentId }]);
    expect((await h.api('GET', '/api/ledger/verify', { token: worker.token })).body).toEqual({ valid: true, entries: 1 });
  });

  it('when many workers are topped up at once among their rewards, then every chain verifies and every account matches its entries', async () => {
    const workers = await Promise.all(Array.from({ length: 6 }, () => h.newUser()));
    const events = workers.flatMap((worker) =>
      Array.from({ length: 4 }, () => {
        const assignmentId = randomUUID();
        return [approved(worker, assignmentId, '3.00'), toppedUp(worker, assignmentId, '0.75')];
      }).flat(),
    );
    await h.publish(...events);
    for (const e of events) await h.handled(e.id);
    for (const worker of workers) {
      expect((await h.api('GET', '/api/ledger/balance', { token: worker.token })).body).toEqual({ available: '15.00', held: '0.00' });
      expect((await h.api('GET', '/api/ledger/verify', { token: worker.token })).body).toEqual({ valid: true, entries: 8 });
    }
    expect(await brokenAccounts(h)).toEqual([]);
  });

  it('when a top-up event is malformed (no amount, a negative or zero amount), then nothing is credited and it does not block the queue', async () => {
    const worker = await h.newUser();
    const bad = [
      { ...toppedUp(worker, randomUUID(), '1.00'), data: { userId: worker.id, assignmentId: randomUUID() } },
      toppedUp(worker, randomUUID(), '-1.00'),
      toppedUp(worker, randomUUID(), '0.00'),
    ];
    const goodAssignment = randomUUID();
    const good = toppedUp(worker, goodAssignment, '0.50');
    await h.publish(...bad, good);
    await h.handled(good.id);
    expect(await entriesOf(worker.id)).toEqual([{ kind: 'task_top_up', amount: '0.50', reference_id: goodAssignment }]);
  });
});
