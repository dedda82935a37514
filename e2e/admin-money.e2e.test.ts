import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreen, DESKTOP, DEV_ADMIN, launchBrowser, MOBILE, newContext, signInTo, uniqueEmail, waitForPath } from './support/browser.js';
import { apiClient, waitUntil } from './support/api.js';
import { e2eStack } from './support/stack.js';

/**
 * Issue 5, items 4-6 (the admin's side of money): the admin sets the minimum withdrawal in System Settings, gives a
 * worker (registered through the API) +80.00 through All Users -> Adjust balance with a reason; the worker sees the
 * adjustment and its reason in the Statement and is refused a withdrawal under the new minimum; the admin finds
 * both actions in the Audit Log; the settings are reset so that other journeys see the defaults.
 */
const { baseUrl } = e2eStack();
const PASSWORD = 'secret-pass-9';
const REASON = 'Bonus for the March testing campaign';
const ETH_WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';
let browser: Browser;
let adminToken = '';

/** The screen checks and screenshots of support/screens.ts, in e2e/artifacts/admin-money/. */
async function snap(page: Page, name: string): Promise<void> {
  await checkScreen(page, 'admin-money', name);
}

const { api } = apiClient(baseUrl);

const signIn = signInTo(baseUrl);

/** Closes the toasts on screen (sign-in greetings, earlier successes) so a screenshot shows what it is about. */
async function dismissToasts(page: Page): Promise<void> {
  const closers = page.locator('.ant-notification-notice:not(.ant-notification-fade-leave) .ant-notification-notice-close');
  for (let count = await closers.count(); count > 0; count = await closers.count()) {
    // A toast may close by itself meanwhile: then there is nothing to click.
    await closers.first().click({ timeout: 2_000 }).catch(() => undefined);
    await expect.poll(() => closers.count()).toBeLessThan(count);
  }
  await expect.poll(() => page.locator('.ant-notification-notice').count()).toBe(0);
}

/** Clicks a side-menu entry; one inside a group ('All Users' under 'Users') opens the group first. */
async function openSection(admin: Page, menuLabel: string, path: string, group?: string): Promise<void> {
  const menu = admin.locator('.admin-sider .ant-menu');
  const entry = menu.getByText(menuLabel, { exact: true });
  if (group && !(await entry.isVisible())) await menu.getByText(group, { exact: true }).click();
  await entry.click();
  await waitForPath(admin, path);
}

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = (await api<{ token: string }>('/auth/login', null, { method: 'POST', body: DEV_ADMIN })).token;
});
afterAll(async () => {
  // Whatever happened above, the next journeys see the defaults.
  if (adminToken) await api('/admin/settings/reset', adminToken, { method: 'POST' }).catch((error: unknown) => console.error('settings reset failed', error));
  await browser?.close();
});

describe('admin money journey', () => {
  it('when the admin raises the minimum and adjusts a balance with a reason, then the worker sees both and the audit log records them', async () => {
    // A worker registered through the API.
    const email = uniqueEmail('adjusted');
    const registered = await api<{ token: string; user: { id: string } }>('/auth/register', null, {
      method: 'POST',
      body: { email, password: PASSWORD, confirmPassword: PASSWORD, firstName: 'Nina', lastName: 'Adjusted' },
    });
    const workerToken = registered.token;
    await waitUntil('worker account opened', () => api<{ available: string }>('/ledger/balance', workerToken), (b) => b.available === '0.00');

    // The admin (desktop) sets the minimum withdrawal to 75.00 in System Settings.
    const adminContext = await newContext(browser, DESKTOP);
    const admin = await adminContext.newPage();
    await signIn(admin, DEV_ADMIN.email, DEV_ADMIN.password, '/admin');
    await dismissToasts(admin);
    await openSection(admin, 'System Settings', '/admin/settings');
    const minimum = admin.getByLabel('Minimum withdrawal');
    await expect.poll(() => minimum.inputValue()).toBe('50.00');
    await minimum.fill('75.00');
    await admin.getByTestId('setting-minimum_withdrawal').getByText('Unsaved change').waitFor();
    await snap(admin, '01-settings-edited');
    await admin.getByRole('button', { name: /Save$/ }).click();
    await admin.getByText('Settings saved').waitFor();
    await admin.getByTestId('setting-minimum_withdrawal-updated').getByText(/Updated .* by /).waitFor();
    await snap(admin, '02-settings-saved');
    await dismissToasts(admin);
    // Payouts keeps its own copy from the settings.changed event.
    await waitUntil('payouts has the new minimum', () => api<{ minimumWithdrawal: string }>('/settings/public', workerToken), (s) => s.minimumWithdrawal === '75.00');

    // All Users -> search the worker -> Adjust balance +80.00 with a reason.
    await openSection(admin, 'All Users', '/admin/users-list', 'Users');
    await admin.getByLabel('Search by e-mail or full name').fill(email);
    const row = admin.getByTestId('users-table').locator('tr', { hasText: email });
    await row.waitFor();
    await expect.poll(() => admin.getByTestId('users-table').locator('tbody tr.ant-table-row').count()).toBe(1);
    expect(await row.innerText()).toContain('$0.00');
    await snap(admin, '03-users-search');
    await row.getByRole('button', { name: 'Adjust balance' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('New balance (USD)').fill('80.00');
    await dialog.getByText('Reason is required for a balance change').waitFor();
    expect(await dialog.getByRole('button', { name: /Save$/ }).isDisabled()).toBe(true);
    await dialog.getByLabel('Reason').fill(REASON);
    await dialog.getByText('Difference: +$80.00').waitFor();
    await snap(admin, '04-adjust-dialog');
    await dialog.getByRole('button', { name: /Save$/ }).click();
    await admin.getByText('User updated successfully').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByText('$80.00').waitFor();
    await snap(admin, '05-users-adjusted');
    await dismissToasts(admin);

    // View: the statement line with its reason, and the chain check.
    await row.getByRole('button', { name: 'View' }).click();
    const view = admin.getByRole('dialog');
    await view.getByText('1 entry verified').waitFor();
    const line = view.getByTestId('statement-entry').first();
    expect(await line.getAttribute('data-kind')).toBe('admin_adjustment');
    expect(await line.innerText()).toContain(`Reason: ${REASON}`);
    await snap(admin, '06-user-view');
    await view.getByRole('button', { name: 'Close', exact: true }).last().click();
    await view.waitFor({ state: 'hidden' });

    // The worker (mobile) sees the adjustment and its reason in the Statement...
    const workerContext = await newContext(browser, MOBILE);
    const worker = await workerContext.newPage();
    await signIn(worker, email, PASSWORD, '/');
    await dismissToasts(worker);
    await worker.goto(`${baseUrl}/withdrawals`);
    await worker.getByRole('tab', { name: 'Statement' }).click();
    const entry = worker.getByTestId('statement-entry').first();
    await entry.waitFor();
    expect(await entry.getAttribute('data-kind')).toBe('admin_adjustment');
    const entryText = await entry.innerText();
    expect(entryText).toContain('Admin adjustment');
    expect(entryText).toContain('+$80.00');
    expect(entryText).toContain(`Reason: ${REASON}`);
    await snap(worker, '07-worker-statement');

    // ...and a withdrawal of 60 is refused under the new minimum of 75.00.
    await worker.getByRole('button', { name: 'New Withdrawal' }).click();
    const withdraw = worker.getByRole('dialog');
    await withdraw.getByLabel('Currency').selectOption('ETH');
    await withdraw.getByLabel('Amount (USD)').fill('60');
    await withdraw.getByLabel('Wallet address').fill(ETH_WALLET);
    const send = withdraw.getByRole('button', { name: 'Request withdrawal' });
    await worker.waitForFunction((el) => !(el as unknown as { disabled: boolean }).disabled, await send.elementHandle());
    await send.click();
    await withdraw.getByText('Amount too low').waitFor();
    await withdraw.getByText('Minimum withdrawal amount is $75.00').waitFor();
    await snap(worker, '08-worker-amount-too-low');
    expect((await api<{ items: unknown[]; total: number }>('/withdrawals', workerToken)).total).toBe(0);
    await workerContext.close();

    // The admin finds both actions in the Audit Log (written from events: refreshed until they arrive).
    await openSection(admin, 'Audit Log', '/admin/audit-log');
    const table = admin.getByTestId('audit-table');
    const adjusted = table.locator('tr', { has: admin.locator('[data-action="balance.adjusted"]'), hasText: registered.user.id });
    const changed = table.locator('tr', { has: admin.locator('[data-action="settings.changed"]'), hasText: 'minimum_withdrawal' });
    const deadline = Date.now() + 30_000;
    while ((await adjusted.count()) === 0 || (await changed.count()) === 0) {
      if (Date.now() > deadline) throw new Error('balance.adjusted and settings.changed rows did not appear in the audit log');
      await admin.getByRole('button', { name: 'Refresh' }).click();
      await admin.locator('.ant-spin-spinning').waitFor({ state: 'detached' });
    }
    expect(await adjusted.first().innerText()).toContain('Balance adjusted');
    expect(await adjusted.first().innerText()).toContain(REASON);
    expect(await changed.first().innerText()).toContain('value: 75.00');
    await snap(admin, '09-audit-log');
    // Filtered by action, expanded: the full before and after.
    await admin.getByLabel('Action').selectOption('balance.adjusted');
    await expect.poll(() => table.locator('[data-action="settings.changed"]').count()).toBe(0);
    await adjusted.first().waitFor();
    await adjusted.first().getByRole('button', { name: /expand row/i }).click();
    await admin.getByTestId('audit-expanded').first().getByText(`"reason": "${REASON}"`).waitFor();
    await snap(admin, '10-audit-log-filtered');

    // Finally Reset (after the confirmation) restores the defaults for the other journeys.
    await openSection(admin, 'System Settings', '/admin/settings');
    await dismissToasts(admin);
    await admin.getByRole('button', { name: /Reset$/ }).click();
    const resetConfirm = admin.getByRole('dialog', { name: 'Reset all settings?' });
    await resetConfirm.waitFor();
    await snap(admin, '11-settings-reset-confirm');
    await resetConfirm.getByRole('button', { name: /Reset$/ }).click();
    await admin.getByText('Settings reset').waitFor();
    await expect.poll(() => minimum.inputValue()).toBe('50.00');
    await waitUntil('payouts has the default minimum again', () => api<{ minimumWithdrawal: string }>('/settings/public', adminToken), (s) => s.minimumWithdrawal === '50.00');
    await snap(admin, '12-settings-reset');
    await adminContext.close();
  });
});
