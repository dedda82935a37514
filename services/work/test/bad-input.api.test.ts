import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTask, startWorkHarness, submissionForm, takenTask, type TWorkHarness } from './helpers.js';

let h: TWorkHarness;
beforeAll(async () => {
  h = await startWorkHarness('work_bad_input');
});
afterAll(async () => {
  await h?.close();
});

describe('bad input on every call', () => {
  it('when bodies have wrong types, unknown fields, are arrays, null, multipart or garbage, then 4xx with {message, code} and never 500', async () => {
    const worker = await h.newUser();
    const task = await createTask(h);
    const { taskId, assignmentId } = await takenTask(h, worker);
    const pkg = (await h.api('POST', '/api/admin/task-packages', { token: h.admin.token, body: { name: 'P' } })).body;
    const calls: [string, string, string][] = [
      ['POST', '/api/admin/tasks', h.admin.token],
      ['PATCH', `/api/admin/tasks/${task.id}`, h.admin.token],
      ['POST', `/api/tasks/${task.id}/take`, worker.token],
      ['POST', `/api/admin/submissions/${assignmentId}/approve`, h.admin.token],
      ['POST', `/api/admin/submissions/${assignmentId}/reject`, h.admin.token],
      ['POST', `/api/admin/assignments/${assignmentId}/cancel`, h.admin.token],
      ['PATCH', `/api/admin/task-requests/${task.id}`, h.admin.token],
      ['POST', '/api/admin/task-packages', h.admin.token],
      ['PUT', `/api/admin/task-packages/${pkg.id}`, h.admin.token],
      ['POST', `/api/admin/task-packages/${pkg.id}/tasks`, h.admin.token],
    ];
    const bodies: { body?: unknown; form?: FormData; headers?: Record<string, string> }[] = [
      { body: [] },
      { body: null },
      { body: 'text' },
      { body: { title: 1, description: [], reward: {}, submissionInstructions: true, status: 'x', reason: 5, name: null, taskId: 7 } },
      { form: submissionForm('x') },
      { headers: { 'content-type': 'application/json' }, body: undefined },
    ];
    for (const [method, path, token] of calls) {
      for (const options of bodies) {
        const res =
          options.headers && options.body === undefined
            ? await fetch(`${h.service.url}${path}`, { method, headers: { ...options.headers, authorization: `Bearer ${token}` }, body: '{"a":' }).then(async (r) => ({ status: r.status, body: await r.json() }))
            : await h.api(method, path, { token, ...options });
        const what = `${method} ${path} ${JSON.stringify(options.body)}`;
        expect(res.status, what).toBeLessThan(500);
        // A call without a payload may take `null` as "no body"; everything else is refused.
        if (options.body === null && (path.endsWith('/take') || path.endsWith('/approve'))) continue;
        expect(res.status, what).toBeGreaterThanOrEqual(400);
        expect(res.body).toMatchObject({ message: expect.any(String), code: expect.any(String) });
      }
    }
    // Nothing above changed the worker's assignment or created tasks.
    const [row] = await h.query<{ status: string }>('SELECT status FROM task_assignments WHERE id = $1', [assignmentId]);
    expect(row?.status).toBe('assigned');
    expect((await h.query('SELECT id FROM task_packages')).length).toBe(1);
    expect((await h.query('SELECT id FROM tasks')).length).toBe(2);
    expect(taskId).toBeDefined();
  });

  it('when a multipart upload is malformed or names a forbidden field, then 400 and no file is kept', async () => {
    const worker = await h.newUser();
    const { taskId } = await takenTask(h, worker);
    const before = await h.storedFiles();
    const truncated = await fetch(`${h.service.url}/api/tasks/${taskId}/submit`, {
      method: 'POST',
      headers: { authorization: `Bearer ${worker.token}`, 'content-type': 'multipart/form-data; boundary=XYZ' },
      body: '--XYZ\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
    });
    expect(truncated.status).toBe(400);
    const proto = new FormData();
    proto.append('submission', 'x');
    proto.append('__proto__', 'y');
    expect((await h.api('POST', `/api/tasks/${taskId}/submit`, { token: worker.token, form: proto })).status).toBe(400);
    expect(await h.storedFiles()).toEqual(before);
  });
});
