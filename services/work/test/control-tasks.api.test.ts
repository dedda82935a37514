import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoApproveOverdueSubmissions } from '../src/domain/scheduled-work.use-case.js';
import { countEvents, createTask, startWorkHarness, submissionForm, taskBody, type TTestUser, type TWorkHarness } from './helpers.js';

/**
 * Issue 30 item 5: control tasks. An admin gives a task a known expected answer; workers cannot tell it apart; each
 * submission is checked on submit and the result kept for the reviewer; first answers count toward the worker's
 * control accuracy, which admins see; the task is paid through the ordinary approval.
 */
let h: TWorkHarness;
beforeAll(async () => {
  h = await startWorkHarness('work_control');
});
afterAll(async () => {
  await h?.close();
});

const ANSWER = 'The blue door';

async function controlTask(control: unknown = { expectedAnswer: ANSWER }, overrides: Record<string, unknown> = {}) {
  return createTask(h, { ...overrides, control });
}

async function take(worker: TTestUser, taskId: string): Promise<string> {
  const res = await h.api('POST', `/api/tasks/${taskId}/take`, { token: worker.token });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.assignment.id as string;
}

const submit = (worker: TTestUser, taskId: string, text: string) => h.api('POST', `/api/tasks/${taskId}/submit`, { token: worker.token, form: submissionForm(text) });

/** A worker takes the task and submits this answer; returns the assignment id and the admin's view of the submission. */
async function answered(taskId: string, text: string, worker?: TTestUser) {
  const who = worker ?? (await h.newUser());
  const assignmentId = await take(who, taskId);
  const res = await submit(who, taskId, text);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const admin = await h.api('GET', `/api/admin/submissions/${assignmentId}`, { token: h.admin.token });
  expect(admin.status).toBe(200);
  return { worker: who, assignmentId, submit: res.body, admin: admin.body };
}

const quality = (userId: string, token = h.admin.token) => h.api('GET', `/api/admin/workers/${userId}/quality`, { token });

/** The shape of a JSON value: the same keys (sorted) and kinds of value, recursively; values themselves left out. */
function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shapeOf);
  if (value === null) return 'null';
  if (typeof value === 'object') return Object.fromEntries(Object.keys(value as object).sort().map((key) => [key, shapeOf((value as Record<string, unknown>)[key])]));
  return typeof value;
}

describe('setting and unsetting a control task (admin)', () => {
  it('when an admin creates a control task, then its expected answer (trimmed, normalised match by default) is in the admin\'s task, its list and nowhere else', async () => {
    const task = await controlTask({ expectedAnswer: '  The blue door  ' });
    expect(task.control).toMatchObject({ expectedAnswer: 'The blue door', match: 'normalised', setBy: h.admin.id });
    expect(Number.isNaN(Date.parse(String((task.control as Record<string, unknown>).setAt)))).toBe(false);
    const listed = await h.api('GET', `/api/admin/tasks?search=${encodeURIComponent(String(task.title))}`, { token: h.admin.token });
    expect(listed.body.items[0]).toMatchObject({ id: task.id, control: { expectedAnswer: 'The blue door', match: 'normalised' } });
    const plain = await createTask(h);
    expect(plain.control).toBeNull();
  });

  it('when an admin edits the answer, switches the match, unsets and sets it again, then each change is kept and other edits leave it alone', async () => {
    const task = await controlTask();
    const exact = await h.api('PATCH', `/api/admin/tasks/${task.id}`, { token: h.admin.token, body: { control: { expectedAnswer: 'Blue', match: 'exact' } } });
    expect(exact.status).toBe(200);
    expect(exact.body.control).toMatchObject({ expectedAnswer: 'Blue', match: 'exact' });
    const renamed = await h.api('PATCH', `/api/admin/tasks/${task.id}`, { token: h.admin.token, body: { title: 'Renamed control task' } });
    expect(renamed.body).toMatchObject({ title: 'Renamed control task', control: { expectedAnswer: 'Blue', match: 'exact' } });
    const unset = await h.api('PATCH', `/api/admin/tasks/${task.id}`, { token: h.admin.token, body: { control: null } });
    expect(unset.status).toBe(200);
    expect(unset.body.control).toBeNull();
    expect(await h.query('SELECT 1 FROM control_tasks WHERE task_id = $1', [task.id])).toHaveLength(0);
    const again = await h.api('PATCH', `/api/admin/tasks/${task.id}`, { token: h.admin.token, body: { control: { expectedAnswer: 'Green' } } });
    expect(again.body.control).toMatchObject({ expectedAnswer: 'Green', match: 'normalised' });
  });

  it('when only the control part is edited, then the task row is untouched: no new updatedAt a worker could see and no task.saved event', async () => {
    const task = await createTask(h);
    const savedBefore = await h.query<{ n: number }>(`SELECT count(*)::int AS n FROM outbox WHERE type = 'task.saved' AND payload->'data'->>'taskId' = $1`, [task.id]);
    const res = await h.api('PATCH', `/api/admin/tasks/${task.id}`, { token: h.admin.token, body: { control: { expectedAnswer: ANSWER } } });
    expect(res.status).toBe(200);
    expect(res.body.updatedAt).toBe(task.updatedAt);
    const savedAfter = await h.query<{ n: number }>(`SELECT count(*)::int AS n FROM outbox WHERE type = 'task.saved' AND payload->'data'->>'taskId' = $1`, [task.id]);
    expect(savedAfter[0]?.n).toBe(savedBefore[0]?.n);
  });

  const HOSTILE_CONTROLS: [string, unknown, string | undefined][] = [
    ['a blank answer', { expectedAnswer: '   ' }, 'Enter the expected answer of the control task'],
    ['no answer', { match: 'exact' }, 'Enter the expected answer of the control task'],
    ['only invisible characters', { expectedAnswer: '\u200b\u200d\u2060\ufeff\u202e' }, 'The expected answer must contain visible characters'],
    ['an answer over 1000 characters', { expectedAnswer: 'x'.repeat(1001) }, 'The expected answer must be at most 1000 characters'],
    ['a 60,000-character answer', { expectedAnswer: 'y'.repeat(60_000) }, 'The expected answer must be at most 1000 characters'],
    ['an answer that is not text', { expectedAnswer: 42 }, 'Enter the expected answer of the control task'],
    ['a NUL in the answer', { expectedAnswer: 'blue\u0000door' }, 'Expected answer must not contain control characters'],
    ['a lone surrogate in the answer', { expectedAnswer: 'blue\ud800' }, 'Expected answer must be valid Unicode text'],
    ['an unknown match', { expectedAnswer: 'x', match: 'fuzzy' }, 'Match must be exact or normalised'],
    ['an unknown field', { expectedAnswer: 'x', autoApprove: true }, undefined],
    ['text instead of an object', 'The blue door', 'Control must be an object with the expected answer'],
    ['a list', [{ expectedAnswer: 'x' }], 'Control must be an object with the expected answer'],
    ['true', true, 'Control must be an object with the expected answer'],
  ];

  it.each(HOSTILE_CONTROLS)('when a new task\'s control has %s, then 400 naming the field and no task is created', async (_what, control, message) => {
    const title = `Hostile control ${randomUUID()}`;
    const res = await h.api('POST', '/api/admin/tasks', { token: h.admin.token, body: taskBody({ title, control }) });
    expect(res.status).toBe(400);
    expect(res.body.code).toBeTruthy();
    expect(String(res.body.field ?? '')).toMatch(/^control/);
    if (message) expect(res.body.message).toBe(message);
    expect(await h.query('SELECT 1 FROM tasks WHERE title = $1', [title])).toHaveLength(0);
  });

  it.each(HOSTILE_CONTROLS)('when an edit\'s control has %s, then 400 and the expected answer is unchanged', async (_what, control) => {
    const task = await controlTask();
    const res = await h.api('PATCH', `/api/admin/tasks/${task.id}`, { token: h.admin.token, body: { control, title: 'Should not change' } });
    expect(res.status).toBe(400);
    const [row] = await h.query<{ expected_answer: string; match_mode: string; title: string }>(
      'SELECT c.expected_answer, c.match_mode, t.title FROM control_tasks c JOIN tasks t ON t.id = c.task_id WHERE c.task_id = $1',
      [task.id],
    );
    expect(row).toEqual({ expected_answer: ANSWER, match_mode: 'normalised', title: task.title });
  });

  it('when the task does not exist, the id is malformed, or a worker asks, then it is refused and no expected answer is stored', async () => {
    const worker = await h.newUser();
    const task = await createTask(h);
    const body = { control: { expectedAnswer: 'Leaked?' } };
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const res = await h.api('PATCH', `/api/admin/tasks/${id}`, { token: h.admin.token, body });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('WORK.TASK_NOT_FOUND');
    }
    expect((await h.api('PATCH', `/api/admin/tasks/${task.id}`, { token: worker.token, body })).status).toBe(403);
    expect((await h.api('POST', '/api/admin/tasks', { token: worker.token, body: taskBody(body) })).status).toBe(403);
    expect((await h.api('PATCH', `/api/admin/tasks/${task.id}`, { body })).status).toBe(401);
    expect(await h.query(`SELECT 1 FROM control_tasks WHERE expected_answer = 'Leaked?'`)).toHaveLength(0);
  });
});

describe('a worker cannot tell a control task apart', () => {
  const SECRET = 'Zebra crossing 7741';

  /** The worker's task list item of this task. */
  async function workerItem(worker: TTestUser, taskId: string) {
    const res = await h.api('GET', '/api/tasks', { token: worker.token });
    expect(res.status).toBe(200);
    return (res.body as { id: string }[]).find((t) => t.id === taskId) as Record<string, unknown>;
  }

  it('when a control and an ordinary task are listed, taken, submitted and decided, then every worker answer has the same shape and none names the control or its answer', async () => {
    const fields = { description: 'Read the sign', submissionInstructions: 'Type what it says', reward: '3.00', estimatedMinutes: 10, acceptanceCriteria: ['The sign is typed as written'] };
    const plain = await createTask(h, fields);
    const control = await createTask(h, { ...fields, control: { expectedAnswer: SECRET, match: 'exact' } });
    const worker = await h.newUser();
    const answers: Record<string, unknown>[] = [];
    const compare = (a: unknown, b: unknown, stage: string) => {
      expect(shapeOf(b), stage).toEqual(shapeOf(a));
      const text = JSON.stringify(b);
      expect(text, stage).not.toContain(SECRET);
      expect(text, stage).not.toMatch(/control|expectedAnswer/i);
      answers.push(b as Record<string, unknown>);
    };

    compare(await workerItem(worker, plain.id), await workerItem(worker, control.id), 'listed');
    const takes = [await h.api('POST', `/api/tasks/${plain.id}/take`, { token: worker.token }), await h.api('POST', `/api/tasks/${control.id}/take`, { token: worker.token })];
    expect(takes.map((r) => r.status)).toEqual([201, 201]);
    compare(takes[0]?.body, takes[1]?.body, 'take');
    compare(await workerItem(worker, plain.id), await workerItem(worker, control.id), 'taken');
    // The control task is answered wrongly: still the same answer and state as the ordinary one.
    const submits = [await submit(worker, plain.id, 'Wrong on purpose'), await submit(worker, control.id, 'Wrong on purpose')];
    expect(submits.map((r) => r.status)).toEqual([200, 200]);
    expect(submits.map((r) => r.body.assignment.status)).toEqual(['submitted', 'submitted']);
    compare(submits[0]?.body, submits[1]?.body, 'submit');
    compare(await workerItem(worker, plain.id), await workerItem(worker, control.id), 'submitted');
    const [plainItem, controlItem] = [await workerItem(worker, plain.id), await workerItem(worker, control.id)];
    expect(controlItem.userStatus).toBe('submitted');
    expect(controlItem.autoApproveAt).not.toBeNull();
    expect(new Date(String(controlItem.autoApproveAt)).getTime() - new Date(String(controlItem.submittedAt)).getTime()).toBe(
      new Date(String(plainItem.autoApproveAt)).getTime() - new Date(String(plainItem.submittedAt)).getTime(),
    );

    // Rejected with a reason by a reviewer, as any task: the worker sees the reason and may appeal.
    for (const id of [plain.id, control.id]) {
      const assignment = (await workerItem(worker, id)).userAssignment as { id: string };
      const rejected = await h.api('POST', `/api/admin/submissions/${assignment.id}/reject`, { token: h.admin.token, body: { reason: 'The sign says something else', criteria: [1] } });
      expect(rejected.status).toBe(200);
    }
    compare(await workerItem(worker, plain.id), await workerItem(worker, control.id), 'rejected');
    const rejectedControl = await workerItem(worker, control.id);
    expect(rejectedControl).toMatchObject({ userStatus: 'rejected', rejectionReason: 'The sign says something else', rejectedCriteria: [1] });
    expect(rejectedControl.appealableUntil).not.toBeNull();
    const appeal = await h.api('POST', `/api/tasks/${control.id}/appeal`, { token: worker.token, body: { statement: 'I typed what the sign says' } });
    expect(appeal.status).toBe(201);

    // The worker's own record, their completed list and their data export say nothing of it either.
    const record = await h.api('GET', '/api/tasks/quality', { token: worker.token });
    expect(Object.keys(record.body).sort()).toEqual(['appealsWon', 'approvalRate', 'approved', 'reasons', 'rejected', 'returned', 'underAppeal']);
    const exported = await h.api('GET', `/internal/users/${worker.id}/export`, { token: worker.token });
    expect(exported.status).toBe(200);
    for (const body of [record.body, exported.body]) {
      const text = JSON.stringify(body);
      expect(text).not.toContain(SECRET);
      expect(text).not.toMatch(/control_|expected_answer|expectedAnswer|"matched"/i);
    }
    expect(answers.length).toBeGreaterThanOrEqual(6);
  });

  it('when a control task is saved and answered, then the events carry the same fields as an ordinary task\'s and never the expected answer', async () => {
    const plain = await createTask(h, { title: 'Event twin A' });
    const control = await createTask(h, { title: 'Event twin B', control: { expectedAnswer: SECRET } });
    const worker = await h.newUser();
    for (const task of [plain, control]) {
      await take(worker, task.id);
      expect((await submit(worker, task.id, SECRET)).status).toBe(200);
    }
    const eventsOf = async (taskId: string) =>
      h.query<{ type: string; payload: { data: Record<string, unknown> } }>(`SELECT type, payload FROM outbox WHERE payload->'data'->>'taskId' = $1 ORDER BY created_at, type`, [taskId]);
    const [plainEvents, controlEvents] = [await eventsOf(plain.id), await eventsOf(control.id)];
    expect(controlEvents.map((e) => e.type)).toEqual(plainEvents.map((e) => e.type));
    expect(controlEvents.map((e) => e.type)).toEqual(expect.arrayContaining(['task.saved', 'assignment.created', 'submission.submitted']));
    controlEvents.forEach((event, index) => expect(shapeOf(event.payload.data), event.type).toEqual(shapeOf(plainEvents[index]?.payload.data)));
    const text = JSON.stringify(controlEvents);
    expect(text).not.toContain(SECRET);
    expect(text).not.toMatch(/control|expectedAnswer/i);
  });

  it('when the service describes its API, then no worker operation\'s schema has a control field (admin ones do)', async () => {
    const res = await fetch(`${h.service.url}/internal/openapi.json`);
    expect(res.status).toBe(200);
    const document = (await res.json()) as { paths: Record<string, Record<string, unknown>>; components: { schemas: Record<string, unknown> } };
    /** The operation with every component it refers to, followed through references. */
    const closure = (value: unknown): string => {
      const seen = new Set<string>();
      const parts: unknown[] = [value];
      const visit = (node: unknown) => {
        const text = JSON.stringify(node);
        for (const [, name] of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
          if (name && !seen.has(name)) {
            seen.add(name);
            parts.push(document.components.schemas[name]);
            visit(document.components.schemas[name]);
          }
        }
      };
      visit(value);
      return JSON.stringify(parts);
    };
    const workerPaths = Object.keys(document.paths).filter((path) => path.startsWith('/api/') && !path.startsWith('/api/admin/'));
    expect(workerPaths).toEqual(expect.arrayContaining(['/api/tasks', '/api/tasks/{id}/submit', '/api/tasks/quality']));
    for (const path of workerPaths) {
      for (const [method, operation] of Object.entries(document.paths[path] ?? {})) {
        expect(closure(operation), `${method} ${path}`).not.toMatch(/"control|expectedAnswer|controlCheck|accuracy/);
      }
    }
    expect(closure(document.paths['/api/admin/tasks'])).toContain('expectedAnswer');
    expect(closure(document.paths['/api/admin/submissions/{id}'])).toContain('controlCheck');
  });
});

describe('POST /api/tasks/{id}/submit of a control task: checked on submit', () => {
  it('when the answer matches, then the check is kept with the submission (matched, counted) and the submission waits for review like any other', async () => {
    const task = await controlTask();
    const { admin, assignmentId } = await answered(task.id, '  the BLUE   door ');
    expect(admin).toMatchObject({ status: 'submitted', controlCheck: { matched: true, match: 'normalised', expectedAnswer: ANSWER, counted: true } });
    expect(await countEvents(h, 'submission.approved', assignmentId)).toBe(0);
    expect(await countEvents(h, 'submission.submitted', assignmentId)).toBe(1);
    const queue = await h.api('GET', `/api/admin/submissions?taskId=${task.id}`, { token: h.admin.token });
    expect(queue.body.items[0]).toMatchObject({ id: assignmentId, controlCheck: { matched: true } });
  });

  it('when the answer does not match, then the check says so, and the submission still waits for a reviewer (no automatic rejection)', async () => {
    const task = await controlTask();
    const { admin, assignmentId } = await answered(task.id, 'The red door');
    expect(admin).toMatchObject({ status: 'submitted', rejectionReason: null, controlCheck: { matched: false, expectedAnswer: ANSWER, counted: true } });
    expect(await countEvents(h, 'submission.rejected', assignmentId)).toBe(0);
  });

  it('when the task is an ordinary one, or became a control task after the submission, then the submission has no check', async () => {
    const plain = await createTask(h);
    expect((await answered(plain.id, ANSWER)).admin.controlCheck).toBeNull();
    const later = await createTask(h);
    const { assignmentId } = await answered(later.id, ANSWER);
    await h.api('PATCH', `/api/admin/tasks/${later.id}`, { token: h.admin.token, body: { control: { expectedAnswer: ANSWER } } });
    expect((await h.api('GET', `/api/admin/submissions/${assignmentId}`, { token: h.admin.token })).body.controlCheck).toBeNull();
    expect(await h.query('SELECT 1 FROM control_checks WHERE assignment_id = $1', [assignmentId])).toHaveLength(0);
  });

  it.each([
    // [what, expected answer, match, the worker's text, matched]
    ['case, spacing and line breaks (normalised)', 'The blue door', 'normalised', 'tHe\tblue\n\n  DOOR', true],
    ['full-width letters (NFKC)', 'The blue door', 'normalised', 'Ｔｈｅ ｂｌｕｅ ｄｏｏｒ', true],
    ['a decomposed accent against a composed one (normalised)', 'café', 'normalised', 'cafe\u0301', true],
    ['a decomposed accent against a composed one (exact: canonically the same)', 'café', 'exact', 'cafe\u0301', true],
    ['zero-width spaces and joiners inside the words', 'The blue door', 'normalised', 'The b\u200blue\u200d do\u2060or', true],
    ['a right-to-left override in front', 'The blue door', 'normalised', '\u202eThe blue door', true],
    ['no-break and ideographic spaces', 'The blue door', 'normalised', 'The\u00a0blue\u3000door', true],
    ['sharp s against SS (case folding)', 'Straße', 'normalised', 'STRASSE', true],
    ['a ligature', 'office', 'normalised', 'oﬃce', true],
    ['a Cyrillic look-alike letter', 'The blue door', 'normalised', 'The blue dооr', false],
    ['combining marks piled on a letter', 'The blue door', 'normalised', 'The blue d\u0300\u0301\u0302\u0303\u0304oor', false],
    ['a different case (exact)', 'The blue door', 'exact', 'the blue door', false],
    ['a zero-width space (exact)', 'The blue door', 'exact', 'The blue\u200b door', false],
    ['full-width letters (exact)', 'The blue door', 'exact', 'Ｔｈｅ ｂｌｕｅ ｄｏｏｒ', false],
    ['surrounding spaces (exact: trimmed as every submission is)', 'The blue door', 'exact', '   The blue door \n', true],
    ['an answer plus more words', 'The blue door', 'normalised', 'The blue door, I think', false],
    ['emoji with a zero-width joiner', 'Family 👨‍👩‍👧', 'normalised', 'family 👨👩👧', true],
  ])('when the answer differs by %s, then it is checked as expected', async (_what, expectedAnswer, match, text, matched) => {
    const task = await controlTask({ expectedAnswer, match });
    const { admin } = await answered(task.id, text);
    expect(admin.controlCheck).toMatchObject({ matched, match, expectedAnswer });
  });

  it('when the answer is the longest a submission may be, then the check is made and the submission is taken', async () => {
    const task = await controlTask({ expectedAnswer: 'x'.repeat(1000) });
    const { admin } = await answered(task.id, 'x'.repeat(20_000));
    expect(admin.controlCheck.matched).toBe(false);
  });

  it('when a rejected control submission is resubmitted, then it is checked again for the reviewer but only the first answer counts', async () => {
    const task = await controlTask();
    const { worker, assignmentId } = await answered(task.id, 'The red door');
    expect((await h.api('POST', `/api/admin/submissions/${assignmentId}/reject`, { token: h.admin.token, body: { reason: 'Read the sign again' } })).status).toBe(200);
    expect((await submit(worker, task.id, 'The blue door')).status).toBe(200);
    const admin = await h.api('GET', `/api/admin/submissions/${assignmentId}`, { token: h.admin.token });
    expect(admin.body.controlCheck).toMatchObject({ matched: true, counted: false });
    expect(await h.query('SELECT matched, counted FROM control_checks WHERE assignment_id = $1 ORDER BY checked_at', [assignmentId])).toEqual([
      { matched: false, counted: true },
      { matched: true, counted: false },
    ]);
    expect((await quality(worker.id)).body.control).toEqual({ checked: 1, matched: 0, accuracy: 0 });
  });

  it('when the expected answer is edited after a check, then the check keeps the answer it was compared with', async () => {
    const task = await controlTask();
    const { assignmentId } = await answered(task.id, ANSWER);
    await h.api('PATCH', `/api/admin/tasks/${task.id}`, { token: h.admin.token, body: { control: { expectedAnswer: 'The green door', match: 'exact' } } });
    const admin = await h.api('GET', `/api/admin/submissions/${assignmentId}`, { token: h.admin.token });
    expect(admin.body.controlCheck).toMatchObject({ matched: true, match: 'normalised', expectedAnswer: ANSWER });
  });
});

describe('control accuracy and the quality record (admin)', () => {
  it('when a worker answers control tasks right and wrong, then the admin sees their accuracy beside the record the worker sees', async () => {
    const worker = await h.newUser();
    for (const text of [ANSWER, 'the blue door', 'A red door']) await answered((await controlTask()).id, text, worker);
    const plain = await answered((await createTask(h)).id, 'Done', worker);
    expect((await h.api('POST', `/api/admin/submissions/${plain.assignmentId}/approve`, { token: h.admin.token })).status).toBe(200);

    const res = await quality(worker.id);
    expect(res.status).toBe(200);
    expect(res.body.control).toEqual({ checked: 3, matched: 2, accuracy: 2 / 3 });
    const own = await h.api('GET', '/api/tasks/quality', { token: worker.token });
    const { userId, control: _control, ...record } = res.body;
    expect(userId).toBe(worker.id);
    expect(record).toEqual(own.body);
    expect(record).toMatchObject({ approved: 1, rejected: 0 });

    const stranger = await h.newUser();
    expect((await quality(stranger.id)).body).toMatchObject({ userId: stranger.id, approved: 0, control: { checked: 0, matched: 0, accuracy: null } });
  });

  it('when the call is not an admin\'s, the id is malformed or the query unknown, then it is refused', async () => {
    const worker = await h.newUser();
    const own = await quality(worker.id, worker.token);
    expect(own.status).toBe(403);
    expect((await h.api('GET', `/api/admin/workers/${worker.id}/quality`)).status).toBe(401);
    for (const id of ['not-a-uuid', '1%27%20OR%201%3D1']) {
      const res = await quality(id);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'WORK.WORKER_NOT_FOUND', message: 'Worker not found' });
    }
    // Longer than any path segment the service reads: refused before the route (414), never a 500.
    expect((await quality('x'.repeat(301))).status).toBe(414);
    const extra = await h.api('GET', `/api/admin/workers/${worker.id}/quality?all=true`, { token: h.admin.token });
    expect(extra.status).toBe(400);
    expect(extra.body).toMatchObject({ code: 'REQUEST.VALIDATION', message: 'Unknown field(s): all' });
  });
});

describe('a control task pays like any other task', () => {
  it('when a reviewer approves a control submission, then it is approved by the same path: one submission.approved with the task\'s reward, the task completed', async () => {
    const task = await controlTask(undefined, { reward: '4.20', estimatedMinutes: 20 });
    const { assignmentId, worker } = await answered(task.id, ANSWER);
    const [first, second] = await Promise.all([
      h.api('POST', `/api/admin/submissions/${assignmentId}/approve`, { token: h.admin.token }),
      h.api('POST', `/api/admin/submissions/${assignmentId}/approve`, { token: (await h.newUser('admin')).token }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const events = await h.query<{ payload: { data: Record<string, unknown> } }>(`SELECT payload FROM outbox WHERE type = 'submission.approved' AND payload->'data'->>'assignmentId' = $1`, [assignmentId]);
    expect(events).toHaveLength(1);
    expect(events[0]?.payload.data).toMatchObject({ userId: worker.id, taskId: task.id, reward: '4.20' });
    const [row] = await h.query<{ status: string }>('SELECT status FROM tasks WHERE id = $1', [task.id]);
    expect(row?.status).toBe('completed');
  });

  it('when a control submission waits past auto_approval_days, then the auto-approval takes it like any other (nothing held back by the check)', async () => {
    const task = await controlTask();
    const { assignmentId } = await answered(task.id, 'Wrong answer');
    await h.query(`UPDATE task_assignments SET submitted_at = now() - interval '30 days' WHERE id = $1`, [assignmentId]);
    await autoApproveOverdueSubmissions(h.service.deps);
    expect(await countEvents(h, 'submission.approved', assignmentId)).toBe(1);
  });
});

describe('races', () => {
  it('when the same control submission is sent twice at once, then one is taken, one check is kept and one event written', async () => {
    const task = await controlTask();
    const worker = await h.newUser();
    const assignmentId = await take(worker, task.id);
    const results = await Promise.all([submit(worker, task.id, ANSWER), submit(worker, task.id, 'The red door')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const checks = await h.query<{ matched: boolean; counted: boolean }>('SELECT matched, counted FROM control_checks WHERE assignment_id = $1', [assignmentId]);
    expect(checks).toHaveLength(1);
    expect(checks[0]?.counted).toBe(true);
    const [stored] = await h.query<{ submission: string }>('SELECT submission FROM task_assignments WHERE id = $1', [assignmentId]);
    // The check is of the text that was kept.
    expect(checks[0]?.matched).toBe(stored?.submission === ANSWER);
    expect(await countEvents(h, 'submission.submitted', assignmentId)).toBe(1);
  });

  it('when submissions race edits of the expected answer, then each check is against one whole answer (old or new), never a mix', async () => {
    for (let round = 0; round < 6; round += 1) {
      const task = await controlTask({ expectedAnswer: 'Old answer', match: 'exact' });
      const worker = await h.newUser();
      const assignmentId = await take(worker, task.id);
      const [submitted, edited] = await Promise.all([
        submit(worker, task.id, 'New answer'),
        h.api('PATCH', `/api/admin/tasks/${task.id}`, { token: h.admin.token, body: { control: { expectedAnswer: 'New answer', match: 'normalised' } } }),
      ]);
      expect([submitted.status, edited.status]).toEqual([200, 200]);
      const [check] = await h.query<{ matched: boolean; match_mode: string; expected_answer: string }>('SELECT matched, match_mode, expected_answer FROM control_checks WHERE assignment_id = $1', [assignmentId]);
      expect([
        { matched: false, match_mode: 'exact', expected_answer: 'Old answer' },
        { matched: true, match_mode: 'normalised', expected_answer: 'New answer' },
      ]).toContainEqual(check);
    }
  });

  it('when two workers race to take one control task, then one holds it; when it is reopened, the next worker\'s answer is checked and counted on its own', async () => {
    const task = await controlTask();
    const [a, b] = [await h.newUser(), await h.newUser()];
    const takes = await Promise.all([a, b].map((w) => h.api('POST', `/api/tasks/${task.id}/take`, { token: w.token })));
    expect(takes.map((r) => r.status).sort()).toEqual([201, 409]);
    const [first, second] = takes[0]?.status === 201 ? [a, b] : [b, a];
    const firstAssignment = (takes[0]?.status === 201 ? takes[0] : takes[1])?.body.assignment.id as string;
    expect((await submit(first, task.id, 'The red door')).status).toBe(200);
    // The admin reopens the task (cancels the first assignment): the task's one slot is free again.
    expect((await h.api('POST', `/api/admin/assignments/${firstAssignment}/cancel`, { token: h.admin.token, body: { reason: 'Reopened for another worker' } })).status).toBe(200);
    const { assignmentId } = await answered(task.id, ANSWER, second);
    expect((await h.api('GET', `/api/admin/submissions/${assignmentId}`, { token: h.admin.token })).body.controlCheck).toMatchObject({ matched: true, counted: true });
    expect((await quality(first.id)).body.control).toEqual({ checked: 1, matched: 0, accuracy: 0 });
    expect((await quality(second.id)).body.control).toEqual({ checked: 1, matched: 1, accuracy: 1 });
  });
});
