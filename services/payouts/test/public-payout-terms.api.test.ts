import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPayoutsHarness, type TPayoutsHarness, type TTestUser } from './helpers.js';

/**
 * GET /api/public/payout-terms (issue 31, the public trust page): without sign-in, exactly what a signed-in worker's
 * withdraw dialog gets from GET /api/settings/public (the minimum withdrawal, the wallet cooldown and the fee per
 * currency and network), from the same use case; nothing can be written there and no parameter is taken.
 */
let h: TPayoutsHarness;
let worker: TTestUser;
beforeAll(async () => {
  h = await startPayoutsHarness('payouts_public_terms');
  worker = await h.newUser();
});
afterAll(async () => {
  await h?.close();
});

describe('GET /api/public/payout-terms', () => {
  it('when asked without a token, then it answers what the withdraw dialog gets, cacheable for a minute', async () => {
    const open = await h.api('GET', '/api/public/payout-terms');
    expect(open.status).toBe(200);
    expect(open.headers.get('cache-control')).toBe('public, max-age=60');
    const dialog = await h.api('GET', '/api/settings/public', { token: worker.token });
    expect(dialog.status).toBe(200);
    expect(open.body).toEqual(dialog.body);
    expect(open.body.minimumWithdrawal).toMatch(/^\d+\.\d{2}$/);
    expect(open.body.currencies.length).toBeGreaterThan(0);
    for (const currency of open.body.currencies as { value: string; label: string; networkFee: string }[]) expect(currency.networkFee).toMatch(/^\d+(\.\d+)?$/);
  });

  it('when asked with hostile input, then 400 naming an unknown parameter, the same answer with a bad token, 404 for a write, never a 5xx', async () => {
    const unknown = await h.api('GET', '/api/public/payout-terms?currency=BTC');
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('currency');
    for (const path of ['/api/public/payout-terms?x=%00', `/api/public/payout-terms?${'a'.repeat(5000)}=1`, '/api/public/payout-terms/..%2f']) {
      const res = await h.api('GET', path);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
    }
    expect((await h.api('GET', '/api/public/payout-terms', { token: 'not-a-token' })).status).toBe(200);
    expect((await h.api('POST', '/api/public/payout-terms', { body: { minimumWithdrawal: '0.00' } })).status).toBe(404);
  });
});
