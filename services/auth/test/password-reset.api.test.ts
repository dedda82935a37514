import { createHash } from 'node:crypto';
import { accountAddressKeyOf, accountKeyOf, createRedis, LOGIN_LIMIT_KEY_PREFIXES } from '@platform/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxRows, startTestService, uniqueEmail, type TTestService } from './helpers.js';

let t: TTestService;
beforeAll(async () => {
  t = await startTestService('auth_reset');
});
afterAll(async () => {
  await t?.close();
});

const SENT_MESSAGE = 'If an account exists for this email, a password reset link has been sent.';
const INVALID_TOKEN = { message: 'Recovery link has expired or is invalid', code: 'AUTH.INVALID_RESET_TOKEN' };

async function resetsOf(userId: string) {
  const { rows } = await t.service.pool.query('SELECT * FROM password_resets WHERE user_id = $1 ORDER BY created_at', [userId]);
  return rows;
}

async function requestedEventsFor(userId: string) {
  return (await outboxRows(t, 'password_reset.requested')).filter((row) => row.payload.data.userId === userId);
}

/** Asks for a reset link and returns the raw token, read from the event only the mailer receives. */
async function requestToken(email: string, userId: string): Promise<string> {
  const before = (await requestedEventsFor(userId)).length;
  const res = await t.api('POST', '/api/auth/forgot-password', { body: { email } });
  expect(res.status).toBe(200);
  const events = await requestedEventsFor(userId);
  expect(events).toHaveLength(before + 1);
  return events.at(-1)!.payload.data.token as string;
}

describe('POST /api/auth/forgot-password', () => {
  it('when no account has the e-mail, then 200 with the usual message and nothing is stored or published', async () => {
    const eventsBefore = (await outboxRows(t, 'password_reset.requested')).length;
    const res = await t.api('POST', '/api/auth/forgot-password', { body: { email: uniqueEmail('nobody') } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: SENT_MESSAGE });
    expect((await outboxRows(t, 'password_reset.requested')).length).toBe(eventsBefore);
  });

  it('when the account exists, then the same answer, a token hashed at rest expiring in 60 minutes, and the raw token only in the event', async () => {
    const worker = await t.registerWorker();
    const res = await t.api('POST', '/api/auth/forgot-password', { body: { email: worker.email.toUpperCase() } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: SENT_MESSAGE });

    const events = await requestedEventsFor(worker.user.id);
    expect(events).toHaveLength(1);
    const data = events[0]!.payload.data as { token: string; expiresAt: string; email: string; resetUrl: string; firstName: string };
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.email).toBe(worker.email);
    expect(data.firstName).toBe('Ada');
    expect(data.resetUrl).toBe(`http://localhost:8080/reset-password?token=${data.token}`);

    const rows = await resetsOf(worker.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toBe(createHash('sha256').update(data.token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(data.token);
    const minutes = (new Date(rows[0].expires_at).getTime() - new Date(rows[0].created_at).getTime()) / 60_000;
    expect(minutes).toBeCloseTo(60, 1);
    expect(new Date(data.expiresAt).getTime()).toBe(new Date(rows[0].expires_at).getTime());
  });

  it('when a new link is requested, then the older unused token stops working', async () => {
    const worker = await t.registerWorker();
    const first = await requestToken(worker.email, worker.user.id);
    const second = await requestToken(worker.email, worker.user.id);
    expect((await t.api('POST', '/api/auth/validate-reset-token', { body: { token: first } })).body).toEqual(INVALID_TOKEN);
    expect((await t.api('POST', '/api/auth/validate-reset-token', { body: { token: second } })).status).toBe(200);
  });

  it('when the account is suspended, then the usual answer and no token', async () => {
    const worker = await t.registerWorker();
    await t.service.pool.query('UPDATE users SET is_active = false WHERE id = $1', [worker.user.id]);
    const res = await t.api('POST', '/api/auth/forgot-password', { body: { email: worker.email } });
    expect(res.body).toEqual({ message: SENT_MESSAGE });
    expect(await resetsOf(worker.user.id)).toHaveLength(0);
  });

  it.each([
    [{}, 'Enter your email address'],
    [{ email: '' }, 'Enter your email address'],
    [{ email: 'nope' }, 'Please enter a valid email address'],
    [{ email: 'a@b.co', userId: 'x' }, 'Unknown field(s): userId'],
  ])('when the body is %j, then 400 "%s"', async (body, message) => {
    const res = await t.api('POST', '/api/auth/forgot-password', { body });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });
});

describe('POST /api/auth/validate-reset-token', () => {
  it('when the token is usable, then {valid: true, email}', async () => {
    const worker = await t.registerWorker();
    const token = await requestToken(worker.email, worker.user.id);
    const res = await t.api('POST', '/api/auth/validate-reset-token', { body: { token } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ valid: true, email: worker.email });
  });

  it('when the token is unknown, then 400 "Recovery link has expired or is invalid"', async () => {
    const res = await t.api('POST', '/api/auth/validate-reset-token', { body: { token: 'x'.repeat(43) } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(INVALID_TOKEN);
  });

  it('when the token has expired, then 400 for validation and for reset', async () => {
    const worker = await t.registerWorker();
    const token = await requestToken(worker.email, worker.user.id);
    await t.service.pool.query("UPDATE password_resets SET expires_at = now() - interval '1 minute' WHERE user_id = $1", [worker.user.id]);
    expect((await t.api('POST', '/api/auth/validate-reset-token', { body: { token } })).body).toEqual(INVALID_TOKEN);
    const reset = await t.api('POST', '/api/auth/reset-password', { body: { token, newPassword: 'NewSecret1' } });
    expect(reset.status).toBe(400);
    expect(reset.body).toEqual(INVALID_TOKEN);
    expect((await t.api('POST', '/api/auth/login', { body: { email: worker.email, password: worker.password } })).status).toBe(200);
  });

  it('when the token is missing, then 400 "Recovery token not found"', async () => {
    const res = await t.api('POST', '/api/auth/validate-reset-token', { body: {} });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Recovery token not found');
  });
});

describe('POST /api/auth/reset-password', () => {
  it('when the token is usable, then the password changes, every old session ends and password_reset.completed is published', async () => {
    const worker = await t.registerWorker();
    const token = await requestToken(worker.email, worker.user.id);
    expect((await t.api('GET', '/api/auth/me', { token: worker.token })).status).toBe(200);

    const res = await t.api('POST', '/api/auth/reset-password', { body: { token, newPassword: 'BrandNew42' } });
    expect(res.status).toBe(200);
    expect(typeof res.body.message).toBe('string');

    const me = await t.api('GET', '/api/auth/me', { token: worker.token });
    expect(me.status).toBe(401);
    expect(me.body.code).toBe('AUTH.TOKEN_REVOKED');
    expect((await t.api('POST', '/api/auth/login', { body: { email: worker.email, password: worker.password } })).status).toBe(401);
    const login = await t.api('POST', '/api/auth/login', { body: { email: worker.email, password: 'BrandNew42' } });
    expect(login.status).toBe(200);
    expect((await t.api('GET', '/api/auth/me', { token: login.body.token })).status).toBe(200);

    const completed = (await outboxRows(t, 'password_reset.completed')).filter((row) => row.payload.data.userId === worker.user.id);
    expect(completed).toHaveLength(1);
    const { rows } = await t.service.pool.query('SELECT used_at FROM password_resets WHERE user_id = $1', [worker.user.id]);
    expect(rows[0].used_at).not.toBeNull();
  });

  it('when the password is reset, then the failed logins the gateway counted for the account, from every address, are forgotten', async () => {
    const worker = await t.registerWorker();
    const redis = createRedis(t.env.env.REDIS_URL!, t.env.redisPrefix);
    try {
      const other = `${LOGIN_LIMIT_KEY_PREFIXES.account}:${accountKeyOf('someone-else@example.com')}`;
      const counted = [
        `${LOGIN_LIMIT_KEY_PREFIXES.account}:${accountKeyOf(worker.email)}`,
        `${LOGIN_LIMIT_KEY_PREFIXES.accountAddress}:${accountAddressKeyOf(worker.email, '10.1.1.1')}`,
        `${LOGIN_LIMIT_KEY_PREFIXES.accountAddress}:${accountAddressKeyOf(worker.email.toUpperCase(), '2001:db8::1')}`,
      ];
      for (const key of [...counted, other]) await redis.set(key, '10', 'EX', 900);
      const token = await requestToken(worker.email, worker.user.id);
      expect((await t.api('POST', '/api/auth/reset-password', { body: { token, newPassword: 'BrandNew42' } })).status).toBe(200);
      expect(await redis.exists(...counted)).toBe(0);
      expect(await redis.exists(other)).toBe(1);
    } finally {
      redis.disconnect();
    }
  });

  it('when the token was already used, then 400 and the password stays', async () => {
    const worker = await t.registerWorker();
    const token = await requestToken(worker.email, worker.user.id);
    expect((await t.api('POST', '/api/auth/reset-password', { body: { token, newPassword: 'FirstNew1' } })).status).toBe(200);
    const again = await t.api('POST', '/api/auth/reset-password', { body: { token, newPassword: 'SecondNew2' } });
    expect(again.status).toBe(400);
    expect(again.body).toEqual(INVALID_TOKEN);
    expect((await t.api('POST', '/api/auth/validate-reset-token', { body: { token } })).status).toBe(400);
    expect((await t.api('POST', '/api/auth/login', { body: { email: worker.email, password: 'FirstNew1' } })).status).toBe(200);
  });

  it('when two resets with the same token race, then exactly one succeeds and one event is published', async () => {
    const worker = await t.registerWorker();
    const token = await requestToken(worker.email, worker.user.id);
    const results = await Promise.all(
      ['RaceOne11', 'RaceTwo22', 'RaceThree33'].map((newPassword) => t.api('POST', '/api/auth/reset-password', { body: { token, newPassword } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    const completed = (await outboxRows(t, 'password_reset.completed')).filter((row) => row.payload.data.userId === worker.user.id);
    expect(completed).toHaveLength(1);
  });

  it.each([
    [{ newPassword: 'abc' }, 'Password must contain at least 6 characters'],
    [{ newPassword: '' }, 'Enter new password'],
    [{}, 'Enter new password'],
    [{ newPassword: 'Valid123', email: 'a@b.co' }, 'Unknown field(s): email'],
  ])('when the body is invalid (%j), then 400 "%s", the token stays usable and nothing is published', async (override, message) => {
    const worker = await t.registerWorker();
    const token = await requestToken(worker.email, worker.user.id);
    const res = await t.api('POST', '/api/auth/reset-password', { body: { token, ...override } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect((await t.api('POST', '/api/auth/validate-reset-token', { body: { token } })).status).toBe(200);
    const completed = (await outboxRows(t, 'password_reset.completed')).filter((row) => row.payload.data.userId === worker.user.id);
    expect(completed).toHaveLength(0);
  });

  it('when the token is missing, then 400 "Recovery token not found"', async () => {
    const res = await t.api('POST', '/api/auth/reset-password', { body: { newPassword: 'Valid123' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Recovery token not found');
  });
});
