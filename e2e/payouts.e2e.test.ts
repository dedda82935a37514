import { readFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreen, completeOnboarding, DESKTOP, DEV_ADMIN, launchBrowser, MOBILE, newContext, uniqueEmail, waitForPath } from './support/browser.js';
import { waitUntil } from './support/api.js';
import { e2eStack } from './support/stack.js';

/**
 * Issue 5, "Proven by": a worker with an approved task withdraws, the admin approves, the worker sees it paid and
 * the statement lines. The approved task is arranged through the API (admin creates it, the worker takes and
 * submits it with a small PNG, the admin approves); everything about money happens in the browser.
 */
const { baseUrl } = e2eStack();
const REWARD = '120.00';
const WITHDRAW = '60';
const ETH_WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';
const TX_REFERENCE = '0x9f2c4be1a7d35e0c1b6f8a2d4e7c9b0a1f3e5d7c9b2a4f6e8d0c2b4a6f8e0d2c4';
let browser: Browser;

/** The screen checks and screenshots of support/screens.ts, in e2e/artifacts/payouts/. */
async function snap(page: Page, name: string): Promise<void> {
  await checkScreen(page, 'payouts', name);
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function api<T>(path: string, token: string, init: { method?: string; body?: unknown; form?: FormData } = {}): Promise<T> {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

async function login(email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (!response.ok) throw new Error(`login ${email}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/** A valid 8x8 PNG (signature, IHDR, IDAT, IEND with their CRCs), made here so the upload's content check sees a real image. */
function makePng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const size = 8;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const rows = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++) {
    const row = y * (1 + size * 3);
    for (let x = 0; x < size; x++) rows.set([31, 111, 235], row + 1 + x * 3);
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

/** Gives the worker an approved task through the API and waits until payouts has credited the reward. */
async function arrangeApprovedTask(workerToken: string, workerEmail: string): Promise<void> {
  const adminToken = await login(DEV_ADMIN.email, DEV_ADMIN.password);
  const task = await api<{ id: string }>('/admin/tasks', adminToken, {
    method: 'POST',
    body: { title: 'Check the sign-up form', description: 'Open the form and report anything broken.', reward: REWARD, submissionInstructions: 'Attach a screenshot.', estimatedMinutes: 10 },
  });
  await api(`/tasks/${task.id}/take`, workerToken, { method: 'POST' });
  const form = new FormData();
  form.append('submission', 'The form works; screenshot attached.');
  form.append('files', new Blob([makePng()], { type: 'image/png' }), 'screenshot.png');
  await api(`/tasks/${task.id}/submit`, workerToken, { method: 'POST', form });
  const { items: submissions } = await api<{ items: { id: string; taskId: string; userEmail: string }[] }>(`/admin/submissions?taskId=${task.id}`, adminToken);
  const mine = submissions.find((s) => s.taskId === task.id && s.userEmail.toLowerCase() === workerEmail.toLowerCase());
  if (!mine) throw new Error(`No submission of ${workerEmail} for task ${task.id}`);
  await api(`/admin/submissions/${mine.id}/approve`, adminToken, { method: 'POST' });
  await waitUntil('reward credited', () => api<{ available: string }>('/ledger/balance', workerToken), (b) => b.available === REWARD);
}

async function registerWorker(page: Page, email: string): Promise<string> {
  await page.goto(`${baseUrl}/register`);
  await page.getByLabel('First name').fill('Mary');
  await page.getByLabel('Last name').fill('Payout');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret-pass-9');
  await page.getByLabel('Confirm password').fill('secret-pass-9');
  await page.getByRole('button', { name: 'Create account' }).click();
  await waitForPath(page, '/');
  await completeOnboarding(page);
  const token = (await page.evaluate("localStorage.getItem('auth_token')")) as string | null;
  if (!token) throw new Error('No token after registration');
  return token;
}

describe('payouts journey', () => {
  it('when a worker with an approved task withdraws and the admin approves, then the worker sees it paid and the statement lines', async () => {
    // The worker registers and accepts the documents (mobile).
    const workerContext = await newContext(browser, MOBILE);
    const worker = await workerContext.newPage();
    const email = uniqueEmail('payouts');
    const workerToken = await registerWorker(worker, email);

    await arrangeApprovedTask(workerToken, email);

    // Home shows the reward as the available balance, nothing held.
    await worker.reload();
    await worker.getByTestId('balance').filter({ hasText: '$120.00' }).waitFor();
    await worker.getByText('Held for pending withdrawals: $0.00').waitFor();
    await snap(worker, '01-home-balance');

    // Withdraw through the dialog.
    await worker.getByTestId('balance-card').getByRole('button', { name: /Withdraw$/ }).click();
    const dialog = worker.getByRole('dialog');
    await dialog.getByLabel('Currency').selectOption('ETH');
    await dialog.getByLabel('Amount (USD)').fill(WITHDRAW);
    await dialog.getByLabel('Wallet address').fill(ETH_WALLET);
    await dialog.getByText('Network fee: 0.005 ETH', { exact: true }).waitFor();
    const send = dialog.getByRole('button', { name: 'Request withdrawal' });
    await worker.waitForFunction((el) => !(el as unknown as { disabled: boolean }).disabled, await send.elementHandle());
    await snap(worker, '02-withdraw-dialog');
    await send.click();
    await worker.getByText('Withdrawal request created').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // The held amount is shown beside the available balance, and the pending summary appears.
    await worker.getByTestId('balance').filter({ hasText: '$60.00' }).waitFor();
    await worker.getByText('Held for pending withdrawals: $60.00').waitFor();
    await worker.getByText('Pending total: $60.00').waitFor();
    await snap(worker, '03-home-pending');
    await worker.getByRole('button', { name: 'View 1 Pending Request' }).click();
    await waitForPath(worker, '/withdrawals');
    const card = worker.getByTestId('withdrawal-card').first();
    await card.getByText('Processing').waitFor();
    expect(await card.innerText()).toContain(ETH_WALLET);
    await snap(worker, '04-withdrawals-processing');

    // The admin approves it with a transaction reference (desktop).
    const adminContext = await newContext(browser, DESKTOP);
    const admin = await adminContext.newPage();
    await admin.goto(`${baseUrl}/login`);
    await admin.getByLabel('Email').fill(DEV_ADMIN.email);
    await admin.getByLabel('Password').fill(DEV_ADMIN.password);
    await admin.getByRole('button', { name: 'Sign in' }).click();
    await waitForPath(admin, '/admin');
    await completeOnboarding(admin);
    await admin.locator('.admin-sider .ant-menu').getByText('Withdrawals').click();
    await waitForPath(admin, '/admin/withdrawals');
    const row = admin.getByTestId('pending-withdrawals').locator('tr', { hasText: email });
    await row.waitFor();
    expect(await row.innerText()).toContain('$60.00');
    await snap(admin, '05-admin-pending');
    await row.getByRole('button', { name: 'Review' }).click();
    const review = admin.getByRole('dialog');
    await review.getByLabel('Transaction reference').fill(TX_REFERENCE);
    await snap(admin, '06-admin-review');
    await review.getByRole('button', { name: 'Approve' }).click();
    // Paying out is confirmed in words first (issue 10).
    const payoutConfirm = admin.getByRole('dialog', { name: 'Mark this withdrawal as paid?' });
    await payoutConfirm.getByText('Pay $60.00 to Mary Payout').waitFor();
    await snap(admin, '06b-admin-confirm-payout');
    await payoutConfirm.getByRole('button', { name: 'Confirm payout of $60.00' }).click();
    await admin.getByText('Request processed').waitFor();
    const processed = admin.getByTestId('withdrawal-history').locator('tr', { hasText: email });
    await processed.getByText('Approved').waitFor();
    expect(await admin.getByTestId('pending-withdrawals').locator('tr', { hasText: email }).count()).toBe(0);
    await snap(admin, '07-admin-history');
    await adminContext.close();

    // The worker reloads /withdrawals: approved, with the reference; nothing held any more.
    await worker.reload();
    const paid = worker.getByTestId('withdrawal-card').first();
    await paid.getByText('Approved').waitFor();
    expect(await paid.getByTestId('tx-reference').innerText()).toBe(TX_REFERENCE);
    await worker.getByText('Held for pending withdrawals: $0.00').waitFor();
    await snap(worker, '08-withdrawals-approved');

    // The statement: the reward, the hold and the payout, newest first; the chain verifies; the CSV downloads.
    await worker.getByRole('tab', { name: 'Statement' }).click();
    const entries = worker.getByTestId('statement-entry');
    await entries.nth(2).waitFor();
    expect(await entries.evaluateAll((els) => els.map((el) => el.getAttribute('data-kind')))).toEqual(['withdrawal_payout', 'withdrawal_hold', 'task_reward']);
    expect(await entries.nth(2).innerText()).toContain('Task reward');
    // The line names the task it paid for (issue 28).
    expect(await entries.nth(2).getByTestId('statement-entry-description').innerText()).toBe('Check the sign-up form');
    expect(await entries.nth(2).innerText()).toContain('+$120.00');
    expect(await entries.nth(1).innerText()).toContain('Withdrawal hold');
    expect(await entries.nth(0).innerText()).toContain('Withdrawal payout');
    await worker.getByRole('button', { name: 'Verify' }).click();
    await worker.getByText('Your 3 entries check out').waitFor();
    await snap(worker, '09-statement');
    await entries.nth(2).scrollIntoViewIfNeeded();
    await snap(worker, '10-statement-lines');
    const [download] = await Promise.all([worker.waitForEvent('download'), worker.getByRole('button', { name: 'Download CSV' }).click()]);
    const path = await download.path();
    const csv = readFileSync(path, 'utf8');
    expect(csv).toContain('task_reward');
    expect(csv).toContain('withdrawal_hold');
    expect(csv).toContain('withdrawal_payout');

    // 'Bind Payment Method': a wrong address gets the server's message; a good one is saved and listed.
    await worker.getByRole('link', { name: 'Profile' }).click();
    await waitForPath(worker, '/profile');
    await worker.getByRole('button', { name: /Bind Payment Method/ }).click();
    const wallets = worker.getByRole('dialog');
    await wallets.getByText('No saved wallets yet').waitFor();
    await wallets.getByLabel('Currency').selectOption('BTC');
    await wallets.getByLabel('Wallet address').fill(ETH_WALLET);
    await wallets.getByRole('button', { name: 'Save wallet' }).click();
    await wallets.getByText('Please enter a valid Bitcoin (BTC) wallet address').waitFor();
    await wallets.getByLabel('Currency').selectOption('ETH');
    await wallets.getByLabel('Label (optional)').fill('Hardware wallet');
    await wallets.getByRole('button', { name: 'Save wallet' }).click();
    await wallets.getByTestId('wallet-item').getByText('Hardware wallet').waitFor();
    await snap(worker, '11-payout-wallets');
    await workerContext.close();
  });
});
