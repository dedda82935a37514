import { randomUUID } from 'node:crypto';
import type { TEventEnvelope } from '@platform/contracts';
import { createAmqpConnection, createLogger } from '@platform/service-kit';
import { eventually, TEST_RABBITMQ_URL } from '@platform/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TTestService } from './helpers.js';

/** Issue 29: the activity history hears of a task handed back, an appeal made and its decision, each once. */
let t: TTestService;
beforeAll(async () => {
  t = await startTestService('auth_activity_appeals');
});
afterAll(async () => {
  await t?.close();
});

const envelope = <T>(type: string, data: T): TEventEnvelope<T> => ({ id: randomUUID(), type, version: 1, occurredAt: new Date().toISOString(), correlationId: randomUUID(), causationId: null, data });
const at = (seconds: number) => new Date(Date.now() - 600_000 + seconds * 1000).toISOString();

async function publish(events: TEventEnvelope[]): Promise<void> {
  const amqp = createAmqpConnection({ url: TEST_RABBITMQ_URL, exchange: t.env.exchange, logger: createLogger({ service: 'test', level: 'silent' }) });
  try {
    await amqp.waitUntilConnected();
    const ch = await amqp.createConfirmChannel();
    for (const e of events) ch.publish(t.env.exchange, e.type, Buffer.from(JSON.stringify(e)), { persistent: true, messageId: e.id, contentType: 'application/json' });
    await ch.waitForConfirms();
    await ch.close();
  } finally {
    await amqp.close();
  }
}

describe('the activity history: returns and appeals (issue 29)', () => {
  it('when a task is handed back and two rejections are appealed (one decided each way, one event delivered twice), then each is one entry and an appeal\'s badge follows its decision', async () => {
    const worker = await t.registerWorker();
    const userId = worker.user.id;
    const [won, lost, open] = [randomUUID(), randomUUID(), randomUUID()];
    const appealed = (appealId: string, title: string, seconds: number) =>
      envelope('submission.appealed', { appealId, userId, assignmentId: randomUUID(), taskId: randomUUID(), taskTitle: title, statement: 'It meets the criteria', rejectedBy: randomUUID(), appealedAt: at(seconds) });
    const decided = (appealId: string, title: string, decision: 'upheld' | 'overturned', seconds: number) =>
      envelope('appeal.decided', { appealId, userId, assignmentId: randomUUID(), taskId: randomUUID(), taskTitle: title, decision, reason: decision === 'upheld' ? 'Blurry' : null, appealedAt: at(1), decidedAt: at(seconds), decidedBy: randomUUID() });
    const returned = envelope('assignment.returned', { userId, assignmentId: randomUUID(), taskId: randomUUID(), reason: null, returnedAt: at(1) });
    const wonAppeal = appealed(won, 'Storefront', 2);
    await publish([returned, returned, wonAppeal, wonAppeal, decided(won, 'Storefront', 'overturned', 3), decided(lost, 'Menu', 'upheld', 5), appealed(lost, 'Menu', 4), appealed(open, 'Receipt', 6)]);

    const items = await eventually(async () => {
      const res = await t.api('GET', '/api/user/activity?pageSize=100&lang=en', { token: worker.token });
      const mine = (res.body.items ?? []).filter((e: { type: string }) => ['task_returned', 'task_appealed', 'appeal_decided'].includes(e.type));
      return mine.length >= 6 ? mine : undefined;
    }, { what: 'six entries' });
    expect(items.map((e: { type: string; badge: string; description: string }) => [e.type, e.badge, e.description])).toEqual([
      ['task_appealed', 'Under appeal', '"Receipt": a second admin will decide'],
      ['appeal_decided', 'Upheld', '"Menu": the rejection stands: Blurry'],
      ['task_appealed', 'Upheld', '"Menu": the rejection stands'],
      ['appeal_decided', 'Overturned', '"Storefront": the rejection was overturned and your work approved'],
      ['task_appealed', 'Overturned', '"Storefront": appeal won'],
      ['task_returned', 'Returned', 'You handed a task back; it does not count against you'],
    ]);
    const ru = await t.api('GET', '/api/user/activity?pageSize=100&lang=ru', { token: worker.token });
    expect(ru.body.items.find((e: { type: string }) => e.type === 'task_returned')).toMatchObject({ title: 'Задание возвращено', badge: 'Возвращено' });
    const { rows } = await t.service.pool.query('SELECT count(*)::int AS n FROM activity_entries WHERE user_id = $1', [userId]);
    // account_created + six.
    expect(rows[0].n).toBe(7);
  });
});
