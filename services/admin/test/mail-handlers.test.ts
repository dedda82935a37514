import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TEventEnvelope } from '@platform/contracts';
import { withTransaction } from '@platform/service-kit';
import { createMailer } from '../src/data-access/mailer.js';
import { createMailEventsHandler } from '../src/entry-points/messaging/mail-events.handler.js';
import { passwordResetRequested, userRegistered, userUpdated, withdrawalDecided, withdrawalRequested } from './events.js';
import { readOutbox, startAdminHarness, type TAdminHarness } from './helpers.js';

let h: TAdminHarness;
let handle: (event: TEventEnvelope) => Promise<void>;

beforeAll(async () => {
  h = await startAdminHarness('admin_mail_handlers');
  const mailer = createMailer({ from: h.config.MAIL_FROM, outboxDir: h.outboxDir, logger: h.service.logger });
  const handler = createMailEventsHandler({ mailer, appBaseUrl: h.config.APP_BASE_URL });
  handle = (event) => withTransaction(h.service.pool, (client) => handler(event, client));
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await h.service.pool.query('TRUNCATE email_templates, sent_emails, users_copy');
  for (const mail of await readOutbox(h.outboxDir)) await import('node:fs/promises').then((fs) => fs.rm(join(h.outboxDir, mail.file)));
});

describe('on user.registered', () => {
  it('when a user registers, then a welcome .eml is written with the recipient, subject and login link, and the user is copied', async () => {
    const event = userRegistered();
    await handle(event);

    const mails = await readOutbox(h.outboxDir);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.file).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-welcome-ada.lovelace_example.com\.eml$/);
    expect(mail.headers.to).toBe('ada.lovelace@example.com');
    expect(mail.headers.from).toBe('Task Portal <no-reply@platform.local>');
    expect(mail.headers.subject).toBe('Welcome to Task Portal, Ada');
    expect(mail.raw).toContain('\r\n'); // RFC 822 line ends
    expect(mail.body).toContain('Hello Ada,');
    expect(mail.body).toContain('https://app.platform.test/login');

    expect(mail.body).toContain('The Task Portal team');
    const copy = await h.service.pool.query('SELECT email, first_name, last_name, role, language FROM users_copy WHERE id = $1', [event.data.userId]);
    expect(copy.rows).toEqual([{ email: 'ada.lovelace@example.com', first_name: 'Ada', last_name: 'Lovelace', role: 'employee', language: 'en' }]);
    const sent = await h.service.pool.query('SELECT template, recipient FROM sent_emails WHERE event_id = $1', [event.id]);
    expect(sent.rows).toEqual([{ template: 'welcome', recipient: 'ada.lovelace@example.com' }]);
  });

  it('when the first name holds HTML, then the HTML part shows it escaped and the text part as typed', async () => {
    await handle(userRegistered({ firstName: '<img src=x onerror=alert(1)>' }));
    const [mail] = await readOutbox(h.outboxDir);
    expect(mail!.body).toContain('Hello &lt;img src&#x3D;x onerror&#x3D;alert(1)&gt;,');
    expect(mail!.body).not.toMatch(/<p>Hello <img/);
    expect(mail!.body).toContain('Hello <img src=x onerror=alert(1)>,\n');
  });

  it('when an admin edited the welcome template, then the edited template is used', async () => {
    const created = await fetch(`${h.service.url}/api/admin/email-templates`, {
      method: 'POST',
      headers: { authorization: `Bearer ${h.adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'welcome', subject: 'Hi {{userName}}!', htmlContent: '<p>Go: {{loginUrl}}</p>', textContent: 'Go: {{loginUrl}}' }),
    });
    expect(created.status).toBe(201);
    await handle(userRegistered());
    const [mail] = await readOutbox(h.outboxDir);
    expect(mail!.headers.subject).toBe('Hi Ada!');
    expect(mail!.body).toContain('Go: https://app.platform.test/login');
  });

  it('when the same event is handled twice, then one mail is sent', async () => {
    const event = userRegistered();
    await handle(event);
    await handle(event);
    expect(await readOutbox(h.outboxDir)).toHaveLength(1);
    const sent = await h.service.pool.query('SELECT count(*)::int AS n FROM sent_emails');
    expect(sent.rows[0].n).toBe(1);
  });
});

describe('on password_reset.requested', () => {
  it('when a reset is requested, then the .eml carries the recipient, subject and the reset link built from APP_BASE_URL', async () => {
    const event = passwordResetRequested();
    await handle(event);
    const mails = await readOutbox(h.outboxDir);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.file).toMatch(/-password-reset-grace.hopper_example.com\.eml$/);
    expect(mail.headers.to).toBe('grace.hopper@example.com');
    expect(mail.headers.subject).toBe('Reset your password');
    const link = `https://app.platform.test/reset-password?token=${encodeURIComponent('tok+en/with=special&chars')}`;
    expect(link).toBe('https://app.platform.test/reset-password?token=tok%2Ben%2Fwith%3Dspecial%26chars');
    expect(mail.body).toContain(`\n${link}\n`);
    expect(mail.body).toContain('The link expires in 60 minutes and can be used once.');
    expect(mail.body).toContain('Hello Grace,');
  });

  it('when requests reach the service with a forged Host header, then the link still uses APP_BASE_URL only', async () => {
    // The mail is built from configuration only; a Host (or X-Forwarded-Host) seen by the service changes nothing.
    const res = await fetch(`${h.service.url}/api/admin/email-templates`, {
      headers: { authorization: `Bearer ${h.adminToken}`, host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    expect(res.status).toBe(200);
    await handle(passwordResetRequested({ token: 'abc' }));
    const [mail] = await readOutbox(h.outboxDir);
    expect(mail!.body).toContain('https://app.platform.test/reset-password?token=abc');
    expect(mail!.raw).not.toContain('evil.example');
  });

  it('when the mail cannot be written, then the handler fails and records nothing, so a retry can send it', async () => {
    const blocked = join(h.outboxDir, 'not-a-folder');
    await writeFile(blocked, 'a file where the folder should be');
    const mailer = createMailer({ from: h.config.MAIL_FROM, outboxDir: blocked, logger: h.service.logger });
    const failing = createMailEventsHandler({ mailer, appBaseUrl: h.config.APP_BASE_URL });
    const event = passwordResetRequested();
    await expect(withTransaction(h.service.pool, (client) => failing(event, client))).rejects.toThrow();
    const sent = await h.service.pool.query('SELECT count(*)::int AS n FROM sent_emails WHERE event_id = $1', [event.id]);
    expect(sent.rows[0].n).toBe(0);
    await handle(event);
    expect((await readOutbox(h.outboxDir)).map((m) => m.headers.to)).toEqual(['grace.hopper@example.com']);
  });
});

describe('on withdrawal.decided', () => {
  it('when a withdrawal is approved, then the worker is told the amount and the transaction reference (withdrawal-approved)', async () => {
    await handle(withdrawalDecided());
    const [mail] = await readOutbox(h.outboxDir);
    expect(mail!.file).toMatch(/-withdrawal-approved-katherine_example.com\.eml$/);
    expect(mail!.headers.to).toBe('katherine@example.com');
    expect(mail!.headers.subject).toBe('Your withdrawal of $75.50 was approved');
    expect(mail!.body).toContain('Transaction reference: 0xabc');
  });

  it('when the event carries no address, then the local copy of the user supplies it; a rejection names the reason (withdrawal-rejected)', async () => {
    const registered = userRegistered({ email: 'known@example.com', firstName: 'Known' });
    await handle(registered);
    await handle(withdrawalDecided({ userId: registered.data.userId, email: null, firstName: null, status: 'rejected', amount: '50.00', adminComment: 'Wallet address is not a TRC-20 address' }));
    const mail = (await readOutbox(h.outboxDir)).find((m) => m.file.includes('withdrawal-rejected'));
    expect(mail?.headers.to).toBe('known@example.com');
    expect(mail?.headers.subject).toBe('Your withdrawal of $50.00 was rejected');
    expect(mail?.body).toContain('Hello Known,');
    expect(mail?.body).toContain('Reason: Wallet address is not a TRC-20 address');
  });

  it('when the worker chose Russian, then the decision goes out in Russian with the amount written the Russian way', async () => {
    const registered = userRegistered({ email: 'olga@example.com', firstName: 'Ольга', language: 'ru' });
    await handle(registered);
    await handle(withdrawalDecided({ userId: registered.data.userId, email: 'olga@example.com', firstName: 'Ольга', status: 'rejected', amount: '1234.50', adminComment: 'Неверный адрес' }));
    const mail = (await readOutbox(h.outboxDir)).find((m) => m.file.includes('withdrawal-rejected'));
    expect(mail?.headers.subject).toBe('Ваш вывод 1\u00a0234,50\u00a0$ отклонён');
    expect(mail?.body).toContain('Здравствуйте, Ольга!');
    expect(mail?.body).toContain('Причина: Неверный адрес');
    expect(mail?.body).toContain('Команда Task Portal');
  });

  it('when no address is known at all, then the handler fails (retry, then dead letter) and records nothing', async () => {
    const event = withdrawalDecided({ email: null, firstName: null });
    await expect(handle(event)).rejects.toThrow(/No e-mail address known/);
    expect(await readOutbox(h.outboxDir)).toHaveLength(0);
  });
});

describe('on withdrawal.requested', () => {
  it('when a worker asks for a payout, then withdrawal-requested confirms the amount and the wallet, to the address the copy knows', async () => {
    const registered = userRegistered({ email: 'mary@example.com', firstName: 'Mary' });
    await handle(registered);
    await handle(withdrawalRequested({ userId: registered.data.userId, amount: '60.00', walletAddress: 'TXYZ123' }));
    const mail = (await readOutbox(h.outboxDir)).find((m) => m.file.includes('withdrawal-requested'));
    expect(mail?.headers.to).toBe('mary@example.com');
    expect(mail?.headers.subject).toBe('We received your withdrawal request of $60.00');
    expect(mail?.body).toContain('to the wallet TXYZ123');
    expect(mail?.body).toContain('https://app.platform.test/withdrawals');
  });

  it('when the user is not known yet, then the handler fails (retry, then dead letter) and sends nothing', async () => {
    await expect(handle(withdrawalRequested())).rejects.toThrow(/No e-mail address known/);
    expect(await readOutbox(h.outboxDir)).toHaveLength(0);
  });
});

describe('the recipient\'s language and the platform name (issue 28)', () => {
  const setPlatformName = async (value: string) => {
    const res = await fetch(`${h.service.url}/api/admin/settings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${h.adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ settingKey: 'platform_name', settingValue: value }),
    });
    expect(res.status).toBe(200);
  };

  it('when a Russian user asks for a reset, then the mail is Russian and comes from the platform name in settings', async () => {
    await setPlatformName('Acme Задания');
    try {
      await handle(passwordResetRequested({ firstName: 'Ольга', email: 'olga.reset@example.com', token: 'abc', language: 'ru' }));
      const [mail] = await readOutbox(h.outboxDir);
      expect(mail!.headers.from).toBe('Acme Задания <no-reply@platform.local>');
      expect(mail!.headers.subject).toBe('Сброс пароля');
      expect(mail!.body).toContain('Здравствуйте, Ольга!');
      expect(mail!.body).toContain('https://app.platform.test/reset-password?token=abc');
      expect(mail!.body).toContain('Ссылка действует 60 минут');
      expect(mail!.body).toContain('Команда Acme Задания');
      expect(mail!.body).not.toMatch(/Reset your password|Hello /);
    } finally {
      await setPlatformName('Task Portal');
    }
  });

  it('when the reset event carries no language, then the language the copy learnt from user.updated is used', async () => {
    const registered = userRegistered({ email: 'switcher@example.com', firstName: 'Ivan' });
    await handle(registered);
    await withTransaction(h.service.pool, async (client) => {
      const { keepUserCopyCurrent } = await import('../src/domain/account-deleted-mail.use-case.js');
      const updated = userUpdated({ userId: registered.data.userId, email: 'switcher@example.com', firstName: 'Ivan', language: 'ru' });
      await keepUserCopyCurrent(client, updated.data, updated.occurredAt);
    });
    await handle(passwordResetRequested({ userId: registered.data.userId, email: 'switcher@example.com', firstName: 'Ivan' }));
    const mail = (await readOutbox(h.outboxDir)).find((m) => m.file.includes('password-reset'));
    expect(mail?.headers.subject).toBe('Сброс пароля');
  });

  it('when a stored template has a Russian version, then Russian users get it and English users the English one', async () => {
    const created = await fetch(`${h.service.url}/api/admin/email-templates`, {
      method: 'POST',
      headers: { authorization: `Bearer ${h.adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'welcome',
        subject: 'Hi {{userName}}',
        htmlContent: '<p>{{loginUrl}}</p>',
        textContent: 'EN {{loginUrl}}',
        subjectRu: 'Привет, {{userName}}',
        htmlContentRu: '<p>{{loginUrl}}</p>',
        textContentRu: 'RU {{loginUrl}}',
      }),
    });
    expect(created.status).toBe(201);
    await handle(userRegistered({ email: 'en@example.com', firstName: 'Ann' }));
    await handle(userRegistered({ email: 'ru@example.com', firstName: 'Аня', language: 'ru' }));
    const mails = await readOutbox(h.outboxDir);
    expect(mails.find((m) => m.headers.to === 'en@example.com')?.headers.subject).toBe('Hi Ann');
    expect(mails.find((m) => m.headers.to === 'ru@example.com')?.headers.subject).toBe('Привет, Аня');
    expect(mails.find((m) => m.headers.to === 'ru@example.com')?.body).toContain('RU https://app.platform.test/login');
  });

  it('when a stored template has no Russian version, then Russian users get the English one', async () => {
    await h.service.pool.query(
      `INSERT INTO email_templates (id, name, subject, html_content, text_content, variables)
       VALUES (gen_random_uuid(), 'welcome', 'Only English {{userName}}', '<p>x</p>', 'x {{loginUrl}}', ARRAY['userName'])`,
    );
    await handle(userRegistered({ email: 'ru2@example.com', firstName: 'Аня', language: 'ru' }));
    const [mail] = await readOutbox(h.outboxDir);
    expect(mail!.headers.subject).toBe('Only English Аня');
  });
});
