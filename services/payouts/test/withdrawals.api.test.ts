import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BTC_ADDRESS, brokenAccounts, ETH_ADDRESS, startPayoutsHarness, withdraw, type TPayoutsHarness } from './helpers.js';

let h: TPayoutsHarness;
beforeAll(async () => {
  h = await startPayoutsHarness('payouts_withdrawals');
});
afterAll(async () => {
  await h?.close();
});

async function balanceOf(token: string) {
  return (await h.api('GET', '/api/ledger/balance', { token })).body;
}

describe('POST /api/withdrawals', () => {
  it('when the request is valid, then 201: the amount is held, the network fee copied, withdrawal.requested is in the outbox', async () => {
    const worker = await h.newUser();
    await h.fund(worker.id, '120.00');
    const res = await withdraw(h, worker, { amount: '75.5', currency: 'btc', walletAddress: BTC_ADDRESS });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      amount: '75.50',
      currency: 'BTC',
      networkFee: '0.0005',
      walletAddress: BTC_ADDRESS,
      status: 'pending',
      createdAt: expect.any(String),
      adminComment: null,
      reviewedAt: null,
      txReference: null,
      decideBy: expect.any(String),
      overdue: false,
    });
    expect(await balanceOf(worker.token)).toEqual({ available: '44.50', held: '75.50' });
    const events = await h.query<{ payload: { data: Record<string, unknown> } }>(`SELECT payload FROM outbox WHERE type = 'withdrawal.requested' AND payload->'data'->>'userId' = $1`, [worker.id]);
    expect(events.map((e) => e.payload.data)).toEqual([
      { withdrawalId: res.body.id, userId: worker.id, amount: '75.50', currency: 'BTC', networkFee: '0.0005', walletAddress: BTC_ADDRESS, requestedAt: res.body.createdAt, decideBy: res.body.decideBy },
    ]);
    const entries = await h.query<{ kind: string; amount: string; reference_id: string }>('SELECT kind, amount::text, reference_id FROM ledger_entries WHERE user_id = $1 ORDER BY seq', [worker.id]);
    expect(entries.at(-1)).toEqual({ kind: 'withdrawal_hold', amount: '-75.50', reference_id: res.body.id });

    const list = await h.api('GET', '/api/withdrawals', { token: worker.token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ items: [res.body], nextCursor: null, total: 1, totalExact: true });
  });

  it('when the Idempotency-Key header is missing, then 400 "Idempotency-Key header is required" and nothing is created', async () => {
    const worker = await h.newUser();
    await h.fund(worker.id, '100.00');
    const res = await h.api('POST', '/api/withdrawals', { token: worker.token, body: { amount: '60', currency: 'ETH', walletAddress: ETH_ADDRESS } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'Idempotency-Key header is required', code: 'PAYOUTS.IDEMPOTENCY_KEY_REQUIRED' });
    const blank = await withdraw(h, worker, { amount: '60', currency: 'ETH', walletAddress: ETH_ADDRESS }, '  ');
    expect(blank.body.message).toBe('Idempotency-Key header is required');
    expect(await balanceOf(worker.token)).toEqual({ available: '100.00', held: '0.00' });
  });

  it('when the same key is replayed with the same body, then the first answer comes back and nothing new is created', async () => {
    const worker = await h.newUser();
    await h.fund(worker.id, '200.00');
    const key = randomUUID();
    const body = { amount: '60.00', currency: 'ETH', walletAddress: ETH_ADDRESS };
    const first = await withdraw(h, worker, body, key);
    expect(first.status).toBe(201);
    // The same request retried after a lost answer; the amount written differently is still the same amount.
    const again = await withdraw(h, worker, { ...body, amount: '60' }, key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const concurrent = await Promise.all(Array.from({ length: 5 }, () => withdraw(h, worker, body, key)));
    expect(concurrent.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    for (const r of concurrent) expect(r.body).toEqual(first.body);
    expect(await h.query('SELECT id FROM withdrawals WHERE user_id = $1', [worker.id])).toHaveLength(1);
    expect(await balanceOf(worker.token)).toEqual({ available: '140.00', held: '60.00' });
  });

  it('when the same key comes with a different body, then 422 and nothing is created', async () => {
    const worker = await h.newUser();
    await h.fund(worker.id, '200.00');
    const key = randomUUID();
    expect((await withdraw(h, worker, { amount: '60.00', currency: 'ETH', walletAddress: ETH_ADDRESS }, key)).status).toBe(201);
    const other = await withdraw(h, worker, { amount: '70.00', currency: 'ETH', walletAddress: ETH_ADDRESS }, key);
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ message: 'Idempotency-Key was already used with a different request', code: 'PAYOUTS.IDEMPOTENCY_KEY_REUSED' });
    expect(await h.query('SELECT id FROM withdrawals WHERE user_id = $1', [worker.id])).toHaveLength(1);
    // Keys belong to their user: another worker may use the same key.
    const someoneElse = await h.newUser();
    await h.fund(someoneElse.id, '100.00');
    expect((await withdraw(h, someoneElse, { amount: '50.00', currency: 'ETH', walletAddress: ETH_ADDRESS }, key)).status).toBe(201);
  });

  it('when a field is missing or blank, then 400 "Please fill in all fields"', async () => {
    const worker = await h.newUser();
    for (const body of [
      { currency: 'ETH', walletAddress: ETH_ADDRESS },
      { amount: '60', walletAddress: ETH_ADDRESS },
      { amount: '60', currency: 'ETH' },
      { amount: '', currency: 'ETH', walletAddress: ETH_ADDRESS },
      { amount: '60', currency: ' ', walletAddress: ETH_ADDRESS },
      { amount: '60', currency: 'ETH', walletAddress: '' },
      {},
    ]) {
      const res = await withdraw(h, worker, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe('Please fill in all fields');
      // The issue names its code, so the screen can say it in the worker's language (issue 28).
      expect(res.body.details[0]).toMatchObject({ code: 'PAYOUTS.FIELDS_REQUIRED', message: 'Please fill in all fields' });
      // It is about the whole form, not one field.
      expect(res.body.field).toBeUndefined();
    }
  });

  it('when the amount is not a number above 0 with at most 2 decimals, then 400 "Please enter a valid amount"', async () => {
    const worker = await h.newUser();
    for (const amount of ['0', '0.00', '-5', 'abc', '1e3', '12.345', '1,5', 'NaN', 'Infinity', '12345678901']) {
      const res = await withdraw(h, worker, { amount, currency: 'ETH', walletAddress: ETH_ADDRESS });
      expect(res.status, amount).toBe(400);
      expect(res.body.message, amount).toBe('Please enter a valid amount');
      expect(res.body.field, amount).toBe('amount');
      expect(res.body.details[0], amount).toMatchObject({ path: 'amount', code: 'PAYOUTS.INVALID_AMOUNT' });
    }
  });

  it('when an unknown field is sent, then 400 and nothing is created', async () => {
    const worker = await h.newUser();
    const res = await withdraw(h, worker, { amount: '60', currency: 'ETH', walletAddress: ETH_ADDRESS, status: 'approved' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Unknown field(s): status');
  });

  it('when the currency is not in the catalogue, then 400 "Please choose a supported currency"', async () => {
    const worker = await h.newUser();
    const res = await withdraw(h, worker, { amount: '60', currency: 'DOGE', walletAddress: 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'Please choose a supported currency', code: 'PAYOUTS.UNSUPPORTED_CURRENCY', field: 'currency' });
  });

  it('when the wallet address does not fit the currency, then 400 naming the currency', async () => {
    const worker = await h.newUser();
    await h.fund(worker.id, '100.00');
    const cases: [string, string, string, string][] = [
      ['BTC', ETH_ADDRESS, 'Please enter a valid Bitcoin (BTC) wallet address', 'Bitcoin (BTC)'],
      ['ETH', BTC_ADDRESS, 'Please enter a valid Ethereum (ETH) wallet address', 'Ethereum (ETH)'],
      ['SOL', '0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl', 'Please enter a valid Solana (SOL) wallet address', 'Solana (SOL)'],
      ['XRP', 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTi', 'Please enter a valid XRP (XRP) wallet address', 'XRP (XRP)'],
    ];
    for (const [currency, walletAddress, message, label] of cases) {
      const res = await withdraw(h, worker, { amount: '60', currency, walletAddress });
      expect(res.status).toBe(400);
      // The English message, and the currency it names as a parameter for the screens' catalogues (issue 28).
      expect(res.body).toMatchObject({ message, code: 'PAYOUTS.INVALID_WALLET_ADDRESS', params: { currency: label }, field: 'walletAddress' });
    }
    expect(await balanceOf(worker.token)).toEqual({ available: '100.00', held: '0.00' });
  });

  it('when the amount is below the minimum, then 400 "Minimum withdrawal amount is $50.00" (PAYOUTS.AMOUNT_TOO_LOW)', async () => {
    const worker = await h.newUser();
    await h.fund(worker.id, '100.00');
    const res = await withdraw(h, worker, { amount: '49.99', currency: 'ETH', walletAddress: ETH_ADDRESS });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'Minimum withdrawal amount is $50.00', code: 'PAYOUTS.AMOUNT_TOO_LOW', params: { minimum: '50.00' }, field: 'amount' });
    expect((await withdraw(h, worker, { amount: '50', currency: 'ETH', walletAddress: ETH_ADDRESS })).status).toBe(201);
  });

  it('when the amount exceeds the available balance, then 400 "Amount exceeds your balance" (PAYOUTS.INSUFFICIENT_FUNDS), and the same key may be retried once funded', async () => {
    const worker = await h.newUser();
    await h.fund(worker.id, '80.00');
    const key = randomUUID();
    const res = await withdraw(h, worker, { amount: '80.01', currency: 'ETH', walletAddress: ETH_ADDRESS }, key);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'Amount exceeds your balance', code: 'PAYOUTS.INSUFFICIENT_FUNDS', field: 'amount' });
    expect(await balanceOf(worker.token)).toEqual({ available: '80.00', held: '0.00' });
    await h.fund(worker.id, '90.00');
    expect((await withdraw(h, worker, { amount: '80.01', currency: 'ETH', walletAddress: ETH_ADDRESS }, key)).status).toBe(201);
    expect(await balanceOf(worker.token)).toEqual({ available: '9.99', held: '80.01' });
  });

  it('when the user never had an account (the registration event is late), then the request is refused for funds and nothing fails', async () => {
    const worker = await h.newUser();
    const res = await withdraw(h, worker, { amount: '60', currency: 'ETH', walletAddress: ETH_ADDRESS });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Amount exceeds your balance');
    expect((await h.api('GET', '/api/withdrawals', { token: worker.token })).body).toEqual({ items: [], nextCursor: null, total: 0, totalExact: true });
  });

  it('when there is no token, then 401', async () => {
    const res = await h.api('POST', '/api/withdrawals', { body: { amount: '60', currency: 'ETH', walletAddress: ETH_ADDRESS }, headers: { 'idempotency-key': 'k' } });
    expect(res.status).toBe(401);
    expect((await h.api('GET', '/api/withdrawals')).status).toBe(401);
  });

  it('when 100 withdrawals of A race against a balance B, then exactly floor(B/A) are accepted and the balance never goes negative', async () => {
    const worker = await h.newUser();
    const balance = 1234_56n; // cents: B = 1234.56
    const amount = 50_00n; // A = 50.00
    await h.fund(worker.id, '1234.56');
    const results = await Promise.all(
      Array.from({ length: 100 }, () => withdraw(h, worker, { amount: '50.00', currency: 'USDT', walletAddress: ETH_ADDRESS })),
    );
    const accepted = results.filter((r) => r.status === 201).length;
    const refused = results.filter((r) => r.status === 400 && r.body.code === 'PAYOUTS.INSUFFICIENT_FUNDS').length;
    expect(accepted).toBe(Number(balance / amount)); // 24
    expect(refused).toBe(100 - accepted);
    expect(await balanceOf(worker.token)).toEqual({ available: '34.56', held: '1200.00' });
    const [{ min }] = (await h.query<{ min: string }>('SELECT min(available_after)::text AS min FROM ledger_entries WHERE user_id = $1', [worker.id])) as [{ min: string }];
    expect(min).toBe('34.56');
    expect(await h.query('SELECT id FROM withdrawals WHERE user_id = $1', [worker.id])).toHaveLength(accepted);
    expect((await h.api('GET', '/api/ledger/verify', { token: worker.token })).body).toEqual({ valid: true, entries: accepted + 1 });
    expect(await brokenAccounts(h)).toEqual([]);
  });
});
