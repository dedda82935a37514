import { randomUUID } from 'node:crypto';
import { MAX_REVIEW_TEMPLATES } from '@platform/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTask, startWorkHarness, submissionForm, type TTestUser, type TWorkHarness } from './helpers.js';

/**
 * Issue 30 item 2: reason templates (CRUD, audited through the outbox), their validation (unknown variables named,
 * {{criterion}} only with a criterion, caps), uses counted server-side from the rejections that name them, admins only.
 */
let h: TWorkHarness;
let secondAdmin: TTestUser;
beforeAll(async () => {
  h = await startWorkHarness('work_review_templates');
  secondAdmin = await h.newUser('admin');
});
afterAll(async () => {
  await h?.close();
});

const CRITERIA = ['The whole storefront is in the photo', 'The sign is readable'];
const create = (body: unknown, token = h.admin.token) => h.api('POST', '/api/admin/review-templates', { token, body });
const list = async () => (await h.api('GET', '/api/admin/review-templates', { token: h.admin.token })).body as { items: { id: string; title: string; uses: number; sortOrder: number }[]; max: number };
const usesOf = async (id: string) => (await list()).items.find((t) => t.id === id)?.uses;
const templateRows = () => h.query<{ id: string; title: string; body: string }>('SELECT id, title, body FROM review_templates ORDER BY id');

/** A task with criteria taken and submitted by a new worker: its assignment id. */
async function pendingSubmission(criteria: string[] = CRITERIA): Promise<string> {
  const worker = await h.newUser();
  const task = await createTask(h, { acceptanceCriteria: criteria, submissionInstructions: 'Attach one photo of the whole shop front' });
  const taken = await h.api('POST', `/api/tasks/${task.id}/take`, { token: worker.token });
  expect((await h.api('POST', `/api/tasks/${task.id}/submit`, { token: worker.token, form: submissionForm('Here it is') })).status).toBe(200);
  return taken.body.assignment.id as string;
}

const reject = (id: string, body: unknown, token = h.admin.token) => h.api('POST', `/api/admin/submissions/${id}/reject`, { token, body });
const statusOf = async (id: string) => (await h.query<{ status: string }>('SELECT status FROM task_assignments WHERE id = $1', [id]))[0]?.status;

describe('reason templates: create, read, change, delete', () => {
  it('when an admin creates, edits and deletes a template, then the list shows each state and each change is one audited event with before and after', async () => {
    const created = await create({ title: '  Cropped photo ', body: 'Hi {{firstName}}, {{ criterion }} (task "{{taskTitle}}").', criterion: 1, sortOrder: 3 });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Template created');
    const id = created.body.template.id as string;
    expect(created.body.template).toMatchObject({ title: 'Cropped photo', body: 'Hi {{firstName}}, {{ criterion }} (task "{{taskTitle}}").', criterion: 1, sortOrder: 3, uses: 0, createdBy: h.admin.id, updatedBy: h.admin.id });
    expect((await list()).items.find((t) => t.id === id)).toMatchObject({ title: 'Cropped photo', uses: 0 });

    const edited = await h.api('PATCH', `/api/admin/review-templates/${id}`, { token: secondAdmin.token, body: { title: 'Sign cut off', criterion: 2 } });
    expect(edited.status).toBe(200);
    expect(edited.body.template).toMatchObject({ title: 'Sign cut off', criterion: 2, sortOrder: 3, createdBy: h.admin.id, updatedBy: secondAdmin.id });

    // Sending nothing new changes nothing and records nothing.
    expect((await h.api('PATCH', `/api/admin/review-templates/${id}`, { token: h.admin.token, body: {} })).body.template).toMatchObject({ title: 'Sign cut off', updatedBy: secondAdmin.id });
    expect((await h.api('PATCH', `/api/admin/review-templates/${id}`, { token: h.admin.token, body: { title: 'Sign cut off' } })).body.template).toMatchObject({ updatedBy: secondAdmin.id });

    expect((await h.api('DELETE', `/api/admin/review-templates/${id}`, { token: h.admin.token })).body).toEqual({ message: 'Template deleted' });
    expect((await list()).items.some((t) => t.id === id)).toBe(false);
    expect((await h.api('DELETE', `/api/admin/review-templates/${id}`, { token: h.admin.token })).status).toBe(404);
    expect((await h.api('PATCH', `/api/admin/review-templates/${id}`, { token: h.admin.token, body: { title: 'Back' } })).body.code).toBe('WORK.REVIEW_TEMPLATE_NOT_FOUND');

    const events = await h.query<{ payload: { data: Record<string, unknown> } }>(
      `SELECT payload FROM outbox WHERE type = 'review_template.changed' AND payload->'data'->>'templateId' = $1 ORDER BY created_at, id`,
      [id],
    );
    expect(events.map((e) => e.payload.data.action)).toEqual(['created', 'updated', 'deleted']);
    expect(events[0]?.payload.data).toMatchObject({ before: null, after: { title: 'Cropped photo', criterion: 1, sortOrder: 3 }, changedBy: h.admin.id });
    expect(events[1]?.payload.data).toMatchObject({ before: { title: 'Cropped photo', criterion: 1 }, after: { title: 'Sign cut off', criterion: 2 }, changedBy: secondAdmin.id });
    expect(events[2]?.payload.data).toMatchObject({ before: { title: 'Sign cut off' }, after: null });
  });

  it('when templates have an order, then the list is by order (0 on top), then oldest first', async () => {
    const late = await create({ title: 'Late but first', body: 'A', sortOrder: 0 });
    const second = await create({ title: 'Second', body: 'B', sortOrder: 1 });
    const ids = (await list()).items.map((t) => t.id);
    expect(ids.indexOf(late.body.template.id)).toBeLessThan(ids.indexOf(second.body.template.id));
    for (const t of [late, second]) await h.api('DELETE', `/api/admin/review-templates/${t.body.template.id}`, { token: h.admin.token });
  });
});

describe('reason templates: what is refused (400 with a code naming the field, nothing saved)', () => {
  it('when the text names unknown variables, then 400 WORK.UNKNOWN_TEMPLATE_VARIABLES naming each (hostile ones cut, stray braces too)', async () => {
    const before = await templateRows();
    const res = await create({ title: 'Bad', body: 'Hi {{firstName}} {{ lastName }} {{<script>alert(1)</script>}} {{email}} {{lastName}}' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'WORK.UNKNOWN_TEMPLATE_VARIABLES', field: 'body', params: { names: 'lastName, <script>alert(1)</script>, email' } });
    expect(res.body.message).toBe('Unknown variables: lastName, <script>alert(1)</script>, email. A template may use {{firstName}}, {{criterion}} and {{taskTitle}}');
    const stray = await create({ title: 'Bad', body: 'Hi {{firstName and {{}} }}' });
    expect(stray.body).toMatchObject({ code: 'WORK.UNKNOWN_TEMPLATE_VARIABLES' });
    const long = await create({ title: 'Bad', body: `{{${'x'.repeat(500)}}}` });
    expect(long.status).toBe(400);
    expect((long.body.params.names as string).length).toBeLessThanOrEqual(40);
    expect(await templateRows()).toEqual(before);
  });

  it('when {{criterion}} is used without naming a criterion (at creation, or by removing it later), then 400 WORK.TEMPLATE_NEEDS_CRITERION', async () => {
    const res = await create({ title: 'No number', body: 'Not met: {{criterion}}' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'WORK.TEMPLATE_NEEDS_CRITERION', field: 'criterion' });
    const ok = await create({ title: 'Numbered', body: 'Not met: {{criterion}}', criterion: 2 });
    expect(ok.status).toBe(201);
    const removed = await h.api('PATCH', `/api/admin/review-templates/${ok.body.template.id}`, { token: h.admin.token, body: { criterion: null } });
    expect(removed.body.code).toBe('WORK.TEMPLATE_NEEDS_CRITERION');
    const unknownInEdit = await h.api('PATCH', `/api/admin/review-templates/${ok.body.template.id}`, { token: h.admin.token, body: { body: '{{criterion}} {{balance}}' } });
    expect(unknownInEdit.body).toMatchObject({ code: 'WORK.UNKNOWN_TEMPLATE_VARIABLES', params: { names: 'balance' } });
    expect((await list()).items.find((t) => t.id === ok.body.template.id)).toMatchObject({ title: 'Numbered' });
    await h.api('DELETE', `/api/admin/review-templates/${ok.body.template.id}`, { token: h.admin.token });
  });

  it.each([
    ['no title', { body: 'x' }, 'title'],
    ['a blank title', { title: '   ', body: 'x' }, 'title'],
    ['a title of 81 characters', { title: 'x'.repeat(81), body: 'x' }, 'title'],
    ['a blank text', { title: 'T', body: ' ' }, 'body'],
    ['a text of 1001 characters', { title: 'T', body: 'x'.repeat(1001) }, 'body'],
    ['a text of 5 MB', { title: 'T', body: 'x'.repeat(5_000_000) }, undefined],
    ['a text that is a number', { title: 'T', body: 42 }, 'body'],
    ['a NUL in the text', { title: 'T', body: 'a\u0000b' }, 'body'],
    ['criterion 0', { title: 'T', body: 'x', criterion: 0 }, 'criterion'],
    ['criterion 11', { title: 'T', body: 'x', criterion: 11 }, 'criterion'],
    ['criterion 1.5', { title: 'T', body: 'x', criterion: 1.5 }, 'criterion'],
    ['criterion "1"', { title: 'T', body: 'x', criterion: '1' }, 'criterion'],
    ['a negative order', { title: 'T', body: 'x', sortOrder: -1 }, 'sortOrder'],
    ['a huge order', { title: 'T', body: 'x', sortOrder: 1e12 }, 'sortOrder'],
    ['an unknown field', { title: 'T', body: 'x', uses: 1000 }, undefined],
    ['a list instead of an object', [{ title: 'T', body: 'x' }], undefined],
  ])('when the body has %s, then 4xx with a code and nothing is saved', async (_what, body, field) => {
    const before = await templateRows();
    const res = await create(body);
    expect([400, 413]).toContain(res.status);
    expect(typeof res.body.code).toBe('string');
    if (field) expect(res.body.field).toBe(field);
    expect(await templateRows()).toEqual(before);
  });

  it('when the path id is not a uuid or names no template, then 404 WORK.REVIEW_TEMPLATE_NOT_FOUND', async () => {
    for (const id of ['1', 'not-an-id', randomUUID()]) {
      const res = await h.api('PATCH', `/api/admin/review-templates/${id}`, { token: h.admin.token, body: { title: 'x' } });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('WORK.REVIEW_TEMPLATE_NOT_FOUND');
    }
  });

  it('when a worker or nobody calls, then 403 and 401 on every route and nothing changes', async () => {
    const worker = await h.newUser();
    const made = await create({ title: 'Kept', body: 'x' });
    const id = made.body.template.id as string;
    const calls: [string, string, unknown][] = [
      ['GET', '/api/admin/review-templates', undefined],
      ['POST', '/api/admin/review-templates', { title: 'Mine', body: 'x' }],
      ['PATCH', `/api/admin/review-templates/${id}`, { title: 'Mine' }],
      ['DELETE', `/api/admin/review-templates/${id}`, undefined],
      ['GET', `/api/admin/workers/${worker.id}/quality`, undefined],
    ];
    for (const [method, path, body] of calls) {
      expect((await h.api(method, path, { token: worker.token, body })).status).toBe(403);
      expect((await h.api(method, path, { body })).status).toBe(401);
    }
    expect((await list()).items.find((t) => t.id === id)).toMatchObject({ title: 'Kept' });
    await h.api('DELETE', `/api/admin/review-templates/${id}`, { token: h.admin.token });
  });
});

describe('a rejection that names a template (POST /api/admin/submissions/{id}/reject with templateId)', () => {
  it('when two rejections name a template, then it has 2 uses; a refused one (criteria missing) counts nothing', async () => {
    const template = (await create({ title: 'Sign', body: 'Hi {{firstName}}: {{criterion}}', criterion: 2 })).body.template;
    const first = await pendingSubmission();
    const second = await pendingSubmission();
    const refused = await reject(first, { reason: 'Hi Ada: The sign is readable', templateId: template.id });
    expect(refused.body.code).toBe('WORK.CRITERIA_REQUIRED');
    expect(await usesOf(template.id)).toBe(0);
    expect((await reject(first, { reason: 'Hi Ada: The sign is readable', templateId: template.id, criteria: [2] })).status).toBe(200);
    // The text may be edited before sending: the template is still the one named.
    expect((await reject(second, { reason: 'Edited: the sign is blurred', templateId: template.id, criteria: [2] })).status).toBe(200);
    expect(await usesOf(template.id)).toBe(2);
    const rows = await h.query<{ reason: string; template_id: string }>('SELECT reason, template_id FROM submission_rejections WHERE assignment_id = ANY($1) ORDER BY rejected_at', [[first, second]]);
    expect(rows).toEqual([
      { reason: 'Hi Ada: The sign is readable', template_id: template.id },
      { reason: 'Edited: the sign is blurred', template_id: template.id },
    ]);
    // The same use case as any rejection: one submission.rejected each, with the reason as sent.
    const [event] = await h.query<{ payload: { data: { reason: string; criteria: number[] } } }>(`SELECT payload FROM outbox WHERE type = 'submission.rejected' AND payload->'data'->>'assignmentId' = $1`, [second]);
    expect(event?.payload.data).toMatchObject({ reason: 'Edited: the sign is blurred', criteria: [2] });

    // Deleted, the template goes from the list; the rejections keep their text.
    await h.api('DELETE', `/api/admin/review-templates/${template.id}`, { token: h.admin.token });
    const kept = await h.query<{ reason: string; template_id: string | null }>('SELECT reason, template_id FROM submission_rejections WHERE assignment_id = $1', [second]);
    expect(kept).toEqual([{ reason: 'Edited: the sign is blurred', template_id: null }]);
  });

  it('when the template named does not exist or is not an id, then 400 naming templateId and the submission still waits', async () => {
    const id = await pendingSubmission();
    const unknown = await reject(id, { reason: 'No', criteria: [1], templateId: randomUUID() });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'WORK.REVIEW_TEMPLATE_NOT_FOUND', field: 'templateId' });
    for (const templateId of ['1', 42, null, '']) expect((await reject(id, { reason: 'No', criteria: [1], templateId })).status).toBe(400);
    expect(await statusOf(id)).toBe('submitted');
    expect(await h.query(`SELECT 1 FROM outbox WHERE type = 'submission.rejected' AND payload->'data'->>'assignmentId' = $1`, [id])).toHaveLength(0);
  });

  it('when two admins reject the same submission with a template at the same moment, then one wins, the other gets 409, and the template has one use', async () => {
    const template = (await create({ title: 'Race', body: 'Not met: {{criterion}}', criterion: 1 })).body.template;
    const id = await pendingSubmission();
    const answers = await Promise.all([h.admin, secondAdmin].map((admin) => reject(id, { reason: 'Not met', criteria: [1], templateId: template.id }, admin.token)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await usesOf(template.id)).toBe(1);
    await h.api('DELETE', `/api/admin/review-templates/${template.id}`, { token: h.admin.token });
  });

  it('when a template is deleted while a rejection names it, then each answers 2xx or a 4xx with a code (never 500), and a use is counted only with its rejection', async () => {
    for (let round = 0; round < 5; round++) {
      const template = (await create({ title: `Deleted ${round}`, body: 'Gone' })).body.template;
      const id = await pendingSubmission();
      const [deleted, rejected] = await Promise.all([
        h.api('DELETE', `/api/admin/review-templates/${template.id}`, { token: secondAdmin.token }),
        reject(id, { reason: 'Gone', criteria: [1], templateId: template.id }),
      ]);
      expect(deleted.status).toBe(200);
      expect([200, 400]).toContain(rejected.status);
      const rows = await h.query<{ template_id: string | null }>('SELECT template_id FROM submission_rejections WHERE assignment_id = $1', [id]);
      if (rejected.status === 200) expect(rows).toEqual([{ template_id: null }]);
      else {
        expect(rejected.body.code).toBe('WORK.REVIEW_TEMPLATE_NOT_FOUND');
        expect(rows).toEqual([]);
        expect(await statusOf(id)).toBe('submitted');
      }
    }
  });
});

describe('what the review cockpit reads beside a submission', () => {
  it('when an admin reads a submission, then it carries the task instructions; and the worker quality record answers for any worker id', async () => {
    const id = await pendingSubmission();
    const submission = await h.api('GET', `/api/admin/submissions/${id}`, { token: h.admin.token });
    expect(submission.body).toMatchObject({ taskSubmissionInstructions: 'Attach one photo of the whole shop front', taskAcceptanceCriteria: CRITERIA });
    const page = await h.api('GET', `/api/admin/submissions?pageSize=100`, { token: h.admin.token });
    expect((page.body.items as { id: string; taskSubmissionInstructions: string }[]).find((s) => s.id === id)?.taskSubmissionInstructions).toBe('Attach one photo of the whole shop front');

    expect((await reject(id, { reason: 'Blurred', criteria: [2] })).status).toBe(200);
    const quality = await h.api('GET', `/api/admin/workers/${submission.body.userId}/quality`, { token: h.admin.token });
    expect(quality.status).toBe(200);
    expect(quality.body).toMatchObject({ approved: 0, rejected: 1, underAppeal: 0, approvalRate: 0 });
    expect(quality.body.reasons[0]).toMatchObject({ reason: 'Blurred', criteria: [{ number: 2, text: 'The sign is readable' }] });
    expect((await h.api('GET', `/api/admin/workers/${randomUUID()}/quality`, { token: h.admin.token })).body).toMatchObject({ approved: 0, rejected: 0, approvalRate: null, reasons: [] });
    const bad = await h.api('GET', '/api/admin/workers/not-a-worker/quality', { token: h.admin.token });
    expect(bad.status).toBe(404);
    expect(bad.body.code).toBe('WORK.WORKER_NOT_FOUND');
    expect((await h.api('GET', `/api/admin/workers/${submission.body.userId}/quality?all=1`, { token: h.admin.token })).status).toBe(400);
  });
});

describe('at most MAX_REVIEW_TEMPLATES templates', () => {
  it('when admins create templates concurrently up to and past the cap, then exactly the cap is kept and the rest get 409 WORK.TOO_MANY_REVIEW_TEMPLATES', async () => {
    const existing = (await list()).items.length;
    const wanted = MAX_REVIEW_TEMPLATES - existing + 4;
    const answers: { status: number; body: { code?: string } }[] = [];
    // Ten at a time, so the last ones race at the cap.
    for (let i = 0; i < wanted; i += 10) {
      answers.push(...(await Promise.all(Array.from({ length: Math.min(10, wanted - i) }, (_, k) => create({ title: `Many ${i + k}`, body: 'x' }, k % 2 ? secondAdmin.token : h.admin.token)))));
    }
    expect(answers.filter((a) => a.status === 201)).toHaveLength(MAX_REVIEW_TEMPLATES - existing);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(4);
    for (const r of refused) expect(r).toMatchObject({ status: 409, body: { code: 'WORK.TOO_MANY_REVIEW_TEMPLATES', params: { max: MAX_REVIEW_TEMPLATES } } });
    expect((await list()).items).toHaveLength(MAX_REVIEW_TEMPLATES);
  });
});
