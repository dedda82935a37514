import argon2 from 'argon2';
import { eventually } from '@platform/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxRows, startTestService, uniqueEmail, type TTestService } from './helpers.js';

let t: TTestService;
beforeAll(async () => {
  t = await startTestService('auth_register');
});
afterAll(async () => {
  await t?.close();
});

async function usersWithEmail(email: string): Promise<number> {
  const result = await t.service.pool.query('SELECT 1 FROM users WHERE lower(email) = lower($1)', [email]);
  return result.rowCount ?? 0;
}

async function registeredEventsFor(email: string) {
  return (await outboxRows(t, 'user.registered')).filter((row) => row.payload.data.email === email.toLowerCase());
}

const validBody = (email: string) => ({
  email,
  password: 'Secret123',
  confirmPassword: 'Secret123',
  firstName: 'Grace',
  lastName: 'Hopper',
  telegramUsername: '@grace',
  referralSource: 'spring-campaign',
});

describe('POST /api/auth/register', () => {
  it('when the body is valid, then it answers 201 with a token and the user, and user.registered is in the outbox', async () => {
    const email = uniqueEmail('New.Worker').replace('new', 'NEW');
    const res = await t.api('POST', '/api/auth/register', { body: validBody(email) });
    expect(res.status).toBe(201);
    expect(typeof res.body.token).toBe('string');
    expect(res.body.user).toEqual({
      id: expect.any(String),
      email: email.toLowerCase(),
      firstName: 'Grace',
      lastName: 'Hopper',
      telegramUsername: 'grace',
      role: 'employee',
      isActive: true,
      isVerified: false,
      verificationStatus: 'none',
      welcomeVideoShown: false,
      documentsAccepted: false,
      documentsAcceptedAt: null,
      createdAt: expect.any(String),
      language: 'en',
      balance: null,
      heldBalance: null,
    });
    expect(res.body.user).not.toHaveProperty('password');
    const events = await registeredEventsFor(email);
    expect(events).toHaveLength(1);
    expect(events[0]!.payload.data).toMatchObject({ userId: res.body.user.id, role: 'employee', referralSource: 'spring-campaign', firstName: 'Grace' });

    const me = await t.api('GET', '/api/auth/me', { token: res.body.token });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(res.body.user.id);
  });

  it('when a user registers, then the password is stored as an argon2id hash, never in clear', async () => {
    const email = uniqueEmail();
    await t.registerWorker({ email, password: 'Plain-Text-9' });
    const { rows } = await t.service.pool.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE email = $1', [email]);
    expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$/);
    expect(rows[0]!.password_hash).not.toContain('Plain-Text-9');
    expect(await argon2.verify(rows[0]!.password_hash, 'Plain-Text-9')).toBe(true);
  });

  it('when confirmPassword differs from password, then 400 "Passwords don\'t match" and nothing is created', async () => {
    const email = uniqueEmail();
    const res = await t.api('POST', '/api/auth/register', { body: { ...validBody(email), confirmPassword: 'Different1' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: "Passwords don't match", code: 'REQUEST.VALIDATION', field: 'confirmPassword' });
    expect(await usersWithEmail(email)).toBe(0);
    expect(await registeredEventsFor(email)).toHaveLength(0);
  });

  it('when confirmPassword is left out, then the registration succeeds', async () => {
    const email = uniqueEmail();
    const { confirmPassword: _omit, ...body } = validBody(email);
    const res = await t.api('POST', '/api/auth/register', { body });
    expect(res.status).toBe(201);
  });

  it.each([
    [{ password: '12345', confirmPassword: '12345' }, 'Password must contain at least 6 characters'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ firstName: '   ' }, 'First name is required'],
    [{ lastName: undefined }, 'Last name is required'],
    [{ firstName: 'x'.repeat(101) }, 'First name is too long'],
  ])('when the body is invalid (%j), then 400 with the message "%s" and nothing is created', async (override, message) => {
    const email = uniqueEmail();
    const res = await t.api('POST', '/api/auth/register', { body: { ...validBody(email), ...override } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, code: 'REQUEST.VALIDATION' });
    expect(await usersWithEmail(email)).toBe(0);
  });

  it('when the e-mail is already registered in another letter case, then 409 "User with this email already exists" and no second event', async () => {
    const email = uniqueEmail();
    await t.registerWorker({ email });
    const res = await t.api('POST', '/api/auth/register', { body: validBody(email.toUpperCase()) });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'User with this email already exists', code: 'AUTH.EMAIL_TAKEN', field: 'email' });
    expect(await usersWithEmail(email)).toBe(1);
    expect(await registeredEventsFor(email)).toHaveLength(1);
  });

  it.each([{ role: 'admin' }, { isVerified: true }, { isActive: false }, { balance: '1000.00' }])(
    'when the body tries to set %j, then 400 and nothing is created',
    async (extra) => {
      const email = uniqueEmail();
      const res = await t.api('POST', '/api/auth/register', { body: { ...validBody(email), ...extra } });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('REQUEST.VALIDATION');
      expect(res.body.message).toBe(`Unknown field(s): ${Object.keys(extra)[0]}`);
      expect(await usersWithEmail(email)).toBe(0);
      expect(await registeredEventsFor(email)).toHaveLength(0);
    },
  );

  it('when two registrations with the same e-mail race, then one gets 201 and the other 409, never a 500', async () => {
    const email = uniqueEmail('race');
    const [a, b] = await Promise.all([
      t.api('POST', '/api/auth/register', { body: validBody(email) }),
      t.api('POST', '/api/auth/register', { body: validBody(email.toUpperCase()) }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect(await usersWithEmail(email)).toBe(1);
    expect(await registeredEventsFor(email)).toHaveLength(1);
  });
});

describe('outbox relay', () => {
  it('when a user registers, then the relay started by start() publishes user.registered (the row is marked sent)', async () => {
    const worker = await t.registerWorker();
    await eventually(
      async () => {
        const { rows } = await t.service.pool.query<{ sent_at: Date | null }>("SELECT sent_at FROM outbox WHERE type = 'user.registered' AND payload->'data'->>'userId' = $1", [worker.user.id]);
        return rows[0]?.sent_at;
      },
      { what: 'user.registered to be published', timeoutMs: 15_000 },
    );
  });
});

describe('request hygiene', () => {
  it('when the body is not valid JSON, then 400 REQUEST.MALFORMED_JSON', async () => {
    const res = await t.api('POST', '/api/auth/register', { rawBody: '{"email": "a@b.c",' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('REQUEST.MALFORMED_JSON');
  });

  it('when the body is larger than the limit, then 413', async () => {
    const email = uniqueEmail();
    const res = await t.api('POST', '/api/auth/register', { body: { ...validBody(email), firstName: 'x'.repeat(200_000) } });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'The request body is too large', code: 'REQUEST.TOO_LARGE' });
    expect(await usersWithEmail(email)).toBe(0);
  });

  it('when the body is missing, then 400', async () => {
    const res = await t.api('POST', '/api/auth/login');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('REQUEST.VALIDATION');
  });

  it('when the body is a JSON array, then 400', async () => {
    const res = await t.api('POST', '/api/auth/login', { body: [] });
    expect(res.status).toBe(400);
  });

  it('when an answer comes from /api, then it is not cached', async () => {
    const res = await t.api('POST', '/api/auth/login', { body: { email: uniqueEmail(), password: 'x' } });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});
