import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreen, clickRowAction, DESKTOP, DEV_ADMIN, dismissToasts, launchBrowser, newContext, signInTo, uniqueEmail, waitForPath } from './support/browser.js';
import { apiClient, waitUntil } from './support/api.js';
import { expectNoHorizontalOverflow, settle } from './support/screens.js';
import { e2eStack } from './support/stack.js';

/**
 * Control tasks (issue 30 item 5) in the console: the task form's control part, the Control tag, the check beside a
 * submission under review and the worker's control accuracy there and in the user's detail. Workers take and submit
 * through the API (their screens are the ordinary ones: a control task looks like any other).
 */
const { baseUrl } = e2eStack();
const client = apiClient(baseUrl);
const signIn = signInTo(baseUrl);
const JOURNEY = 'control-tasks';
const PASSWORD = 'secret-pass-9';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const ARTIFACTS = resolve(fileURLToPath(new URL('./artifacts', import.meta.url)), JOURNEY);

/** The screen checks and screenshots at 1440 and 390 (checkScreen), and one more at 1280, the narrowest console width. */
async function shot(page: Page, name: string): Promise<void> {
  await checkScreen(page, JOURNEY, name);
  const own = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 900 });
  await settle(page);
  await expectNoHorizontalOverflow(page, `${JOURNEY}/${name} at 1280px`);
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.1280.png`), animations: 'disabled' });
  if (own) {
    await page.setViewportSize(own);
    await settle(page);
  }
}

interface TTaskRow {
  id: string;
  title: string;
}

async function submitAs(token: string, taskId: string, text: string): Promise<string> {
  const taken = await client.api<{ assignment: { id: string } }>(`/tasks/${taskId}/take`, token, { method: 'POST' });
  const form = new FormData();
  form.append('submission', text);
  await client.api(`/tasks/${taskId}/submit`, token, { method: 'POST', form });
  return taken.assignment.id;
}

describe('control tasks journey (admin 1440x900 and 1280)', () => {
  it('when an admin makes a control task in the form, workers answer it right and wrong, then the review shows each check and the worker\'s accuracy, also in the user\'s detail', async () => {
    const stamp = Date.now().toString(36);
    const title = `Read the door colour ${stamp}`;
    const adminToken = await client.adminToken();
    const context = await newContext(browser, DESKTOP);
    const admin = await context.newPage();
    await signIn(admin, DEV_ADMIN.email, DEV_ADMIN.password, '/admin');
    await dismissToasts(admin);

    // The admin creates a control task in the form.
    await admin.goto(`${baseUrl}/admin/tasks`);
    await admin.getByTestId('admin-tasks').waitFor();
    await admin.getByRole('button', { name: 'Create Task' }).click();
    const form = admin.getByRole('dialog', { name: 'Create Task' });
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Description').fill('Look at the door of the building in the photo.');
    await form.getByLabel('Submission instructions').fill('Write the colour and the word on the door.');
    await form.getByLabel('Reward (USD)').fill('2.50');
    await form.getByLabel('Estimated time in minutes').fill('10');
    await form.getByRole('checkbox', { name: /Control task/ }).check();
    const save = form.getByRole('button', { name: 'Create Task' });
    expect(await save.isDisabled()).toBe(true);
    await form.getByTestId('task-form-missing').getByText('Expected answer').waitFor();
    await form.getByLabel('Expected answer', { exact: true }).fill('  The BLUE  door ');
    await form.getByTestId('control-compared-as').getByText('Compared as: “the blue door”').waitFor();
    await shot(admin, 'admin-control-task-form');
    await save.click();
    await admin.getByText('Task created successfully').first().waitFor();
    // The list keeps the board's order (sortOrder, then oldest first), so on a stack holding many tasks the new one
    // is on a later page: the admin finds it by its title, as on a real board.
    await admin.getByLabel('Search by title (3+ letters)').fill(title);
    const row = admin.getByTestId('admin-tasks').locator('tr.ant-table-row', { hasText: title });
    await row.getByTestId('task-control-tag').waitFor();
    await dismissToasts(admin);
    await shot(admin, 'admin-tasks-control-tag');

    // Workers answer: Ada right on this task, wrong on a second control task; the API arranges the second task.
    const [task] = (await client.api<{ items: TTaskRow[] }>(`/admin/tasks?search=${encodeURIComponent(title)}`, adminToken)).items;
    expect(task?.title).toBe(title);
    const second = await client.api<TTaskRow>('/admin/tasks', adminToken, {
      method: 'POST',
      body: { title: `Count the windows ${stamp}`, description: 'Count the windows on the front.', submissionInstructions: 'A number only.', reward: '2.50', estimatedMinutes: 10, control: { expectedAnswer: '12', match: 'exact' } },
    });
    const email = uniqueEmail('control');
    const ada = await client.registerWorker(email, PASSWORD, 'Ada', 'Control');
    await waitUntil('the account to open', () => client.api<{ available: string }>('/ledger/balance', ada.token), (b) => b.available === '0.00');
    await submitAs(ada.token, task!.id, 'the blue door');
    await submitAs(ada.token, second.id, 'twelve');

    // The review: the mismatch is shown with the expected answer, the check decides nothing, and Ada's accuracy.
    await admin.goto(`${baseUrl}/admin/submissions`);
    const queue = admin.getByTestId('admin-submissions').locator('tr.ant-table-row');
    await queue.filter({ hasText: `Count the windows ${stamp}` }).getByRole('button', { name: /View/ }).click();
    const detail = admin.getByTestId('submission-detail');
    await detail.getByTestId('control-check').getByText('Control task: the answer does not match the expected answer').waitFor();
    await detail.getByTestId('control-check-expected').getByText('Expected answer (exact match): “12”').waitFor();
    await detail.getByTestId('worker-control-accuracy').getByText('1 of 2 matched (50.0%)').waitFor();
    await shot(admin, 'admin-review-control-mismatch');
    await admin.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' }).catch(() => undefined);

    await queue.filter({ hasText: title }).getByRole('button', { name: /View/ }).click();
    await admin.getByTestId('submission-detail').getByTestId('control-check').getByText('Control task: the answer matches the expected answer').waitFor();
    await shot(admin, 'admin-review-control-match');
    await admin.keyboard.press('Escape');

    // The user's detail shows the same accuracy under Work quality.
    const menu = admin.locator('.admin-sider .ant-menu');
    const entry = menu.getByText('All Users', { exact: true });
    if (!(await entry.isVisible())) await menu.getByText('Users', { exact: true }).click();
    await entry.click();
    await waitForPath(admin, '/admin/users-list');
    await admin.getByLabel('Search by e-mail or full name').fill(email);
    const userRow = admin.getByTestId('users-table').locator('tr', { hasText: email });
    await userRow.waitFor();
    await clickRowAction(userRow, 'View');
    await admin.getByTestId('worker-quality-control').getByText('1 of 2 matched (50.0%)').waitFor();
    await admin.getByTestId('worker-quality').scrollIntoViewIfNeeded();
    await shot(admin, 'admin-user-work-quality');

    await context.close();
  });
});
