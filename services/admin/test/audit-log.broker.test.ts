import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TEventEnvelope, TSubmissionClaimTakenOverData } from '@platform/contracts';
import { eventually } from '@platform/service-kit/testing';
import { AUDIT_QUEUE } from '../src/entry-points/messaging/audit-events.handler.js';
import { MAIL_QUEUE } from '../src/entry-points/messaging/mail-events.handler.js';
import {
  assignmentCancelled,
  balanceAdjusted,
  balanceGivenUp,
  envelope,
  settingsChanged,
  submissionApproved,
  submissionRejected,
  taskRequestDecided,
  userRegistered,
  withdrawalDecided,
} from './events.js';
import { callApi, connectTestBroker, startAdminHarness, type TAdminHarness, type TTestBroker } from './helpers.js';

let h: TAdminHarness;
let broker: TTestBroker;

const ADA = randomUUID();
const GRACE = randomUUID();

beforeAll(async () => {
  h = await startAdminHarness('admin_audit');
  broker = await connectTestBroker(h.config);
  await broker.waitForConsumer(MAIL_QUEUE);
  await broker.waitForConsumer(AUDIT_QUEUE);
  // The admins' names come from the users copy, learnt from user.registered.
  await broker.publish(
    userRegistered({ userId: ADA, email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', role: 'admin' }),
    userRegistered({ userId: GRACE, email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper', role: 'admin' }),
  );
  await eventually(async () => {
    const { rows } = await h.service.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM users_copy WHERE id = ANY($1)', [[ADA, GRACE]]);
    return rows[0]!.n === 2;
  }, { what: 'the users copy of both admins' });
});
afterAll(async () => {
  await broker?.close();
  await h?.close();
});
beforeEach(async () => {
  await h.service.pool.query('TRUNCATE audit_log');
});

const call = (method: string, path: string, options: { token?: string | null } = {}) => callApi(h, method, path, options);

/** The handled count of each event id, from the audit consumer's inbox. */
async function handled(...events: TEventEnvelope[]): Promise<void> {
  const ids = events.map((e) => e.id);
  await eventually(async () => {
    const { rows } = await h.service.pool.query<{ n: number }>('SELECT count(DISTINCT event_id)::int AS n FROM inbox WHERE consumer = $1 AND event_id = ANY($2)', [
      `${h.config.QUEUE_PREFIX}${AUDIT_QUEUE}`,
      ids,
    ]);
    return rows[0]!.n === ids.length;
  }, { what: `${ids.length} audit events handled` });
}

/** The service's own count of events consumed on the audit queue, by type and outcome, from /metrics. */
async function consumed(type: string, outcome: string): Promise<number> {
  const queue = `${h.config.QUEUE_PREFIX}${AUDIT_QUEUE}`;
  const text = await (await fetch(`${h.service.internalUrl}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith('events_consumed_total{') && l.includes(`queue="${queue}"`) && l.includes(`type="${type}"`) && l.includes(`outcome="${outcome}"`));
  return line ? Number(line.split(' ').pop()) : 0;
}

async function rowOf(eventId: string) {
  const { rows } = await h.service.pool.query('SELECT actor_id, action, target_type, target_id, before, after, created_at FROM audit_log WHERE event_id = $1', [eventId]);
  return rows;
}

describe('the admin.audit queue', () => {
  it('when each kind of admin action is published through the broker, then each becomes one audit row with who, what, which record, before and after', async () => {
    const t = '2025-03-01T10:00:00.000Z';
    const approved = withdrawalDecided({ decidedBy: ADA, status: 'approved', txReference: '0xfeed', adminComment: 'paid', decidedAt: t });
    const rejected = withdrawalDecided({ decidedBy: GRACE, status: 'rejected', txReference: null, adminComment: 'Wrong network', decidedAt: t });
    const adjusted = balanceAdjusted({ adjustedBy: ADA, before: '10.00', after: '25.50', amount: '15.50', reason: 'March bonus', at: t });
    const setting = settingsChanged({ changedBy: GRACE, key: 'auto_approval_days', value: '5', previousValue: '3', changedAt: t });
    const subApproved = submissionApproved({ approvedBy: ADA, reward: '12.50', approvedAt: t });
    const subRejected = submissionRejected({ rejectedBy: GRACE, reason: 'Blurry photo', rejectedAt: t });
    const cancelled = assignmentCancelled({ cancelledBy: ADA, reason: 'Client withdrew the task', cancelledAt: t });
    const decided = taskRequestDecided({ decidedBy: GRACE, status: 'rejected', reason: 'Not enough experience', assignmentId: null, decidedAt: t });
    const events = [approved, rejected, adjusted, setting, subApproved, subRejected, cancelled, decided];
    await broker.publish(...events);
    await handled(...events);

    const time = new Date(t);
    expect(await rowOf(approved.id)).toEqual([
      { actor_id: ADA, action: 'withdrawal.approved', target_type: 'withdrawal', target_id: approved.data.withdrawalId, before: { status: 'pending' }, after: { status: 'approved', txReference: '0xfeed', adminComment: 'paid' }, created_at: time },
    ]);
    expect(await rowOf(rejected.id)).toEqual([
      { actor_id: GRACE, action: 'withdrawal.rejected', target_type: 'withdrawal', target_id: rejected.data.withdrawalId, before: { status: 'pending' }, after: { status: 'rejected', txReference: null, adminComment: 'Wrong network' }, created_at: time },
    ]);
    expect(await rowOf(adjusted.id)).toEqual([
      { actor_id: ADA, action: 'balance.adjusted', target_type: 'user', target_id: adjusted.data.userId, before: { balance: '10.00' }, after: { balance: '25.50', amount: '15.50', reason: 'March bonus' }, created_at: time },
    ]);
    expect(await rowOf(setting.id)).toEqual([
      { actor_id: GRACE, action: 'settings.changed', target_type: 'setting', target_id: 'auto_approval_days', before: { value: '3' }, after: { value: '5' }, created_at: time },
    ]);
    expect(await rowOf(subApproved.id)).toEqual([
      {
        actor_id: ADA, action: 'submission.approved', target_type: 'submission', target_id: subApproved.data.assignmentId, before: { status: 'submitted' },
        after: { status: 'completed', reward: '12.50', userId: subApproved.data.userId, taskId: subApproved.data.taskId }, created_at: time,
      },
    ]);
    expect(await rowOf(subRejected.id)).toEqual([
      {
        actor_id: GRACE, action: 'submission.rejected', target_type: 'submission', target_id: subRejected.data.assignmentId, before: { status: 'submitted' },
        after: { status: 'rejected', reason: 'Blurry photo', userId: subRejected.data.userId, taskId: subRejected.data.taskId }, created_at: time,
      },
    ]);
    expect(await rowOf(cancelled.id)).toEqual([
      {
        actor_id: ADA, action: 'assignment.cancelled', target_type: 'assignment', target_id: cancelled.data.assignmentId, before: null,
        after: { status: 'cancelled', reason: 'Client withdrew the task', userId: cancelled.data.userId, taskId: cancelled.data.taskId }, created_at: time,
      },
    ]);
    expect(await rowOf(decided.id)).toEqual([
      {
        actor_id: GRACE, action: 'task_request.rejected', target_type: 'task_request', target_id: decided.data.requestId, before: { status: 'pending' },
        after: { status: 'rejected', reason: 'Not enough experience', assignmentId: null, userId: decided.data.userId, taskId: decided.data.taskId }, created_at: time,
      },
    ]);
  });

  it('when an admin takes over a lapsed review claim, or decides under a claim, then the take-over is its own row and each decision row names the claim (issue 30)', async () => {
    const t = '2025-03-03T10:00:00.000Z';
    const lapsedAt = '2025-03-03T09:59:00.000Z';
    const assignmentId = randomUUID();
    const takenOver = envelope<TSubmissionClaimTakenOverData>('submission.claim_taken_over', {
      assignmentId,
      userId: randomUUID(),
      taskId: randomUUID(),
      takenBy: GRACE,
      takenAt: t,
      expiresAt: '2025-03-03T10:05:00.000Z',
      previous: { adminId: ADA, expiresAt: lapsedAt, lapsed: true },
    });
    const overLapsed = submissionApproved({ assignmentId, approvedBy: GRACE, approvedAt: t, claim: { adminId: ADA, expiresAt: lapsedAt, lapsed: true } });
    const underOwn = submissionRejected({ rejectedBy: ADA, reason: 'Blurry photo', rejectedAt: t, claim: { adminId: ADA, expiresAt: '2025-03-03T10:04:00.000Z', lapsed: false } });
    await broker.publish(takenOver, overLapsed, underOwn);
    await handled(takenOver, overLapsed, underOwn);

    expect(await rowOf(takenOver.id)).toEqual([
      {
        actor_id: GRACE, action: 'submission.claim_taken_over', target_type: 'submission', target_id: assignmentId,
        before: { claimedBy: ADA, claimExpiresAt: lapsedAt, claimLapsed: true },
        after: { claimedBy: GRACE, claimExpiresAt: '2025-03-03T10:05:00.000Z', userId: takenOver.data.userId, taskId: takenOver.data.taskId }, created_at: new Date(t),
      },
    ]);
    expect((await rowOf(overLapsed.id))[0]).toMatchObject({ actor_id: GRACE, action: 'submission.approved', before: { status: 'submitted', claimedBy: ADA, claimExpiresAt: lapsedAt, claimLapsed: true } });
    expect((await rowOf(underOwn.id))[0]).toMatchObject({ actor_id: ADA, action: 'submission.rejected', before: { status: 'submitted', claimedBy: ADA, claimLapsed: false } });

    // The audit log screen's list finds the take-over by its action, with the admin's name.
    const listed = await call('GET', '/api/admin/audit-log?action=submission.claim_taken_over');
    expect(listed.status).toBe(200);
    expect(listed.body.items).toEqual([expect.objectContaining({ actorId: GRACE, actor: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' }, action: 'submission.claim_taken_over', targetId: assignmentId })]);
  });

  it('when a worker closing the account gives up the balance, then one audit row with the worker as the actor and the amount', async () => {
    const t = '2025-03-02T10:00:00.000Z';
    const givenUp = balanceGivenUp({ amount: '7.50', at: t });
    await broker.publish(givenUp);
    await handled(givenUp);
    expect(await rowOf(givenUp.id)).toEqual([
      {
        actor_id: givenUp.data.userId, action: 'balance.given_up', target_type: 'user', target_id: givenUp.data.userId, before: { available: '7.50' },
        after: { available: '0.00', amount: '-7.50', entryId: givenUp.data.entryId }, created_at: new Date(t),
      },
    ]);
  });

  it('when an event carries no actor (automatic approval, a setting published by the service itself), then no audit row', async () => {
    const auto = submissionApproved({ approvedBy: null });
    const published = settingsChanged({ changedBy: null, previousValue: null });
    await broker.publish(auto, published);
    await handled(auto, published);
    const { rows } = await h.service.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log');
    expect(rows[0]!.n).toBe(0);
  });

  it('when the same event is published 3 times, then one audit row', async () => {
    const event = withdrawalDecided({ decidedBy: ADA });
    const applied = await consumed('withdrawal.decided', 'applied');
    const duplicate = await consumed('withdrawal.decided', 'duplicate');
    await broker.publish(event, event, event);
    await eventually(
      async () => (await consumed('withdrawal.decided', 'applied')) === applied + 1 && (await consumed('withdrawal.decided', 'duplicate')) === duplicate + 2,
      { what: 'three deliveries handled: one applied, two duplicates' },
    );
    expect(await rowOf(event.id)).toHaveLength(1);
    const { rows } = await h.service.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log');
    expect(rows[0]!.n).toBe(1);
  });
});

describe('GET /api/admin/audit-log', () => {
  it('when there are entries of two admins over three days, then newest first with the actor names, filtered and paged', async () => {
    const graceWithdrawal = withdrawalDecided({ decidedBy: GRACE, decidedAt: '2025-04-03T00:00:00.000Z' });
    const events = [
      withdrawalDecided({ decidedBy: ADA, decidedAt: '2025-04-01T08:00:00.000Z' }),
      balanceAdjusted({ adjustedBy: GRACE, at: '2025-04-01T23:59:59.999Z' }),
      settingsChanged({ changedBy: ADA, changedAt: '2025-04-02T12:00:00.000Z' }),
      graceWithdrawal,
      submissionRejected({ rejectedBy: randomUUID(), rejectedAt: '2025-04-03T09:30:00.000Z' }),
    ];
    await broker.publish(...events);
    await handled(...events);

    const all = await call('GET', '/api/admin/audit-log');
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ page: 1, pageSize: 20, total: 5 });
    expect(all.body.items.map((i: { createdAt: string }) => i.createdAt)).toEqual([
      '2025-04-03T09:30:00.000Z',
      '2025-04-03T00:00:00.000Z',
      '2025-04-02T12:00:00.000Z',
      '2025-04-01T23:59:59.999Z',
      '2025-04-01T08:00:00.000Z',
    ]);
    expect(all.body.items[1]).toEqual({
      id: expect.any(String),
      actorId: GRACE,
      actor: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' },
      action: 'withdrawal.approved',
      targetType: 'withdrawal',
      targetId: graceWithdrawal.data.withdrawalId,
      before: { status: 'pending' },
      after: { status: 'approved', txReference: '0xabc', adminComment: null },
      createdAt: '2025-04-03T00:00:00.000Z',
    });
    // An actor the users copy does not know yet.
    expect(all.body.items[0].actor).toBeNull();

    const byActor = await call('GET', `/api/admin/audit-log?actor=${ADA}`);
    expect(byActor.body.total).toBe(2);
    expect(byActor.body.items.every((i: { actorId: string }) => i.actorId === ADA)).toBe(true);

    const byType = await call('GET', '/api/admin/audit-log?targetType=withdrawal');
    expect(byType.body.items.map((i: { actorId: string }) => i.actorId)).toEqual([GRACE, ADA]);

    const oneDay = await call('GET', '/api/admin/audit-log?from=2025-04-01&to=2025-04-01');
    expect(oneDay.body.items.map((i: { createdAt: string }) => i.createdAt)).toEqual(['2025-04-01T23:59:59.999Z', '2025-04-01T08:00:00.000Z']);

    const instants = await call('GET', `/api/admin/audit-log?from=${encodeURIComponent('2025-04-02T12:00:00.000Z')}&to=${encodeURIComponent('2025-04-03T00:00:00.000Z')}`);
    expect(instants.body.total).toBe(2);

    const combined = await call('GET', `/api/admin/audit-log?actor=${GRACE}&targetType=user&from=2025-04-01`);
    expect(combined.body.items).toHaveLength(1);
    expect(combined.body.items[0].action).toBe('balance.adjusted');

    const page1 = await call('GET', '/api/admin/audit-log?page=1&pageSize=2');
    const page3 = await call('GET', '/api/admin/audit-log?page=3&pageSize=2');
    const page4 = await call('GET', '/api/admin/audit-log?page=4&pageSize=2');
    expect(page1.body).toMatchObject({ page: 1, pageSize: 2, total: 5 });
    expect(page1.body.items.map((i: { createdAt: string }) => i.createdAt)).toEqual(['2025-04-03T09:30:00.000Z', '2025-04-03T00:00:00.000Z']);
    expect(page3.body.items.map((i: { createdAt: string }) => i.createdAt)).toEqual(['2025-04-01T08:00:00.000Z']);
    expect(page4.body).toMatchObject({ items: [], total: 5 });
  });

  it.each([
    ['from=2025-02-30', 'from must be a date (YYYY-MM-DD) or an ISO date-time'],
    ['from=yesterday', 'from must be a date (YYYY-MM-DD) or an ISO date-time'],
    ['to=2025-13-01', 'to must be a date (YYYY-MM-DD) or an ISO date-time'],
    ['to=2025-04-01T25:00:00Z', 'to must be a date (YYYY-MM-DD) or an ISO date-time'],
    ['from=2025-04-02&to=2025-04-01', 'from must not be after to'],
    ['actor=bob', 'actor must be a user id'],
    ['page=0', 'page must be a whole number from 1 to 100000'],
    ['page=abc', 'page must be a whole number from 1 to 100000'],
    ['pageSize=101', 'pageSize must be a whole number from 1 to 100'],
    ['sort=asc', 'sort must be one of: createdAt.asc, createdAt.desc'],
    ['order=asc', 'Unknown field(s): order'],
  ])('when the query is %s, then 400 "%s"', async (query, message) => {
    const res = await call('GET', `/api/admin/audit-log?${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, code: 'REQUEST.VALIDATION' });
  });

  it('when no token or an employee token is sent, then 401 and 403', async () => {
    expect((await call('GET', '/api/admin/audit-log', { token: null })).status).toBe(401);
    expect((await call('GET', '/api/admin/audit-log', { token: h.employeeToken })).status).toBe(403);
  });
});
