import amqp from 'amqplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, TEST_RABBITMQ_URL } from '@platform/service-kit/testing';
import { countEvents, startWorkHarness, submittedTask, takenTask, tinyPng, type TWorkHarness } from './helpers.js';

let h: TWorkHarness;
beforeAll(async () => {
  h = await startWorkHarness('work_review');
});
afterAll(async () => {
  await h?.close();
});

describe('GET /api/admin/submissions', () => {
  it('when submissions await review, then admins see them with task, user and files; workers get 403', async () => {
    const worker = await h.newUser();
    await h.query(`INSERT INTO users (id, email, first_name, last_name, source_at) VALUES ($1, 'kim@example.com', 'Kim', 'Ra', now())`, [worker.id]);
    const { assignmentId, taskId } = await submittedTask(h, worker, [{ bytes: tinyPng(), name: 'proof.png' }]);
    const list = await h.api('GET', '/api/admin/submissions?pageSize=100', { token: h.admin.token });
    expect(list.status).toBe(200);
    const item = list.body.items.find((s: { id: string }) => s.id === assignmentId);
    expect(item).toMatchObject({
      taskId,
      taskTitle: expect.any(String),
      taskDescription: 'Photograph the storefront',
      taskReward: '12.50',
      userFirstName: 'Kim',
      userLastName: 'Ra',
      userEmail: 'kim@example.com',
      submission: 'Done, see photo',
      status: 'submitted',
      // The stored PNG is re-encoded without metadata (issue 26): its own size, not the upload's.
      files: [{ originalName: 'proof.png', fileType: 'image/png', fileSize: expect.any(Number), metadataKept: false }],
    });
    const detail = await h.api('GET', `/api/admin/submissions/${assignmentId}`, { token: h.admin.token });
    expect(detail.status).toBe(200);
    expect(detail.body).toEqual(item);
    expect((await h.api('GET', '/api/admin/submissions', { token: worker.token })).status).toBe(403);
    expect((await h.api('GET', '/api/admin/submissions/00000000-0000-4000-8000-000000000000', { token: h.admin.token })).status).toBe(404);
  });

  it('when a worker has only taken a task, then it is not in the review list', async () => {
    const worker = await h.newUser();
    const { assignmentId } = await takenTask(h, worker);
    const list = await h.api('GET', '/api/admin/submissions?pageSize=100', { token: h.admin.token });
    expect(list.body.items.map((s: { id: string }) => s.id)).not.toContain(assignmentId);
  });
});

describe('POST /api/admin/submissions/{id}/approve', () => {
  it('when an admin approves, then the assignment and task are completed and submission.approved is published with the reward and the task\'s title', async () => {
    const connection = await amqp.connect(TEST_RABBITMQ_URL);
    const channel = await connection.createChannel();
    await channel.assertExchange(h.config.EVENTS_EXCHANGE, 'topic', { durable: true });
    const { queue } = await channel.assertQueue('', { exclusive: true });
    await channel.bindQueue(queue, h.config.EVENTS_EXCHANGE, 'submission.approved');
    const received: { data: Record<string, unknown> }[] = [];
    await channel.consume(queue, (message) => {
      if (message) received.push(JSON.parse(message.content.toString()));
    }, { noAck: true });
    try {
      const worker = await h.newUser();
      const { assignmentId, taskId } = await submittedTask(h, worker);
      const res = await h.api('POST', `/api/admin/submissions/${assignmentId}/approve`, { token: h.admin.token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ message: 'Submission approved successfully!', submission: { id: assignmentId, status: 'completed', autoApproved: false } });
      const [task] = await h.query<{ status: string }>('SELECT status FROM tasks WHERE id = $1', [taskId]);
      expect(task?.status).toBe('completed');
      const event = await eventually(async () => received.find((e) => e.data.assignmentId === assignmentId), { what: 'submission.approved on the broker' });
      const title = (await h.query<{ title: string }>('SELECT title FROM tasks WHERE id = $1', [taskId]))[0]?.title;
      expect(title).toEqual(expect.any(String));
      // The task's title goes with it: the worker's statement line names the task (issue 28).
      expect(event.data).toMatchObject({ userId: worker.id, assignmentId, taskId, reward: '12.50', approvedBy: h.admin.id, taskTitle: title });
      const done = (await h.api('GET', '/api/tasks', { token: worker.token })).body.find((t: { id: string }) => t.id === taskId);
      expect(done).toMatchObject({ userStatus: 'completed', status: 'completed' });
      expect(done.completedAt).toEqual(expect.any(String));
    } finally {
      await connection.close();
    }
  });

  it('when two admins approve the same submission at the same moment, then one succeeds, the other gets 409 and one event exists', async () => {
    for (let round = 0; round < 5; round += 1) {
      const worker = await h.newUser();
      const secondAdmin = await h.newUser('admin');
      const { assignmentId } = await submittedTask(h, worker);
      const results = await Promise.all(
        [h.admin, secondAdmin].map((admin) => h.api('POST', `/api/admin/submissions/${assignmentId}/approve`, { token: admin.token })),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.status === 409)?.body.message).toBe('This submission has already been reviewed');
      expect(await countEvents(h, 'submission.approved', assignmentId)).toBe(1);
    }
  });

  it('when an approve and a reject race, then exactly one decision is recorded', async () => {
    const worker = await h.newUser();
    const { assignmentId } = await submittedTask(h, worker);
    const results = await Promise.all([
      h.api('POST', `/api/admin/submissions/${assignmentId}/approve`, { token: h.admin.token }),
      h.api('POST', `/api/admin/submissions/${assignmentId}/reject`, { token: h.admin.token, body: { reason: 'no' } }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const decisions = (await countEvents(h, 'submission.approved', assignmentId)) + (await countEvents(h, 'submission.rejected', assignmentId));
    expect(decisions).toBe(1);
  });

  it('when the assignment was never submitted, then 409 / unknown id 404', async () => {
    const worker = await h.newUser();
    const { assignmentId } = await takenTask(h, worker);
    expect((await h.api('POST', `/api/admin/submissions/${assignmentId}/approve`, { token: h.admin.token })).status).toBe(404);
    expect((await h.api('POST', '/api/admin/submissions/nope/approve', { token: h.admin.token })).status).toBe(404);
  });
});

describe('POST /api/admin/submissions/{id}/reject', () => {
  it('when the reason is blank or missing, then 400 "Rejection reason is required" and nothing changes', async () => {
    const worker = await h.newUser();
    const { assignmentId } = await submittedTask(h, worker);
    for (const body of [{ reason: '   ' }, {}]) {
      const res = await h.api('POST', `/api/admin/submissions/${assignmentId}/reject`, { token: h.admin.token, body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Rejection reason is required');
    }
    const [row] = await h.query<{ status: string }>('SELECT status FROM task_assignments WHERE id = $1', [assignmentId]);
    expect(row?.status).toBe('submitted');
  });

  it('when an admin rejects with a reason, then the worker sees Needs Revision (rejected) with reason and time', async () => {
    const worker = await h.newUser();
    const { assignmentId, taskId } = await submittedTask(h, worker);
    const res = await h.api('POST', `/api/admin/submissions/${assignmentId}/reject`, { token: h.admin.token, body: { reason: ' Wrong shop ' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Submission rejected successfully!', submission: { status: 'rejected', rejectionReason: 'Wrong shop' } });
    const [row] = await h.query<{ rejected_by: string }>('SELECT rejected_by FROM task_assignments WHERE id = $1', [assignmentId]);
    expect(row?.rejected_by).toBe(h.admin.id);
    const mine = (await h.api('GET', '/api/tasks', { token: worker.token })).body.find((t: { id: string }) => t.id === taskId);
    expect(mine).toMatchObject({ userStatus: 'rejected', rejectionReason: 'Wrong shop', userAssignment: { rejectionReason: 'Wrong shop' } });
    expect(await countEvents(h, 'submission.rejected', assignmentId)).toBe(1);
  });
});

describe('POST /api/admin/assignments/{id}/cancel', () => {
  it('when an admin cancels with a reason, then the worker sees it and the task is available again for others', async () => {
    const worker = await h.newUser();
    const other = await h.newUser();
    const { assignmentId, taskId } = await takenTask(h, worker);
    const res = await h.api('POST', `/api/admin/assignments/${assignmentId}/cancel`, { token: h.admin.token, body: { reason: 'Duplicate account' } });
    expect(res.status).toBe(200);
    expect(res.body.assignment).toMatchObject({ status: 'cancelled', cancellationReason: 'Duplicate account' });
    const mine = (await h.api('GET', '/api/tasks', { token: worker.token })).body.find((t: { id: string }) => t.id === taskId);
    expect(mine).toMatchObject({ status: 'available', userStatus: 'cancelled', userAssignment: { status: 'cancelled', cancellationReason: 'Duplicate account' } });
    expect((await h.api('POST', `/api/tasks/${taskId}/take`, { token: other.token })).status).toBe(201);
    expect(await countEvents(h, 'assignment.cancelled', assignmentId)).toBe(1);
    const again = await h.api('POST', `/api/admin/assignments/${assignmentId}/cancel`, { token: h.admin.token, body: { reason: 'again' } });
    expect(again.status).toBe(409);
  });

  it('when the reason is missing, then 400; a worker cannot cancel (403)', async () => {
    const worker = await h.newUser();
    const { assignmentId } = await takenTask(h, worker);
    expect((await h.api('POST', `/api/admin/assignments/${assignmentId}/cancel`, { token: h.admin.token, body: {} })).body.message).toBe('Cancellation reason is required');
    expect((await h.api('POST', `/api/admin/assignments/${assignmentId}/cancel`, { token: worker.token, body: { reason: 'x' } })).status).toBe(403);
  });
});
