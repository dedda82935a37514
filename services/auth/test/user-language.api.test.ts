import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxRows, startTestService, type TTestService } from './helpers.js';

let t: TTestService;

beforeAll(async () => {
  t = await startTestService('auth_user_language');
});

afterAll(async () => {
  await t?.close();
});

const eventsOf = async (type: string, userId: string) => (await outboxRows(t, type)).filter((e) => e.payload.data.userId === userId).map((e) => e.payload.data);

describe('the language of a user (issue 28)', () => {
  it('when a worker registers from the Russian interface, then GET /api/auth/me and user.registered say ru', async () => {
    const worker = await t.registerWorker({ language: 'ru' });
    expect(worker.user.language).toBe('ru');
    expect((await t.api('GET', '/api/auth/me', { token: worker.token })).body.language).toBe('ru');
    expect((await eventsOf('user.registered', worker.user.id)).map((d) => d.language)).toEqual(['ru']);
  });

  it('when a worker registers without a language, then it is English', async () => {
    const worker = await t.registerWorker();
    expect((await t.api('GET', '/api/auth/me', { token: worker.token })).body.language).toBe('en');
  });

  it('when the worker switches the interface to Russian, then PUT /api/user/language stores it and publishes user.updated once', async () => {
    const worker = await t.registerWorker();
    const put = await t.api('PUT', '/api/user/language', { token: worker.token, body: { language: 'ru' } });
    expect(put).toMatchObject({ status: 200, body: { language: 'ru' } });
    await t.api('PUT', '/api/user/language', { token: worker.token, body: { language: 'ru' } });
    expect((await t.api('GET', '/api/auth/me', { token: worker.token })).body.language).toBe('ru');
    expect((await eventsOf('user.updated', worker.user.id)).map((d) => d.language)).toEqual(['ru']);
  });

  it('when the language is not en or ru, or missing, then 400 naming the field, and nothing changes', async () => {
    const worker = await t.registerWorker();
    for (const body of [{ language: 'de' }, { language: 7 }, {}]) {
      const put = await t.api('PUT', '/api/user/language', { token: worker.token, body });
      expect(put.status).toBe(400);
      expect(put.body.field).toBe('language');
    }
    const register = await t.api('POST', '/api/auth/register', { body: { email: 'lang.de@example.com', password: 'secret123', firstName: 'A', lastName: 'B', language: 'de' } });
    expect(register.status).toBe(400);
    expect(register.body).toMatchObject({ field: 'language', message: 'language must be en or ru' });
    expect((await t.api('GET', '/api/auth/me', { token: worker.token })).body.language).toBe('en');
  });

  it('without a token, then 401', async () => {
    expect((await t.api('PUT', '/api/user/language', { body: { language: 'ru' } })).status).toBe(401);
  });

  it('when a Russian worker asks for a password reset, then password_reset.requested carries ru', async () => {
    const worker = await t.registerWorker({ language: 'ru' });
    await t.api('POST', '/api/auth/forgot-password', { body: { email: worker.email } });
    expect((await eventsOf('password_reset.requested', worker.user.id)).map((d) => d.language)).toEqual(['ru']);
  });
});
