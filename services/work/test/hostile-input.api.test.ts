import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  findFieldsAcceptingHostileText,
  fingerprintTables,
  probeHostileInput,
  recordRouteTables,
  type TRecordedRoute,
} from '@platform/service-kit/testing';
import { startWorkHarness, submittedTask, taskBody, tinyPng, type TTestUser, type TWorkHarness } from './helpers.js';

let h: TWorkHarness;
let routes: TRecordedRoute[];
let worker: TTestUser;
beforeAll(async () => {
  const recorder = recordRouteTables();
  try {
    h = await startWorkHarness('work_hostile');
    routes = recorder.routesServedAt(h.service.url);
  } finally {
    recorder.stop();
  }
  worker = await h.newUser();
  // Some data for the probe to (not) change: a submitted task with a file, and a package.
  await submittedTask(h, worker, [{ bytes: tinyPng(), name: 'a.png', type: 'image/png' }]);
  await h.api('POST', '/api/admin/task-packages', { token: h.admin.token, body: { name: 'Kept' } });
});
afterAll(async () => {
  await h?.close();
});

describe('hostile input on every route of the work service', () => {
  it('when the route table is read, then it has the routes this file knows of (and any added later)', () => {
    const names = routes.map((r) => `${r.method} ${r.url}`);
    expect(names).toEqual(expect.arrayContaining(['POST /api/admin/tasks', 'POST /api/tasks/:id/submit', 'GET /api/files/:fileName', 'PATCH /api/admin/task-requests/:taskId']));
  });

  it('when any text field of any route is given a NUL, a control character or a lone surrogate on its own, then its schema refuses it', () => {
    const accepting = routes.flatMap((r) =>
      (['body', 'querystring', 'params'] as const).flatMap((part) => findFieldsAcceptingHostileText(r.schema[part]).map((field) => `${r.method} ${r.url} ${part}.${field}`)),
    );
    expect(accepting).toEqual([]);
  });

  it('when a task title has a NUL or a filter a control character, then 400 naming the field and no task is created', async () => {
    const tasks = await h.query('SELECT id FROM tasks');
    const res = await h.api('POST', '/api/admin/tasks', { token: h.admin.token, body: taskBody({ title: 'Shop\u0000front' }) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'Title must not contain control characters', code: 'REQUEST.VALIDATION', field: 'title' });
    const reason = await h.api('POST', `/api/admin/submissions/${randomUUID()}/reject`, { token: h.admin.token, body: { reason: 'bad\ud800' } });
    expect(reason.body).toMatchObject({ message: 'Rejection reason must be valid Unicode text', code: 'REQUEST.VALIDATION' });
    expect(await h.query('SELECT id FROM tasks')).toEqual(tasks);
  });

  it('when every route gets NUL, lone surrogates, a BOM, 10 MB, a 301-character or malformed path parameter, then 4xx {message, code} and nothing is written', async () => {
    const before = await fingerprintTables(h.service.pool);
    const filesBefore = await h.storedFiles();
    const answers = await probeHostileInput({
      // The upload route answers any JSON body 415 before reading it (issue 26).
      uploadRoutes: ['POST /api/tasks/:id/submit'],
      baseUrl: h.service.url,
      routes,
      // /internal/stats/* (the admin dashboard's rebuild) answers admins only, as /api/admin/ does.
      tokenFor: (route) => (route.url.startsWith('/api/admin/') || route.url.startsWith('/internal/stats/') ? h.admin.token : worker.token),
      samples: {
        'POST /api/admin/tasks': taskBody(),
        'PATCH /api/admin/tasks/:id': taskBody(),
        'POST /api/admin/submissions/:id/reject': { reason: 'Blurry photo' },
        'POST /api/admin/assignments/:id/cancel': { reason: 'No longer needed' },
        'PATCH /api/admin/task-requests/:taskId': { status: 'rejected', reason: 'Not now' },
        'POST /api/admin/task-packages': { name: 'Package', description: 'About it' },
        'PUT /api/admin/task-packages/:id': { name: 'Package', description: 'About it' },
      },
    });
    expect(answers.length).toBeGreaterThan(routes.length * 3);
    expect(answers.filter((a) => a.problem)).toEqual([]);
    expect(await fingerprintTables(h.service.pool)).toEqual(before);
    expect(await h.storedFiles()).toEqual(filesBefore);
  });
});
