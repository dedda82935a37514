import pg from 'pg';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, waitUntil } from './support/api.js';
import { checkScreen, DESKTOP, DEV_ADMIN, dismissToasts, launchBrowser, MOBILE, newContext, signInTo, uniqueEmail, waitForPath, waitForToast } from './support/browser.js';
import { e2eStack } from './support/stack.js';

/**
 * Due process (issue 29, principle 7) as the people involved see it: a worker at 390 px reads which of the task's
 * criteria the rejection named and appeals it; the admin who rejected cannot decide the appeal; a second admin, at
 * 1440 px, overturns it from the Appeals queue, and the worker is paid once.
 */
const { baseUrl, databaseUrls } = e2eStack();
const JOURNEY = 'appeal';
const PASSWORD = 'appeal-pass-29';
const { api, adminToken, login, registerWorker } = apiClient(baseUrl);
const signIn = signInTo(baseUrl);
let browser: Browser;
let auth: pg.Pool;

beforeAll(async () => {
  browser = await launchBrowser();
  auth = new pg.Pool({ connectionString: databaseUrls.auth, max: 1 });
});
afterAll(async () => {
  await browser?.close();
  await auth?.end();
});

describe('appeal journey', () => {
  it('when a worker appeals a rejection that named a criterion, then the rejecting admin cannot decide it, a second admin overturns it from the queue and the worker is paid once', async () => {
    const rejecter = await adminToken();
    const email = uniqueEmail('appeal');
    const worker = await registerWorker(email, PASSWORD, 'Ana', 'Appellant');
    const task = await api<{ id: string }>('/admin/tasks', rejecter, {
      method: 'POST',
      body: {
        title: 'Photograph the shop sign',
        description: 'A photo of the sign above the entrance.',
        reward: '12.00',
        submissionInstructions: 'Describe the sign and where it is.',
        estimatedMinutes: 20,
        acceptanceCriteria: ['The whole sign is in the picture', 'The text on the sign is readable'],
      },
    });
    await api(`/tasks/${task.id}/take`, worker.token, { method: 'POST' });
    const form = new FormData();
    form.append('submission', 'The sign reads "Corner Bakery", above the door on Main Street.');
    await api(`/tasks/${task.id}/submit`, worker.token, { method: 'POST', form });
    const { items } = await api<{ items: { id: string; taskId: string }[] }>(`/admin/submissions?taskId=${task.id}`, rejecter);
    const submission = items.find((s) => s.taskId === task.id)!;
    await api(`/admin/submissions/${submission.id}/reject`, rejecter, { method: 'POST', body: { reason: 'The left edge of the sign is cut off.', criteria: [1] } });

    // The worker, on a phone: the rejection names the criterion; the appeal needs a statement.
    const phone = await newContext(browser, MOBILE);
    const page = await phone.newPage();
    await signIn(page, email, PASSWORD, '/');
    await page.goto(`${baseUrl}/tasks`);
    await page.getByRole('tab', { name: 'Revision' }).click();
    const card = page.locator('[data-testid^="task-card"]', { hasText: 'Photograph the shop sign' });
    await card.getByText('The whole sign is in the picture').waitFor();
    await card.getByText('The left edge of the sign is cut off.').waitFor();
    await checkScreen(page, JOURNEY, 'worker-rejected');
    await card.getByTestId('appeal-button').click();
    const dialog = page.getByRole('dialog', { name: 'Appeal this rejection' });
    // A blank statement is not sent: the button waits for one.
    expect(await dialog.getByRole('button', { name: 'Send appeal' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Your statement').fill('The whole sign is in the second half of the photo.');
    await checkScreen(page, JOURNEY, 'worker-appeal-dialog');
    await dialog.getByRole('button', { name: 'Send appeal' }).click();
    await waitForToast(page, 'Appeal sent');
    await card.getByText('Under appeal.').waitFor();
    await dismissToasts(page);
    await checkScreen(page, JOURNEY, 'worker-under-appeal');

    // The admin who rejected it sees the appeal but may not decide it.
    const desk = await newContext(browser, DESKTOP);
    const console1 = await desk.newPage();
    await signIn(console1, DEV_ADMIN.email, DEV_ADMIN.password, '/admin');
    await console1.goto(`${baseUrl}/admin/appeals`);
    const own = console1.locator('tr', { hasText: email });
    await own.getByRole('button', { name: 'Overturn' }).click();
    await console1.getByRole('button', { name: 'Overturn and pay $12.00' }).click();
    await waitForToast(console1, 'Could not decide the appeal');
    await desk.close();

    // A second admin (an operator makes one; here, a registered user given the role in auth's database).
    const secondEmail = uniqueEmail('second-admin');
    const second = await registerWorker(secondEmail, PASSWORD, 'Sam', 'Second');
    await auth.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [second.id]);
    await login(secondEmail, PASSWORD);
    const wide = await newContext(browser, DESKTOP);
    const console2 = await wide.newPage();
    await signIn(console2, secondEmail, PASSWORD, '/admin');
    await console2.goto(`${baseUrl}/admin/appeals`);
    const row = console2.locator('tr', { hasText: email });
    await row.getByText('The whole sign is in the second half of the photo.').waitFor();
    await checkScreen(console2, JOURNEY, 'admin-appeals-queue');
    await row.getByRole('button', { name: 'Overturn' }).click();
    await console2.getByRole('button', { name: 'Overturn and pay $12.00' }).click();
    await waitForToast(console2, 'Appeal overturned: the submission is approved');
    await wide.close();

    // Paid once, and the worker sees the outcome.
    await waitUntil('the overturned work paid', () => api<{ available: string }>('/ledger/balance', worker.token), (b) => b.available === '12.00');
    const statement = await api<{ items: { kind: string }[] }>('/ledger/statement', worker.token);
    expect(statement.items.filter((e) => e.kind === 'task_reward')).toHaveLength(1);
    await page.reload();
    await waitForPath(page, '/tasks');
    await page.getByRole('tab', { name: 'Done' }).click();
    await page.locator('[data-testid^="task-card"]', { hasText: 'Photograph the shop sign' }).getByText('Appeal won: the rejection was overturned and the work approved.').waitFor();
    await checkScreen(page, JOURNEY, 'worker-appeal-won');
    await phone.close();
  });
});
