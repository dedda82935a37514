import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, waitUntil } from './support/api.js';
import { checkScreen, completeOnboarding, DESKTOP, DEV_ADMIN, launchBrowser, MOBILE, newContext, uniqueEmail, waitForPath } from './support/browser.js';
import { e2eStack } from './support/stack.js';

/**
 * Issue 12, "Proven by": a worker writes to support, the admin sees it appear live in CRM - Support, assigns it and
 * replies; the worker (on Home) sees the notification and the badge, opens Support and reads the reply; the admin
 * resolves; the worker writes again and the conversation reopens. Screenshots in e2e/artifacts/support/.
 */
const JOURNEY = 'support';
const { baseUrl, internalUrls } = e2eStack();
const { api } = apiClient(baseUrl);
const PASSWORD = 'secret-pass-9';
let browser: Browser;
const contexts: BrowserContext[] = [];

/** Authenticated sockets on both chat instances, from their /metrics. */
async function openSockets(): Promise<number> {
  let total = 0;
  for (const instance of ['chat', 'chat-2']) {
    const url = internalUrls[instance];
    if (!url) continue;
    const line = (await (await fetch(`${url}/metrics`)).text()).split('\n').find((l) => l.startsWith('chat_ws_connections{') && l.includes('state="authenticated"'));
    total += line ? Number(line.split(' ').at(-1)) : 0;
  }
  return total;
}
let socketsBefore = 0;

beforeAll(async () => {
  browser = await launchBrowser();
  socketsBefore = await openSockets();
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  // Leave no socket behind: a journey after this one counts the sockets it opens on each instance.
  await waitUntil('the journey\'s sockets to close', openSockets, (open) => open <= socketsBefore, 15_000);
});

async function signIn(email: string, password: string, viewport: { width: number; height: number }, home: string): Promise<Page> {
  const context = await newContext(browser, viewport);
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await waitForPath(page, home);
  await completeOnboarding(page);
  return page;
}

async function dismissToasts(page: Page): Promise<void> {
  for (const close of await page.locator('.ant-notification-notice-close').all()) await close.click().catch(() => undefined);
  await page.locator('.ant-notification-notice').first().waitFor({ state: 'detached', timeout: 6_000 }).catch(() => undefined);
}

async function snap(page: Page, name: string, keepToasts = false): Promise<void> {
  if (!keepToasts) await dismissToasts(page);
  await checkScreen(page, JOURNEY, name);
}

const badge = (page: Page) => page.getByTestId('chat-unread-badge');
const badgeText = async (page: Page) => ((await badge(page).count()) ? badge(page).textContent() : null);
const workerStatus = (page: Page) => page.getByTestId('support-status');
const conversation = (admin: Page, name: string) => admin.getByTestId('crm-conversation').filter({ hasText: name });

describe('support desk', () => {
  let worker: Page;
  let admin: Page;
  const name = `Sofia ${Date.now().toString(36)}`;

  it('when a worker writes to support, then the admin sees the conversation appear live in CRM - Support, unread', async () => {
    const email = uniqueEmail('support-sofia');
    await api('/auth/register', null, { method: 'POST', body: { email, password: PASSWORD, confirmPassword: PASSWORD, firstName: name, lastName: 'Petrova' } });
    worker = await signIn(email, PASSWORD, MOBILE, '/');
    admin = await signIn(DEV_ADMIN.email, DEV_ADMIN.password, DESKTOP, '/admin');

    await admin.goto(`${baseUrl}/admin/crm`);
    await admin.locator('[data-testid="crm-section"][data-live="true"]').waitFor();
    await admin.getByTestId('crm-select').getByText('Select a Request').waitFor();

    await worker.getByRole('link', { name: 'Chat' }).click();
    await waitForPath(worker, '/chat');
    await worker.getByRole('tab', { name: 'Support' }).click();
    await worker.getByTestId('support-pane').waitFor();
    await worker.getByTestId('support-input').fill('My payout has not arrived yet.\nIt was approved on Monday.');
    await worker.getByTestId('support-input').press('Enter');
    await worker.getByTestId('chat-message').filter({ hasText: 'My payout has not arrived yet.' }).waitFor();
    await expect.poll(() => workerStatus(worker).innerText()).toContain('Waiting for support');
    await snap(worker, 'worker-support-waiting');

    // Live: the socket is up, so the list is not polled; the row appears within the socket's round trip.
    const row = conversation(admin, name);
    await row.waitFor({ timeout: 4_000 });
    expect(await row.getByTestId('crm-unread').innerText()).toContain('1');
    expect(await row.innerText()).toContain('Open');
    await row.getByTestId('crm-waiting').waitFor();
    await snap(admin, 'admin-crm-new');
  });

  it('when the admin opens, assigns and replies, then the worker on Home gets the notification and the badge, and reads the reply in Support', async () => {
    const row = conversation(admin, name);
    await row.click();
    const thread = admin.getByTestId('crm-thread');
    await thread.getByTestId('crm-message').filter({ hasText: 'It was approved on Monday.' }).waitFor();
    await expect.poll(() => row.getByTestId('crm-unread').count()).toBe(0);
    await thread.getByTestId('crm-assign').click();
    await expect.poll(() => thread.getByTestId('crm-assignee').innerText()).toContain('Assigned to you');

    await worker.getByRole('link', { name: 'Home' }).click();
    await waitForPath(worker, '/');
    await dismissToasts(worker);

    const reply = `We found it: the payout was sent today and should arrive within the hour. Thank you for waiting, ${name}!`;
    await thread.getByTestId('crm-reply-input').fill('We found it: the payout');
    await thread.getByTestId('crm-reply-input').press('Shift+Enter');
    expect(await thread.getByTestId('crm-reply-input').inputValue()).toBe('We found it: the payout\n');
    // The notification shows for 5 s: watch for it from before the reply is sent.
    const notice = worker.locator('.ant-notification-notice').filter({ hasText: 'New message from Support Team' });
    const shown = notice.waitFor({ timeout: 15_000 }).then(() => notice.innerText());
    await thread.getByTestId('crm-reply-input').fill(reply);
    await thread.getByTestId('crm-reply-input').press('Enter');
    const text = await shown;
    await thread.getByTestId('crm-message').filter({ hasText: 'We found it' }).waitFor();
    await expect.poll(() => thread.getByTestId('crm-status').innerText()).toBe('Pending');
    expect(text).toContain(`${reply.slice(0, 80)}…`);
    expect(text).not.toContain(reply.slice(0, 81));
    await expect.poll(() => badgeText(worker), { timeout: 10_000 }).toBe('1');
    if (await notice.count()) await snap(worker, 'worker-home-notified', true);
    // It goes after 5 seconds.
    await notice.waitFor({ state: 'detached', timeout: 8_000 });
    await snap(admin, 'admin-crm-replied');

    await worker.getByRole('link', { name: 'Chat' }).click();
    await waitForPath(worker, '/chat');
    await worker.getByRole('tab', { name: /Support/ }).click();
    const answer = worker.getByTestId('chat-message').filter({ hasText: 'We found it' });
    await answer.waitFor();
    expect(await answer.innerText()).toContain('Support Team');
    await expect.poll(() => workerStatus(worker).innerText()).toContain('Support replied');
    await expect.poll(() => badge(worker).count()).toBe(0);
    await snap(worker, 'worker-support-replied');
  });

  it('when the admin resolves and the worker writes again, then the worker sees Resolved and the conversation reopens for the desk', async () => {
    const thread = admin.getByTestId('crm-thread');
    await thread.getByTestId('crm-resolve').click();
    await expect.poll(() => thread.getByTestId('crm-status').innerText()).toBe('Resolved');
    await expect.poll(() => workerStatus(worker).innerText(), { timeout: 10_000 }).toContain('Resolved');
    await snap(worker, 'worker-support-resolved');

    // A reply arriving while the worker looks at Support: no notification, nothing unread.
    await worker.getByTestId('support-input').fill('It arrived, thank you! One more question about the next task.');
    await worker.getByTestId('support-send').click();
    await expect.poll(() => workerStatus(worker).innerText()).toContain('Waiting for support');
    await expect.poll(() => thread.getByTestId('crm-status').innerText(), { timeout: 10_000 }).toBe('Open');
    await thread.getByTestId('crm-message').filter({ hasText: 'It arrived, thank you!' }).waitFor();
    await admin.locator('.crm-toolbar').getByText('Open', { exact: true }).click();
    await conversation(admin, name).waitFor();
    await snap(admin, 'admin-crm-reopened');

    await thread.getByTestId('crm-reply-input').fill('Of course, ask away.');
    await thread.getByTestId('crm-reply-input').press('Enter');
    await worker.getByTestId('chat-message').filter({ hasText: 'Of course, ask away.' }).waitFor();
    expect(await worker.locator('.ant-notification-notice').filter({ hasText: 'New message from Support Team' }).count()).toBe(0);
    await expect.poll(() => badge(worker).count()).toBe(0);
  });
});
