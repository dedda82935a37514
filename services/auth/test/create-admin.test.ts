import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { AppError } from '@platform/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../src/domain/create-admin.use-case.js';
import { DEV_ADMIN_EMAIL, DEV_ADMIN_PASSWORD, seedDevelopment } from '../src/scripts/seed-dev.js';
import { outboxRows, startTestService, uniqueEmail, type TTestService } from './helpers.js';

const run = promisify(execFile);
const SCRIPT = fileURLToPath(new URL('../src/scripts/create-admin.ts', import.meta.url));

let t: TTestService;
beforeAll(async () => {
  t = await startTestService('auth_admin');
});
afterAll(async () => {
  await t?.close();
});

async function eventsFor(type: string, email: string) {
  return (await outboxRows(t, type)).filter((row) => row.payload.data.email === email);
}

describe('createAdmin (npm run create-admin)', () => {
  it('when no password is given, then an admin is created with a generated strong password that logs in, and user.registered is published', async () => {
    const email = uniqueEmail('admin');
    const result = await createAdmin(t.service.pool, { email: email.toUpperCase(), firstName: 'Root', lastName: 'Person' });
    expect(result.action).toBe('created');
    expect(result.generatedPassword).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(result.user).toMatchObject({ email, role: 'admin', firstName: 'Root', lastName: 'Person' });

    const login = await t.api('POST', '/api/auth/login', { body: { email, password: result.generatedPassword } });
    expect(login.status).toBe(200);
    expect(login.body.user.role).toBe('admin');
    const events = await eventsFor('user.registered', email);
    expect(events).toHaveLength(1);
    expect(events[0]!.payload.data.role).toBe('admin');
  });

  it('when a password is given, then it is used and not echoed back', async () => {
    const email = uniqueEmail('admin');
    const result = await createAdmin(t.service.pool, { email, password: 'a-long-admin-password' });
    expect(result.generatedPassword).toBeUndefined();
    expect((await t.api('POST', '/api/auth/login', { body: { email, password: 'a-long-admin-password' } })).status).toBe(200);
  });

  it('when the given password is shorter than 12 characters, then it is refused and nothing is created', async () => {
    const email = uniqueEmail('admin');
    await expect(createAdmin(t.service.pool, { email, password: 'short' })).rejects.toMatchObject({ code: 'AUTH.WEAK_PASSWORD' });
    expect(await eventsFor('user.registered', email)).toHaveLength(0);
  });

  it('when a worker has the e-mail, then it is refused without --promote and promoted with it (user.updated published)', async () => {
    const worker = await t.registerWorker();
    const refused = await createAdmin(t.service.pool, { email: worker.email }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('AUTH.USER_EXISTS');
    expect((await t.api('GET', '/api/auth/me', { token: worker.token })).body.role).toBe('employee');

    const promoted = await createAdmin(t.service.pool, { email: worker.email, promote: true });
    expect(promoted.action).toBe('promoted');
    expect(promoted.generatedPassword).toBeUndefined();
    const login = await t.api('POST', '/api/auth/login', { body: { email: worker.email, password: worker.password } });
    expect(login.body.user.role).toBe('admin');
    const updated = await eventsFor('user.updated', worker.email);
    expect(updated).toHaveLength(1);
    expect(updated[0]!.payload.data.role).toBe('admin');

    expect((await createAdmin(t.service.pool, { email: worker.email, promote: true })).action).toBe('unchanged');
    expect(await eventsFor('user.updated', worker.email)).toHaveLength(1);
  });

  it('when the script runs, then it prints the generated password once and the admin can log in', async () => {
    const email = uniqueEmail('cli-admin');
    const { stdout } = await run(process.execPath, ['--import', 'tsx', SCRIPT, '--email', email, '--first-name', 'Cli'], {
      env: { ...process.env, DATABASE_URL: t.env.database.url, NODE_ENV: 'test' },
      timeout: 30_000,
    });
    const password = /Generated password \(shown only once, store it now\): (\S+)/.exec(stdout)?.[1];
    expect(password).toBeDefined();
    expect((await t.api('POST', '/api/auth/login', { body: { email, password } })).body.user.role).toBe('admin');
  });
});

describe('seedDevelopment', () => {
  it('when run twice, then one development admin (Admin123!) and two documents exist', async () => {
    await seedDevelopment(t.service.pool);
    await Promise.all([seedDevelopment(t.service.pool), seedDevelopment(t.service.pool)]);
    const { rows } = await t.service.pool.query<{ type: string; title: string }>("SELECT type, title FROM company_documents WHERE type IN ('terms', 'privacy') ORDER BY sort_order");
    expect(rows).toEqual([
      { type: 'terms', title: 'Terms of Work' },
      { type: 'privacy', title: 'Privacy Notice' },
    ]);
    expect(await eventsFor('user.registered', DEV_ADMIN_EMAIL)).toHaveLength(1);
    const login = await t.api('POST', '/api/auth/login', { body: { email: DEV_ADMIN_EMAIL, password: DEV_ADMIN_PASSWORD } });
    expect(login.status).toBe(200);
    expect(login.body.user.role).toBe('admin');
  });
});
