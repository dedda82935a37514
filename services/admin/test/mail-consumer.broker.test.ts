import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TEventEnvelope } from '@platform/contracts';
import { createAmqpConnection, createLogger, type TAmqpConnection } from '@platform/service-kit';
import { eventually, TEST_RABBITMQ_URL } from '@platform/service-kit/testing';
import { MAIL_QUEUE } from '../src/entry-points/messaging/mail-events.handler.js';
import { passwordResetRequested, userRegistered } from './events.js';
import { readOutbox, startAdminHarness, type TAdminHarness } from './helpers.js';

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
});
