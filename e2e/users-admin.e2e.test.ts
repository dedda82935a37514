import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, waitUntil } from './support/api.js';
import { checkScreen, clickRowAction, completeOnboarding, DESKTOP, DEV_ADMIN, launchBrowser, MOBILE, newContext, signInTo, uniqueEmail, waitForEmail, waitForPath } from './support/browser.js';
import { e2eStack } from './support/stack.js';

/**
 * User management (issue 14 item 2) and the worker's own account deletion (issue 15 item 5), in two browsers: the
 * admin bans a worker who is signed in on a phone; the worker's next step sends them to /login, which says the
 * account is suspended, and signing in says so too. The admin unbans, then deletes the account with confirmation.
 * A second worker deletes their own account from the Profile with their password and gets the confirmation e-mail.
 */
const { baseUrl, outboxDir } = e2eStack();
const client = apiClient(baseUrl);
const PASSWORD = 'secret-pass-9';
const SUSPENDED = 'Your account has been suspended. Please contact support.';
let browser: Browser;

async function snap(page: Page, name: string): Promise<void> {
  await checkScreen(page, 'users-admin', name);
}

const signIn = signInTo(baseUrl);

/** Closes the toasts on screen so a screenshot shows what it is about. */
async function dismissToasts(page: Page): Promise<void> {
  const closers = page.locator('.ant-notification-notice:not(.ant-notification-fade-leave) .ant-notification-notice-close');
  for (let count = await closers.count(); count > 0; count = await closers.count()) {
    await closers.first().click({ timeout: 2_000 }).catch(() => undefined);
    await expect.poll(() => closers.count()).toBeLessThan(count);
  }
  await expect.poll(() => page.locator('.ant-notification-notice').count()).toBe(0);
}

async function openAllUsers(admin: Page): Promise<void> {
  const menu = admin.locator('.admin-sider .ant-menu');
  const entry = menu.getByText('All Users', { exact: true });
  if (!(await entry.isVisible())) await menu.getByText('Users', { exact: true }).click();
  await entry.click();
  await waitForPath(admin, '/admin/users-list');
}

async function registerWorker(label: string, firstName: string, lastName: string): Promise<{ email: string; token: string; id: string }> {
  const email = uniqueEmail(label);
  const { token, id } = await client.registerWorker(email, PASSWORD, firstName, lastName);
  await waitUntil('the account to open', () => client.api<{ available: string }>('/ledger/balance', token), (b) => b.available === '0.00');
  return { email, token, id };
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('user management journey', () => {
  it('when the admin bans a signed-in worker, then the worker is sent to /login with the reason; unbanned, then deleted with confirmation', async () => {
    const { email } = await registerWorker('banned', 'Boris', 'Banned');

    // The worker is signed in on a phone.
    const workerContext = await newContext(browser, MOBILE);
    const worker = await workerContext.newPage();
    await signIn(worker, email, PASSWORD, '/');
    await dismissToasts(worker);

    // The admin (desktop) finds the worker in All Users and bans them, confirming first.
    const adminContext = await newContext(browser, DESKTOP);
    const admin = await adminContext.newPage();
    await signIn(admin, DEV_ADMIN.email, DEV_ADMIN.password, '/admin');
    await dismissToasts(admin);
    await openAllUsers(admin);
    await admin.getByLabel('Search by e-mail or full name').fill(email);
    const row = admin.getByTestId('users-table').locator('tr', { hasText: email });
    await row.waitFor();
    await expect.poll(() => admin.getByTestId('users-table').locator('tbody tr.ant-table-row').count()).toBe(1);
    await snap(admin, '01-users-row-actions');
    await clickRowAction(row, 'Ban');
    const confirmBan = admin.getByTestId('toggle-user-dialog');
    await confirmBan.getByText('Boris Banned will be signed out everywhere at once').waitFor();
    await snap(admin, '02-ban-confirmation');
    await confirmBan.getByRole('button', { name: 'Ban', exact: true }).click();
    await admin.getByText('User status updated successfully').waitFor();
    await row.getByText('Banned', { exact: true }).waitFor();
    await snap(admin, '03-banned');
    await dismissToasts(admin);

    // The worker's next step (opening Tasks) is refused: the app signs out to /login and says why.
    await worker.locator('nav[aria-label="Main"]').getByText('Tasks').click();
    await waitForPath(worker, '/login');
    await expect.poll(() => worker.getByTestId('sign-out-reason').innerText()).toBe(SUSPENDED);
    await snap(worker, '04-worker-sent-to-login');
    // Signing in again says the same.
    await worker.getByLabel('Email').fill(email);
    await worker.getByLabel('Password').fill(PASSWORD);
    await worker.getByRole('button', { name: 'Sign in' }).click();
    await worker.locator('.ant-notification-notice').getByText(SUSPENDED).waitFor();
    expect(new URL(worker.url()).pathname).toBe('/login');

    // Unban, then Delete: the dialog checks first (nothing held, nothing pending) and deletes on confirmation.
    await clickRowAction(row, 'Unban');
    await admin.getByTestId('toggle-user-dialog').getByRole('button', { name: 'Unban', exact: true }).click();
    await admin.getByText('User status updated successfully').waitFor();
    await row.getByText('Active', { exact: true }).waitFor();
    await dismissToasts(admin);
    await clickRowAction(row, 'Delete');
    const confirmDelete = admin.getByTestId('delete-user-dialog');
    await confirmDelete.getByText(/personal data of Boris Banned/).waitFor();
    await expect.poll(() => confirmDelete.locator('.ant-spin-spinning').count()).toBe(0);
    expect(await confirmDelete.getByTestId('delete-user-blocked').count()).toBe(0);
    await snap(admin, '05-delete-confirmation');
    await confirmDelete.getByRole('button', { name: 'Delete', exact: true }).click();
    await admin.getByText('User deleted successfully').waitFor();
    await expect.poll(() => admin.getByTestId('users-table').locator('tr', { hasText: email }).count()).toBe(0);
    await snap(admin, '06-deleted');

    await workerContext.close();
    await adminContext.close();
  });

  it('when a worker with money opens Delete account, then the reason is shown; with nothing held, the password deletes the account and a confirmation is e-mailed', async () => {
    const adminToken = await client.adminToken();
    const { email, id } = await registerWorker('leaving', 'Lena', 'Leaving');
    await client.api(`/admin/users/${id}/balance`, adminToken, { method: 'PATCH', body: { balance: '3.00', reason: 'Welcome gift' } });

    const context = await newContext(browser, MOBILE);
    const page = await context.newPage();
    await signIn(page, email, PASSWORD, '/');
    await dismissToasts(page);
    await page.locator('nav[aria-label="Main"]').getByText('Profile').click();
    await waitForPath(page, '/profile');
    const card = page.getByTestId('delete-account');
    await card.getByTestId('delete-account-blocked').getByText('The available balance is $3.00; it must be $0.00').waitFor();
    expect(await card.getByRole('button', { name: 'Delete account' }).isDisabled()).toBe(true);
    await card.scrollIntoViewIfNeeded();
    await snap(page, '07-profile-delete-blocked');

    // The balance goes back to zero: the card allows it on the next visit.
    await client.api(`/admin/users/${id}/balance`, adminToken, { method: 'PATCH', body: { balance: '0', reason: 'Account closing' } });
    await page.reload();
    await completeOnboarding(page);
    const button = page.getByTestId('delete-account').getByRole('button', { name: 'Delete account' });
    await page.waitForFunction((el) => !(el as unknown as { disabled: boolean }).disabled, await button.elementHandle());
    await button.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText('The password is incorrect').waitFor();
    await snap(page, '08-delete-wrong-password');
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await waitForPath(page, '/login');
    await expect.poll(() => page.getByTestId('sign-out-reason').innerText()).toBe('Your account has been deleted.');
    await snap(page, '09-deleted-login');

    const mail = await waitForEmail(outboxDir, email, (eml) => eml.includes('Your account has been deleted'));
    expect(mail).toContain('Lena');
    await context.close();
  });
});
