import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@platform/service-kit/testing';
import { ETH_ADDRESS, startPayoutsHarness, withdraw, type TPayoutsHarness, type TTestUser } from './helpers.js';

/**
 * The payout promise (issue 31 item 3): every withdrawal carries decideBy, withdrawal_decision_hours (default 48) after
 * the request with the setting in force then; one still pending past it is overdue for the worker, on the admin
 * dashboard's internal read and in the metric withdrawals_overdue.
 */
let h: TPayoutsHarness;
let worker: TTestUser;
beforeAll(async () => {
  h = await startPayoutsHarness('payouts_promise');
  worker = await h.newUser();
  await h.fund(worker.id, '1000.00');
});
afterAll(async () => {
  await h?.close();
});

const HOUR = 3_600_000;
const BODY = { amount: '50.00', currency: 'ETH', walletAddress: ETH_ADDRESS };

async function setDecisionHours(value: string) {
  const event = h.envelope('settings.changed', { key: 'withdrawal_decision_hours', value });
  await h.publish(event);
  await h.handled(event.id, 'the setting');
}

async function myWithdrawals(user: TTestUser = worker): Promise<{ id: string; decideBy: string; overdue: boolean; status: string; createdAt: string }[]> {
  const res = await h.api('GET', '/api/withdrawals', { token: user.token });
  expect(res.status).toBe(200);
  return res.body.items;
}

async function overdueMetric(): Promise<number> {
  const text = await (await fetch(`${h.service.internalUrl}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith('withdrawals_overdue'));
  if (!line) throw new Error('withdrawals_overdue is not exported');
  return Number(line.split(' ').pop());
}

describe('decideBy', () => {
  it('when withdrawals are requested before and after withdrawal_decision_hours changes, then each keeps the promise made at its request', async () => {
    const requested = await h.listen('withdrawal.requested');
    const first = await withdraw(h, worker, BODY);
    expect(first.status).toBe(201);
    expect(Date.parse(first.body.decideBy) - Date.parse(first.body.createdAt)).toBe(48 * HOUR);
    expect(first.body.overdue).toBe(false);

    await setDecisionHours('24');
    const second = await withdraw(h, worker, BODY);
    expect(second.status).toBe(201);
    expect(Date.parse(second.body.decideBy) - Date.parse(second.body.createdAt)).toBe(24 * HOUR);

    // The first keeps 48 hours: a change applies to new withdrawals only.
    const listed = await myWithdrawals();
    expect(listed.find((w) => w.id === first.body.id)).toMatchObject({ decideBy: first.body.decideBy, overdue: false });
    expect(listed.find((w) => w.id === second.body.id)).toMatchObject({ decideBy: second.body.decideBy, overdue: false });
    const [row] = await h.query<{ decide_by: Date }>('SELECT decide_by FROM withdrawals WHERE id = $1', [first.body.id]);
    expect(row!.decide_by.toISOString()).toBe(first.body.decideBy);
    // The event carries the promise (the trust page's "decided in time" can be counted from events).
    await eventually(async () => requested().filter((e) => (e.data as { decideBy?: string }).decideBy).length >= 2, { what: 'withdrawal.requested with decideBy' });
    expect(requested().map((e) => (e.data as { decideBy?: string }).decideBy)).toEqual(expect.arrayContaining([first.body.decideBy, second.body.decideBy]));
    await setDecisionHours('48');
  });

  it('when a key answered before withdrawals carried decideBy is replayed, then the answer has the promise the migration gave it', async () => {
    const key = `old-${Date.now()}`;
    const first = await withdraw(h, worker, BODY, key);
    expect(first.status).toBe(201);
    await h.query("UPDATE idempotency_keys SET response = response - 'decideBy' - 'overdue' WHERE user_id = $1 AND key = $2", [worker.id, key]);
    const again = await withdraw(h, worker, BODY, key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual({ ...first.body, decideBy: new Date(Date.parse(first.body.createdAt) + 48 * HOUR).toISOString(), overdue: false });
  });

  it('when the setting is not a positive number of hours, then payouts keeps the one in force', async () => {
    await setDecisionHours('0');
    await setDecisionHours('soon');
    const res = await withdraw(h, worker, BODY);
    expect(Date.parse(res.body.decideBy) - Date.parse(res.body.createdAt)).toBe(48 * HOUR);
  });
});

describe('overdue', () => {
  it('when a pending withdrawal is past its decideBy, then the worker sees it overdue, the dashboard read and the metric count it, and a decision clears it', async () => {
    const other = await h.newUser();
    await h.fund(other.id, '500.00');
    const late = await withdraw(h, other, BODY);
    const onTime = await withdraw(h, other, BODY);
    expect(await overdueMetric()).toBe(0);
    // Time passes: the promise of one is two hours in the past.
    await h.query("UPDATE withdrawals SET decide_by = now() - interval '2 hours' WHERE id = $1", [late.body.id]);

    const listed = await myWithdrawals(other);
    expect(listed.find((w) => w.id === late.body.id)?.overdue).toBe(true);
    expect(listed.find((w) => w.id === onTime.body.id)?.overdue).toBe(false);
    const admin = await h.api('GET', '/api/admin/withdrawals?status=pending&pageSize=100', { token: h.admin.token });
    expect(admin.body.items.find((w: { id: string }) => w.id === late.body.id)?.overdue).toBe(true);

    const dashboard = await h.api('GET', '/internal/stats/withdrawals-overdue', { token: h.admin.token });
    expect(dashboard.status).toBe(200);
    const [row] = await h.query<{ decide_by: Date }>('SELECT decide_by FROM withdrawals WHERE id = $1', [late.body.id]);
    expect(dashboard.body).toEqual({ overdue: 1, oldestDecideBy: row!.decide_by.toISOString() });
    expect(await overdueMetric()).toBe(1);

    const decided = await h.api('PATCH', `/api/admin/withdrawals/${late.body.id}`, { token: h.admin.token, body: { status: 'approved', txReference: 'tx-late' } });
    expect(decided.status).toBe(200);
    expect(decided.body.overdue).toBe(false);
    expect((await myWithdrawals(other)).find((w) => w.id === late.body.id)?.overdue).toBe(false);
    expect((await h.api('GET', '/internal/stats/withdrawals-overdue', { token: h.admin.token })).body).toEqual({ overdue: 0, oldestDecideBy: null });
    expect(await overdueMetric()).toBe(0);
  });

  it('when the overdue count is asked without a token or by a worker, then 401 or 403', async () => {
    const anonymous = await h.api('GET', '/internal/stats/withdrawals-overdue');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    const asWorker = await h.api('GET', '/internal/stats/withdrawals-overdue', { token: worker.token });
    expect(asWorker.status).toBe(403);
    expect(asWorker.body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    const withQuery = await h.api('GET', '/internal/stats/withdrawals-overdue?x=%00', { token: h.admin.token });
    expect(withQuery.status).toBeLessThan(500);
  });
});
