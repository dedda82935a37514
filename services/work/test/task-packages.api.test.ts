import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTask, startWorkHarness, type TWorkHarness } from './helpers.js';

let h: TWorkHarness;
beforeAll(async () => {
  h = await startWorkHarness('work_packages');
});
afterAll(async () => {
  await h?.close();
});

describe('/api/admin/task-packages', () => {
  it('when an admin creates, edits, lists and deletes a package, then each call answers with the package', async () => {
    const created = await h.api('POST', '/api/admin/task-packages', { token: h.admin.token, body: { name: ' Starter ', description: 'First tasks' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Starter', description: 'First tasks', isActive: true, taskCount: 0, tasks: [] });
    const id = created.body.id as string;
    const edited = await h.api('PUT', `/api/admin/task-packages/${id}`, { token: h.admin.token, body: { name: 'Starter pack', isActive: false } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Starter pack', description: 'First tasks', isActive: false });
    const list = await h.api('GET', '/api/admin/task-packages?pageSize=100', { token: h.admin.token });
    expect(list.body.items.map((p: { id: string }) => p.id)).toContain(id);
    expect((await h.api('DELETE', `/api/admin/task-packages/${id}`, { token: h.admin.token })).status).toBe(200);
    expect((await h.api('GET', `/api/admin/task-packages/${id}`, { token: h.admin.token })).status).toBe(404);
  });

  it('when the name is missing or blank, then 400 "Package name is required"', async () => {
    for (const body of [{}, { name: '  ' }]) {
      const res = await h.api('POST', '/api/admin/task-packages', { token: h.admin.token, body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Package name is required');
    }
    expect((await h.api('POST', '/api/admin/task-packages', { token: h.admin.token, body: { name: 'x', color: 'red' } })).status).toBe(400);
  });

  it('when tasks are added, then they are listed in order, a task is accepted once (409 after), and not offered again', async () => {
    const pkg = (await h.api('POST', '/api/admin/task-packages', { token: h.admin.token, body: { name: 'Ordered' } })).body;
    const [a, b, c] = [await createTask(h), await createTask(h), await createTask(h)];
    for (const task of [b, a]) {
      expect((await h.api('POST', `/api/admin/task-packages/${pkg.id}/tasks`, { token: h.admin.token, body: { taskId: task.id } })).status).toBe(201);
    }
    const top = await h.api('POST', `/api/admin/task-packages/${pkg.id}/tasks`, { token: h.admin.token, body: { taskId: c.id, sortOrder: 0 } });
    expect(top.body.tasks.map((t: { id: string }) => t.id)).toEqual([b.id, c.id, a.id]);
    expect(top.body.tasks[0]).toMatchObject({ title: b.title, reward: '12.50', dueDate: null, sortOrder: 0 });

    const dup = await h.api('POST', `/api/admin/task-packages/${pkg.id}/tasks`, { token: h.admin.token, body: { taskId: a.id } });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('This task is already in the package');

    const offered = await h.api('GET', `/api/admin/task-packages/${pkg.id}/available-tasks?pageSize=100`, { token: h.admin.token });
    const offeredIds = offered.body.items.map((t: { id: string }) => t.id);
    expect(offeredIds).not.toContain(a.id);
    expect(offeredIds).not.toContain(b.id);

    const detail = await h.api('GET', `/api/admin/task-packages/${pkg.id}`, { token: h.admin.token });
    expect(detail.body).toMatchObject({ taskCount: 3 });

    const removed = await h.api('DELETE', `/api/admin/task-packages/${pkg.id}/tasks/${a.id}`, { token: h.admin.token });
    expect(removed.status).toBe(200);
    expect(removed.body.tasks.map((t: { id: string }) => t.id)).toEqual([b.id, c.id]);
    expect((await h.api('DELETE', `/api/admin/task-packages/${pkg.id}/tasks/${a.id}`, { token: h.admin.token })).status).toBe(404);
  });

  it('when no task is selected or the task is unknown, then 400 "Please select a task" / 404', async () => {
    const pkg = (await h.api('POST', '/api/admin/task-packages', { token: h.admin.token, body: { name: 'P' } })).body;
    const empty = await h.api('POST', `/api/admin/task-packages/${pkg.id}/tasks`, { token: h.admin.token, body: { taskId: '' } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Please select a task');
    expect((await h.api('POST', `/api/admin/task-packages/${pkg.id}/tasks`, { token: h.admin.token, body: { taskId: '00000000-0000-4000-8000-000000000000' } })).status).toBe(404);
  });

  it('when a worker calls, then 403', async () => {
    const worker = await h.newUser();
    expect((await h.api('GET', '/api/admin/task-packages', { token: worker.token })).status).toBe(403);
  });
});
