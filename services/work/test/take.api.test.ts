import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countEvents, createTask, startWorkHarness, type TWorkHarness } from './helpers.js';

let h: TWorkHarness;
beforeAll(async () => {
  h = await startWorkHarness('work_take');
});
afterAll(async () => {
  await h?.close();
});

describe('POST /api/tasks/{id}/take', () => {
  it('when a worker takes an available task, then 201 with the assignment, the task is assigned and assignment.created is written', async () => {
    const worker = await h.newUser();
    const task = await createTask(h, { timeLimitMinutes: 60 });
    const res = await h.api('POST', `/api/tasks/${task.id}/take`, { token: worker.token });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ message: 'Task taken successfully!', status: 'assigned', assignment: { taskId: task.id, userId: worker.id, status: 'assigned' } });
    const expiresIn = new Date(res.body.assignment.expiresAt).getTime() - new Date(res.body.assignment.assignedAt).getTime();
    expect(expiresIn).toBe(60 * 60_000);
    const [row] = await h.query<{ status: string }>('SELECT status FROM tasks WHERE id = $1', [task.id]);
    expect(row?.status).toBe('assigned');
    expect(await countEvents(h, 'assignment.created', res.body.assignment.id)).toBe(1);
  });

  it('when two workers race for the same task, then exactly one gets it and the other gets 409 "This task has already been taken"', async () => {
    for (let round = 0; round < 5; round += 1) {
      const task = await createTask(h);
      const [a, b] = [await h.newUser(), await h.newUser()];
      const results = await Promise.all([a, b].map((w) => h.api('POST', `/api/tasks/${task.id}/take`, { token: w.token })));
      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(results.find((r) => r.status === 409)?.body.message).toBe('This task has already been taken');
      const rows = await h.query('SELECT id FROM task_assignments WHERE task_id = $1', [task.id]);
      expect(rows).toHaveLength(1);
    }
  });

  it('when the same worker takes a task twice at once, then one assignment exists and the other call gets 409', async () => {
    const worker = await h.newUser();
    const task = await createTask(h);
    const results = await Promise.all([1, 2].map(() => h.api('POST', `/api/tasks/${task.id}/take`, { token: worker.token })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)?.body.message).toBe('You have already taken this task');
    expect(await h.query('SELECT id FROM task_assignments WHERE task_id = $1', [task.id])).toHaveLength(1);
  });

  it('when the database is asked for a second live assignment on a task, then the unique index refuses it', async () => {
    const worker = await h.newUser();
    const task = await createTask(h);
    await h.api('POST', `/api/tasks/${task.id}/take`, { token: worker.token });
    await expect(
      h.query(`INSERT INTO task_assignments (id, task_id, user_id, status) VALUES (gen_random_uuid(), $1, $2, 'assigned')`, [task.id, worker.id]),
    ).rejects.toThrow(/unique/);
  });

  it('when the task is past its due date, then 400 "This task is past its due date"', async () => {
    const worker = await h.newUser();
    const task = await createTask(h);
    await h.query(`UPDATE tasks SET due_date = (now() AT TIME ZONE 'UTC')::date - 1 WHERE id = $1`, [task.id]);
    const res = await h.api('POST', `/api/tasks/${task.id}/take`, { token: worker.token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'This task is past its due date', code: 'WORK.TASK_PAST_DUE' });
  });

  it('when the due date is today, then the task can still be taken', async () => {
    const worker = await h.newUser();
    const task = await createTask(h, { dueDate: new Date().toISOString().slice(0, 10) });
    expect((await h.api('POST', `/api/tasks/${task.id}/take`, { token: worker.token })).status).toBe(201);
  });

  it('when the task is completed, unknown or the id is malformed, then 409 / 404 / 404', async () => {
    const worker = await h.newUser();
    const task = await createTask(h);
    await h.query(`UPDATE tasks SET status = 'completed' WHERE id = $1`, [task.id]);
    expect((await h.api('POST', `/api/tasks/${task.id}/take`, { token: worker.token })).status).toBe(409);
    expect((await h.api('POST', '/api/tasks/00000000-0000-4000-8000-000000000000/take', { token: worker.token })).status).toBe(404);
    expect((await h.api('POST', '/api/tasks/..%2F..%2Fetc/take', { token: worker.token })).status).toBe(404);
  });

  it('when a body with fields is sent, then 400 (take has no payload)', async () => {
    const worker = await h.newUser();
    const task = await createTask(h);
    const res = await h.api('POST', `/api/tasks/${task.id}/take`, { token: worker.token, body: { userId: worker.id } });
    expect(res.status).toBe(400);
    expect(await h.query('SELECT id FROM task_assignments WHERE task_id = $1', [task.id])).toHaveLength(0);
  });
});

describe('task requests (tasks that require approval)', () => {
  it('when a worker takes such a task, then a pending request is stored and the task is pending; others get 409', async () => {
    const worker = await h.newUser();
    const other = await h.newUser();
    const task = await createTask(h, { requiresApproval: true, reward: '3.00' });
    await h.query(`INSERT INTO users (id, email, first_name, last_name, source_at) VALUES ($1, 'w@example.com', 'Wen', 'Ho', now())`, [worker.id]);
    const res = await h.api('POST', `/api/tasks/${task.id}/take`, { token: worker.token });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ status: 'pending', assignment: null, request: { status: 'pending' } });
    expect((await h.api('POST', `/api/tasks/${task.id}/take`, { token: worker.token })).body.message).toBe('You have already requested this task');
    expect((await h.api('POST', `/api/tasks/${task.id}/take`, { token: other.token })).status).toBe(409);

    const mine = (await h.api('GET', '/api/tasks', { token: worker.token })).body.find((t: { id: string }) => t.id === task.id);
    expect(mine).toMatchObject({ status: 'pending', userStatus: 'pending', userRequest: { status: 'pending' } });
    const theirs = (await h.api('GET', '/api/tasks', { token: other.token })).body.map((t: { id: string }) => t.id);
    expect(theirs).not.toContain(task.id);

    const list = await h.api('GET', '/api/admin/task-requests?status=pending', { token: h.admin.token });
    expect(list.status).toBe(200);
    const request = list.body.find((r: { taskId: string }) => r.taskId === task.id);
    expect(request).toMatchObject({
      status: 'pending',
      userId: worker.id,
      user: { firstName: 'Wen', lastName: 'Ho', email: 'w@example.com', balance: null },
      task: { title: task.title, reward: '3.00', description: task.description, dueDate: null },
    });
  });

  it('when an admin approves the pending request, then the worker gets the assignment and task_request.decided is written', async () => {
    const worker = await h.newUser();
    const task = await createTask(h, { requiresApproval: true });
    await h.api('POST', `/api/tasks/${task.id}/take`, { token: worker.token });
    const res = await h.api('PATCH', `/api/admin/task-requests/${task.id}`, { token: h.admin.token, body: { status: 'approved' } });
    expect(res.status).toBe(200);
    expect(res.body.message).toEqual(expect.any(String));
    expect(res.body.request).toMatchObject({ status: 'approved', taskId: task.id });
    const mine = (await h.api('GET', '/api/tasks', { token: worker.token })).body.find((t: { id: string }) => t.id === task.id);
    expect(mine).toMatchObject({ status: 'assigned', userStatus: 'assigned' });
    expect(await countEvents(h, 'task_request.decided')).toBeGreaterThanOrEqual(1);
    const again = await h.api('PATCH', `/api/admin/task-requests/${task.id}`, { token: h.admin.token, body: { status: 'rejected' } });
    expect(again.status).toBe(404);
  });

  it('when an admin rejects the request with a reason, then the task is available again and the worker sees the reason', async () => {
    const worker = await h.newUser();
    const task = await createTask(h, { requiresApproval: true });
    await h.api('POST', `/api/tasks/${task.id}/take`, { token: worker.token });
    const res = await h.api('PATCH', `/api/admin/task-requests/${task.id}`, { token: h.admin.token, body: { status: 'rejected', reason: 'Not verified yet' } });
    expect(res.status).toBe(200);
    const mine = (await h.api('GET', '/api/tasks', { token: worker.token })).body.find((t: { id: string }) => t.id === task.id);
    expect(mine).toMatchObject({ status: 'available', userStatus: null, userRequest: { status: 'rejected', reason: 'Not verified yet' } });
  });

  it('when the decision body is wrong, then 400; a worker cannot decide (403)', async () => {
    const worker = await h.newUser();
    const task = await createTask(h, { requiresApproval: true });
    await h.api('POST', `/api/tasks/${task.id}/take`, { token: worker.token });
    expect((await h.api('PATCH', `/api/admin/task-requests/${task.id}`, { token: h.admin.token, body: { status: 'maybe' } })).status).toBe(400);
    expect((await h.api('PATCH', `/api/admin/task-requests/${task.id}`, { token: h.admin.token, body: { status: 'approved', extra: 1 } })).status).toBe(400);
    expect((await h.api('PATCH', `/api/admin/task-requests/${task.id}`, { token: worker.token, body: { status: 'approved' } })).status).toBe(403);
  });
});
