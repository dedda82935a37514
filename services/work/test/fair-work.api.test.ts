import { randomUUID } from 'node:crypto';
import { eventually } from '@platform/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countEvents, createTask, startWorkHarness, submissionForm, submittedTask, takenTask, type TWorkHarness } from './helpers.js';

/** Issue 29 (fair work): handing a task back (item 3) and the auto-approval countdown (item 6). */
let h: TWorkHarness;
beforeAll(async () => {
  h = await startWorkHarness('work_fair');
});
afterAll(async () => {
  await h?.close();
});

const giveBack = (token: string, taskId: string, body?: unknown) => h.api('POST', `/api/tasks/${taskId}/return`, { token, ...(body === undefined ? {} : { body }) });
const taskStatus = async (taskId: string) => (await h.query<{ status: string }>('SELECT status FROM tasks WHERE id = $1', [taskId]))[0]?.status;

describe('POST /api/tasks/{id}/return', () => {
  it('when a worker hands back a taken task with a reason, then the assignment is returned, the task is on the board again, one assignment.returned is written, and another worker can take it', async () => {
    const worker = await h.newUser();
    const { taskId, assignmentId } = await takenTask(h, worker);
    const res = await giveBack(worker.token, taskId, { reason: '  The instructions do not say which page  ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Task handed back. It is available to others again.',
      assignment: { id: assignmentId, status: 'returned', returnReason: 'The instructions do not say which page' },
    });
    expect(res.body.assignment.returnedAt).toEqual(expect.any(String));
    expect(await taskStatus(taskId)).toBe('available');
    expect(await countEvents(h, 'assignment.returned', assignmentId)).toBe(1);
    const [event] = await h.query<{ payload: { data: Record<string, unknown> } }>(`SELECT payload FROM outbox WHERE type = 'assignment.returned' AND payload->'data'->>'assignmentId' = $1`, [assignmentId]);
    expect(event?.payload.data).toMatchObject({ userId: worker.id, taskId, reason: 'The instructions do not say which page' });

    const other = await h.newUser();
    expect((await h.api('POST', `/api/tasks/${taskId}/take`, { token: other.token })).status).toBe(201);
    // The admin's list counts the return, and shows the new holder, not the one who handed it back.
    const admin = await h.api('GET', `/api/admin/tasks?pageSize=100`, { token: h.admin.token });
    const row = admin.body.items.find((t: { id: string }) => t.id === taskId);
    expect(row).toMatchObject({ returns: 1, assignedUser: { id: other.id }, assignment: { status: 'assigned' } });
  });

  it('when a worker hands back without a body, or with {}, then no reason is kept; and the returned task no longer counts toward the held-task cap', async () => {
    const worker = await h.newUser();
    const first = await takenTask(h, worker);
    const second = await takenTask(h, worker);
    const third = await takenTask(h, worker);
    // At the cap (3): a fourth take is refused ...
    const blocked = await createTask(h);
    expect((await h.api('POST', `/api/tasks/${blocked.id}/take`, { token: worker.token })).status).toBe(409);
    expect((await giveBack(worker.token, first.taskId)).body.assignment).toMatchObject({ status: 'returned', returnReason: null });
    expect((await giveBack(worker.token, second.taskId, {})).body.assignment).toMatchObject({ status: 'returned', returnReason: null });
    // ... and after handing two back, it passes.
    expect((await h.api('POST', `/api/tasks/${blocked.id}/take`, { token: worker.token })).status).toBe(201);
    expect(third.taskId).toBeTruthy();
  });

  it('when the worker\'s list is read after a return, then the task shows as available to take again, with the return on it', async () => {
    const worker = await h.newUser();
    const { taskId } = await takenTask(h, worker);
    await giveBack(worker.token, taskId, { reason: 'No time today' });
    const list = await h.api('GET', '/api/tasks', { token: worker.token });
    const mine = list.body.find((t: { id: string }) => t.id === taskId);
    expect(mine).toMatchObject({ status: 'available', userStatus: 'returned', userAssignment: { status: 'returned', returnReason: 'No time today' } });
    // The worker may take it again: a new assignment.
    const again = await h.api('POST', `/api/tasks/${taskId}/take`, { token: worker.token });
    expect(again.status).toBe(201);
  });

  it('when a task handed back is taken by another worker, then it leaves the first worker\'s list', async () => {
    const [first, second] = [await h.newUser(), await h.newUser()];
    const { taskId } = await takenTask(h, first);
    await giveBack(first.token, taskId);
    await h.api('POST', `/api/tasks/${taskId}/take`, { token: second.token });
    const list = await h.api('GET', '/api/tasks', { token: first.token });
    expect(list.body.map((t: { id: string }) => t.id)).not.toContain(taskId);
  });

  it('when a submission was sent back for revision, then the worker may hand the task back instead of resubmitting', async () => {
    const worker = await h.newUser();
    const { taskId, assignmentId } = await submittedTask(h, worker);
    expect((await h.api('POST', `/api/admin/submissions/${assignmentId}/reject`, { token: h.admin.token, body: { reason: 'Blurry photo' } })).status).toBe(200);
    const res = await giveBack(worker.token, taskId, { reason: 'I cannot take a sharper one' });
    expect(res.status).toBe(200);
    expect(res.body.assignment).toMatchObject({ status: 'returned', rejectionReason: 'Blurry photo' });
    expect(await taskStatus(taskId)).toBe('available');
  });

  it('when the task is submitted or approved, then 409 and nothing changes', async () => {
    const worker = await h.newUser();
    const { taskId, assignmentId } = await submittedTask(h, worker);
    const waiting = await giveBack(worker.token, taskId);
    expect(waiting.status).toBe(409);
    expect(waiting.body).toMatchObject({ code: 'WORK.CANNOT_RETURN', message: 'This task is already submitted and waits for review: it can no longer be handed back' });
    await h.api('POST', `/api/admin/submissions/${assignmentId}/approve`, { token: h.admin.token });
    const decided = await giveBack(worker.token, taskId);
    expect(decided.status).toBe(409);
    expect(decided.body).toMatchObject({ code: 'WORK.CANNOT_RETURN', message: 'This task can no longer be handed back' });
    expect(await h.query(`SELECT 1 FROM task_assignments WHERE task_id = $1 AND status = 'returned'`, [taskId])).toHaveLength(0);
    expect(await countEvents(h, 'assignment.returned', assignmentId)).toBe(0);
  });

  it('when the caller never took the task, it is another worker\'s, or it does not exist, then 404 "You have not taken this task" and the holder keeps it', async () => {
    const [holder, stranger] = [await h.newUser(), await h.newUser()];
    const { taskId } = await takenTask(h, holder);
    for (const id of [taskId, randomUUID(), 'not-a-uuid']) {
      const res = await giveBack(stranger.token, id);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'WORK.NOT_YOUR_TASK', message: 'You have not taken this task' });
    }
    expect(await taskStatus(taskId)).toBe('assigned');
    expect((await h.api('POST', `/api/tasks/${taskId}/return`, {})).status).toBe(401);
  });

  it.each([
    ['a reason over 500 characters', { reason: 'x'.repeat(501) }, 'Reason must be at most 500 characters'],
    ['a control character', { reason: 'bad\u0000reason' }, 'Reason must not contain control characters'],
    ['a reason that is not text', { reason: 42 }, undefined],
    ['an unknown field', { reason: 'ok', penalty: 0 }, undefined],
    ['an array', [1], undefined],
  ])('when the body has %s, then 400 and the assignment is kept', async (_what, body, message) => {
    const worker = await h.newUser();
    const { taskId } = await takenTask(h, worker);
    const res = await giveBack(worker.token, taskId, body);
    expect(res.status).toBe(400);
    if (message) expect(res.body.message).toBe(message);
    expect(await taskStatus(taskId)).toBe('assigned');
  });

  it('when two returns and a take by another worker race, then one return wins, the take succeeds only on the freed task, and there is never more than one live assignment', async () => {
    for (let round = 0; round < 8; round += 1) {
      const [holder, taker] = [await h.newUser(), await h.newUser()];
      const { taskId } = await takenTask(h, holder);
      const [r1, r2, take] = await Promise.all([giveBack(holder.token, taskId), giveBack(holder.token, taskId), h.api('POST', `/api/tasks/${taskId}/take`, { token: taker.token })]);
      expect([r1.status, r2.status].sort()).toEqual([200, 404]);
      const live = await h.query<{ user_id: string }>(`SELECT user_id FROM task_assignments WHERE task_id = $1 AND status IN ('assigned', 'in_progress', 'submitted', 'rejected')`, [taskId]);
      if (take.status === 201) {
        expect(live.map((r) => r.user_id)).toEqual([taker.id]);
        expect(await taskStatus(taskId)).toBe('assigned');
      } else {
        expect(take.status).toBe(409);
        expect(live).toHaveLength(0);
        expect(await taskStatus(taskId)).toBe('available');
      }
      expect(await h.query(`SELECT 1 FROM task_assignments WHERE task_id = $1 AND status = 'returned'`, [taskId])).toHaveLength(1);
    }
  });

  it('when the release job (or a submission) holds the assignment and then locks the task while the worker hands it back, then neither is aborted as a deadlock: the return waits and then answers', async () => {
    const worker = await h.newUser();
    const { taskId, assignmentId } = await takenTask(h, worker);
    // The other side, as the release job and a submission do it: the assignment row first, then the task row.
    const other = await h.service.pool.connect();
    try {
      await other.query('BEGIN');
      await other.query('SELECT 1 FROM task_assignments WHERE id = $1 FOR UPDATE', [assignmentId]);
      const returning = giveBack(worker.token, taskId);
      // The return is waiting on a row lock (on the assignment, if it locks in the same order).
      await eventually(async () => {
        const waiting = await h.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> $1`,
          [(await other.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid],
        );
        return waiting[0]!.n > 0;
      }, { what: 'the return to wait on a lock' });
      // Had the return locked the task first, this would close a cycle and PostgreSQL would abort one side.
      await other.query('SELECT 1 FROM tasks WHERE id = $1 FOR UPDATE', [taskId]);
      await other.query('COMMIT');
      const res = await returning;
      expect(res.status).toBe(200);
      expect(res.body.assignment).toMatchObject({ id: assignmentId, status: 'returned' });
      expect(await taskStatus(taskId)).toBe('available');
    } finally {
      await other.query('ROLLBACK').catch(() => undefined);
      other.release();
    }
  });

  it('when a return races the worker\'s own submission, then exactly one of them wins', async () => {
    for (let round = 0; round < 6; round += 1) {
      const worker = await h.newUser();
      const { taskId } = await takenTask(h, worker);
      const [returned, submitted] = await Promise.all([
        giveBack(worker.token, taskId),
        h.api('POST', `/api/tasks/${taskId}/submit`, { token: worker.token, form: submissionForm('Done') }),
      ]);
      expect([returned.status, submitted.status].filter((s) => s === 200)).toHaveLength(1);
      const [row] = await h.query<{ status: string }>('SELECT status FROM task_assignments WHERE task_id = $1', [taskId]);
      expect(row?.status).toBe(returned.status === 200 ? 'returned' : 'submitted');
    }
  });
});

describe('GET /api/tasks: the auto-approval countdown (issue 29 item 6)', () => {
  it('when a submission waits for review, then its task carries autoApproveAt = submittedAt + auto_approval_days (the server\'s setting), and no other task does', async () => {
    const worker = await h.newUser();
    const { taskId } = await submittedTask(h, worker);
    const held = await takenTask(h, worker);
    const read = async () => (await h.api('GET', '/api/tasks', { token: worker.token })).body as { id: string; submittedAt: string | null; autoApproveAt: string | null }[];
    const mine = (await read()).find((t) => t.id === taskId)!;
    expect(new Date(mine.autoApproveAt!).getTime() - new Date(mine.submittedAt!).getTime()).toBe(3 * 86_400_000);
    expect((await read()).find((t) => t.id === held.taskId)?.autoApproveAt).toBeNull();
    // The admin's setting, as the service copied it from settings.changed.
    await h.query(`INSERT INTO settings (key, value, source_at) VALUES ('auto_approval_days', '7', now()) ON CONFLICT (key) DO UPDATE SET value = '7', source_at = now()`);
    const later = (await read()).find((t) => t.id === taskId)!;
    expect(new Date(later.autoApproveAt!).getTime() - new Date(later.submittedAt!).getTime()).toBe(7 * 86_400_000);
  });
});
