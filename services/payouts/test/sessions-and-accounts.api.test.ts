import { randomUUID } from 'node:crypto';
import { createRedis, createTokenSigner, revokeAllTokensOfUser, type Redis, type TTokenSigner } from '@platform/service-kit';
import { TEST_REDIS_URL } from '@platform/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ETH_ADDRESS, startPayoutsHarness, withdraw, type TPayoutsHarness, type TTestUser } from './helpers.js';

/**
 * Issue 8, item 8: a user payouts does not know gets no invented account, and a user whose tokens were all revoked
 * (by auth: password reset or change, ban, deletion) is refused here too, not only in auth.
 */
let h: TPayoutsHarness;
let signer: TTokenSigner;
/** Another process's connection under the same REDIS_PREFIX, as the auth service writes its revocations. */
let authRedis: Redis;

beforeAll(async () => {
  h = await startPayoutsHarness('payouts_sessions');
  signer = await createTokenSigner({ privateKeyPem: h.environment.keys.privateKeyPem, audience: h.config.JWT_AUDIENCE, issuer: h.config.JWT_ISSUER });
  authRedis = createRedis(TEST_REDIS_URL, h.environment.redisPrefix);
});
afterAll(async () => {
  authRedis?.disconnect();
  await h?.close();
});

function registered(userId: string) {
  return h.envelope('user.registered', {
    userId, email: `ada.${userId}@example.com`, firstName: 'Ada', lastName: 'Lovelace', role: 'employee', referralSource: null, registeredAt: new Date().toISOString(),
  });
}

/** A token of the same user signed from now on (iat in milliseconds: strictly after a revocation made before). */
async function freshToken(user: TTestUser, role: 'employee' | 'admin' = 'employee'): Promise<string> {
  await new Promise((resolve) => setTimeout(resolve, 2));
  return signer.sign({ id: user.id, role });
}

describe('GET /api/ledger/balance', () => {
  it('when payouts does not know the user (no user.registered), then 404 PAYOUTS.ACCOUNT_NOT_FOUND and no account is opened', async () => {
    const stranger = await h.newUser();
    const res = await h.api('GET', '/api/ledger/balance', { token: stranger.token });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Your account is not open yet. Please try again in a moment.', code: 'PAYOUTS.ACCOUNT_NOT_FOUND' });
    expect(await h.query('SELECT 1 FROM ledger_accounts WHERE user_id = $1', [stranger.id])).toEqual([]);
    // Its statement and verification are empty reads that open nothing either.
    expect((await h.api('GET', '/api/ledger/statement', { token: stranger.token })).body.items).toEqual([]);
    expect(await h.query('SELECT 1 FROM ledger_accounts WHERE user_id = $1', [stranger.id])).toEqual([]);
  });

  it('when the app reads the balance right after registration and user.registered arrives a moment later, then the read answers the new account', async () => {
    const worker = await h.newUser();
    const read = h.api('GET', '/api/ledger/balance', { token: worker.token });
    await h.publish(registered(worker.id));
    const res = await read;
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ available: '0.00', held: '0.00' });
  });
});

describe('a user whose tokens were all revoked', () => {
  it('when auth revokes every token of the user, then the old token is 401 AUTH.TOKEN_REVOKED on every route and changes nothing, and a token issued afterwards works', async () => {
    const worker = await h.newUser();
    await h.publish(registered(worker.id));
    await h.fund(worker.id, '100.00');
    expect((await h.api('GET', '/api/ledger/balance', { token: worker.token })).status).toBe(200);

    await revokeAllTokensOfUser(authRedis, worker.id);

    const revoked = { message: 'Your session has ended. Please log in again.', code: 'AUTH.TOKEN_REVOKED' };
    for (const [method, path] of [
      ['GET', '/api/ledger/balance'],
      ['GET', '/api/ledger/statement'],
      ['GET', '/api/ledger/verify'],
      ['GET', '/api/withdrawals'],
      ['GET', '/api/user/payout-wallets'],
      ['GET', '/api/settings/public'],
      ['GET', `/internal/balances/${worker.id}`],
    ] as const) {
      const res = await h.api(method, path, { token: worker.token });
      expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 401, body: revoked });
    }
    const attempt = await withdraw(h, worker, { amount: '60.00', currency: 'ETH', walletAddress: ETH_ADDRESS });
    expect(attempt.status).toBe(401);
    const wallet = await h.api('POST', '/api/user/payout-wallets', { token: worker.token, body: { currency: 'ETH', address: ETH_ADDRESS } });
    expect(wallet.status).toBe(401);
    expect(await h.query('SELECT 1 FROM withdrawals WHERE user_id = $1', [worker.id])).toEqual([]);
    expect(await h.query('SELECT 1 FROM payout_wallets WHERE user_id = $1', [worker.id])).toEqual([]);

    const token = await freshToken(worker);
    expect((await h.api('GET', '/api/ledger/balance', { token })).body).toEqual({ available: '100.00', held: '0.00' });
  });

  it("when an admin's tokens are all revoked, then the old token is 401 on the admin routes and changes no balance", async () => {
    const admin = await h.newUser('admin');
    const worker = await h.newUser();
    await h.publish(registered(worker.id));
    await h.fund(worker.id, '10.00');
    await revokeAllTokensOfUser(authRedis, admin.id);
    const res = await h.api('PATCH', `/api/admin/users/${worker.id}/balance`, { token: admin.token, body: { balance: '999.00', reason: 'Not any more' } });
    expect(res.status).toBe(401);
    expect((await h.api('GET', '/api/admin/withdrawals', { token: admin.token })).status).toBe(401);
    expect(await h.query('SELECT available::text FROM ledger_accounts WHERE user_id = $1', [worker.id])).toEqual([{ available: '10.00' }]);
    expect((await h.api('GET', '/api/admin/withdrawals', { token: await freshToken(admin, 'admin') })).status).toBe(200);
  });

  it('when auth revokes every token of the user right after the token was read, then the next read is refused, 40 times in a row (no moment in which the revoked token passes)', async () => {
    const worker = await h.newUser();
    await h.publish(registered(worker.id));
    await h.fund(worker.id, '5.00');
    for (let round = 0; round < 40; round++) {
      const token = round === 0 ? worker.token : await freshToken(worker);
      // Read twice: the service's verifier now remembers the token (no Redis read on the next request).
      for (let i = 0; i < 2; i++) expect((await h.api('GET', '/api/ledger/balance', { token })).status, `round ${round}`).toBe(200);
      await revokeAllTokensOfUser(authRedis, worker.id);
      const after = await h.api('GET', '/api/ledger/balance', { token });
      expect({ round, status: after.status, code: after.body.code }).toEqual({ round, status: 401, code: 'AUTH.TOKEN_REVOKED' });
    }
  });

  it('when only another user is revoked, then this user is untouched', async () => {
    const worker = await h.newUser();
    await h.publish(registered(worker.id));
    await revokeAllTokensOfUser(authRedis, randomUUID());
    await expect(h.api('GET', '/api/ledger/balance', { token: worker.token })).resolves.toMatchObject({ status: 200 });
  });
});
