import { randomUUID } from 'node:crypto';
import amqp from 'amqplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, TEST_RABBITMQ_URL } from '@platform/service-kit/testing';
import { autoApproveOverdueSubmissions, currentAutoApprovalDays, releaseExpiredAssignments } from '../src/domain/scheduled-work.use-case.js';
import { countEvents, startWorkHarness, submittedTask, takenTask, type TWorkHarness } from './helpers.js';

/** This file runs the jobs by hand (the BullMQ schedulers are off), so every count below is theirs alone. */
let h: TWorkHarness;
beforeAll(async () => {
  h = await startWorkHarness('work_jobs');
});
afterAll(async () => {
  await h?.close();
});

async function ageSubmission(assignmentId: string, days: number): Promise<void> {
  await h.query(`UPDATE task_assignments SET submitted_at = now() - make_interval(secs => $2::double precision * 86400) WHERE id = $1`, [assignmentId, days]);
}

describe('auto-approval job', () => {
  it('when two runs race over overdue submissions, then each is approved once with one submission.approved (approvedBy null)', async () => {
    const worker = await h.newUser();
    const overdue = [];
    for (let i = 0; i < 6; i += 1) {
      const s = await submittedTask(h, worker);
      await ageSubmission(s.assignmentId, 3.1);
      overdue.push(s.assignmentId);
    }
    const fresh = await submittedTask(h, worker);
    await ageSubmission(fresh.assignmentId, 2.9);

    const [a, b] = await Promise.all([autoApproveOverdueSubmissions(h.service.deps), autoApproveOverdueSubmissions(h.service.deps)]);
    expect(a + b).toBe(6);
    for (const id of overdue) {
      expect(await countEvents(h, 'submission.approved', id)).toBe(1);
      const [row] = await h.query<{ status: string; auto_approved: boolean; approved_by: string | null }>(
        'SELECT status, auto_approved, approved_by FROM task_assignments WHERE id = $1',
        [id],
      );
      expect(row).toEqual({ status: 'completed', auto_approved: true, approved_by: null });
      const [event] = await h.query<{ approved_by: string | null }>(
        `SELECT payload->'data'->>'approvedBy' AS approved_by FROM outbox WHERE type = 'submission.approved' AND payload->'data'->>'assignmentId' = $1`,
        [id],
      );
      expect(event?.approved_by).toBeNull();
    }
    expect(await countEvents(h, 'submission.approved', fresh.assignmentId)).toBe(0);
    expect(await autoApproveOverdueSubmissions(h.service.deps)).toBe(0);
  });

  it('when the job and an admin approve at the same moment, then one event exists', async () => {
    const worker = await h.newUser();
    const { assignmentId } = await submittedTask(h, worker);
    await ageSubmission(assignmentId, 4);
    const [, response] = await Promise.all([
      autoApproveOverdueSubmissions(h.service.deps),
      h.api('POST', `/api/admin/submissions/${assignmentId}/approve`, { token: h.admin.token }),
    ]);
    expect([200, 409]).toContain(response.status);
    expect(await countEvents(h, 'submission.approved', assignmentId)).toBe(1);
  });

  it('when settings.changed sets auto_approval_days on the broker, then the job uses the new value', async () => {
    expect(await currentAutoApprovalDays(h.service.deps)).toBe(3);
    const connection = await amqp.connect(TEST_RABBITMQ_URL);
    try {
      const channel = await connection.createChannel();
      await channel.assertExchange(h.config.EVENTS_EXCHANGE, 'topic', { durable: true });
      const publish = (key: string, value: string, occurredAt: string) => {
        const id = randomUUID();
        channel.publish(
          h.config.EVENTS_EXCHANGE,
          'settings.changed',
          Buffer.from(JSON.stringify({ id, type: 'settings.changed', version: 1, occurredAt, data: { key, value } })),
          { persistent: true },
        );
        return id;
      };
      await eventually(async () => {
        publish('auto_approval_days', '1', new Date().toISOString());
        return (await currentAutoApprovalDays(h.service.deps)) === 1;
      }, { what: 'auto_approval_days = 1 from settings.changed', intervalMs: 300 });
      // An older event arriving late does not overwrite the newer value; other keys are ignored.
      const late = [publish('auto_approval_days', '9', new Date(Date.now() - 3_600_000).toISOString()), publish('minimum_withdrawal', '10.00', new Date().toISOString())];
      await eventually(async () => (await h.query('SELECT event_id FROM inbox WHERE event_id = ANY($1::uuid[])', [late])).length === 2, { what: 'late events handled' });
      expect(await currentAutoApprovalDays(h.service.deps)).toBe(1);
      expect(await h.query(`SELECT key FROM settings WHERE key = 'minimum_withdrawal'`)).toHaveLength(0);

      const worker = await h.newUser();
      const older = await submittedTask(h, worker);
      await ageSubmission(older.assignmentId, 1.5);
      const newer = await submittedTask(h, worker);
      await ageSubmission(newer.assignmentId, 0.5);
      await autoApproveOverdueSubmissions(h.service.deps);
      expect(await countEvents(h, 'submission.approved', older.assignmentId)).toBe(1);
      expect(await countEvents(h, 'submission.approved', newer.assignmentId)).toBe(0);
    } finally {
      await connection.close();
      await h.query(`DELETE FROM settings`);
    }
  });
});

describe('time-limit release job', () => {
  it('when two runs race over expired assignments, then each is released once: cancelled with the reason, task available, one event', async () => {
    // Two workers, each within the cap on tasks held at once (3).
    const [worker, second] = [await h.newUser(), await h.newUser()];
    const expired = [];
    for (let i = 0; i < 4; i += 1) {
      const t = { ...(await takenTask(h, i < 2 ? worker : second, { timeLimitMinutes: 10 })), token: (i < 2 ? worker : second).token };
      await h.query(`UPDATE task_assignments SET expires_at = now() - interval '1 second' WHERE id = $1`, [t.assignmentId]);
      expired.push(t);
    }
    const running = await takenTask(h, worker, { timeLimitMinutes: 10 });
    const noLimit = await takenTask(h, second);

    const [a, b] = await Promise.all([releaseExpiredAssignments(h.service.deps), releaseExpiredAssignments(h.service.deps)]);
    expect(a + b).toBe(4);
    for (const { assignmentId, taskId, token } of expired) {
      expect(await countEvents(h, 'assignment.released', assignmentId)).toBe(1);
      const mine = (await h.api('GET', '/api/tasks', { token })).body.find((t: { id: string }) => t.id === taskId);
      expect(mine).toMatchObject({ status: 'available', userStatus: 'cancelled', userAssignment: { cancellationReason: 'Time limit expired' } });
    }
    for (const { assignmentId } of [running, noLimit]) {
      const [row] = await h.query<{ status: string }>('SELECT status FROM task_assignments WHERE id = $1', [assignmentId]);
      expect(row?.status).toBe('assigned');
    }
  });
});

describe('scheduled jobs on BullMQ', () => {
  it('when the service runs with its schedulers, then an overdue submission and an expired assignment are handled without a manual call', async () => {
    const scheduled = await startWorkHarness('work_bull', { JOBS_ENABLED: 'true', AUTO_APPROVAL_INTERVAL_MS: '300', RELEASE_EXPIRED_INTERVAL_MS: '300' });
    try {
      const worker = await scheduled.newUser();
      const { assignmentId } = await submittedTask(scheduled, worker);
      await scheduled.query(`UPDATE task_assignments SET submitted_at = now() - interval '4 days' WHERE id = $1`, [assignmentId]);
      const taken = await takenTask(scheduled, worker, { timeLimitMinutes: 1 });
      await scheduled.query(`UPDATE task_assignments SET expires_at = now() - interval '1 second' WHERE id = $1`, [taken.assignmentId]);
      await eventually(async () => (await countEvents(scheduled, 'submission.approved', assignmentId)) === 1, { what: 'auto-approval by the scheduler', timeoutMs: 20_000 });
      await eventually(async () => (await countEvents(scheduled, 'assignment.released', taken.assignmentId)) === 1, { what: 'release by the scheduler', timeoutMs: 20_000 });
      const [task] = await scheduled.query<{ status: string }>('SELECT status FROM tasks WHERE id = $1', [taken.taskId]);
      expect(task?.status).toBe('available');
    } finally {
      await scheduled.close();
    }
  }, 60_000);
});
