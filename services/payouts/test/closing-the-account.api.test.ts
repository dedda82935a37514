import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@platform/service-kit/testing';
import { brokenAccounts, ETH_ADDRESS, startPayoutsHarness, withdraw, type TPayoutsHarness, type TTestUser } from './helpers.js';

/** Issue 28 item 4: a worker closing the account can always bring the available balance to $0.00. */
let h: TPayoutsHarness;
beforeAll(async () => {
  h = await startPayoutsHarness('payouts_closing');
});
afterAll(async () => {
  await h?.close();
});

/** auth's account.closing_started for the worker, as auth publishes it; resolves once payouts has kept it. */
async function startClosing(user: TTestUser): Promise<void> {
  await h.publish(h.envelope('account.closing_started', { userId: user.id, startedAt: new Date().toISOString() }));
  await eventually(async () => (await h.query('SELECT 1 FROM closing_intents WHERE user_id = $1', [user.id])).length === 1, { what: 'the closing intent to arrive' });
}

/** A worker with the balance, who has started closing the account. */
async function closingWorker(balance: string): Promise<TTestUser> {
  const worker = await h.newUser();
  await h.fund(worker.id, balance);
  await startClosing(worker);
  return worker;
}

async function balanceOf(token: string) {
  return (await h.api('GET', '/api/ledger/balance', { token })).body;
}

function closingWithdrawal(user: TTestUser, body: Record<string, unknown>, key: string = randomUUID()) {
  return h.api('POST', '/api/withdrawals/closing', { token: user.token, body, headers: { 'idempotency-key': key } });
}

function giveUp(user: TTestUser, body: Record<string, unknown>, key: string = randomUUID()) {
  return h.api('POST', '/api/ledger/give-up', { token: user.token, body, headers: { 'idempotency-key': key } });
}

async function entriesOf(userId: string) {
  return h.query<{ kind: string; amount: string; available_after: string; held_after: string; created_by: string | null }>(
    'SELECT kind, amount::text, available_after::text, held_after::text, created_by FROM ledger_entries WHERE user_id = $1 ORDER BY seq',
    [userId],
  );
}

describe('the closing intent (auth\'s account.closing_started)', () => {
  it('when the worker has not started closing the account, then both routes are 409 PAYOUTS.NOT_CLOSING and nothing is written', async () => {
    const worker = await h.newUser();
    await h.fund(worker.id, '7.50');
    const closing = await closingWithdrawal(worker, { currency: 'USDT', walletAddress: ETH_ADDRESS });
    expect(closing.status).toBe(409);
    expect(closing.body).toMatchObject({ code: 'PAYOUTS.NOT_CLOSING', message: expect.stringContaining('only for closing your account') });
    const given = await giveUp(worker, { amount: '7.50' });
    expect(given.status).toBe(409);
    expect(given.body).toMatchObject({ code: 'PAYOUTS.NOT_CLOSING' });
    expect(await balanceOf(worker.token)).toEqual({ available: '7.50', held: '0.00' });
    expect(await h.query('SELECT id FROM withdrawals WHERE user_id = $1', [worker.id])).toEqual([]);
    expect((await entriesOf(worker.id)).map((e) => e.kind)).toEqual(['admin_adjustment']);
    // Another worker's intent is not this one's.
    await startClosing(await h.newUser());
    expect((await giveUp(worker, { amount: '7.50' })).body.code).toBe('PAYOUTS.NOT_CLOSING');
  });

  it('when the request arrives just before the intent (the app asks right after stating it), then it waits for it and is accepted', async () => {
    const worker = await h.newUser();
    await h.fund(worker.id, '9.00');
    const pending = giveUp(worker, { amount: '9.00' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await h.publish(h.envelope('account.closing_started', { userId: worker.id, startedAt: new Date().toISOString() }));
    const res = await pending;
    expect(res.status).toBe(201);
    expect(await balanceOf(worker.token)).toEqual({ available: '0.00', held: '0.00' });
  });

  it('when account.closing_started is delivered twice, then one intent is kept, with the time first stated', async () => {
    const worker = await h.newUser();
    const first = h.envelope('account.closing_started', { userId: worker.id, startedAt: '2026-11-01T10:00:00.000Z' });
    await h.publish(first, first);
    const startedAt = async () => (await h.query<{ started_at: Date }>('SELECT started_at FROM closing_intents WHERE user_id = $1', [worker.id])).map((r) => r.started_at.toISOString());
    await eventually(async () => (await startedAt()).length === 1, { what: 'the closing intent to arrive' });
    await startClosing(worker);
    expect(await startedAt()).toEqual(['2026-11-01T10:00:00.000Z']);
  });
});

describe('POST /api/withdrawals/closing', () => {
  it('when the balance ($7.50) is under the minimum, then the whole of it is withdrawn anyway, marked closing, and a replay creates nothing new', async () => {
    const worker = await closingWorker('7.50');
    const ordinary = await withdraw(h, worker, { amount: '7.50', currency: 'USDT', walletAddress: ETH_ADDRESS });
    expect(ordinary.status).toBe(400);
    expect(ordinary.body).toMatchObject({ code: 'PAYOUTS.AMOUNT_TOO_LOW', field: 'amount' });

    const key = randomUUID();
    const res = await closingWithdrawal(worker, { currency: 'usdt', walletAddress: ` ${ETH_ADDRESS} ` }, key);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ amount: '7.50', currency: 'USDT', networkFee: '1.0', walletAddress: ETH_ADDRESS, status: 'pending' });
    expect(await balanceOf(worker.token)).toEqual({ available: '0.00', held: '7.50' });
    expect(await h.query('SELECT closing, amount::text FROM withdrawals WHERE user_id = $1', [worker.id])).toEqual([{ closing: true, amount: '7.50' }]);

    const again = await closingWithdrawal(worker, { currency: 'USDT', walletAddress: ETH_ADDRESS }, key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(res.body);
    const otherBody = await closingWithdrawal(worker, { currency: 'ETH', walletAddress: ETH_ADDRESS }, key);
    expect(otherBody.status).toBe(422);
    expect(await h.query('SELECT id FROM withdrawals WHERE user_id = $1', [worker.id])).toHaveLength(1);

    // The reviewer sees it is a closing withdrawal; the worker's view carries no such field.
    const queue = await h.api('GET', '/api/admin/withdrawals?status=pending', { token: h.admin.token });
    expect(queue.body.items.find((w: { id: string }) => w.id === res.body.id)).toMatchObject({ amount: '7.50', closing: true });
    expect(res.body).not.toHaveProperty('closing');

    // Decided like any withdrawal: approval pays the held amount out.
    const decided = await h.api('PATCH', `/api/admin/withdrawals/${res.body.id}`, { token: h.admin.token, body: { status: 'approved', txReference: '0xabc' } });
    expect(decided.status).toBe(200);
    expect(await balanceOf(worker.token)).toEqual({ available: '0.00', held: '0.00' });
    expect((await h.api('GET', '/api/ledger/verify', { token: worker.token })).body).toMatchObject({ valid: true });
  });

  it('when nothing is available, then 409 PAYOUTS.NOTHING_AVAILABLE and nothing is written', async () => {
    const worker = await closingWorker('80.00');
    expect((await withdraw(h, worker, { amount: '80.00', currency: 'USDT', walletAddress: ETH_ADDRESS })).status).toBe(201);
    const res = await closingWithdrawal(worker, { currency: 'USDT', walletAddress: ETH_ADDRESS });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'PAYOUTS.NOTHING_AVAILABLE', message: 'Your available balance is $0.00: there is nothing to withdraw or give up' });
    expect(await h.query('SELECT id FROM withdrawals WHERE user_id = $1', [worker.id])).toHaveLength(1);
  });

  it('when a field is missing or wrong, then 400 naming it, and without an Idempotency-Key 400 whatever the body', async () => {
    const worker = await closingWorker('5.00');
    const noAddress = await closingWithdrawal(worker, { currency: 'USDT' });
    expect(noAddress.status).toBe(400);
    expect(noAddress.body).toMatchObject({ message: 'Please fill in all fields', field: 'walletAddress' });
    const noCurrency = await closingWithdrawal(worker, { walletAddress: ETH_ADDRESS });
    expect(noCurrency.body).toMatchObject({ message: 'Please fill in all fields', field: 'currency' });
    const badAddress = await closingWithdrawal(worker, { currency: 'BTC', walletAddress: ETH_ADDRESS });
    expect(badAddress.status).toBe(400);
    expect(badAddress.body).toMatchObject({ code: 'PAYOUTS.INVALID_WALLET_ADDRESS', field: 'walletAddress' });
    const amountGiven = await closingWithdrawal(worker, { currency: 'USDT', walletAddress: ETH_ADDRESS, amount: '1.00' });
    expect(amountGiven.status).toBe(400);
    const noKey = await h.api('POST', '/api/withdrawals/closing', { token: worker.token, body: { currency: 'USDT', walletAddress: ETH_ADDRESS } });
    expect(noKey.body).toMatchObject({ code: 'PAYOUTS.IDEMPOTENCY_KEY_REQUIRED' });
    expect(await balanceOf(worker.token)).toEqual({ available: '5.00', held: '0.00' });
  });
});

describe('POST /api/ledger/give-up', () => {
  it('when the stated amount is the available balance, then a balance_given_up entry takes it, balance.given_up is written, and a replay gives up nothing more', async () => {
    const worker = await closingWorker('100.00');
    expect((await withdraw(h, worker, { amount: '92.50', currency: 'USDT', walletAddress: ETH_ADDRESS })).status).toBe(201);
    // $7.50 left, $92.50 held for the pending withdrawal, which the give-up leaves alone.
    const stale = await giveUp(worker, { amount: '100.00' });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'PAYOUTS.GIVE_UP_AMOUNT_CHANGED', field: 'amount', message: 'Your available balance is now $7.50; please confirm that amount' });

    const key = randomUUID();
    const res = await giveUp(worker, { amount: '7.5' }, key);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ entryId: expect.any(String), amount: '7.50', available: '0.00', held: '92.50', createdAt: expect.any(String) });
    expect(await balanceOf(worker.token)).toEqual({ available: '0.00', held: '92.50' });
    expect((await entriesOf(worker.id)).at(-1)).toEqual({ kind: 'balance_given_up', amount: '-7.50', available_after: '0.00', held_after: '92.50', created_by: worker.id });

    const again = await giveUp(worker, { amount: '7.50' }, key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(res.body);
    expect((await giveUp(worker, { amount: '8.00' }, key)).status).toBe(422);
    expect((await entriesOf(worker.id)).filter((e) => e.kind === 'balance_given_up')).toHaveLength(1);

    const events = await h.query<{ payload: { data: unknown } }>(`SELECT payload FROM outbox WHERE type = 'balance.given_up' AND payload->'data'->>'userId' = $1`, [worker.id]);
    expect(events.map((e) => e.payload.data)).toEqual([{ userId: worker.id, amount: '7.50', entryId: res.body.entryId, at: res.body.createdAt }]);

    const statement = await h.api('GET', '/api/ledger/statement', { token: worker.token });
    expect(statement.body.items[0]).toMatchObject({ id: res.body.entryId, kind: 'balance_given_up', amount: '-7.50', availableAfter: '0.00' });
    expect((await h.api('GET', '/api/ledger/verify', { token: worker.token })).body).toEqual({ valid: true, entries: 3 });

    const nothing = await giveUp(worker, { amount: '7.50' });
    expect(nothing.status).toBe(409);
    expect(nothing.body.code).toBe('PAYOUTS.NOTHING_AVAILABLE');
  });

  it('when the amount is missing or not an amount, then 400 naming amount', async () => {
    const worker = await closingWorker('3.00');
    const missing = await giveUp(worker, {});
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ message: 'Please confirm the amount you give up', field: 'amount' });
    for (const amount of ['0', '-3.00', 'all', '3.001']) {
      const res = await giveUp(worker, { amount });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: 'Please enter a valid amount', field: 'amount' });
    }
    expect(await balanceOf(worker.token)).toEqual({ available: '3.00', held: '0.00' });
  });
});

describe('closing the account under concurrency', () => {
  it('when give-ups, withdrawals and closing withdrawals race for one balance, then exactly one of them takes it: never overdrawn, never paid twice', async () => {
    for (let round = 0; round < 4; round++) {
      const worker = await closingWorker('60.00');
      const racers = [
        ...Array.from({ length: 8 }, () => giveUp(worker, { amount: '60.00' }).then((r) => ({ what: 'give-up', r }))),
        ...Array.from({ length: 8 }, () => withdraw(h, worker, { amount: '60.00', currency: 'USDT', walletAddress: ETH_ADDRESS }).then((r) => ({ what: 'withdrawal', r }))),
        ...Array.from({ length: 8 }, () => closingWithdrawal(worker, { currency: 'USDT', walletAddress: ETH_ADDRESS }).then((r) => ({ what: 'closing', r }))),
      ];
      const results = await Promise.all(racers);
      const won = results.filter((x) => x.r.status === 201);
      expect(won).toHaveLength(1);
      for (const lost of results.filter((x) => x.r.status !== 201)) {
        expect(['PAYOUTS.INSUFFICIENT_FUNDS', 'PAYOUTS.NOTHING_AVAILABLE', 'PAYOUTS.GIVE_UP_AMOUNT_CHANGED']).toContain(lost.r.body.code);
      }
      const balance = await balanceOf(worker.token);
      expect(balance.available).toBe('0.00');
      expect(balance.held).toBe(won[0]!.what === 'give-up' ? '0.00' : '60.00');
      const entries = await entriesOf(worker.id);
      // The funding, then exactly one hold or one give-up.
      expect(entries.slice(1).map((e) => e.amount)).toEqual(['-60.00']);
      expect((await h.query('SELECT id FROM withdrawals WHERE user_id = $1', [worker.id])).length).toBe(won[0]!.what === 'give-up' ? 0 : 1);
      expect((await h.api('GET', '/api/ledger/verify', { token: worker.token })).body).toMatchObject({ valid: true });
    }
    expect(await brokenAccounts(h)).toEqual([]);
  });

  it('when the same give-up is sent ten times at once with one key, then it is posted once and every answer is the same', async () => {
    const worker = await closingWorker('12.50');
    const key = randomUUID();
    const results = await Promise.all(Array.from({ length: 10 }, () => giveUp(worker, { amount: '12.50' }, key)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    for (const r of results) expect(r.body).toEqual(results[0]!.body);
    expect((await entriesOf(worker.id)).filter((e) => e.kind === 'balance_given_up')).toHaveLength(1);
    expect(await balanceOf(worker.token)).toEqual({ available: '0.00', held: '0.00' });
  });
});
