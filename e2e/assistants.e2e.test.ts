import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './support/api.js';
import { checkScreen, completeOnboarding, DESKTOP, DEV_ADMIN, launchBrowser, MOBILE, newContext, uniqueEmail, waitForPath } from './support/browser.js';
import { e2eStack } from './support/stack.js';

/**
 * Issue 13, "Proven by": the admin creates an assistant in Chat Management (the spec's validation message first),
 * enables the schedule at the 15 s minimum in Assistant Settings (the interval's message first), a worker in /chat
 * sees the assistant's message arrive live with the badge Bot, and the admin sees it in the Chat Monitor with its
 * quality score and the 24 h shares. Screenshots in e2e/artifacts/assistants/. The assistants are switched off
 * afterwards, so later journeys see a quiet room.
 */
const JOURNEY = 'assistants';
const { baseUrl } = e2eStack();
const { api, adminToken } = apiClient(baseUrl);
const PASSWORD = 'secret-pass-9';
const BOT_NAME = 'Guide Bot';
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  // Quiet again for the journeys after this one.
  const token = await adminToken();
  const settings = await api<Record<string, unknown>>('/admin/chat-settings', token);
  const { providerApiKeySet: _set, updatedBy: _by, updatedAt: _at, ...fields } = settings;
  await api('/admin/chat-settings', token, { method: 'PUT', body: { ...fields, aiEnabled: false } }).catch(() => undefined);
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
});

async function signIn(email: string, password: string, viewport = MOBILE): Promise<Page> {
  const context = await newContext(browser, viewport);
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await waitForPath(page, email === DEV_ADMIN.email ? '/admin' : '/');
  await completeOnboarding(page);
  return page;
}

async function dismissToasts(page: Page): Promise<void> {
  for (const close of await page.locator('.ant-notification-notice-close').all()) await close.click().catch(() => undefined);
  await page.locator('.ant-notification-notice').first().waitFor({ state: 'detached', timeout: 5_000 }).catch(() => undefined);
}

async function snap(page: Page, name: string): Promise<void> {
  await dismissToasts(page);
  await checkScreen(page, JOURNEY, name);
}

describe('chat assistants', () => {
  let admin: Page;
  let worker: Page;

  it('when the admin creates an assistant, then a blank name gets the spec message and the saved one is listed with the badge Bot', async () => {
    admin = await signIn(DEV_ADMIN.email, DEV_ADMIN.password, DESKTOP);
    await admin.goto(`${baseUrl}/admin/chat-management`);
    await admin.getByTestId('chat-management').waitFor();
    await admin.getByRole('tab', { name: 'Assistants', exact: true }).waitFor();
    await admin.getByTestId('assistant-create').click();
    await admin.getByTestId('assistant-save').click();
    await admin.getByText('Display name is required').waitFor();
    await admin.getByTestId('assistant-name').fill(BOT_NAME);
    await admin.getByTestId('assistant-save').click();
    const row = admin.getByTestId('assistant-row-name').filter({ hasText: BOT_NAME });
    await row.waitFor();
    expect(await row.innerText()).toContain('Bot');
    await snap(admin, 'admin-assistants');
  });

  it('when the admin enables the schedule at the 15 s minimum, then 14 s is refused with the spec message and 15 s is saved', async () => {
    await admin.getByRole('tab', { name: 'Assistant Settings' }).click();
    await admin.getByTestId('assistant-settings').waitFor();
    await admin.getByTestId('settings-intervalSeconds').fill('14');
    await admin.getByTestId('settings-save').click();
    await admin.getByText('Interval must be at least 15 seconds').waitFor();
    await admin.getByTestId('settings-intervalSeconds').fill('15');
    await admin.getByTestId('settings-intervalVarianceSeconds').fill('0');
    expect(await admin.getByTestId('settings-key-state').innerText()).toBe('No key stored.');
    await snap(admin, 'admin-assistant-settings');
  });

  it('when the schedule is on, then a worker in /chat sees the assistant message arrive live with the badge Bot', async () => {
    const email = uniqueEmail('assistants-worker');
    await api('/auth/register', null, { method: 'POST', body: { email, password: PASSWORD, confirmPassword: PASSWORD, firstName: 'Wendy', lastName: 'Worker' } });
    worker = await signIn(email, PASSWORD);
    await worker.getByRole('link', { name: 'Chat' }).click();
    await waitForPath(worker, '/chat');
    await worker.locator('[data-testid="chat-screen"][data-connection="connected"]').waitFor();

    await admin.getByTestId('settings-aiEnabled').click();
    await admin.getByTestId('settings-save').click();
    await admin.getByText('Settings saved').waitFor();

    const botMessage = worker.getByTestId('chat-message').filter({ hasText: BOT_NAME }).first();
    await botMessage.waitFor({ timeout: 40_000 });
    expect(await botMessage.locator('.chat-badge.bot').innerText()).toBe('Bot');
    await snap(worker, 'worker-chat-assistant');
  });

  it('when the admin opens the Chat Monitor, then the assistant message shows with the badge Bot, its quality score and the 24 h shares', async () => {
    await admin.goto(`${baseUrl}/admin/chat-monitor`);
    await admin.getByTestId('chat-monitor').waitFor();
    const item = admin.getByTestId('monitor-message').filter({ hasText: BOT_NAME }).first();
    await item.waitFor();
    const text = await item.innerText();
    expect(text).toContain('Bot');
    expect(text).toMatch(/Quality [1-5]\/5/);
    await admin.getByTestId('chat-stat-quality').getByText(/Quality 24 h: good \d+%/).waitFor();
    await snap(admin, 'admin-chat-monitor-assistant');
  });
});
