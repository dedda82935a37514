import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, uniqueEmail, type TTestService } from './helpers.js';

let t: TTestService;
beforeAll(async () => {
  t = await startTestService('auth_session');
});
afterAll(async () => {
  await t?.close();
});

const INVALID = { message: 'Invalid email or password', code: 'AUTH.INVALID_CREDENTIALS' };
const SUSPENDED = { message: 'Your account has been suspended. Please contact support.', code: 'AUTH.ACCOUNT_SUSPENDED' };

async function ban(userId: string) {
  await t.service.pool.query('UPDATE users SET is_active = false WHERE id = $1', [userId]);
}

describe('POST /api/auth/login', () => {
  it('when the e-mail (any letter case) and password are right, then 200 with a token and the user', async () => {
    const worker = await t.registerWorker();
    const res = await t.api('POST', '/api/auth/login', { body: { email: `  ${worker.email.toUpperCase()} `, password: worker.password } });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: worker.user.id, email: worker.email, role: 'employee', balance: null, isVerified: false, documentsAccepted: false });
    const me = await t.api('GET', '/api/auth/me', { token: res.body.token });
    expect(me.status).toBe(200);
  });

  it('when the password is wrong, then 401 "Invalid email or password"', async () => {
    const worker = await t.registerWorker();
    const res = await t.api('POST', '/api/auth/login', { body: { email: worker.email, password: 'wrong-password' } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(INVALID);
  });

  it('when no account has the e-mail, then the same 401 answer as for a wrong password', async () => {
    const res = await t.api('POST', '/api/auth/login', { body: { email: uniqueEmail('nobody'), password: 'whatever' } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(INVALID);
  });

  it('when the account is suspended and the password is right, then 403 with the suspension message', async () => {
    const worker = await t.registerWorker();
    await ban(worker.user.id);
    const res = await t.api('POST', '/api/auth/login', { body: { email: worker.email, password: worker.password } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(SUSPENDED);
  });

  it('when the account is suspended and the password is wrong, then 401 (the suspension is not revealed)', async () => {
    const worker = await t.registerWorker();
    await ban(worker.user.id);
    const res = await t.api('POST', '/api/auth/login', { body: { email: worker.email, password: 'wrong-password' } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(INVALID);
  });

  it.each([
    [{ email: 'a@b.co' }, 'password is required'],
    [{ email: 'a@b.co', password: '' }, 'Password is required'],
    [{ email: 'not-an-email', password: 'x' }, 'Please enter a valid email address'],
    [{ email: 'a@b.co', password: 'x', remember: true }, 'Unknown field(s): remember'],
  ])('when the body is %j, then 400 "%s"', async (body, message) => {
    const res = await t.api('POST', '/api/auth/login', { body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, code: 'REQUEST.VALIDATION' });
  });
});

describe('GET /api/auth/me', () => {
  it('when the token is valid and payouts is not configured (PAYOUTS_INTERNAL_URL unset), then the user with null balances, not "0.00"', async () => {
    const worker = await t.registerWorker({ telegramUsername: 'ada_l' });
    const res = await t.api('GET', '/api/auth/me', { token: worker.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...worker.user, telegramUsername: 'ada_l' });
    expect(res.body.balance).toBeNull();
    expect(res.body.heldBalance).toBeNull();
  });

  it('when there is no token, then 401', async () => {
    const res = await t.api('GET', '/api/auth/me');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('AUTH.UNAUTHENTICATED');
  });

  it('when the token is forged, then 401', async () => {
    const worker = await t.registerWorker();
    const [header, payload] = worker.token.split('.');
    const res = await t.api('GET', '/api/auth/me', { token: `${header}.${payload}.AAAA` });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('AUTH.INVALID_TOKEN');
  });

  it('when the account was suspended after login, then 403', async () => {
    const worker = await t.registerWorker();
    await ban(worker.user.id);
    const res = await t.api('GET', '/api/auth/me', { token: worker.token });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(SUSPENDED);
  });

  it('when the account was deleted after login, then 401', async () => {
    const worker = await t.registerWorker();
    await t.service.pool.query('DELETE FROM users WHERE id = $1', [worker.user.id]);
    const res = await t.api('GET', '/api/auth/me', { token: worker.token });
    expect(res.status).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it('when a user logs out, then that token gets 401 and another session of the user keeps working', async () => {
    const worker = await t.registerWorker();
    const other = await t.api('POST', '/api/auth/login', { body: { email: worker.email, password: worker.password } });
    const res = await t.api('POST', '/api/auth/logout', { token: worker.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });

    const me = await t.api('GET', '/api/auth/me', { token: worker.token });
    expect(me.status).toBe(401);
    expect(me.body.code).toBe('AUTH.TOKEN_REVOKED');
    expect((await t.api('POST', '/api/auth/logout', { token: worker.token })).status).toBe(401);
    expect((await t.api('GET', '/api/auth/me', { token: other.body.token })).status).toBe(200);
  });

  it('when there is no token, then 401', async () => {
    const res = await t.api('POST', '/api/auth/logout');
    expect(res.status).toBe(401);
  });

  it('when the body has fields, then 400 and the token stays valid', async () => {
    const worker = await t.registerWorker();
    const res = await t.api('POST', '/api/auth/logout', { token: worker.token, body: { everywhere: true } });
    expect(res.status).toBe(400);
    expect((await t.api('GET', '/api/auth/me', { token: worker.token })).status).toBe(200);
  });
});
