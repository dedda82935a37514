import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TEventEnvelope } from '@platform/contracts';
import { createAmqpConnection, createLogger, type TAmqpConnection } from '@platform/service-kit';
import { eventually, TEST_RABBITMQ_URL } from '@platform/service-kit/testing';
import { USERS_COPY } from '../src/data-access/users-copy.repository.js';
import { MAIL_QUEUE } from '../src/entry-points/messaging/mail-events.handler.js';
import { passwordResetRequested, userRegistered, withdrawalRequested } from './events.js';
import { connectTestBroker, readOutbox, startAdminHarness, type TAdminHarness } from './helpers.js';

let h: TAdminHarness;
let amqp: TAmqpConnection;
let queue: string;

/** Publishes an envelope to the test exchange with publisher confirms, as the outbox relay does. */
async function publish(event: TEventEnvelope): Promise<void> {
  const ch = await amqp.createConfirmChannel();
  try {
    ch.publish(h.config.EVENTS_EXCHANGE, event.type, Buffer.from(JSON.stringify(event)), { persistent: true, messageId: event.id, contentType: 'application/json' });
    await ch.waitForConfirms();
  } finally {
    await ch.close();
  }
}

/** The service's own count of consumed events on the mail queue, read from its /metrics, by outcome. */
async function consumed(type: string, outcome: string): Promise<number> {
  const text = await (await fetch(`${h.service.internalUrl}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith('events_consumed_total{') && l.includes(`queue="${queue}"`) && l.includes(`type="${type}"`) && l.includes(`outcome="${outcome}"`));
  return line ? Number(line.split(' ').pop()) : 0;
}

beforeAll(async () => {
  h = await startAdminHarness('admin_mail_broker');
  queue = `${h.config.QUEUE_PREFIX}${MAIL_QUEUE}`;
  amqp = createAmqpConnection({ url: TEST_RABBITMQ_URL, exchange: h.config.EVENTS_EXCHANGE, logger: createLogger({ service: 'test', level: 'silent' }) });
  await amqp.waitUntilConnected();
  // Publish only once the service has bound its queue and subscribed, or the first event would find no queue.
  await eventually(
    async () => {
      const ch = await amqp.createChannel();
      try {
        return (await ch.checkQueue(queue)).consumerCount > 0;
      } finally {
        await ch.close().catch(() => undefined);
      }
    },
    { what: `a consumer on ${queue}` },
  );
});

afterAll(async () => {
  await amqp?.close();
  await h?.close();
});

beforeEach(async () => {
  await h.service.pool.query('TRUNCATE sent_emails');
});

describe('the admin.mail queue', () => {
  it('when the same user.registered event is published 3 times, then one welcome mail is sent', async () => {
    const event = userRegistered({ email: 'linus@example.com', firstName: 'Linus' });
    for (let i = 0; i < 3; i += 1) await publish(event);

    await eventually(async () => (await consumed('user.registered', 'applied')) === 1 && (await consumed('user.registered', 'duplicate')) === 2, {
      what: 'three deliveries handled',
    });
    const mails = (await readOutbox(h.outboxDir)).filter((m) => m.headers.to === 'linus@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.headers.subject).toBe('Welcome to Task Portal, Linus');
    expect(mails[0]!.body).toContain('https://app.platform.test/login');
    const sent = await h.service.pool.query('SELECT template, recipient FROM sent_emails WHERE event_id = $1', [event.id]);
    expect(sent.rows).toEqual([{ template: 'welcome', recipient: 'linus@example.com' }]);
    const copy = await h.service.pool.query('SELECT count(*)::int AS n FROM users_copy WHERE id = $1', [event.data.userId]);
    expect(copy.rows[0].n).toBe(1);
  });

  it('when password_reset.requested is published, then the reset mail with the link from APP_BASE_URL appears in the outbox folder', async () => {
    const event = passwordResetRequested({ email: 'margaret@example.com', firstName: 'Margaret', token: 'r3set/token+1' });
    await publish(event);
    const mail = await eventually(async () => (await readOutbox(h.outboxDir)).find((m) => m.headers.to === 'margaret@example.com'), {
      what: 'the reset .eml',
    });
    expect(mail.headers.subject).toBe('Reset your password');
    expect(mail.body).toContain('https://app.platform.test/reset-password?token=r3set%2Ftoken%2B1');
  });

  it('when a batch of withdrawal.requested holds a duplicate and one event that fails, then every other mail is sent once in shared transactions, the failing one alone is retried and sent once', async () => {
    const users = Array.from({ length: 12 }, (_, i) => ({ id: randomUUID(), email: `batch-${i}-${randomUUID().slice(0, 8)}@example.com` }));
    for (const u of users) {
      await USERS_COPY.upsert(h.service.pool, { id: u.id, email: u.email, firstName: 'Batch', lastName: 'Worker', role: 'employee', registeredAt: new Date().toISOString(), language: 'en' }, new Date().toISOString());
    }
    // The last user is not in the copy yet: no address, so its mail fails (retried, not dropped).
    const unknown = { id: randomUUID(), email: `late-${randomUUID().slice(0, 8)}@example.com` };
    const events = users.map((u) => withdrawalRequested({ userId: u.id }));
    const failing = withdrawalRequested({ userId: unknown.id });
    const batch = [...events.slice(0, 5), events[2]!, failing, ...events.slice(5)];
    const broker = await connectTestBroker(h.config);
    try {
      await broker.publish(...batch);
      await eventually(async () => (await consumed('withdrawal.requested', 'applied')) >= events.length, { what: 'every good event applied' });
      const mailsTo = async (email: string) => (await readOutbox(h.outboxDir)).filter((m) => m.headers.to === email);
      for (const u of users) expect(await mailsTo(u.email)).toHaveLength(1);
      const { rows: sent } = await h.service.pool.query<{ event_id: string }>('SELECT event_id FROM sent_emails WHERE event_id = ANY($1)', [batch.map((e) => e.id)]);
      expect(sent.map((r) => r.event_id).sort()).toEqual(events.map((e) => e.id).sort());
      // Batches: fewer transactions than events (one inbox insert each).
      const { rows: inbox } = await h.service.pool.query<{ tx: string }>('SELECT xmin::text AS tx FROM inbox WHERE consumer = $1 AND event_id = ANY($2)', [queue, events.map((e) => e.id)]);
      expect(inbox).toHaveLength(events.length);
      expect(new Set(inbox.map((r) => r.tx)).size).toBeLessThan(events.length / 2);

      // The address becomes known; the retry (after its backoff) sends the mail, once.
      await USERS_COPY.upsert(h.service.pool, { id: unknown.id, email: unknown.email, firstName: 'Late', lastName: 'Worker', role: 'employee', registeredAt: new Date().toISOString(), language: 'en' }, new Date().toISOString());
      await eventually(async () => (await mailsTo(unknown.email)).length === 1, { what: 'the failing event sent on its retry', timeoutMs: 15_000 });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await mailsTo(unknown.email)).toHaveLength(1);
      for (const u of users) expect(await mailsTo(u.email)).toHaveLength(1);
    } finally {
      await broker.close();
    }
  });
});
