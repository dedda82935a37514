import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTask, startWorkHarness, takenTask, taskBody, type TWorkHarness } from './helpers.js';

let h: TWorkHarness;
beforeAll(async () => {
  h = await startWorkHarness('work_tasks');
});
afterAll(async () => {
  await h?.close();
});

function tomorrow(): string {
  return new Date(Date.now() + 24 * 3600_000).toISOString().slice(0, 10);
}

describe('POST /api/admin/tasks', () => {
  it('when an admin sends the required fields, then the task is created available with decimal-string reward and defaults', async () => {
    const res = await h.api('POST', '/api/admin/tasks', { token: h.admin.token, body: taskBody({ reward: '7.5', dueDate: `${tomorrow()}T00:00:00.000Z`, timeLimitMinutes: 30 }) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ reward: '7.50', status: 'available', sortOrder: 0, dueDate: tomorrow(), timeLimitMinutes: 30, requiresApproval: false, assignedUser: null, createdBy: h.admin.id });
  });

  it.each([
    ['title missing', { title: undefined }],
    ['description blank', { description: '   ' }],
    ['reward missing', { reward: undefined }],
    ['reward blank', { reward: '' }],
    ['submissionInstructions missing', { submissionInstructions: undefined }],
  ])('when %s, then 400 "Please fill in all required fields"', async (_name, overrides) => {
    const body = taskBody(overrides);
    for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
    const res = await h.api('POST', '/api/admin/tasks', { token: h.admin.token, body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'Please fill in all required fields', code: 'REQUEST.VALIDATION' });
  });

  it.each([
    ['a negative reward', { reward: '-1' }, 'Reward must be a number of at least 0 with at most 2 decimals'],
    ['three decimals', { reward: '1.234' }, 'Reward must be a number of at least 0 with at most 2 decimals'],
    ['a number instead of text', { reward: 5 }, 'Please fill in all required fields'],
    ['a due date before today', { dueDate: '2001-01-01' }, 'Due date cannot be before today'],
    ['a malformed due date', { dueDate: 'next week' }, 'Due date must be a date'],
    ['a day that does not exist', { dueDate: '2099-02-31' }, 'Due date must be a date'],
    ['a zero time limit', { timeLimitMinutes: 0 }, 'Time limit must be a whole number of minutes above 0'],
    ['a text sort order', { sortOrder: '1' }, 'Sort order must be a whole number of at least 0'],
    ['an unknown field', { status: 'completed' }, 'Unknown field(s): status'],
  ])('when the body has %s, then 400 with a clear message and nothing is stored', async (_name, overrides, message) => {
    const before = await h.query<{ n: string }>('SELECT count(*) AS n FROM tasks');
    const res = await h.api('POST', '/api/admin/tasks', { token: h.admin.token, body: taskBody(overrides) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    const after = await h.query<{ n: string }>('SELECT count(*) AS n FROM tasks');
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('when the caller is not an admin, then 403; without a token, 401', async () => {
    const worker = await h.newUser();
    expect((await h.api('POST', '/api/admin/tasks', { token: worker.token, body: taskBody() })).status).toBe(403);
    expect((await h.api('POST', '/api/admin/tasks', { body: taskBody() })).status).toBe(401);
    expect((await h.api('GET', '/api/admin/tasks', { token: worker.token })).status).toBe(403);
  });

  it('when the body is not JSON, then 400 and no 500', async () => {
    const res = await h.api('POST', '/api/admin/tasks', { token: h.admin.token, headers: { 'content-type': 'application/json' }, form: undefined, body: undefined });
    expect(res.status).toBe(400);
  });
});

describe('PATCH and DELETE /api/admin/tasks/{id}', () => {
  it('when an admin edits fields, then only those change; blank required fields are refused', async () => {
    const task = await createTask(h);
    const res = await h.api('PATCH', `/api/admin/tasks/${task.id}`, { token: h.admin.token, body: { reward: '99.99', sortOrder: 3, requiresApproval: true } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: task.id, reward: '99.99', sortOrder: 3, requiresApproval: true, title: task.title });
    const blank = await h.api('PATCH', `/api/admin/tasks/${task.id}`, { token: h.admin.token, body: { title: ' ' } });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Please fill in all required fields');
  });

  it('when the id is unknown or not a uuid, then 404', async () => {
    expect((await h.api('PATCH', '/api/admin/tasks/00000000-0000-4000-8000-000000000000', { token: h.admin.token, body: { title: 'x' } })).status).toBe(404);
    expect((await h.api('DELETE', '/api/admin/tasks/not-a-uuid', { token: h.admin.token })).status).toBe(404);
  });

  it('when an admin deletes a task, then it is gone from both lists', async () => {
    const task = await createTask(h);
    const res = await h.api('DELETE', `/api/admin/tasks/${task.id}`, { token: h.admin.token });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Task deleted successfully');
    const list = await h.api('GET', `/api/admin/tasks?${new URLSearchParams({ search: String(task.title) }).toString()}`, { token: h.admin.token });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ items: [], total: 0, totalExact: true, nextCursor: null });
  });
});

describe('GET /api/admin/tasks', () => {
  it('when tasks have sort orders, then 0 is on top and equal orders keep creation order; the holder is shown', async () => {
    const later = await createTask(h, { sortOrder: 5 });
    const first = await createTask(h, { sortOrder: 0 });
    const second = await createTask(h, { sortOrder: 0 });
    const worker = await h.newUser();
    await h.query(`INSERT INTO users (id, email, first_name, last_name, source_at) VALUES ($1, 'ann@example.com', 'Ann', 'Lee', now())`, [worker.id]);
    const res = await h.api('POST', `/api/tasks/${second.id}/take`, { token: worker.token });
    expect(res.status).toBe(201);
    const unknownWorker = await h.newUser();
    await h.api('POST', `/api/tasks/${later.id}/take`, { token: unknownWorker.token });

    const list = await h.api('GET', '/api/admin/tasks?pageSize=100', { token: h.admin.token });
    expect(list.status).toBe(200);
    expect(list.body.nextCursor).toBeNull();
    const ids = list.body.items.map((t: { id: string }) => t.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(later.id));
    const taken = list.body.items.find((t: { id: string }) => t.id === second.id);
    expect(taken).toMatchObject({ status: 'assigned', assignedUser: { id: worker.id, firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com' } });
    const unknown = list.body.items.find((t: { id: string }) => t.id === later.id);
    expect(unknown.assignedUser).toEqual({ id: unknownWorker.id, firstName: '', lastName: '', email: '' });
  });

  it('when an unknown query parameter is sent, then 400', async () => {
    expect((await h.api('GET', '/api/admin/tasks?x=1', { token: h.admin.token })).status).toBe(400);
  });
});

describe('GET /api/tasks', () => {
  it("when a worker lists tasks, then they see available ones and their own, never another worker's", async () => {
    const alice = await h.newUser();
    const bob = await h.newUser();
    const alicesTask = await takenTask(h, alice);
    const open = await createTask(h);
    const pastDue = await createTask(h);
    await h.query(`UPDATE tasks SET due_date = (now() AT TIME ZONE 'UTC')::date - 1 WHERE id = $1`, [pastDue.id]);

    const forAlice = await h.api('GET', '/api/tasks', { token: alice.token });
    expect(forAlice.status).toBe(200);
    const mine = forAlice.body.find((t: { id: string }) => t.id === alicesTask.taskId);
    expect(mine).toMatchObject({ userStatus: 'assigned', userAssignment: { id: alicesTask.assignmentId, status: 'assigned', userId: alice.id } });
    expect(mine.assignedAt).toEqual(expect.any(String));
    const openForAlice = forAlice.body.find((t: { id: string }) => t.id === open.id);
    expect(openForAlice).toMatchObject({ status: 'available', userStatus: null, userAssignment: null, submission: null });
    expect(forAlice.body.map((t: { id: string }) => t.id)).not.toContain(pastDue.id);

    const forBob = await h.api('GET', '/api/tasks', { token: bob.token });
    const ids = forBob.body.map((t: { id: string }) => t.id);
    expect(ids).not.toContain(alicesTask.taskId);
    expect(ids).toContain(open.id);
    expect(JSON.stringify(forBob.body)).not.toContain(alice.id);
  });

  it('when a worker has completed more tasks than the list holds, then it holds the latest 50 and the header counts them all', async () => {
    const carol = await h.newUser();
    const dave = await h.newUser();
    const live = await takenTask(h, carol);
    // 53 tasks completed by Carol a minute apart (the oldest first), and one by Dave: set up in SQL, as approvals leave them.
    const done: string[] = [];
    for (let i = 0; i < 53; i += 1) {
      const task = await createTask(h, { title: `Done ${i}` });
      await h.query(
        `WITH t AS (UPDATE tasks SET status = 'completed' WHERE id = $1 RETURNING id)
         INSERT INTO task_assignments (id, task_id, user_id, status, submission, submitted_at, completed_at)
         SELECT gen_random_uuid(), id, $2, 'completed', 'done', now() - interval '2 days', now() - interval '1 day' + $3 * interval '1 minute' FROM t`,
        [task.id, carol.id, i],
      );
      done.push(task.id);
    }
    const davesTask = await createTask(h);
    await h.query(`UPDATE tasks SET status = 'completed' WHERE id = $1`, [davesTask.id]);
    await h.query(`INSERT INTO task_assignments (id, task_id, user_id, status, completed_at) VALUES (gen_random_uuid(), $1, $2, 'completed', now())`, [davesTask.id, dave.id]);

    const res = await h.api('GET', '/api/tasks', { token: carol.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-completed-total')).toBe('53');
    const shown = res.body.filter((t: { userStatus: string | null }) => t.userStatus === 'completed').map((t: { id: string }) => t.id);
    expect(shown.sort()).toEqual(done.slice(3).sort());
    const ids = res.body.map((t: { id: string }) => t.id);
    expect(ids).toContain(live.taskId);
    expect(ids).not.toContain(davesTask.id);

    const forDave = await h.api('GET', '/api/tasks', { token: dave.token });
    expect(forDave.headers.get('x-completed-total')).toBe('1');
    expect(forDave.body.filter((t: { userStatus: string | null }) => t.userStatus === 'completed').map((t: { id: string }) => t.id)).toEqual([davesTask.id]);
  });

  it('when there is no token, then 401', async () => {
    expect((await h.api('GET', '/api/tasks')).status).toBe(401);
  });
});
