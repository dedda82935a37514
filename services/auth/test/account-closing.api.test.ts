import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../src/domain/create-admin.use-case.js';
import { outboxRows, startTestService, uniqueEmail, type TTestService } from './helpers.js';

/**
 * POST /api/user/account/closing (issue 28 item 4): the worker states they are closing the account; auth records it
 * once and announces it with account.closing_started through the outbox (payouts then accepts a closing withdrawal or
 * a give-up from them, see services/payouts/test/closing-the-account.api.test.ts).
 */
let t: TTestService;
beforeAll(async () => {
  t = await startTestService('auth_account_closing');
});
afterAll(async () => {
  await t?.close();
});

const closingEventsOf = async (userId: string) => (await outboxRows(t, 'account.closing_started')).filter((e) => e.payload.data.userId === userId).map((e) => e.payload.data);

describe('POST /api/user/account/closing', () => {
  it('when a worker starts closing the account, then the time is recorded and account.closing_started is written once, however often it is asked', async () => {
    const worker = await t.registerWorker();
    const first = await t.api('POST', '/api/user/account/closing', { token: worker.token });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ closingStartedAt: expect.any(String) });
    const again = await Promise.all(Array.from({ length: 5 }, () => t.api('POST', '/api/user/account/closing', { token: worker.token, body: {} })));
    for (const res of again) expect(res.body).toEqual(first.body);
    expect(await closingEventsOf(worker.user.id)).toEqual([{ userId: worker.user.id, startedAt: first.body.closingStartedAt }]);
    const { rows } = await t.service.pool.query<{ closing_started_at: Date }>('SELECT closing_started_at FROM users WHERE id = $1', [worker.user.id]);
    expect(rows[0]!.closing_started_at.toISOString()).toBe(first.body.closingStartedAt);
  });

  it('when many workers start at once, then each has exactly one event of their own', async () => {
    const workers = await Promise.all(Array.from({ length: 4 }, () => t.registerWorker()));
    await Promise.all(workers.flatMap((w) => [1, 2, 3].map(() => t.api('POST', '/api/user/account/closing', { token: w.token }))));
    for (const w of workers) expect(await closingEventsOf(w.user.id)).toHaveLength(1);
  });

  it('when the body has a field, is not JSON, or there is no token, then 4xx with a message and nothing is recorded', async () => {
    const worker = await t.registerWorker();
    const withField = await t.api('POST', '/api/user/account/closing', { token: worker.token, body: { closing: true } });
    expect(withField.status).toBe(400);
    expect(withField.body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    const notJson = await t.api('POST', '/api/user/account/closing', { token: worker.token, rawBody: '{"closing":' });
    expect(notJson.status).toBe(400);
    const array = await t.api('POST', '/api/user/account/closing', { token: worker.token, body: [] });
    expect(array.status).toBe(400);
    const anonymous = await t.api('POST', '/api/user/account/closing');
    expect(anonymous.status).toBe(401);
    const forged = await t.api('POST', '/api/user/account/closing', { token: 'not.a.token' });
    expect(forged.status).toBe(401);
    expect(await closingEventsOf(worker.user.id)).toEqual([]);
  });

  it('when an admin asks, then 409 AUTH.ADMIN_PROTECTED and nothing is recorded', async () => {
    const admin = await createAdmin(t.service.pool, { email: uniqueEmail('admin'), password: 'a-long-admin-password' });
    const login = await t.api('POST', '/api/auth/login', { body: { email: admin.user.email, password: 'a-long-admin-password' } });
    const res = await t.api('POST', '/api/user/account/closing', { token: login.body.token });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'AUTH.ADMIN_PROTECTED' });
    expect(await closingEventsOf(admin.user.id)).toEqual([]);
  });
});
