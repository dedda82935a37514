import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TTestService } from './helpers.js';

/**
 * DELETE /api/user/account asks for the password. A stolen session must not turn it into a password oracle beyond
 * the gateway's login limits: attempts are counted per user (PASSWORD_CONFIRM_ATTEMPTS, default 5, per
 * PASSWORD_CONFIRM_WINDOW_SECONDS, default 15 minutes), before the password is checked; the right one forgets them.
 */
let t: TTestService;

beforeAll(async () => {
  t = await startTestService('auth_password_attempts');
});
afterAll(async () => {
  await t?.close();
});

const deleteAccount = (token: string, password: string) => t.api('DELETE', '/api/user/account', { token, body: { password } });

describe('DELETE /api/user/account password attempts', () => {
  it('when a worker gives a wrong password 5 times, then the 6th attempt is 429 with Retry-After even with the right password, the account stays, and another worker is not affected', async () => {
    const worker = await t.registerWorker();
    const other = await t.registerWorker();
    for (let attempt = 1; attempt <= 5; attempt++) {
      const wrong = await deleteAccount(worker.token, `wrong-${attempt}`);
      expect(wrong.status, `attempt ${attempt}`).toBe(400);
      expect(wrong.body.code).toBe('AUTH.WRONG_PASSWORD');
    }
    const limited = await deleteAccount(worker.token, worker.password);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      code: 'REQUEST.RATE_LIMITED',
      message: 'Too many password attempts. Please try again in 15 minutes.',
      params: { what: 'password attempts', minutes: 15 },
    });
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect((await t.api('GET', '/api/auth/me', { token: worker.token })).status).toBe(200);
    const { rows } = await t.service.pool.query('SELECT email FROM users WHERE id = $1', [worker.user.id]);
    expect(rows[0].email).toBe(worker.email);

    expect((await deleteAccount(other.token, 'wrong')).status).toBe(400);
  });

  it('when parallel guesses arrive at once, then no more than 5 are checked', async () => {
    const worker = await t.registerWorker();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => deleteAccount(worker.token, `guess-${i}`)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });

  it('when the right password is given, then the count starts again', async () => {
    // An admin account: the right password passes the check, then the deletion is refused (409) and nothing is erased.
    const admin = await t.registerWorker();
    await t.service.pool.query("UPDATE users SET role = 'admin' WHERE id = $1", [admin.user.id]);
    for (let attempt = 1; attempt <= 4; attempt++) expect((await deleteAccount(admin.token, `wrong-${attempt}`)).status).toBe(400);
    const right = await deleteAccount(admin.token, admin.password);
    expect(right.status).toBe(409);
    expect(right.body.message).toBe('Admin accounts cannot be deleted');
    for (let attempt = 1; attempt <= 5; attempt++) expect((await deleteAccount(admin.token, `again-${attempt}`)).status, `attempt ${attempt}`).toBe(400);
    expect((await deleteAccount(admin.token, 'one-too-many')).status).toBe(429);
  });
});
