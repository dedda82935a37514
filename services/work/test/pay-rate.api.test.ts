import { randomUUID } from 'node:crypto';
import amqp from 'amqplib';
import { eventually, TEST_RABBITMQ_URL } from '@platform/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countEvents, createTask, startWorkHarness, submissionForm, taskBody, type TTestUser, type TWorkHarness } from './helpers.js';

/** Issue 29 items 1 and 2 (principle 7): pay per hour on every task, the hourly floor, the median and the top-up. */
let h: TWorkHarness;
beforeAll(async () => {
  h = await startWorkHarness('work_pay_rate');
});
afterAll(async () => {
  await h?.close();
});

/** The slots of the tasks the median is taken on: more than the workers each test sends. */
const SLOTS = 20;

const FLOOR_MESSAGE = (rate: string, reward: string, minutes: number, floor = '8.00') =>
  `This task would pay $${rate} per hour ($${reward} for ${minutes} min), below the platform's minimum of $${floor} per hour. Raise the reward or correct the estimated time.`;

const adminTask = async (id: string) => {
  const page = await h.api('GET', '/api/admin/tasks?pageSize=100', { token: h.admin.token });
  let found = page.body.items.find((t: { id: string }) => t.id === id);
  let cursor = page.body.nextCursor as string | null;
  while (!found && cursor) {
    const next = await h.api('GET', `/api/admin/tasks?pageSize=100&cursor=${cursor}`, { token: h.admin.token });
    found = next.body.items.find((t: { id: string }) => t.id === id);
    cursor = next.body.nextCursor;
  }
  return found;
};

/** Publishes settings.changed as the admin service does, and waits until the work service keeps the value. */
async function setSetting(key: string, value: string): Promise<void> {
  const connection = await amqp.connect(TEST_RABBITMQ_URL);
  try {
    const channel = await connection.createChannel();
    await channel.assertExchange(h.config.EVENTS_EXCHANGE, 'topic', { durable: true });
    await eventually(
      async () => {
        channel.publish(
          h.config.EVENTS_EXCHANGE,
          'settings.changed',
          Buffer.from(JSON.stringify({ id: randomUUID(), type: 'settings.changed', version: 1, occurredAt: new Date().toISOString(), data: { key, value, previousValue: null } })),
          { persistent: true },
        );
        return (await h.query<{ value: string }>('SELECT value FROM settings WHERE key = $1', [key]))[0]?.value === value;
      },
      { what: `the setting ${key}=${value} to be kept`, intervalMs: 300 },
    );
  } finally {
    await connection.close();
  }
}

/**
 * One more worker takes the task, works `minutes` on it (the assignment's take time moved back: the test cannot wait
 * an hour) and submits; returns the assignment id. The tasks here take many workers (SLOTS): the median is over each of
 * its real, approved assignments.
 */
async function workOn(taskId: string, minutes: number): Promise<{ worker: TTestUser; assignmentId: string }> {
  const worker = await h.newUser();
  const taken = await h.api('POST', `/api/tasks/${taskId}/take`, { token: worker.token });
  expect(taken.status).toBe(201);
  const assignmentId = taken.body.assignment.id as string;
  expect((await h.api('POST', `/api/tasks/${taskId}/submit`, { token: worker.token, form: submissionForm('Done') })).status).toBe(200);
  await h.query(`UPDATE task_assignments SET assigned_at = submitted_at - make_interval(secs => $2) WHERE id = $1`, [assignmentId, minutes * 60]);
  return { worker, assignmentId };
}

async function approve(assignmentId: string) {
  return h.api('POST', `/api/admin/submissions/${assignmentId}/approve`, { token: h.admin.token });
}

async function topUpsOf(taskId: string) {
  return h.query<{ assignment_id: string; amount: string }>('SELECT assignment_id, amount::text FROM task_top_ups WHERE task_id = $1 ORDER BY created_at', [taskId]);
}

async function topUpEvents(taskId: string) {
  return h.query<{ data: Record<string, unknown> }>(`SELECT payload->'data' AS data FROM outbox WHERE type = 'task.topped_up' AND payload->'data'->>'taskId' = $1`, [taskId]);
}

describe('POST /api/admin/tasks: estimated time and the hourly floor', () => {
  it('when a task is created with its estimated time, then it carries the pay per hour "estimated by the platform"', async () => {
    const res = await h.api('POST', '/api/admin/tasks', { token: h.admin.token, body: taskBody({ reward: '12.50', estimatedMinutes: 20 }) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ estimatedMinutes: 20, estimateMissing: false, underpaid: false, pay: { basis: 'estimate', minutes: 20, hourlyRate: '37.50', workers: 0 } });
  });

  it('when the reward per estimated hour is below the floor, then 400 WORK.BELOW_HOURLY_FLOOR with the computed rate, and nothing is created', async () => {
    const title = `Underpaid ${randomUUID().slice(0, 8)}`;
    const res = await h.api('POST', '/api/admin/tasks', { token: h.admin.token, body: taskBody({ title, reward: '1.00', estimatedMinutes: 15 }) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'WORK.BELOW_HOURLY_FLOOR',
      field: 'reward',
      message: FLOOR_MESSAGE('4.00', '1.00', 15),
      params: { hourlyRate: '4.00', minimumHourlyRate: '8.00', reward: '1.00', estimatedMinutes: 15 },
    });
    expect(await h.query('SELECT 1 FROM tasks WHERE title = $1', [title])).toHaveLength(0);
    // Exactly at the floor passes ($2.00 for 15 minutes is $8.00 an hour); a cent under it does not ($7.96).
    expect((await h.api('POST', '/api/admin/tasks', { token: h.admin.token, body: taskBody({ reward: '2.00', estimatedMinutes: 15 }) })).status).toBe(201);
    const under = await h.api('POST', '/api/admin/tasks', { token: h.admin.token, body: taskBody({ reward: '1.99', estimatedMinutes: 15 }) });
    expect(under.body).toMatchObject({ code: 'WORK.BELOW_HOURLY_FLOOR', message: FLOOR_MESSAGE('7.96', '1.99', 15) });
  });

  it('when an edit would take the task under the floor (reward or estimate), then 400 and the task is unchanged; a fair edit passes', async () => {
    const task = await createTask(h, { reward: '4.00', estimatedMinutes: 20 });
    const lower = await h.api('PATCH', `/api/admin/tasks/${task.id}`, { token: h.admin.token, body: { reward: '2.00' } });
    expect(lower.body).toMatchObject({ code: 'WORK.BELOW_HOURLY_FLOOR', message: FLOOR_MESSAGE('6.00', '2.00', 20) });
    const longer = await h.api('PATCH', `/api/admin/tasks/${task.id}`, { token: h.admin.token, body: { estimatedMinutes: 60 } });
    expect(longer.body).toMatchObject({ code: 'WORK.BELOW_HOURLY_FLOOR', message: FLOOR_MESSAGE('4.00', '4.00', 60) });
    expect(await h.query('SELECT reward::text, estimated_minutes FROM tasks WHERE id = $1', [task.id])).toEqual([{ reward: '4.00', estimated_minutes: 20 }]);
    const both = await h.api('PATCH', `/api/admin/tasks/${task.id}`, { token: h.admin.token, body: { reward: '8.00', estimatedMinutes: 60 } });
    expect(both.status).toBe(200);
    expect(both.body.pay).toEqual({ basis: 'estimate', minutes: 60, hourlyRate: '8.00', workers: 0 });
    // An edit that leaves pay alone is not checked against the floor again.
    expect((await h.api('PATCH', `/api/admin/tasks/${task.id}`, { token: h.admin.token, body: { title: 'Renamed' } })).status).toBe(200);
  });

  it('when the admin raises minimum_hourly_rate, then the new floor is the one refused by, in the message', async () => {
    await setSetting('minimum_hourly_rate', '12.50');
    try {
      const res = await h.api('POST', '/api/admin/tasks', { token: h.admin.token, body: taskBody({ reward: '3.00', estimatedMinutes: 15 }) });
      expect(res.body).toMatchObject({ code: 'WORK.BELOW_HOURLY_FLOOR', message: FLOOR_MESSAGE('12.00', '3.00', 15, '12.50') });
    } finally {
      await setSetting('minimum_hourly_rate', '8.00');
    }
  });

  it.each([
    ['missing', undefined, 'Please fill in all required fields'],
    ['zero', 0, 'Estimated time must be a whole number of minutes from 1 to 10080'],
    ['negative', -5, 'Estimated time must be a whole number of minutes from 1 to 10080'],
    ['a fraction', 12.5, 'Estimated time must be a whole number of minutes from 1 to 10080'],
    ['over a week', 10_081, 'Estimated time must be a whole number of minutes from 1 to 10080'],
    ['text', '30', 'Estimated time must be a whole number of minutes from 1 to 10080'],
    ['null', null, 'Estimated time must be a whole number of minutes from 1 to 10080'],
    ['a boolean', true, 'Estimated time must be a whole number of minutes from 1 to 10080'],
    ['an object', { minutes: 30 }, 'Estimated time must be a whole number of minutes from 1 to 10080'],
    ['huge', 1e300, 'Estimated time must be a whole number of minutes from 1 to 10080'],
  ])('when estimatedMinutes is %s, then 400 with its message on create and on edit, and nothing changes', async (_what, value, message) => {
    const body = taskBody();
    if (value === undefined) delete body.estimatedMinutes;
    else body.estimatedMinutes = value;
    const created = await h.api('POST', '/api/admin/tasks', { token: h.admin.token, body });
    expect(created.status).toBe(400);
    expect(created.body.message).toBe(message);
    expect(await h.query('SELECT 1 FROM tasks WHERE title = $1', [body.title])).toHaveLength(0);
    if (value === undefined) return;
    const task = await createTask(h);
    const edited = await h.api('PATCH', `/api/admin/tasks/${task.id}`, { token: h.admin.token, body: { estimatedMinutes: value } });
    expect(edited.status).toBe(400);
    expect(edited.body.message).toBe(message);
    expect(await h.query('SELECT estimated_minutes FROM tasks WHERE id = $1', [task.id])).toEqual([{ estimated_minutes: 15 }]);
  });

  it('when a task predates estimates (no estimate written), then the admin sees it lacks a real one until an estimate is set', async () => {
    const id = randomUUID();
    await h.query(`INSERT INTO tasks (id, title, description, reward) VALUES ($1, 'Old task', 'From before estimates', 5)`, [id]);
    expect(await adminTask(id)).toMatchObject({ estimatedMinutes: 15, estimateMissing: true, pay: { basis: 'estimate', minutes: 15, hourlyRate: '20.00' } });
    expect((await h.api('PATCH', `/api/admin/tasks/${id}`, { token: h.admin.token, body: { estimatedMinutes: 25 } })).body).toMatchObject({ estimatedMinutes: 25, estimateMissing: false });
  });
});

describe('the median real time and the top-up to the floor', () => {
  it('when 9 submissions are approved the figure is the estimate; at the 10th it is the median of the real times (from 10 workers)', async () => {
    const task = await createTask(h, { reward: '12.50', estimatedMinutes: 15, slots: SLOTS });
    const minutes = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100];
    for (const [i, m] of minutes.entries()) {
      const { assignmentId } = await workOn(task.id, m);
      expect((await approve(assignmentId)).status).toBe(200);
      const pay = (await adminTask(task.id)).pay;
      if (i < 9) expect(pay).toEqual({ basis: 'estimate', minutes: 15, hourlyRate: '50.00', workers: 0 });
      else expect(pay).toEqual({ basis: 'median', minutes: 55, hourlyRate: '13.63', workers: 10 });
    }
    // A rejected or returned assignment does not count: only approved ones.
    const rejected = await workOn(task.id, 1);
    await h.api('POST', `/api/admin/submissions/${rejected.assignmentId}/reject`, { token: h.admin.token, body: { reason: 'Blurry' } });
    expect((await adminTask(task.id)).pay).toMatchObject({ minutes: 55, workers: 10 });
    // Paying above the floor at the median: nothing to top up.
    expect(await topUpsOf(task.id)).toEqual([]);
    // The worker holding it reads the same figure in their list.
    const board = await h.api('GET', '/api/tasks', { token: rejected.worker.token });
    expect(board.body.find((t: { id: string }) => t.id === task.id)?.pay).toEqual({ basis: 'median', minutes: 55, hourlyRate: '13.63', workers: 10 });
  });

  it('when the median shows a task pays under the floor, then it is flagged and every approved submission is topped up once, with one task.topped_up each, also one approved later', async () => {
    // $2.00 for an estimated 15 minutes is $8.00 an hour; workers really take 30 minutes: $4.00 an hour.
    const task = await createTask(h, { reward: '2.00', estimatedMinutes: 15, slots: SLOTS });
    const done: { worker: TTestUser; assignmentId: string }[] = [];
    for (let i = 0; i < 10; i += 1) {
      const work = await workOn(task.id, 30);
      done.push(work);
      expect((await approve(work.assignmentId)).status).toBe(200);
      if (i < 9) expect(await topUpsOf(task.id)).toEqual([]);
    }
    expect(await adminTask(task.id)).toMatchObject({ underpaid: true, pay: { basis: 'median', minutes: 30, hourlyRate: '4.00', workers: 10 } });
    const flagged = await h.api('GET', '/api/admin/tasks?underpaid=true&pageSize=100', { token: h.admin.token });
    expect(flagged.body.items.map((t: { id: string }) => t.id)).toContain(task.id);
    expect(flagged.body.items.every((t: { underpaid: boolean }) => t.underpaid)).toBe(true);
    const topUps = await topUpsOf(task.id);
    expect(topUps.map((t) => t.assignment_id).sort()).toEqual(done.map((d) => d.assignmentId).sort());
    expect(new Set(topUps.map((t) => t.amount))).toEqual(new Set(['2.00']));
    const events = await topUpEvents(task.id);
    expect(events).toHaveLength(10);
    expect(events.find((e) => e.data.assignmentId === done[0]!.assignmentId)?.data).toMatchObject({
      userId: done[0]!.worker.id,
      taskTitle: task.title,
      amount: '2.00',
      reward: '2.00',
      medianSeconds: 1800,
      workers: 10,
      hourlyRate: '4.00',
      minimumHourlyRate: '8.00',
    });

    // A later approval is topped up too, once.
    const later = await workOn(task.id, 30);
    expect((await approve(later.assignmentId)).status).toBe(200);
    expect(await topUpsOf(task.id)).toHaveLength(11);
    expect(await countEvents(h, 'task.topped_up', later.assignmentId)).toBe(1);
    for (const d of done) expect(await countEvents(h, 'task.topped_up', d.assignmentId)).toBe(1);
  });

  it('when the 10th approval of an underpaid task is sent six times at once, then one approval passes and each submission is topped up exactly once', async () => {
    const task = await createTask(h, { reward: '2.00', estimatedMinutes: 15, slots: SLOTS });
    for (let i = 0; i < 9; i += 1) expect((await approve((await workOn(task.id, 45)).assignmentId)).status).toBe(200);
    const tenth = await workOn(task.id, 45);
    const answers = await Promise.all(Array.from({ length: 6 }, () => approve(tenth.assignmentId)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const topUps = await topUpsOf(task.id);
    expect(topUps).toHaveLength(10);
    // 45 minutes at $8.00 an hour is $6.00; the reward paid $2.00.
    expect(new Set(topUps.map((t) => t.amount))).toEqual(new Set(['4.00']));
    expect(await topUpEvents(task.id)).toHaveLength(10);
    expect(await countEvents(h, 'submission.approved', tenth.assignmentId)).toBe(1);
  });

  it('when top_up_underpaid is off, then the underpaid task is flagged but nothing is topped up', async () => {
    await setSetting('top_up_underpaid', '0');
    try {
      const task = await createTask(h, { reward: '2.00', estimatedMinutes: 15, slots: SLOTS });
      for (let i = 0; i < 10; i += 1) expect((await approve((await workOn(task.id, 60)).assignmentId)).status).toBe(200);
      expect(await adminTask(task.id)).toMatchObject({ underpaid: true, pay: { basis: 'median', minutes: 60, hourlyRate: '2.00' } });
      expect(await topUpsOf(task.id)).toEqual([]);
      expect(await topUpEvents(task.id)).toEqual([]);
    } finally {
      await setSetting('top_up_underpaid', '1');
    }
  });
});

describe('GET /api/tasks?sort=hourlyRate', () => {
  it('when the worker sorts by pay per hour, then the available tasks come highest first (or lowest first), and the default is the board order', async () => {
    const worker = await h.newUser();
    const tag = randomUUID().slice(0, 8);
    const low = await createTask(h, { title: `Low ${tag}`, reward: '2.00', estimatedMinutes: 15 });
    const high = await createTask(h, { title: `High ${tag}`, reward: '30.00', estimatedMinutes: 15 });
    const mid = await createTask(h, { title: `Mid ${tag}`, reward: '10.00', estimatedMinutes: 30 });
    const ours = (body: { id: string }[]) => body.map((t) => t.id).filter((id) => [low.id, high.id, mid.id].includes(id));
    const desc = await h.api('GET', '/api/tasks?sort=hourlyRate.desc', { token: worker.token });
    expect(ours(desc.body)).toEqual([high.id, mid.id, low.id]);
    const rates = (desc.body as { pay: { hourlyRate: string } }[]).map((t) => Number(t.pay.hourlyRate));
    expect(rates).toEqual([...rates].sort((a, b) => b - a));
    expect(ours((await h.api('GET', '/api/tasks?sort=hourlyRate.asc', { token: worker.token })).body)).toEqual([low.id, mid.id, high.id]);
    expect(ours((await h.api('GET', '/api/tasks', { token: worker.token })).body)).toEqual([low.id, high.id, mid.id]);
  });

  it.each([
    ['sort=reward.desc', 'querystring.sort'],
    ['sort=hourlyRate', 'querystring.sort'],
    ['sort=', 'querystring.sort'],
    ['sort=hourlyRate.desc&sort=hourlyRate.asc', 'querystring.sort'],
    ['order=hourlyRate.desc', undefined],
  ])('when the query is %s, then 400 naming it', async (query, field) => {
    const worker = await h.newUser();
    const res = await h.api('GET', `/api/tasks?${query}`, { token: worker.token });
    expect(res.status).toBe(400);
    if (field) expect(res.body.field).toBe(field);
    else expect(res.body.message).toContain('order');
  });
});

describe('GET /api/admin/tasks?underpaid', () => {
  it.each(['yes', '1', '', 'TRUE'])('when underpaid is %j, then 400 naming it', async (value) => {
    const res = await h.api('GET', `/api/admin/tasks?underpaid=${value}`, { token: h.admin.token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field: 'querystring.underpaid' });
  });

  it('when a worker asks for the flagged tasks, then 403', async () => {
    const worker = await h.newUser();
    expect((await h.api('GET', '/api/admin/tasks?underpaid=true', { token: worker.token })).status).toBe(403);
  });
});
