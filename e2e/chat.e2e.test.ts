import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './support/api.js';
import { checkScreen, completeOnboarding, DESKTOP, DEV_ADMIN, launchBrowser, MOBILE, newContext, uniqueEmail, waitForPath } from './support/browser.js';
import { e2eStack } from './support/stack.js';

/**
 * Issue 11, "Proven by": two workers in two browser contexts chat live; one goes offline (its context's network
 * off), a message arrives meanwhile, it comes back and sees it without reloading; the unread badge counts and
 * clears (and is the server's count after a reload). The admin adds a banned word in Chat Moderation, the chat
 * refuses it with the reason, and Chat Monitor shows the conversation. Screenshots in e2e/artifacts/chat/.
 */
const JOURNEY = 'chat';
const { baseUrl, internalUrls } = e2eStack();
const { api, adminToken } = apiClient(baseUrl);
const PASSWORD = 'secret-pass-9';
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
});

async function signIn(email: string, viewport = MOBILE): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, viewport);
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(email === DEV_ADMIN.email ? DEV_ADMIN.password : PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await waitForPath(page, email === DEV_ADMIN.email ? '/admin' : '/');
  await completeOnboarding(page);
  return { context, page };
}

async function registerWorker(firstName: string, lastName: string): Promise<string> {
  const email = uniqueEmail(`chat-${firstName.toLowerCase()}`);
  await api('/auth/register', null, { method: 'POST', body: { email, password: PASSWORD, confirmPassword: PASSWORD, firstName, lastName } });
  return email;
}

/** Closes the toasts (the onboarding's 'Documents Accepted'), so a screenshot shows the input they would cover. */
async function dismissToasts(page: Page): Promise<void> {
  for (const close of await page.locator('.ant-notification-notice-close').all()) await close.click().catch(() => undefined);
  await page.locator('.ant-notification-notice').first().waitFor({ state: 'detached', timeout: 5_000 }).catch(() => undefined);
}

async function snap(page: Page, name: string): Promise<void> {
  await dismissToasts(page);
  await checkScreen(page, JOURNEY, name);
}

const badge = (page: Page) => page.getByTestId('chat-unread-badge');
const messageWith = (page: Page, text: string) => page.getByTestId('chat-message').filter({ hasText: text });

async function openChat(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Chat' }).click();
  await waitForPath(page, '/chat');
  await page.locator('[data-testid="chat-screen"][data-connection="connected"]').waitFor();
}

/** Authenticated sockets open on one chat instance, from its /metrics. */
async function socketsOn(instance: string): Promise<number> {
  const text = await (await fetch(`${internalUrls[instance]}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith('chat_ws_connections{') && l.includes('state="authenticated"'));
  if (!line) throw new Error(`no chat_ws_connections on ${instance}`);
  return Number(line.split(' ').at(-1));
}

async function send(page: Page, text: string): Promise<void> {
  await page.getByTestId('chat-input').fill(text);
  await page.getByTestId('chat-input').press('Enter');
}

describe('live chat', () => {
  let ada: Page;
  let bob: Page;
  let bobContext: BrowserContext;

  it('when two workers chat, then each sees the other live, with names, times and replies; own messages on the right', async () => {
    const adaEmail = await registerWorker('Ada', 'Lovelace');
    const bobEmail = await registerWorker('Bob', 'Builder');
    const before = [await socketsOn('chat'), await socketsOn('chat-2')];
    ({ page: ada } = await signIn(adaEmail));
    ({ page: bob, context: bobContext } = await signIn(bobEmail));
    await openChat(ada);
    await openChat(bob);
    // The stack runs two chat instances and the gateway spreads sockets over them in turn: Ada and Bob are on
    // different ones, so what follows also proves a message crosses instances (through Redis).
    await expect.poll(async () => [(await socketsOn('chat')) - before[0]!, (await socketsOn('chat-2')) - before[1]!].every((n) => n >= 1)).toBe(true);

    await send(ada, 'Hi Bob, are you on the new task?');
    await messageWith(bob, 'Hi Bob, are you on the new task?').waitFor();
    await expect.poll(() => messageWith(bob, 'Hi Bob').getByText('Ada Lovelace').count()).toBe(1);
    await expect.poll(() => messageWith(ada, 'Hi Bob').evaluate((el) => el.classList.contains('own'))).toBe(true);

    // Bob replies to Ada's message: the quote comes with it on both sides.
    await messageWith(bob, 'Hi Bob').getByRole('button', { name: /Reply/ }).click();
    await bob.getByTestId('chat-reply-preview').waitFor();
    await snap(bob, 'worker-chat-replying');
    await send(bob, 'Yes, starting now');
    const reply = messageWith(ada, 'Yes, starting now');
    await reply.waitFor();
    await expect.poll(() => reply.locator('.chat-quote').innerText()).toContain('Ada Lovelace');
    await snap(ada, 'worker-chat-live');
  });

  it('when one worker goes offline and a message arrives meanwhile, then on coming back it appears without a reload', async () => {
    await bobContext.setOffline(true);
    await bob.getByTestId('chat-connection').waitFor();
    await expect.poll(() => bob.getByTestId('chat-input').isDisabled()).toBe(true);
    expect(await bob.getByTestId('chat-input').getAttribute('placeholder')).toBe('Connecting...');
    await snap(bob, 'worker-chat-offline');

    await send(ada, 'Sent while you were offline');
    await messageWith(ada, 'Sent while you were offline').waitFor();
    // The message is not there while offline.
    expect(await messageWith(bob, 'Sent while you were offline').count()).toBe(0);

    const navigations: string[] = [];
    bob.on('framenavigated', (frame) => navigations.push(frame.url()));
    await bobContext.setOffline(false);
    await messageWith(bob, 'Sent while you were offline').waitFor({ timeout: 30_000 });
    await bob.locator('[data-testid="chat-screen"][data-connection="connected"]').waitFor({ timeout: 30_000 });
    expect(navigations).toEqual([]);
    // In order, each once.
    const texts = await bob.getByTestId('chat-message').allInnerTexts();
    expect(texts.filter((t) => t.includes('Sent while you were offline'))).toHaveLength(1);
    expect(texts.findIndex((t) => t.includes('Yes, starting now'))).toBeLessThan(texts.findIndex((t) => t.includes('Sent while you were offline')));
  });

  it('when messages arrive while a worker is elsewhere, then the bottom-nav badge counts them, a reload shows the server\'s count, and opening the chat clears it', async () => {
    await bob.getByRole('link', { name: 'Tasks' }).click();
    await waitForPath(bob, '/tasks');
    await send(ada, 'First while you are away');
    await send(ada, 'Second while you are away');
    await expect.poll(async () => ((await badge(bob).count()) ? badge(bob).textContent() : null), { timeout: 15_000 }).toBe('2');
    await snap(bob, 'worker-badge');

    await bob.reload();
    await expect.poll(async () => ((await badge(bob).count()) ? badge(bob).textContent() : null), { timeout: 15_000 }).toBe('2');

    await openChat(bob);
    await expect.poll(() => badge(bob).count()).toBe(0);
    await bob.reload();
    await bob.locator('[data-testid="chat-screen"][data-connection="connected"]').waitFor();
    await messageWith(bob, 'Second while you are away').waitFor();
    await expect.poll(() => badge(bob).count()).toBe(0);
  });

  it('when the admin bans a word, then the test box and the chat refuse it in disguise with the reason, and the monitor shows the conversation', async () => {
    const { page: admin } = await signIn(DEV_ADMIN.email, DESKTOP);
    await admin.goto(`${baseUrl}/admin/chat-moderation`);
    await admin.getByTestId('chat-moderation').waitFor();
    await admin.getByTestId('banned-word-input').fill('scam');
    await admin.getByTestId('banned-word-add').click();
    await admin.getByTestId('banned-word-list').getByText('scam').waitFor();
    await admin.getByTestId('moderation-test-input').fill('this is a s.c.a.m');
    await admin.getByTestId('moderation-test-button').click();
    await admin.getByTestId('moderation-result').getByText('Blocked', { exact: true }).waitFor();
    expect(await admin.getByTestId('moderation-result').innerText()).toContain('this is a *******');
    await snap(admin, 'admin-chat-moderation');

    await send(ada, 'what a ѕсаm');
    const refused = ada.getByTestId('chat-outgoing').filter({ hasText: 'what a ѕсаm' });
    await refused.getByRole('alert').waitFor();
    expect(await refused.getByRole('alert').innerText()).toContain('Message blocked: it contains the banned word "scam"');
    await snap(ada, 'worker-chat-blocked');
    expect(await messageWith(bob, 'what a').count()).toBe(0);

    await admin.goto(`${baseUrl}/admin/chat-monitor`);
    await admin.getByTestId('chat-monitor').waitFor();
    await admin.getByTestId('monitor-message').filter({ hasText: 'Second while you are away' }).waitFor();
    expect(await admin.getByTestId('monitor-message').filter({ hasText: 'Yes, starting now' }).innerText()).toContain('Bob Builder');
    await admin.getByText('People only').click();
    await snap(admin, 'admin-chat-monitor');
    await api('/admin/chat-moderation/banned-words', await adminToken(), { method: 'DELETE', body: { words: ['scam'] } });
  });

  it('when a worker reads the chat in Russian, then the tabs, the input and the support tab\'s empty state are in Russian', async () => {
    await ada.evaluate(() => (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem('ui_language', 'ru'));
    await ada.reload();
    await ada.locator('[data-testid="chat-screen"][data-connection="connected"]').waitFor();
    await ada.getByRole('tab', { name: 'Общий чат' }).waitFor();
    expect(await ada.getByTestId('chat-input').getAttribute('placeholder')).toBe('Напишите сообщение...');
    await snap(ada, 'worker-chat-russian');
    await ada.getByRole('tab', { name: 'Поддержка' }).click();
    await ada.getByText('Напишите нам: здесь отвечает служба поддержки').waitFor();
    await snap(ada, 'worker-chat-support-russian');
  });
});
