import { randomUUID } from 'node:crypto';
import amqp from 'amqplib';
import { eventually, TEST_RABBITMQ_URL } from '@platform/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseExpiredAssignments } from '../src/domain/scheduled-work.use-case.js';
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
    const request = list.body.items.find((r: { taskId: string }) => r.taskId === task.id);
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

describe('no task hoarding (issue 26 item 5)', () => {
  const take = (taskId: string, token: string) => h.api('POST', `/api/tasks/${taskId}/take`, { token });

  it('when one worker takes 5 new tasks at once, then 3 are taken (the default cap), 2 stay on the board, and 409 says why', async () => {
    const worker = await h.newUser();
    const tasks = await Promise.all(Array.from({ length: 5 }, () => createTask(h)));
    const answers = await Promise.all(tasks.map((task) => take(task.id, worker.token)));
    console.log('takes of one worker, 5 at once:', answers.map((a) => a.status).join(' '));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(2);
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect(r.body).toEqual({
      code: 'WORK.TOO_MANY_TASKS',
      message: 'You can hold at most 3 tasks at once. Submit or hand one back to take another.',
      params: { max: 3 },
    });
    }
    const rows = await h.query<{ status: string }>('SELECT status FROM tasks WHERE id = ANY($1::uuid[])', [tasks.map((t) => t.id)]);
    expect(rows.map((r) => r.status).sort()).toEqual(['assigned', 'assigned', 'assigned', 'available', 'available']);
    // Another worker takes what is left.
    const other = await h.newUser();
    for (const task of tasks.filter((_, i) => answers[i]!.status !== 201)) expect((await take(task.id, other.token)).status).toBe(201);
  });

  it('when a task has no time limit, then the assignment gets the default 24 hours, and once it runs out the task is back on the board and the worker may take another', async () => {
    const worker = await h.newUser();
    const tasks = await Promise.all(Array.from({ length: 4 }, () => createTask(h)));
    const first = await take(tasks[0]!.id, worker.token);
    expect(first.status).toBe(201);
    const expiresIn = new Date(first.body.assignment.expiresAt).getTime() - new Date(first.body.assignment.assignedAt).getTime();
    expect(expiresIn).toBe(24 * 3_600_000);
    for (const task of tasks.slice(1, 3)) expect((await take(task.id, worker.token)).status).toBe(201);
    expect((await take(tasks[3]!.id, worker.token)).status).toBe(409);

    await h.query(`UPDATE task_assignments SET expires_at = now() - interval '1 second' WHERE id = $1`, [first.body.assignment.id]);
    expect(await releaseExpiredAssignments(h.service.deps)).toBeGreaterThanOrEqual(1);
    const [row] = await h.query<{ status: string }>('SELECT status FROM tasks WHERE id = $1', [tasks[0]!.id]);
    expect(row?.status).toBe('available');
    expect((await take(tasks[3]!.id, worker.token)).status).toBe(201);
  });

  it('when a request for a task awaiting approval is pending, then it counts toward the cap', async () => {
    const worker = await h.newUser();
    const tasks = await Promise.all([createTask(h, { requiresApproval: true }), createTask(h), createTask(h), createTask(h)]);
    expect((await take(tasks[0]!.id, worker.token)).body.status).toBe('pending');
    expect((await take(tasks[1]!.id, worker.token)).status).toBe(201);
    expect((await take(tasks[2]!.id, worker.token)).status).toBe(201);
    expect((await take(tasks[3]!.id, worker.token)).status).toBe(409);
  });

  it('when the admin settings max_live_assignments and assignment_time_limit_hours arrive as settings.changed, then takes follow them', async () => {
    const connection = await amqp.connect(TEST_RABBITMQ_URL);
    try {
      const channel = await connection.createChannel();
      await channel.assertExchange(h.config.EVENTS_EXCHANGE, 'topic', { durable: true });
      const publish = (key: string, value: string) =>
        channel.publish(
          h.config.EVENTS_EXCHANGE,
          'settings.changed',
          Buffer.from(JSON.stringify({ id: randomUUID(), type: 'settings.changed', version: 1, occurredAt: new Date().toISOString(), data: { key, value, previousValue: null } })),
          { persistent: true },
        );
      await eventually(
        async () => {
          publish('max_live_assignments', '1');
          publish('assignment_time_limit_hours', '2');
          return (await h.query(`SELECT key FROM settings WHERE key IN ('max_live_assignments', 'assignment_time_limit_hours')`)).length === 2;
        },
        { what: 'the settings copied from settings.changed', intervalMs: 300 },
      );
      const worker = await h.newUser();
      const [a, b] = [await createTask(h), await createTask(h)];
      const taken = await take(a.id, worker.token);
      expect(taken.status).toBe(201);
      expect(new Date(taken.body.assignment.expiresAt).getTime() - new Date(taken.body.assignment.assignedAt).getTime()).toBe(2 * 3_600_000);
      const refused = await take(b.id, worker.token);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('You can hold at most 1 task at once. Submit or hand one back to take another.');
    } finally {
      await connection.close();
      await h.query(`DELETE FROM settings WHERE key IN ('max_live_assignments', 'assignment_time_limit_hours')`);
    }
  });
});
