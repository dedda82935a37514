import { randomUUID } from 'node:crypto';
import type { TAdminStats, TAppealDecidedData, TAssignmentReturnedData, TSubmissionAppealedData } from '@platform/contracts';
import { eventually } from '@platform/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_QUEUE } from '../src/entry-points/messaging/audit-events.handler.js';
import { MAIL_QUEUE } from '../src/entry-points/messaging/mail-events.handler.js';
import { READ_MODEL_QUEUE } from '../src/entry-points/messaging/read-model-events.handler.js';
import { envelope, userRegistered } from './events.js';
import { callApi, connectTestBroker, readOutbox, startAdminHarness, type TAdminHarness, type TTestBroker } from './helpers.js';

/** Issue 29: submission.appealed, appeal.decided and assignment.returned in the admin service (mail, audit, dashboard). */
let h: TAdminHarness;
let broker: TTestBroker;

beforeAll(async () => {
  h = await startAdminHarness('admin_appeal_events');
  broker = await connectTestBroker(h.config);
  for (const queue of [MAIL_QUEUE, AUDIT_QUEUE, READ_MODEL_QUEUE]) await broker.waitForConsumer(queue);
});
afterAll(async () => {
  await broker?.close();
  await h?.close();
});

const rejectedBy = randomUUID();
const DAY = 86_400_000;

function appealed(userId: string, overrides: Partial<TSubmissionAppealedData> = {}) {
  return envelope<TSubmissionAppealedData>('submission.appealed', {
    appealId: randomUUID(),
    userId,
    assignmentId: randomUUID(),
    taskId: randomUUID(),
    taskTitle: 'Photograph the storefront',
    statement: 'The sign is visible in the second photo',
    rejectedBy,
    appealedAt: new Date().toISOString(),
    ...overrides,
  });
}

function decided(from: TSubmissionAppealedData, overrides: Partial<TAppealDecidedData> = {}) {
  return envelope<TAppealDecidedData>('appeal.decided', {
    appealId: from.appealId,
    userId: from.userId,
    assignmentId: from.assignmentId,
    taskId: from.taskId,
    taskTitle: from.taskTitle,
    decision: 'upheld',
    reason: 'The sign is cut off on the left',
    appealedAt: from.appealedAt,
    decidedAt: new Date().toISOString(),
    decidedBy: h.adminId,
    ...overrides,
  });
}

const stats = async (): Promise<TAdminStats> => (await callApi(h, 'GET', '/api/admin/stats')).body;
const mailsTo = async (to: string) => (await readOutbox(h.outboxDir)).filter((m) => m.headers.to === to);

// First, while no other appeal of this file is in flight, so the counts before are settled.
describe('the dashboard (admin.read-model)', () => {
  it('when appeals wait, then they are counted, those past appeal_decision_days are escalated, decided ones leave the count; returns are counted once', async () => {
    const before = await stats();
    const fresh = appealed(randomUUID());
    const old = appealed(randomUUID(), { appealedAt: new Date(Date.now() - 4 * DAY).toISOString() });
    const done = appealed(randomUUID());
    const returned = envelope<TAssignmentReturnedData>('assignment.returned', { userId: randomUUID(), assignmentId: randomUUID(), taskId: randomUUID(), reason: null, returnedAt: new Date().toISOString() });
    // The decision of `done` arrives before its appeal, and old's appeal twice.
    await broker.publish(decided(done.data), fresh, old, old, done, returned, returned);
    const after = await eventually(async () => {
      const s = await stats();
      return s.appealsWaiting === before.appealsWaiting + 2 && s.returnsLast30Days === before.returnsLast30Days + 1 ? s : undefined;
    }, { what: 'two appeals waiting and one return' });
    expect(after.appealsOverdue).toBe(before.appealsOverdue + 1);
    const { rows } = await h.service.pool.query('SELECT status FROM stats_appeals WHERE appeal_id = $1', [done.data.appealId]);
    expect(rows).toEqual([{ status: 'upheld' }]);

    // With a longer decision time, the old one is no longer overdue.
    expect((await callApi(h, 'POST', '/api/admin/settings', { body: { settingKey: 'appeal_decision_days', settingValue: '5' } })).status).toBe(200);
    expect((await stats()).appealsOverdue).toBe(before.appealsOverdue);
    await broker.publish(decided(old.data, { decision: 'overturned', reason: null }));
    await eventually(async () => ((await stats()).appealsWaiting === before.appealsWaiting + 1 ? true : undefined), { what: 'the decided appeal leaving the count' });
  });
});

describe('appeal e-mails (admin.mail)', () => {
  it('when a worker appeals and the appeal is decided, then each step is e-mailed once (duplicates ignored), in the worker\'s language', async () => {
    const en = userRegistered({ email: 'nina.appeal@example.com', firstName: 'Nina' });
    const ru = userRegistered({ email: 'oleg.appeal@example.com', firstName: 'Олег', language: 'ru' });
    await broker.publish(en, ru);
    await eventually(async () => ((await h.service.pool.query('SELECT 1 FROM users_copy WHERE id = ANY($1::uuid[])', [[en.data.userId, ru.data.userId]])).rowCount === 2 ? true : undefined), {
      what: 'the two users copied',
    });
    const ninaAppeal = appealed(en.data.userId);
    const olegAppeal = appealed(ru.data.userId, { taskTitle: 'Сфотографировать витрину' });
    const ninaDecision = decided(ninaAppeal.data);
    const olegDecision = decided(olegAppeal.data, { decision: 'overturned', reason: null });
    await broker.publish(ninaAppeal, ninaAppeal, olegAppeal, ninaDecision, olegDecision, olegDecision);

    const nina = await eventually(async () => {
      const all = await mailsTo('nina.appeal@example.com');
      return all.length >= 3 ? all : undefined;
    }, { what: 'Nina\'s mails' });
    const oleg = await eventually(async () => {
      const all = await mailsTo('oleg.appeal@example.com');
      return all.length >= 3 ? all : undefined;
    }, { what: 'Oleg\'s mails' });
    // The welcome mail and one mail per step, although two events came twice.
    expect(nina.map((m) => m.headers.subject).sort()).toEqual(['We received your appeal: Photograph the storefront', 'Welcome to Task Portal, Nina', 'Your appeal was upheld: Photograph the storefront']);
    const ninaDecided = nina.find((m) => m.headers.subject?.startsWith('Your appeal'))!;
    expect(ninaDecided.body).toContain('The rejection stands. Reason: The sign is cut off on the left.');
    expect(nina.find((m) => m.headers.subject?.startsWith('We received'))!.body).toContain('will decide within 5 days'); // appeal_decision_days as the dashboard test above set it
    expect(oleg).toHaveLength(3);
    const olegDecided = oleg.find((m) => m.headers.subject?.startsWith('Решение по апелляции'))!;
    expect(olegDecided.headers.subject).toBe('Решение по апелляции: удовлетворена — Сфотографировать витрину');
    expect(olegDecided.body).toContain('Отклонение отменено: ваша работа принята');
    expect(oleg.some((m) => m.headers.subject === 'Мы получили вашу апелляцию: Сфотографировать витрину')).toBe(true);
  });
});

describe('appeal audit rows (admin.audit)', () => {
  it('when an appeal is made and decided, then the appeal and the decision are each one audit row (duplicates ignored), naming the worker and the deciding admin', async () => {
    const worker = randomUUID();
    const first = appealed(worker);
    const second = appealed(worker);
    await broker.publish(first, first, decided(first.data), second, decided(second.data, { decision: 'overturned', reason: null }));
    const rows = await eventually(async () => {
      const res = await callApi(h, 'GET', `/api/admin/audit-log?targetType=appeal&pageSize=100`);
      const mine = (res.body.items ?? []).filter((r: { targetId: string }) => [first.data.appealId, second.data.appealId].includes(r.targetId));
      return mine.length >= 4 ? mine : undefined;
    }, { what: 'four audit rows' });
    expect(rows).toHaveLength(4);
    expect(rows.map((r: { action: string }) => r.action).sort()).toEqual(['appeal.overturned', 'appeal.upheld', 'submission.appealed', 'submission.appealed']);
    const upheld = rows.find((r: { action: string }) => r.action === 'appeal.upheld');
    expect(upheld).toMatchObject({ actorId: h.adminId, targetId: first.data.appealId, after: { status: 'upheld', reason: 'The sign is cut off on the left', userId: worker } });
    const made = rows.find((r: { action: string; targetId: string }) => r.action === 'submission.appealed' && r.targetId === first.data.appealId);
    expect(made).toMatchObject({ actorId: worker, after: { statement: 'The sign is visible in the second photo' } });
  });
});
