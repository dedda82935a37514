import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSupportConversationChangedData, TSupportReplyEmailRequestedData } from '@platform/contracts';
import { eventually } from '@platform/service-kit/testing';
import { AUDIT_QUEUE } from '../src/entry-points/messaging/audit-events.handler.js';
import { MAIL_QUEUE } from '../src/entry-points/messaging/mail-events.handler.js';
import { envelope, userRegistered } from './events.js';
import { connectTestBroker, readOutbox, startAdminHarness, type TAdminHarness, type TTestBroker } from './helpers.js';

/**
 * The admin service's side of the support desk (issue 12), through the real broker: the chat service's
 * support.reply_email_requested becomes one `support-reply` e-mail, and support_conversation.changed one audit row.
 * (The chat side, which decides when to ask for the e-mail, is services/chat/test/support.api.test.ts.)
 */
let h: TAdminHarness;
let broker: TTestBroker;

beforeAll(async () => {
  h = await startAdminHarness('admin_support');
  broker = await connectTestBroker(h.config);
  await broker.waitForConsumer(MAIL_QUEUE);
  await broker.waitForConsumer(AUDIT_QUEUE);
});
afterAll(async () => {
  await broker?.close();
  await h?.close();
});

const replyRequested = (overrides: Partial<TSupportReplyEmailRequestedData> = {}) =>
  envelope<TSupportReplyEmailRequestedData>('support.reply_email_requested', {
    userId: randomUUID(),
    conversationId: randomUUID(),
    messageId: 42,
    preview: 'We checked your withdrawal: it was sent <today> & should arrive within the hour',
    repliedBy: randomUUID(),
    repliedAt: new Date().toISOString(),
    email: 'olga@example.com',
    firstName: 'Olga',
    ...overrides,
  });

describe('support.reply_email_requested', () => {
  it('when it is published 3 times, then one support-reply e-mail with the preview (escaped in HTML) and the Support tab link is sent', async () => {
    const event = replyRequested();
    for (let i = 0; i < 3; i += 1) await broker.publish(event);
    const mail = await eventually(async () => (await readOutbox(h.outboxDir)).find((m) => m.headers.to === 'olga@example.com'), { what: 'the support-reply .eml' });
    expect(mail.headers.subject).toBe('Support replied to your message');
    expect(mail.body).toContain('Hello Olga');
    expect(mail.body).toContain('We checked your withdrawal: it was sent <today> & should arrive within the hour');
    expect(mail.body).toContain('&lt;today&gt; &amp; should');
    expect(mail.body).toContain('https://app.platform.test/chat?tab=support');
    await eventually(
      async () => (await h.service.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM inbox WHERE event_id = $1', [event.id])).rows[0]!.n === 1,
      { what: 'the event handled' },
    );
    expect((await readOutbox(h.outboxDir)).filter((m) => m.headers.to === 'olga@example.com')).toHaveLength(1);
    const sent = await h.service.pool.query('SELECT template, recipient FROM sent_emails WHERE event_id = $1', [event.id]);
    expect(sent.rows).toEqual([{ template: 'support-reply', recipient: 'olga@example.com' }]);
  });

  it('when the event carries no address, then the address and name come from the users copy', async () => {
    const registered = userRegistered({ email: 'pavel@example.com', firstName: 'Pavel' });
    await broker.publish(registered);
    await eventually(async () => (await h.service.pool.query('SELECT 1 FROM users_copy WHERE id = $1', [registered.data.userId])).rows.length === 1, { what: 'the users copy' });
    await broker.publish(replyRequested({ userId: registered.data.userId, email: null, firstName: null }));
    const mail = await eventually(async () => (await readOutbox(h.outboxDir)).find((m) => m.headers.to === 'pavel@example.com' && m.headers.subject === 'Support replied to your message'), {
      what: 'the support-reply .eml',
    });
    expect(mail.body).toContain('Hello Pavel');
  });

  it('when the template is stored (migration 0007, signed with the platform name and given Russian by 0014 and the start), then admins see it in Email Templates', async () => {
    const { rows } = await h.service.pool.query<{ variables: string[]; text_content: string; subject_ru: string }>(
      `SELECT variables, text_content, subject_ru FROM email_templates WHERE name = 'support-reply'`,
    );
    expect(rows).toEqual([{ variables: ['userName', 'preview', 'chatUrl', 'platformName'], text_content: expect.stringContaining('The {{platformName}} team'), subject_ru: 'Поддержка ответила на ваше сообщение' }]);
  });
});

describe('support_conversation.changed', () => {
  it('when a status change and an assignment are published, then each is one audit row with the admin, before and after', async () => {
    const userId = randomUUID();
    const adminId = randomUUID();
    const base = { conversationId: randomUUID(), userId, changedBy: adminId, changedAt: new Date().toISOString() };
    const resolved = envelope<TSupportConversationChangedData>('support_conversation.changed', {
      ...base,
      change: 'status',
      before: { status: 'open', assignedAdminId: null },
      after: { status: 'resolved', assignedAdminId: null },
      via: 'desk',
    });
    const assigned = envelope<TSupportConversationChangedData>('support_conversation.changed', {
      ...base,
      change: 'assignment',
      before: { status: 'resolved', assignedAdminId: null },
      after: { status: 'resolved', assignedAdminId: adminId },
      via: 'desk',
    });
    await broker.publish(resolved, assigned, resolved);
    const rows = await eventually(
      async () => {
        const { rows } = await h.service.pool.query('SELECT actor_id, action, target_type, target_id, before, after FROM audit_log WHERE target_id = $1 ORDER BY action', [userId]);
        return rows.length === 2 ? rows : undefined;
      },
      { what: 'two audit rows' },
    );
    expect(rows).toEqual([
      { actor_id: adminId, action: 'support.assigned', target_type: 'support_conversation', target_id: userId, before: { assignedAdminId: null }, after: { assignedAdminId: adminId } },
      { actor_id: adminId, action: 'support.status_changed', target_type: 'support_conversation', target_id: userId, before: { status: 'open' }, after: { status: 'resolved', via: 'desk' } },
    ]);
  });
});
