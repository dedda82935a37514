import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTask, startWorkHarness, submissionForm, taskBody, type TTestUser, type TWorkHarness } from './helpers.js';

/**
 * Tasks with several slots (issue 29: the median real time and the top-ups need several workers per task). A task takes
 * `slots` workers, each once; it stays on the board while fewer assignments hold or completed a slot; a returned or
 * cancelled assignment frees its slot; the take stays race-free.
 */
let h: TWorkHarness;
beforeAll(async () => {
  h = await startWorkHarness('work_slots', { BULK_SPOT_CHECK_EVERY_DEFAULT: '0', REVIEW_JOB_POLL_MS: '200' });
});
afterAll(async () => {
  await h?.close();
});

const take = (taskId: string, worker: TTestUser) => h.api('POST', `/api/tasks/${taskId}/take`, { token: worker.token });
const submit = (taskId: string, worker: TTestUser) => h.api('POST', `/api/tasks/${taskId}/submit`, { token: worker.token, form: submissionForm('Done') });
const approve = (assignmentId: string) => h.api('POST', `/api/admin/submissions/${assignmentId}/approve`, { token: h.admin.token });
const taskStatus = async (taskId: string) => (await h.query<{ status: string }>('SELECT status FROM tasks WHERE id = $1', [taskId]))[0]?.status;
const workers = (n: number) => Promise.all(Array.from({ length: n }, () => h.newUser()));
const boardOf = async (worker: TTestUser) => (await h.api('GET', '/api/tasks', { token: worker.token })).body as { id: string; status: string; userStatus: string | null; slots: number }[];

/** The task as the admin's list shows it (found by its unique title). */
async function adminTask(task: { id: string; title?: unknown }) {
  const res = await h.api('GET', `/api/admin/tasks?search=${encodeURIComponent(String(task.title))}&pageSize=100`, { token: h.admin.token });
  expect(res.status).toBe(200);
  return res.body.items.find((t: { id: string }) => t.id === task.id);
}

/** Each worker takes the task in turn; returns their assignment ids. */
async function takeAll(taskId: string, list: TTestUser[]): Promise<string[]> {
  const ids: string[] = [];
  for (const worker of list) {
    const res = await take(taskId, worker);
    expect(res.status).toBe(201);
    ids.push(res.body.assignment.id);
  }
  return ids;
}

describe('POST /api/admin/tasks: slots', () => {
  it('when a task is created without slots, then it takes one worker; with slots, as many, shown as filled/slots', async () => {
    const single = await createTask(h);
    expect(single).toMatchObject({ slots: 1, filledSlots: 0, assignments: [], assignedUser: null, assignment: null });
    const many = await createTask(h, { slots: 1000 });
    expect(many).toMatchObject({ slots: 1000, filledSlots: 0, status: 'available' });
    expect(await h.query('SELECT slots FROM tasks WHERE id = $1', [many.id])).toEqual([{ slots: 1000 }]);
  });

  it.each([
    ['zero', 0],
    ['negative', -1],
    ['over the cap', 1001],
    ['text', '3'],
    ['a fraction', 2.5],
    ['null', null],
    ['a boolean', true],
    ['a list', [3]],
    ['huge', 1e300],
  ])('when slots is %s, then 400 "Slots must be a whole number from 1 to 1000" on create and on edit, and nothing changes', async (_what, value) => {
    const body = taskBody({ slots: value });
    const created = await h.api('POST', '/api/admin/tasks', { token: h.admin.token, body });
    expect(created.status).toBe(400);
    expect(created.body.message).toBe('Slots must be a whole number from 1 to 1000');
    expect(await h.query('SELECT 1 FROM tasks WHERE title = $1', [body.title])).toHaveLength(0);
    const task = await createTask(h, { slots: 4 });
    const edited = await h.api('PATCH', `/api/admin/tasks/${task.id}`, { token: h.admin.token, body: { slots: value } });
    expect(edited.status).toBe(400);
    expect(edited.body.message).toBe('Slots must be a whole number from 1 to 1000');
    expect(await h.query('SELECT slots FROM tasks WHERE id = $1', [task.id])).toEqual([{ slots: 4 }]);
  });

  it('when a worker sends slots, then 403', async () => {
    const worker = await h.newUser();
    expect((await h.api('POST', '/api/admin/tasks', { token: worker.token, body: taskBody({ slots: 3 }) })).status).toBe(403);
  });
});

describe('POST /api/tasks/{id}/take on a task with several slots', () => {
  it('when 8 workers race for a task with 3 slots, then exactly 3 get it and 5 get 409 "This task has already been taken"', async () => {
    const task = await createTask(h, { slots: 3 });
    const racers = await workers(8);
    const results = await Promise.all(racers.map((w) => take(task.id, w)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.map((r) => r.status)).toEqual([409, 409, 409, 409, 409]);
    for (const r of refused) expect(r.body).toMatchObject({ code: 'WORK.TASK_ALREADY_TAKEN', message: 'This task has already been taken' });
    const live = await h.query<{ user_id: string }>(`SELECT user_id FROM task_assignments WHERE task_id = $1 AND status = 'assigned'`, [task.id]);
    expect(live).toHaveLength(3);
    expect(new Set(live.map((r) => r.user_id)).size).toBe(3);
    expect(await taskStatus(task.id)).toBe('assigned');
    expect(await h.query(`SELECT 1 FROM outbox WHERE type = 'assignment.created' AND payload->'data'->>'taskId' = $1`, [task.id])).toHaveLength(3);
  });

  it('when the same worker takes a task with free slots twice at once, then one assignment exists and the other call gets 409 "You have already taken this task"', async () => {
    const task = await createTask(h, { slots: 5 });
    const worker = await h.newUser();
    const results = await Promise.all([take(task.id, worker), take(task.id, worker)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)?.body).toMatchObject({ code: 'WORK.TASK_ALREADY_YOURS', message: 'You have already taken this task' });
    expect(await h.query('SELECT id FROM task_assignments WHERE task_id = $1', [task.id])).toHaveLength(1);
    // Taken again later: the same answer; the task stays on the board for others.
    expect((await take(task.id, worker)).body.code).toBe('WORK.TASK_ALREADY_YOURS');
    expect(await taskStatus(task.id)).toBe('available');
  });

  it('when a worker did the task (approved), then they cannot take it again: 409 "You have already done this task", while others still can', async () => {
    const task = await createTask(h, { slots: 3 });
    const [done, other] = await workers(2);
    const [assignmentId] = await takeAll(task.id, [done!]);
    expect((await submit(task.id, done!)).status).toBe(200);
    expect((await approve(assignmentId!)).status).toBe(200);
    expect(await taskStatus(task.id)).toBe('available');
    const again = await take(task.id, done!);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'WORK.TASK_ALREADY_DONE', message: 'You have already done this task' });
    expect((await take(task.id, other!)).status).toBe(201);
  });
});

describe("the board and the task's status follow its slots", () => {
  it('when a task with 2 slots is taken, then it stays on the board for others until full, and the holder sees it as theirs', async () => {
    const task = await createTask(h, { slots: 2 });
    const [first, second, third] = await workers(3);
    await takeAll(task.id, [first!]);
    // The holder sees their own assignment on it (not something to take again); others see it available.
    expect((await boardOf(first!)).find((t) => t.id === task.id)).toMatchObject({ status: 'available', userStatus: 'assigned', slots: 2 });
    expect((await boardOf(third!)).find((t) => t.id === task.id)).toMatchObject({ status: 'available', userStatus: null });
    await takeAll(task.id, [second!]);
    expect(await taskStatus(task.id)).toBe('assigned');
    // Full: off the board for everyone else.
    expect((await boardOf(third!)).map((t) => t.id)).not.toContain(task.id);
    expect((await take(task.id, third!)).body.code).toBe('WORK.TASK_ALREADY_TAKEN');
  });

  it('when a holder of a full task hands it back, then its slot is free: the task is back on the board and another worker takes it', async () => {
    const task = await createTask(h, { slots: 2 });
    const [first, second, third] = await workers(3);
    await takeAll(task.id, [first!, second!]);
    const returned = await h.api('POST', `/api/tasks/${task.id}/return`, { token: first!.token, body: { reason: 'Not for me' } });
    expect(returned.status).toBe(200);
    expect(await taskStatus(task.id)).toBe('available');
    expect((await boardOf(third!)).map((t) => t.id)).toContain(task.id);
    expect((await take(task.id, third!)).status).toBe(201);
    expect(await taskStatus(task.id)).toBe('assigned');
    // Full again: the one who handed it back finds it taken like anyone else (not "already yours").
    expect((await take(task.id, first!)).body.code).toBe('WORK.TASK_ALREADY_TAKEN');
  });

  it('when an admin cancels one assignment of a full task, then its slot is free again and the others keep theirs', async () => {
    const task = await createTask(h, { slots: 2 });
    const [first, second, third] = await workers(3);
    const [cancelledId, keptId] = await takeAll(task.id, [first!, second!]);
    const res = await h.api('POST', `/api/admin/assignments/${cancelledId}/cancel`, { token: h.admin.token, body: { reason: 'Duplicate account' } });
    expect(res.status).toBe(200);
    expect(await taskStatus(task.id)).toBe('available');
    expect(await h.query('SELECT status FROM task_assignments WHERE id = $1', [keptId])).toEqual([{ status: 'assigned' }]);
    expect((await take(task.id, third!)).status).toBe(201);
  });

  it('when the workers of a task with 2 slots submit and are reviewed, then it is assigned while anyone works, submitted while work waits, completed when all are done', async () => {
    const task = await createTask(h, { slots: 2 });
    const [first, second] = await workers(2);
    const [a, b] = await takeAll(task.id, [first!, second!]);
    expect((await submit(task.id, first!)).status).toBe(200);
    expect(await taskStatus(task.id)).toBe('assigned');
    expect((await submit(task.id, second!)).status).toBe(200);
    expect(await taskStatus(task.id)).toBe('submitted');
    expect((await approve(a!)).status).toBe(200);
    expect(await taskStatus(task.id)).toBe('submitted');
    expect((await h.api('POST', `/api/admin/submissions/${b}/reject`, { token: h.admin.token, body: { reason: 'Blurry' } })).status).toBe(200);
    expect(await taskStatus(task.id)).toBe('assigned');
    expect((await submit(task.id, second!)).status).toBe(200);
    expect((await approve(b!)).status).toBe(200);
    expect(await taskStatus(task.id)).toBe('completed');
    const shown = await adminTask(task);
    expect(shown).toMatchObject({ status: 'completed', slots: 2, filledSlots: 2 });
  });

  it('when a task requiring approval has 2 slots, then a pending request holds it until decided, and after an approval the other slot is on the board', async () => {
    const task = await createTask(h, { slots: 2, requiresApproval: true });
    const [first, second] = await workers(2);
    expect((await take(task.id, first!)).status).toBe(202);
    expect(await taskStatus(task.id)).toBe('pending');
    expect((await take(task.id, second!)).body.code).toBe('WORK.TASK_ALREADY_TAKEN');
    expect((await h.api('PATCH', `/api/admin/task-requests/${task.id}`, { token: h.admin.token, body: { status: 'approved' } })).status).toBe(200);
    expect(await taskStatus(task.id)).toBe('available');
    expect((await take(task.id, second!)).status).toBe(202);
    expect((await h.api('PATCH', `/api/admin/task-requests/${task.id}`, { token: h.admin.token, body: { status: 'approved' } })).status).toBe(200);
    expect(await taskStatus(task.id)).toBe('assigned');
    expect(await h.query(`SELECT 1 FROM task_assignments WHERE task_id = $1 AND status = 'assigned'`, [task.id])).toHaveLength(2);
  });
});

describe('PATCH /api/admin/tasks/{id}: slots', () => {
  it('when slots would be fewer than the workers holding or having done the task, then 409 naming how many; as many or more pass and the status follows', async () => {
    const task = await createTask(h, { slots: 3 });
    await takeAll(task.id, await workers(2));
    const fewer = await h.api('PATCH', `/api/admin/tasks/${task.id}`, { token: h.admin.token, body: { slots: 1 } });
    expect(fewer.status).toBe(409);
    expect(fewer.body).toMatchObject({ code: 'WORK.SLOTS_BELOW_FILLED', field: 'slots', params: { filled: 2 }, message: '2 workers hold or have done this task: slots cannot be fewer' });
    expect(await h.query('SELECT slots FROM tasks WHERE id = $1', [task.id])).toEqual([{ slots: 3 }]);
    const equal = await h.api('PATCH', `/api/admin/tasks/${task.id}`, { token: h.admin.token, body: { slots: 2 } });
    expect(equal.status).toBe(200);
    expect(equal.body).toMatchObject({ slots: 2, filledSlots: 2, status: 'assigned' });
    const more = await h.api('PATCH', `/api/admin/tasks/${task.id}`, { token: h.admin.token, body: { slots: 4 } });
    expect(more.body).toMatchObject({ slots: 4, filledSlots: 2, status: 'available' });
  });

  it('when a completed task gets more slots, then it is back on the board for new workers', async () => {
    const task = await createTask(h);
    const [first, second] = await workers(2);
    const [a] = await takeAll(task.id, [first!]);
    await submit(task.id, first!);
    await approve(a!);
    expect(await taskStatus(task.id)).toBe('completed');
    expect((await h.api('PATCH', `/api/admin/tasks/${task.id}`, { token: h.admin.token, body: { slots: 2 } })).body).toMatchObject({ status: 'available', filledSlots: 1 });
    expect((await take(task.id, second!)).status).toBe(201);
    expect((await take(task.id, first!)).body.code).toBe('WORK.TASK_ALREADY_DONE');
  });
});

describe('GET /api/admin/tasks: the assignments of a task', () => {
  it('when 12 workers hold a task, then the list counts 12 filled and shows the latest 10, newest first, with their workers', async () => {
    const task = await createTask(h, { title: `Many hands ${randomUUID().slice(0, 8)}`, slots: 15 });
    const twelve = await workers(12);
    for (const [i, w] of twelve.entries()) {
      await h.query(`INSERT INTO users (id, email, first_name, last_name, source_at) VALUES ($1, $2, 'Worker', $3, now())`, [w.id, `w${i}@example.com`, String(i)]);
    }
    const ids = await takeAll(task.id, twelve);
    // Distinct take times, oldest first.
    for (const [i, id] of ids.entries()) await h.query(`UPDATE task_assignments SET assigned_at = now() - make_interval(mins => $2) WHERE id = $1`, [id, 100 - i]);
    const shown = await adminTask(task);
    expect(shown).toMatchObject({ slots: 15, filledSlots: 12, status: 'available' });
    expect(shown.assignments).toHaveLength(10);
    expect(shown.assignments.map((a: { id: string }) => a.id)).toEqual([...ids].reverse().slice(0, 10));
    expect(shown.assignments[0]).toMatchObject({ status: 'assigned', user: { id: twelve[11]!.id, email: 'w11@example.com', firstName: 'Worker', lastName: '11' } });
    expect(shown.assignment.id).toBe(ids[11]);
    expect(shown.assignedUser).toMatchObject({ email: 'w11@example.com' });
    // A returned assignment frees its slot and leaves the list.
    await h.api('POST', `/api/tasks/${task.id}/return`, { token: twelve[11]!.token });
    const after = await adminTask(task);
    expect(after.filledSlots).toBe(11);
    expect(after.assignments.map((a: { id: string }) => a.id)).not.toContain(ids[11]);
  });
});

describe('bulk approval of all the submissions of one task', () => {
  it('when an admin approves "all of this task" on a task 3 workers submitted, then all 3 are approved and the task is completed', async () => {
    const task = await createTask(h, { slots: 3 });
    const three = await workers(3);
    const ids = await takeAll(task.id, three);
    for (const w of three) expect((await submit(task.id, w)).status).toBe(200);
    const job = await h.api('POST', '/api/admin/review-jobs', { token: h.admin.token, body: { filter: { taskId: task.id } } });
    expect(job.status).toBe(202);
    expect(job.body.total).toBe(3);
    const deadline = Date.now() + 30_000;
    while ((await h.api('GET', `/api/admin/review-jobs/${job.body.id}`, { token: h.admin.token })).body.status !== 'done') {
      if (Date.now() > deadline) throw new Error('the review job did not finish');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect((await h.query<{ status: string }>('SELECT status FROM task_assignments WHERE id = ANY($1::uuid[])', [ids])).map((r) => r.status)).toEqual(['completed', 'completed', 'completed']);
    expect(await taskStatus(task.id)).toBe('completed');
  });
});
