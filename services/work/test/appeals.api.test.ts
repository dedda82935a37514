import { randomUUID } from 'node:crypto';
import { expectPagingRefusals, FOREIGN_CURSOR } from '@platform/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countEvents, createTask, startWorkHarness, submissionForm, type TTestUser, type TWorkHarness } from './helpers.js';

/** Issue 29 items 4 and 5: acceptance criteria, rejections that cite them, appeals decided by a second admin, the quality record. */
let h: TWorkHarness;
let secondAdmin: TTestUser;
beforeAll(async () => {
  h = await startWorkHarness('work_appeals');
  secondAdmin = await h.newUser('admin');
});
afterAll(async () => {
  await h?.close();
});

const CRITERIA = ['The whole storefront is in the photo', 'The sign is readable', 'Taken in daylight'];

/** A task with criteria taken and submitted by the worker, then rejected by h.admin citing criterion 2. */
async function rejectedTask(worker: TTestUser, criteria = CRITERIA) {
  const task = await createTask(h, { acceptanceCriteria: criteria });
  const taken = await h.api('POST', `/api/tasks/${task.id}/take`, { token: worker.token });
  const assignmentId = taken.body.assignment.id as string;
  expect((await h.api('POST', `/api/tasks/${task.id}/submit`, { token: worker.token, form: submissionForm('Here it is') })).status).toBe(200);
  const rejected = await h.api('POST', `/api/admin/submissions/${assignmentId}/reject`, { token: h.admin.token, body: { reason: 'The sign is cut off', criteria: criteria.length ? [2] : undefined } });
  expect(rejected.status).toBe(200);
  return { taskId: task.id, assignmentId };
}

const appeal = (token: string, taskId: string, body: unknown = { statement: 'The sign is fully visible in the second photo' }) =>
  h.api('POST', `/api/tasks/${taskId}/appeal`, { token, body });
const decide = (token: string, appealId: string, body: unknown) => h.api('POST', `/api/admin/appeals/${appealId}/decide`, { token, body });
const workerTask = async (worker: TTestUser, taskId: string) =>
  ((await h.api('GET', '/api/tasks', { token: worker.token })).body as { id: string }[]).find((t) => t.id === taskId) as unknown as Record<string, unknown> & { userAssignment: Record<string, unknown> };

describe('acceptance criteria on tasks', () => {
  it('when an admin creates and edits a task with criteria, then the worker sees them numbered in the task, in order', async () => {
    const task = await createTask(h, { acceptanceCriteria: ['  One  ', 'Two'] });
    expect(task.acceptanceCriteria).toEqual(['One', 'Two']);
    const edited = await h.api('PATCH', `/api/admin/tasks/${task.id}`, { token: h.admin.token, body: { acceptanceCriteria: ['One', 'Two', 'Three'] } });
    expect(edited.body.acceptanceCriteria).toEqual(['One', 'Two', 'Three']);
    const worker = await h.newUser();
    const seen = ((await h.api('GET', '/api/tasks', { token: worker.token })).body as { id: string; acceptanceCriteria: string[] }[]).find((t) => t.id === task.id);
    expect(seen?.acceptanceCriteria).toEqual(['One', 'Two', 'Three']);
  });

  it.each([
    ['eleven criteria', Array.from({ length: 11 }, (_, i) => `Criterion ${i}`), 'A task has at most 10 acceptance criteria'],
    ['a blank criterion', ['One', '   '], 'An acceptance criterion cannot be blank'],
    ['a criterion over 300 characters', ['x'.repeat(301)], 'Each acceptance criterion must be at most 300 characters'],
    ['a criterion that is not text', [42], undefined],
    ['criteria that are not a list', 'One', undefined],
    ['a control character', ['bad\u0000one'], undefined],
  ])('when the criteria have %s, then 400 and no task is created', async (_what, acceptanceCriteria, message) => {
    const title = `Hostile ${randomUUID()}`;
    const res = await h.api('POST', '/api/admin/tasks', { token: h.admin.token, body: { title, description: 'd', reward: '1.00', submissionInstructions: 'i', estimatedMinutes: 5, acceptanceCriteria } });
    expect(res.status).toBe(400);
    if (message) expect(res.body.message).toBe(message);
    expect(await h.query('SELECT 1 FROM tasks WHERE title = $1', [title])).toHaveLength(0);
  });
});

describe('POST /api/admin/submissions/{id}/reject with criteria', () => {
  it('when the rejection names criteria the task does not have, then 400 WORK.UNKNOWN_CRITERIA naming them and the submission still waits', async () => {
    const worker = await h.newUser();
    const task = await createTask(h, { acceptanceCriteria: CRITERIA });
    const { body } = await h.api('POST', `/api/tasks/${task.id}/take`, { token: worker.token });
    await h.api('POST', `/api/tasks/${task.id}/submit`, { token: worker.token, form: submissionForm('x') });
    const res = await h.api('POST', `/api/admin/submissions/${body.assignment.id}/reject`, { token: h.admin.token, body: { reason: 'No', criteria: [2, 4] } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'WORK.UNKNOWN_CRITERIA', params: { numbers: '4' }, field: 'criteria' });
    const none = await h.api('POST', `/api/admin/submissions/${body.assignment.id}/reject`, { token: h.admin.token, body: { reason: 'No' } });
    expect(none.status).toBe(400);
    expect(none.body.code).toBe('WORK.CRITERIA_REQUIRED');
    for (const criteria of [[0], [1.5], ['1'], [1, 1], 'all']) {
      expect((await h.api('POST', `/api/admin/submissions/${body.assignment.id}/reject`, { token: h.admin.token, body: { reason: 'No', criteria } })).status).toBe(400);
    }
    const [row] = await h.query<{ status: string }>('SELECT status FROM task_assignments WHERE id = $1', [body.assignment.id]);
    expect(row?.status).toBe('submitted');
  });

  it('when a rejection cites criteria, then the worker sees which, the admin sees them, the event carries them, and the appeal window is open', async () => {
    const worker = await h.newUser();
    const { taskId, assignmentId } = await rejectedTask(worker);
    const mine = await workerTask(worker, taskId);
    expect(mine).toMatchObject({ userStatus: 'rejected', rejectionReason: 'The sign is cut off', rejectedCriteria: [2], appeal: null });
    expect(new Date(mine.appealableUntil as string).getTime() - new Date(mine.rejectedAt as string).getTime()).toBe(7 * 86_400_000);
    const admin = await h.api('GET', `/api/admin/submissions/${assignmentId}`, { token: h.admin.token });
    expect(admin.body).toMatchObject({ taskAcceptanceCriteria: CRITERIA, rejectedCriteria: [2] });
    const [event] = await h.query<{ payload: { data: { criteria: number[] } } }>(`SELECT payload FROM outbox WHERE type = 'submission.rejected' AND payload->'data'->>'assignmentId' = $1`, [assignmentId]);
    expect(event?.payload.data.criteria).toEqual([2]);
  });

  it('when a task has no criteria, then a rejection with only a reason is accepted (tasks made before criteria)', async () => {
    const worker = await h.newUser();
    const { taskId } = await rejectedTask(worker, []);
    expect(await workerTask(worker, taskId)).toMatchObject({ userStatus: 'rejected', rejectedCriteria: [] });
  });
});

describe('POST /api/tasks/{id}/appeal', () => {
  it('when the worker appeals a rejection, then it is Under appeal, one submission.appealed is written, and resubmitting, handing back, cancelling and a second appeal wait for the decision', async () => {
    const worker = await h.newUser();
    const { taskId, assignmentId } = await rejectedTask(worker);
    const res = await appeal(worker.token, taskId, { statement: '  The sign is fully visible  ' });
    expect(res.status).toBe(201);
    expect(res.body.appeal).toMatchObject({ status: 'pending', statement: 'The sign is fully visible', decidedAt: null });
    const mine = await workerTask(worker, taskId);
    expect(mine).toMatchObject({ userStatus: 'rejected', appealableUntil: null, appeal: { status: 'pending' }, userAssignment: { underAppeal: true } });
    expect(await countEvents(h, 'submission.appealed', assignmentId)).toBe(1);

    const again = await appeal(worker.token, taskId);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('WORK.ALREADY_APPEALED');
    const resubmit = await h.api('POST', `/api/tasks/${taskId}/submit`, { token: worker.token, form: submissionForm('again') });
    expect(resubmit.status).toBe(409);
    expect(resubmit.body.code).toBe('WORK.UNDER_APPEAL');
    const giveBack = await h.api('POST', `/api/tasks/${taskId}/return`, { token: worker.token });
    expect(giveBack.status).toBe(409);
    expect(giveBack.body.code).toBe('WORK.UNDER_APPEAL');
    const cancel = await h.api('POST', `/api/admin/assignments/${assignmentId}/cancel`, { token: h.admin.token, body: { reason: 'Stop' } });
    expect(cancel.status).toBe(409);
    expect(cancel.body.code).toBe('WORK.UNDER_APPEAL');
    expect(await countEvents(h, 'submission.appealed', assignmentId)).toBe(1);
  });

  it('when the appeal window has passed, then 409 WORK.APPEAL_WINDOW_CLOSED with the days; with a longer appeal_window_days it is accepted', async () => {
    const worker = await h.newUser();
    const { taskId, assignmentId } = await rejectedTask(worker);
    await h.query(`UPDATE submission_rejections SET rejected_at = now() - interval '7 days 1 minute' WHERE assignment_id = $1`, [assignmentId]);
    const late = await appeal(worker.token, taskId);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'WORK.APPEAL_WINDOW_CLOSED', params: { days: 7 } });
    expect((await workerTask(worker, taskId)).appealableUntil).toBeNull();
    expect(await countEvents(h, 'submission.appealed', assignmentId)).toBe(0);
    // The admin's setting, as the service copied it from settings.changed.
    await h.query(`INSERT INTO settings (key, value, source_at) VALUES ('appeal_window_days', '10', now()) ON CONFLICT (key) DO UPDATE SET value = '10', source_at = now()`);
    try {
      expect((await appeal(worker.token, taskId)).status).toBe(201);
    } finally {
      await h.query(`DELETE FROM settings WHERE key = 'appeal_window_days'`);
    }
  });

  it('when the submission is not rejected, not the caller\'s, or does not exist, then it is refused and nothing is written', async () => {
    const [worker, stranger] = [await h.newUser(), await h.newUser()];
    const { taskId } = await rejectedTask(worker);
    for (const id of [taskId, randomUUID(), 'not-a-uuid']) {
      const res = await appeal(stranger.token, id);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('WORK.NOT_YOUR_TASK');
    }
    const task = await createTask(h);
    await h.api('POST', `/api/tasks/${task.id}/take`, { token: stranger.token });
    const taken = await appeal(stranger.token, task.id);
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('WORK.CANNOT_APPEAL');
    expect((await h.api('POST', `/api/tasks/${taskId}/appeal`, { body: { statement: 'x' } })).status).toBe(401);
    expect(await h.query(`SELECT 1 FROM outbox WHERE type = 'submission.appealed' AND payload->'data'->>'userId' = $1`, [stranger.id])).toHaveLength(0);
    expect(await h.query('SELECT 1 FROM submission_rejections WHERE appeal_id IS NOT NULL AND user_id = ANY($1::uuid[])', [[worker.id, stranger.id]])).toHaveLength(0);
  });

  it.each([
    ['no body', undefined, undefined],
    ['a blank statement', { statement: '   ' }, 'Please explain why the rejection is wrong'],
    ['a statement over 2000 characters', { statement: 'x'.repeat(2001) }, 'The statement must be at most 2000 characters'],
    ['a statement that is not text', { statement: 7 }, undefined],
    ['a control character', { statement: 'bad\u0000text' }, undefined],
    ['an unknown field', { statement: 'ok', refund: true }, undefined],
    ['an array', ['ok'], undefined],
  ])('when the appeal has %s, then 400 and nothing is appealed', async (_what, body, message) => {
    const worker = await h.newUser();
    const { taskId, assignmentId } = await rejectedTask(worker);
    const res = await h.api('POST', `/api/tasks/${taskId}/appeal`, { token: worker.token, ...(body === undefined ? {} : { body }) });
    expect(res.status).toBe(400);
    if (message) expect(res.body.message).toBe(message);
    expect(await countEvents(h, 'submission.appealed', assignmentId)).toBe(0);
  });
});

describe('POST /api/admin/appeals/{id}/decide', () => {
  async function appealed(worker: TTestUser) {
    const rejected = await rejectedTask(worker);
    const res = await appeal(worker.token, rejected.taskId);
    expect(res.status).toBe(201);
    return { ...rejected, appealId: res.body.appeal.id as string };
  }

  it('when the admin who rejected decides, then 403 WORK.APPEAL_SAME_REVIEWER and the appeal still waits', async () => {
    const worker = await h.newUser();
    const { appealId, assignmentId } = await appealed(worker);
    for (const decision of ['overturned', 'upheld']) {
      const res = await decide(h.admin.token, appealId, { decision, reason: 'I stand by it' });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'WORK.APPEAL_SAME_REVIEWER', message: 'You rejected this submission: another admin must decide the appeal' });
    }
    expect(await countEvents(h, 'appeal.decided', assignmentId)).toBe(0);
    expect(await countEvents(h, 'submission.approved', assignmentId)).toBe(0);
  });

  it('when another admin upholds with a reason, then the rejection stands, the worker sees the reason and may resubmit, and the rejection counts again', async () => {
    const worker = await h.newUser();
    const { appealId, taskId, assignmentId } = await appealed(worker);
    const res = await decide(secondAdmin.token, appealId, { decision: 'upheld', reason: '  The sign is still cut off on the left  ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Appeal upheld: the rejection stands', appeal: { status: 'upheld', decidedBy: secondAdmin.id, decisionReason: 'The sign is still cut off on the left' } });
    expect(await workerTask(worker, taskId)).toMatchObject({ userStatus: 'rejected', appeal: { status: 'upheld', decisionReason: 'The sign is still cut off on the left' }, userAssignment: { underAppeal: false } });
    expect(await countEvents(h, 'appeal.decided', assignmentId)).toBe(1);
    expect(await countEvents(h, 'submission.approved', assignmentId)).toBe(0);
    expect((await h.api('POST', `/api/tasks/${taskId}/submit`, { token: worker.token, form: submissionForm('A better photo') })).status).toBe(200);
    const quality = await h.api('GET', '/api/tasks/quality', { token: worker.token });
    expect(quality.body).toMatchObject({ rejected: 1, underAppeal: 0, appealsWon: 0 });
  });

  it('when another admin overturns, then the submission is approved once through the normal approval (one submission.approved by that admin), and a second decision is 409', async () => {
    const worker = await h.newUser();
    const { appealId, taskId, assignmentId } = await appealed(worker);
    const res = await decide(secondAdmin.token, appealId, { decision: 'overturned' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Appeal overturned: the submission is approved', appeal: { status: 'overturned', decisionReason: null } });
    expect(await workerTask(worker, taskId)).toMatchObject({ userStatus: 'completed', appeal: { status: 'overturned' } });
    const [approved] = await h.query<{ payload: { data: Record<string, unknown> } }>(`SELECT payload FROM outbox WHERE type = 'submission.approved' AND payload->'data'->>'assignmentId' = $1`, [assignmentId]);
    expect(approved?.payload.data).toMatchObject({ userId: worker.id, reward: '12.50', approvedBy: secondAdmin.id });
    const [taskRow] = await h.query<{ status: string }>('SELECT status FROM tasks WHERE id = $1', [taskId]);
    expect(taskRow?.status).toBe('completed');
    const again = await decide(secondAdmin.token, appealId, { decision: 'upheld', reason: 'Changed my mind' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('WORK.APPEAL_ALREADY_DECIDED');
    expect(await countEvents(h, 'submission.approved', assignmentId)).toBe(1);
    expect(await countEvents(h, 'appeal.decided', assignmentId)).toBe(1);
  });

  it('when two admins decide the same appeal at once (overturn and overturn, overturn and uphold), then exactly one wins and the submission is approved at most once', async () => {
    const thirdAdmin = await h.newUser('admin');
    for (let round = 0; round < 8; round += 1) {
      const worker = await h.newUser();
      const { appealId, assignmentId } = await appealed(worker);
      const other = round % 2 === 0 ? { decision: 'overturned' } : { decision: 'upheld', reason: 'No' };
      const results = await Promise.all([decide(secondAdmin.token, appealId, { decision: 'overturned' }), decide(thirdAdmin.token, appealId, other)]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const winner = results.find((r) => r.status === 200)!;
      expect(await countEvents(h, 'appeal.decided', assignmentId)).toBe(1);
      expect(await countEvents(h, 'submission.approved', assignmentId)).toBe(winner.body.appeal.status === 'overturned' ? 1 : 0);
      const [row] = await h.query<{ status: string; under_appeal: boolean }>('SELECT status, under_appeal FROM task_assignments WHERE id = $1', [assignmentId]);
      expect(row).toEqual({ status: winner.body.appeal.status === 'overturned' ? 'completed' : 'rejected', under_appeal: false });
    }
  });

  it.each([
    ['no body', undefined],
    ['an unknown decision', { decision: 'approved' }],
    ['upheld without a reason', { decision: 'upheld' }],
    ['upheld with a blank reason', { decision: 'upheld', reason: '   ' }],
    ['a reason over 2000 characters', { decision: 'overturned', reason: 'x'.repeat(2001) }],
    ['an unknown field', { decision: 'overturned', pay: '100.00' }],
    ['a reason that is not text', { decision: 'upheld', reason: ['x'] }],
  ])('when the decision has %s, then 400 and the appeal still waits', async (_what, body) => {
    const worker = await h.newUser();
    const { appealId, assignmentId } = await appealed(worker);
    const res = await h.api('POST', `/api/admin/appeals/${appealId}/decide`, { token: secondAdmin.token, ...(body === undefined ? {} : { body }) });
    expect(res.status).toBe(400);
    expect(await countEvents(h, 'appeal.decided', assignmentId)).toBe(0);
  });

  it('when the appeal does not exist, the caller is a worker or has no token, then 404, 403, 401', async () => {
    for (const id of [randomUUID(), 'nope']) {
      const res = await decide(secondAdmin.token, id, { decision: 'overturned' });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('WORK.APPEAL_NOT_FOUND');
    }
    const worker = await h.newUser();
    const { appealId } = await appealed(worker);
    expect((await decide(worker.token, appealId, { decision: 'overturned' })).status).toBe(403);
    expect((await h.api('POST', `/api/admin/appeals/${appealId}/decide`, { body: { decision: 'overturned' } })).status).toBe(401);
    expect((await h.api('GET', '/api/admin/appeals', { token: worker.token })).status).toBe(403);
  });
});

describe('GET /api/admin/appeals', () => {
  it('when appeals wait, then the queue pages them oldest first with the rejection, the statement and the deadline; overdue ones are marked; decided ones are listed by status', async () => {
    const created: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const worker = await h.newUser();
      const { taskId } = await rejectedTask(worker);
      created.push((await appeal(worker.token, taskId)).body.appeal.id);
    }
    await h.query(`UPDATE submission_rejections SET appealed_at = now() - interval '4 days' WHERE appeal_id = $1`, [created[0]]);
    const seen: { id: string; overdue: boolean; appealedAt: string; decideBy: string; rejectedCriteria: number[]; statement: string; taskAcceptanceCriteria: string[] }[] = [];
    let cursor: string | null = null;
    do {
      const res = await h.api('GET', `/api/admin/appeals?pageSize=2${cursor ? `&cursor=${cursor}` : ''}`, { token: secondAdmin.token });
      expect(res.status).toBe(200);
      seen.push(...res.body.items);
      cursor = res.body.nextCursor;
    } while (cursor);
    const ids = seen.map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of created) expect(ids).toContain(id);
    expect(seen[0]?.id).toBe(created[0]);
    expect(seen[0]).toMatchObject({ overdue: true, rejectedCriteria: [2], taskAcceptanceCriteria: CRITERIA });
    const fresh = seen.find((a) => a.id === created[1])!;
    expect(fresh.overdue).toBe(false);
    expect(new Date(fresh.decideBy).getTime() - new Date(fresh.appealedAt).getTime()).toBe(3 * 86_400_000);
    const sorted = [...seen].sort((a, b) => a.appealedAt.localeCompare(b.appealedAt));
    expect(seen.map((a) => a.appealedAt)).toEqual(sorted.map((a) => a.appealedAt));

    await decide(secondAdmin.token, created[1]!, { decision: 'upheld', reason: 'Stands' });
    const upheld = await h.api('GET', '/api/admin/appeals?status=upheld', { token: secondAdmin.token });
    expect(upheld.body.items.map((a: { id: string }) => a.id)).toContain(created[1]);
    const pending = await h.api('GET', '/api/admin/appeals', { token: secondAdmin.token });
    expect(pending.body.items.map((a: { id: string }) => a.id)).not.toContain(created[1]);
  });

  it('when the query is hostile, then 400 naming the parameter (the paging convention)', async () => {
    await expectPagingRefusals(async (q) => h.api('GET', `/api/admin/appeals?${new URLSearchParams(q)}`, { token: h.admin.token }), [FOREIGN_CURSOR]);
    const bad = await h.api('GET', '/api/admin/appeals?status=lost', { token: h.admin.token });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('querystring.status');
    // A cursor of the pending queue is not one of the upheld list.
    const worker = await h.newUser();
    for (let i = 0; i < 2; i += 1) {
      const { taskId } = await rejectedTask(worker);
      await appeal(worker.token, taskId);
    }
    const page = await h.api('GET', '/api/admin/appeals?pageSize=1', { token: h.admin.token });
    expect(page.body.nextCursor).toEqual(expect.any(String));
    expect((await h.api('GET', `/api/admin/appeals?status=upheld&cursor=${page.body.nextCursor}`, { token: h.admin.token })).status).toBe(400);
  });
});

describe('GET /api/tasks/quality', () => {
  it('when rejections are appealed, then the approval rate ignores one under appeal, and forever one overturned; the reasons name the criteria', async () => {
    const worker = await h.newUser();
    // Two approved.
    for (let i = 0; i < 2; i += 1) {
      const task = await createTask(h);
      const { body } = await h.api('POST', `/api/tasks/${task.id}/take`, { token: worker.token });
      await h.api('POST', `/api/tasks/${task.id}/submit`, { token: worker.token, form: submissionForm('x') });
      await h.api('POST', `/api/admin/submissions/${body.assignment.id}/approve`, { token: h.admin.token });
    }
    // One returned.
    const back = await createTask(h);
    await h.api('POST', `/api/tasks/${back.id}/take`, { token: worker.token });
    await h.api('POST', `/api/tasks/${back.id}/return`, { token: worker.token });
    // Two rejected.
    const first = await rejectedTask(worker);
    const second = await rejectedTask(worker);
    const read = async () => (await h.api('GET', '/api/tasks/quality', { token: worker.token })).body;
    expect(await read()).toMatchObject({ approved: 2, rejected: 2, underAppeal: 0, returned: 1, appealsWon: 0, approvalRate: 0.5 });

    const appealId = (await appeal(worker.token, first.taskId)).body.appeal.id;
    expect(await read()).toMatchObject({ approved: 2, rejected: 1, underAppeal: 1, approvalRate: 2 / 3 });

    await decide(secondAdmin.token, appealId, { decision: 'overturned' });
    const record = await read();
    expect(record).toMatchObject({ approved: 3, rejected: 1, underAppeal: 0, appealsWon: 1, approvalRate: 0.75 });
    expect(record.reasons[0]).toMatchObject({ taskId: second.taskId, reason: 'The sign is cut off', criteria: [{ number: 2, text: 'The sign is readable' }], appealStatus: null });
    expect(record.reasons.find((r: { taskId: string }) => r.taskId === first.taskId)).toMatchObject({ appealStatus: 'overturned' });

    // Another worker's record is their own.
    const other = await h.newUser();
    expect((await h.api('GET', '/api/tasks/quality', { token: other.token })).body).toEqual({ approved: 0, rejected: 0, underAppeal: 0, returned: 0, appealsWon: 0, approvalRate: null, reasons: [] });
    expect((await h.api('GET', '/api/tasks/quality?userId=' + worker.id, { token: other.token })).status).toBe(400);
    expect((await h.api('GET', '/api/tasks/quality')).status).toBe(401);
  });

  it('when the user exports their data, then their rejections and appeals are in it', async () => {
    const worker = await h.newUser();
    const { taskId } = await rejectedTask(worker);
    await appeal(worker.token, taskId);
    const res = await h.api('GET', `/internal/users/${worker.id}/export`, { token: worker.token });
    expect(res.status).toBe(200);
    const text = JSON.stringify(res.body);
    expect(text).toContain('The sign is cut off');
    expect(text).toContain('The sign is fully visible in the second photo');
  });
});
