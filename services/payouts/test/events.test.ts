import { randomUUID } from 'node:crypto';
import { eventually } from '@platform/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokenAccounts, ETH_ADDRESS, startPayoutsHarness, withdraw, type TPayoutsHarness, type TTestUser } from './helpers.js';

let h: TPayoutsHarness;
beforeAll(async () => {
  h = await startPayoutsHarness('payouts_events');
});
afterAll(async () => {
  await h?.close();
});

function registered(user: TTestUser, firstName = 'Grace') {
  return h.envelope('user.registered', {
    userId: user.id, email: `${firstName.toLowerCase()}.${user.id}@example.com`, firstName, lastName: 'Hopper', role: 'employee', referralSource: null, registeredAt: new Date().toISOString(),
  });
}

function approved(user: TTestUser, assignmentId: string, reward: string) {
  return h.envelope('submission.approved', { userId: user.id, assignmentId, taskId: randomUUID(), reward, approvedAt: new Date().toISOString(), approvedBy: null });
}

function settingChanged(key: string, value: string, occurredAt = new Date().toISOString()) {
  return { ...h.envelope('settings.changed', { key, value, previousValue: null, changedBy: h.admin.id, changedAt: occurredAt }), occurredAt };
}

async function entriesOf(userId: string) {
  return h.query<{ kind: string; amount: string; reference_type: string; reference_id: string }>(
    'SELECT kind, amount::text, reference_type, reference_id FROM ledger_entries WHERE user_id = $1 ORDER BY seq',
    [userId],
  );
}

/** events_consumed_total of the queue for an outcome, from the service's /metrics. */
async function consumedCount(queue: string, outcome: string): Promise<number> {
  const text = await (await fetch(`${h.service.internalUrl}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith('events_consumed_total{') && l.includes(`queue="${h.environment.queuePrefix}${queue}"`) && l.includes(`outcome="${outcome}"`));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

describe('submission.approved', () => {
  it('when the same event is delivered 5 times, then the reward is credited once', async () => {
    const worker = await h.newUser();
    const assignmentId = randomUUID();
    const event = approved(worker, assignmentId, '12.50');
    await h.publish(event, event, event, event, event);
    // All five copies are settled: one applied, four skipped as duplicates (the first test of the file to send any).
    await eventually(async () => (await consumedCount('payouts.rewards', 'duplicate')) === 4 && (await consumedCount('payouts.rewards', 'applied')) === 1, {
      what: 'the five deliveries to be settled',
    });
    expect(await entriesOf(worker.id)).toEqual([{ kind: 'task_reward', amount: '12.50', reference_type: 'assignment', reference_id: assignmentId }]);
    expect((await h.api('GET', '/api/ledger/balance', { token: worker.token })).body).toEqual({ available: '12.50', held: '0.00' });
  });

  it('when different events approve the same assignment (a producer retry with a new id), then it is still credited once', async () => {
    const worker = await h.newUser();
    const assignmentId = randomUUID();
    const events = Array.from({ length: 5 }, () => approved(worker, assignmentId, '7.00'));
    await h.publish(...events);
    for (const e of events) await h.handled(e.id);
    expect(await entriesOf(worker.id)).toHaveLength(1);
    expect((await h.api('GET', '/api/ledger/balance', { token: worker.token })).body).toEqual({ available: '7.00', held: '0.00' });
    const settled = await h.query("SELECT 1 FROM inbox WHERE consumer LIKE '%payouts.rewards' AND event_id = ANY($1::uuid[])", [events.map((e) => e.id)]);
    expect(settled).toHaveLength(5);
  });

  it('when the event names the task, then the statement line (JSON and CSV) names it; an older event without a title leaves it null', async () => {
    const worker = await h.newUser();
    const named = h.envelope('submission.approved', {
      userId: worker.id, assignmentId: randomUUID(), taskId: randomUUID(), reward: '4.00', approvedAt: new Date().toISOString(), approvedBy: null, taskTitle: 'Label 50 street photos',
    });
    const older = approved(worker, randomUUID(), '1.00');
    await h.publish(named, named, older);
    await h.handled(named.id);
    await h.handled(older.id);
    const statement = await h.api('GET', '/api/ledger/statement', { token: worker.token });
    const byAmount = Object.fromEntries(statement.body.items.map((e: { amount: string; description: string | null }) => [e.amount, e.description]));
    expect(byAmount).toEqual({ '4.00': 'Label 50 street photos', '1.00': null });
    const csv = await fetch(`${h.service.url}/api/ledger/statement?format=csv`, { headers: { authorization: `Bearer ${worker.token}` } });
    expect(await csv.text()).toContain(',Label 50 street photos\r\n');
  });

  it('when rewards arrive while the worker withdraws, then every reward counts and the chain stays valid', async () => {
    const worker = await h.newUser();
    await h.fund(worker.id, '100.00');
    const rewards = Array.from({ length: 20 }, () => approved(worker, randomUUID(), '2.50'));
    const [, withdrawal] = await Promise.all([h.publish(...rewards), withdraw(h, worker, { amount: '90.00', currency: 'ETH', walletAddress: ETH_ADDRESS })]);
    expect(withdrawal.status).toBe(201);
    for (const e of rewards) await h.handled(e.id);
    expect((await h.api('GET', '/api/ledger/balance', { token: worker.token })).body).toEqual({ available: '60.00', held: '90.00' });
    expect((await h.api('GET', '/api/ledger/verify', { token: worker.token })).body).toEqual({ valid: true, entries: 22 });
    expect(await brokenAccounts(h)).toEqual([]);
  });
});

describe('user.registered', () => {
  it('when a user registers with the default starting balance, then a zero account is opened and the users copy kept', async () => {
    const worker = await h.newUser();
    const event = registered(worker);
    await h.publish(event);
    await h.handled(event.id);
    expect(await h.query('SELECT available::text, held::text FROM ledger_accounts WHERE user_id = $1', [worker.id])).toEqual([{ available: '0.00', held: '0.00' }]);
    expect(await entriesOf(worker.id)).toEqual([]);
    expect(await h.query('SELECT first_name, last_name FROM users WHERE id = $1', [worker.id])).toEqual([{ first_name: 'Grace', last_name: 'Hopper' }]);
  });

  it('when starting_balance is above zero, then it is credited once as a signup_bonus, and a read before the event opened nothing', async () => {
    const change = settingChanged('starting_balance', '5');
    await h.publish(change);
    await h.handled(change.id);
    const worker = await h.newUser();
    // A read before the event arrives opens no account: payouts does not know the user yet.
    expect((await h.api('GET', '/api/ledger/balance', { token: worker.token })).body).toMatchObject({ code: 'PAYOUTS.ACCOUNT_NOT_FOUND' });
    expect(await h.query('SELECT 1 FROM ledger_accounts WHERE user_id = $1', [worker.id])).toEqual([]);
    const event = registered(worker);
    await h.publish(event, event, { ...event, id: randomUUID() });
    await eventually(async () => (await entriesOf(worker.id)).length === 1, { what: 'the bonus' });
    const marker = registered(await h.newUser());
    await h.publish(marker);
    await h.handled(marker.id);
    expect(await entriesOf(worker.id)).toEqual([{ kind: 'signup_bonus', amount: '5.00', reference_type: 'user', reference_id: worker.id }]);
    const back = settingChanged('starting_balance', '0.00');
    await h.publish(back);
    await h.handled(back.id);
  });

  it('when user.updated arrives, then the names are refreshed, and an older event never overwrites a newer one', async () => {
    const worker = await h.newUser();
    const first = registered(worker, 'Old');
    await h.publish(first);
    await h.handled(first.id);
    const update = h.envelope('user.updated', {
      userId: worker.id, email: 'new@example.com', firstName: 'New', lastName: 'Name', role: 'employee', isActive: true, isVerified: false, updatedAt: new Date().toISOString(),
    });
    const stale = { ...registered(worker, 'Stale'), occurredAt: new Date(Date.now() - 60_000).toISOString() };
    await h.publish(update, stale);
    // Both: the consumer handles two batches at once, so the stale event may be applied before the update.
    await h.handled(update.id);
    await h.handled(stale.id);
    expect(await h.query('SELECT first_name, email FROM users WHERE id = $1', [worker.id])).toEqual([{ first_name: 'New', email: 'new@example.com' }]);
  });
});

describe('settings.changed', () => {
  it('when minimum_withdrawal and wallet_cooldown_hours change, then the local copy and GET /api/settings/public follow; other keys and bad values are ignored', async () => {
    const user = await h.newUser();
    const events = [
      settingChanged('minimum_withdrawal', '25.5'),
      settingChanged('auto_approval_days', '7'),
      settingChanged('wallet_cooldown_hours', '-3'),
      settingChanged('minimum_withdrawal', 'abc'),
    ];
    await h.publish(...events);
    for (const e of events) await h.handled(e.id);
    const res = await h.api('GET', '/api/settings/public', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body.minimumWithdrawal).toBe('25.50');
    expect(res.body.walletCooldownHours).toBe('0');
    expect(await h.query("SELECT key FROM settings WHERE key = 'auto_approval_days'")).toEqual([]);

    const older = settingChanged('minimum_withdrawal', '99.00', new Date(Date.now() - 3_600_000).toISOString());
    await h.publish(older);
    await h.handled(older.id);
    expect((await h.api('GET', '/api/settings/public', { token: user.token })).body.minimumWithdrawal).toBe('25.50');

    await h.fund(user.id, '30.00');
    expect((await withdraw(h, user, { amount: '25.49', currency: 'ETH', walletAddress: ETH_ADDRESS })).body.message).toBe('Minimum withdrawal amount is $25.50');
    expect((await withdraw(h, user, { amount: '25.50', currency: 'ETH', walletAddress: ETH_ADDRESS })).status).toBe(201);

    const reset = settingChanged('minimum_withdrawal', '50.00');
    await h.publish(reset);
    await h.handled(reset.id);
  });
});
