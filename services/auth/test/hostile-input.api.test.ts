import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFieldsAcceptingHostileText, fingerprintTables, probeHostileInput, recordRouteTables, type TRecordedRoute } from '@platform/service-kit/testing';
import { createAdmin } from '../src/domain/create-admin.use-case.js';
import { startTestService, uniqueEmail, type TTestService } from './helpers.js';

let t: TTestService;
let routes: TRecordedRoute[];
let worker: { token: string; email: string; password: string };
let adminToken: string;
beforeAll(async () => {
  const recorder = recordRouteTables();
  try {
    t = await startTestService('auth_hostile');
    routes = recorder.routesServedAt(t.service.url);
  } finally {
    recorder.stop();
  }
  worker = await t.registerWorker();
  const admin = await createAdmin(t.service.pool, { email: uniqueEmail('admin'), password: 'a-long-admin-password' });
  const login = await t.api('POST', '/api/auth/login', { body: { email: admin.user.email, password: 'a-long-admin-password' } });
  adminToken = login.body.token as string;
});
afterAll(async () => {
  await t?.close();
});

describe('hostile input on every route of the auth service', () => {
  it('when the route table is read, then it has the routes this file knows of (and any added later)', () => {
    const names = routes.map((r) => `${r.method} ${r.url}`);
    expect(names).toEqual(expect.arrayContaining(['POST /api/auth/register', 'POST /api/auth/login', 'GET /api/admin/users', 'POST /api/documents/:id/accept']));
  });

  it('when any text field of any route is given a NUL, a control character or a lone surrogate on its own, then its schema refuses it', () => {
    const accepting = routes.flatMap((r) =>
      (['body', 'querystring', 'params'] as const).flatMap((part) => findFieldsAcceptingHostileText(r.schema[part]).map((field) => `${r.method} ${r.url} ${part}.${field}`)),
    );
    expect(accepting).toEqual([]);
  });

  it('when a registration has a NUL in a name or a search has one, then 400 naming the field and no user is created', async () => {
    const email = uniqueEmail('nul');
    const res = await t.api('POST', '/api/auth/register', { body: { email, password: 'Secret123', firstName: 'Ada', lastName: 'Love\u0000lace' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'Last name must not contain control characters', code: 'REQUEST.VALIDATION', field: 'lastName' });
    expect((await t.service.pool.query('SELECT id FROM users WHERE email = $1', [email])).rows).toEqual([]);
    const search = await t.api('GET', '/api/admin/users?search=a%00b', { token: adminToken });
    expect(search.status).toBe(400);
    expect(search.body).toMatchObject({ message: 'Search must not contain control characters', code: 'REQUEST.VALIDATION' });
  });

  it('when every route gets NUL, lone surrogates, a BOM, 10 MB, a 301-character or malformed path parameter, then 4xx {message, code} and nothing is written', async () => {
    const before = await fingerprintTables(t.service.pool);
    const answers = await probeHostileInput({
      // The upload route answers any JSON body 415 before reading it (issue 26).
      uploadRoutes: ['POST /api/user/verification'],
      baseUrl: t.service.url,
      routes,
      // /internal/stats/* (the admin dashboard's rebuild) answers admins only, as /api/admin/ does.
      tokenFor: (route) => (route.url.startsWith('/api/admin/') || route.url.startsWith('/internal/stats/') ? adminToken : worker.token),
      samples: {
        'POST /api/auth/register': { email: uniqueEmail('probe'), password: 'Secret123', confirmPassword: 'Secret123', firstName: 'Ada', lastName: 'Lovelace', telegramUsername: 'ada', referralSource: 'A friend' },
        'POST /api/auth/login': { email: worker.email, password: worker.password },
        'POST /api/auth/forgot-password': { email: worker.email },
        'POST /api/auth/validate-reset-token': { token: 'a'.repeat(43) },
        'POST /api/auth/reset-password': { token: 'a'.repeat(43), newPassword: 'Secret456' },
        'POST /api/documents/:id/accept': { userAgent: 'Mozilla/5.0' },
      },
    });
    expect(answers.length).toBeGreaterThan(routes.length * 3);
    expect(answers.filter((a) => a.problem)).toEqual([]);
    expect(await fingerprintTables(t.service.pool)).toEqual(before);
  });
});
