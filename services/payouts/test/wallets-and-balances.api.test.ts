import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BTC_ADDRESS, ETH_ADDRESS, startPayoutsHarness, withdraw, type TPayoutsHarness } from './helpers.js';

let h: TPayoutsHarness;
beforeAll(async () => {
  h = await startPayoutsHarness('payouts_wallets');
});
afterAll(async () => {
  await h?.close();
});

const SOL_ADDRESS = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';

function addWallet(token: string, body: unknown) {
  return h.api('POST', '/api/user/payout-wallets', { token, body });
}

async function setCooldown(hours: string) {
  const event = { ...h.envelope('settings.changed', { key: 'wallet_cooldown_hours', value: hours }) };
  await h.publish(event);
  await h.handled(event.id, 'the setting');
}

describe('/api/user/payout-wallets', () => {
  it('when a worker saves, lists and removes wallets, then only their own are shown and removable', async () => {
    const worker = await h.newUser();
    const created = await addWallet(worker.token, { currency: 'sol', address: SOL_ADDRESS, label: 'Phantom' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(String), currency: 'SOL', address: SOL_ADDRESS, label: 'Phantom', createdAt: expect.any(String), usableFrom: created.body.createdAt });
    expect((await addWallet(worker.token, { currency: 'BTC', address: BTC_ADDRESS })).body.label).toBeNull();
    const list = await h.api('GET', '/api/user/payout-wallets', { token: worker.token });
    expect(list.body.map((w: { currency: string }) => w.currency)).toEqual(['SOL', 'BTC']);

    const other = await h.newUser();
    expect((await h.api('GET', '/api/user/payout-wallets', { token: other.token })).body).toEqual([]);
    expect((await h.api('DELETE', `/api/user/payout-wallets/${created.body.id}`, { token: other.token })).status).toBe(404);
    expect((await h.api('DELETE', `/api/user/payout-wallets/${created.body.id}`, { token: worker.token })).status).toBe(204);
    expect((await h.api('DELETE', `/api/user/payout-wallets/${created.body.id}`, { token: worker.token })).status).toBe(404);
    expect((await h.api('DELETE', '/api/user/payout-wallets/not-an-id', { token: worker.token })).status).toBe(404);
    expect((await h.api('GET', '/api/user/payout-wallets', { token: worker.token })).body).toHaveLength(1);
  });

  it('when the same address is saved twice for a currency (in any letter case on a hex chain), then 409', async () => {
    const worker = await h.newUser();
    expect((await addWallet(worker.token, { currency: 'ETH', address: ETH_ADDRESS })).status).toBe(201);
    const again = await addWallet(worker.token, { currency: 'ETH', address: ETH_ADDRESS.toLowerCase() });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: 'This wallet is already saved', code: 'PAYOUTS.WALLET_EXISTS', field: 'address' });
    // The same address on another chain is another wallet.
    expect((await addWallet(worker.token, { currency: 'USDT', address: ETH_ADDRESS })).status).toBe(201);
  });

  it('when the address does not fit the currency or a field is missing, then 400 with the reason', async () => {
    const worker = await h.newUser();
    expect((await addWallet(worker.token, { currency: 'BTC', address: ETH_ADDRESS })).body).toMatchObject({ message: 'Please enter a valid Bitcoin (BTC) wallet address', field: 'address' });
    expect((await addWallet(worker.token, { currency: 'DOGE', address: 'x' })).body).toMatchObject({ message: 'Please choose a supported currency', field: 'currency' });
    expect((await addWallet(worker.token, { currency: 'ETH' })).body).toMatchObject({ message: 'Wallet address is required', field: 'address' });
    expect((await addWallet(worker.token, { address: ETH_ADDRESS })).body).toMatchObject({ message: 'Currency is required', field: 'currency' });
    expect((await addWallet(worker.token, { currency: 'ETH', address: ETH_ADDRESS, label: 'x'.repeat(51) })).body).toMatchObject({ message: 'Label must be at most 50 characters', field: 'label' });
  });
});

describe('wallet_cooldown_hours', () => {
  it('when the cooldown is set, then a wallet added less than that ago (or never saved) cannot receive a payout, and an older one can', async () => {
    const worker = await h.newUser();
    await h.fund(worker.id, '500.00');
    const older = await addWallet(worker.token, { currency: 'ETH', address: ETH_ADDRESS });
    await h.query("UPDATE payout_wallets SET created_at = now() - interval '25 hours' WHERE id = $1", [older.body.id]);
    expect((await addWallet(worker.token, { currency: 'BTC', address: BTC_ADDRESS })).status).toBe(201);
    await setCooldown('24');
    try {
      const fresh = await withdraw(h, worker, { amount: '60', currency: 'BTC', walletAddress: BTC_ADDRESS.toUpperCase() });
      expect(fresh.status).toBe(400);
      expect(fresh.body).toMatchObject({ message: 'This wallet was added less than 24 hours ago and cannot receive a payout yet', code: 'PAYOUTS.WALLET_COOLDOWN', field: 'walletAddress' });
      const unsaved = await withdraw(h, worker, { amount: '60', currency: 'SOL', walletAddress: SOL_ADDRESS });
      expect(unsaved.status).toBe(400);
      expect(unsaved.body.code).toBe('PAYOUTS.WALLET_NOT_SAVED');
      expect(unsaved.body.field).toBe('walletAddress');
      expect((await withdraw(h, worker, { amount: '60', currency: 'ETH', walletAddress: ETH_ADDRESS.toLowerCase() })).status).toBe(201);
      const wallets = (await h.api('GET', '/api/user/payout-wallets', { token: worker.token })).body;
      const btc = wallets.find((w: { currency: string }) => w.currency === 'BTC');
      expect(new Date(btc.usableFrom).getTime() - new Date(btc.createdAt).getTime()).toBe(24 * 3600 * 1000);
    } finally {
      await setCooldown('0');
    }
    expect((await withdraw(h, worker, { amount: '60', currency: 'SOL', walletAddress: SOL_ADDRESS })).status).toBe(201);
  });
});

describe('GET /api/settings/public', () => {
  it('when a signed-in user asks, then the minimum and the ten currencies with their network fees come back', async () => {
    const worker = await h.newUser();
    const res = await h.api('GET', '/api/settings/public', { token: worker.token });
    expect(res.status).toBe(200);
    expect(res.body.minimumWithdrawal).toBe('50.00');
    expect(res.body.currencies).toHaveLength(10);
    expect(res.body.currencies[0]).toEqual({ value: 'BTC', label: 'Bitcoin (BTC)', networkFee: '0.0005' });
    expect(res.body.currencies.find((c: { value: string }) => c.value === 'SOL').networkFee).toBe('0.00025');
    expect((await h.api('GET', '/api/settings/public')).status).toBe(401);
  });
});

describe('/internal/balances', () => {
  it('when an admin asks for a list, then every id gets its balances, unknown users zero', async () => {
    const a = await h.newUser();
    const b = await h.newUser();
    await h.fund(a.id, '12.34');
    const unknown = randomUUID();
    const res = await h.api('GET', `/internal/balances?userIds=${a.id},${b.id.toUpperCase()},${unknown}`, { token: h.admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      [a.id]: { available: '12.34', held: '0.00' },
      [b.id]: { available: '0.00', held: '0.00' },
      [unknown]: { available: '0.00', held: '0.00' },
    });
    expect((await h.api('GET', `/internal/balances/${a.id}`, { token: h.admin.token })).body).toEqual({ available: '12.34', held: '0.00' });
  });

  it("when a worker asks, then only their own balance is answered; anyone else's is 403", async () => {
    const worker = await h.newUser();
    await h.fund(worker.id, '3.00');
    expect((await h.api('GET', `/internal/balances?userIds=${worker.id}`, { token: worker.token })).body).toEqual({ [worker.id]: { available: '3.00', held: '0.00' } });
    expect((await h.api('GET', `/internal/balances/${worker.id}`, { token: worker.token })).body).toEqual({ available: '3.00', held: '0.00' });
    expect((await h.api('GET', `/internal/balances?userIds=${worker.id},${randomUUID()}`, { token: worker.token })).status).toBe(403);
    expect((await h.api('GET', `/internal/balances/${h.admin.id}`, { token: worker.token })).status).toBe(403);
    expect((await h.api('GET', `/internal/balances?userIds=${worker.id}`)).status).toBe(401);
    expect((await h.api('GET', '/internal/balances?userIds=nope', { token: worker.token })).status).toBe(400);
  });
});
