import type { TAdminStats } from '@platform/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, waitUntil } from './support/api.js';
import { checkScreen, completeOnboarding, DESKTOP, DEV_ADMIN, launchBrowser, newContext, uniqueEmail, waitForPath } from './support/browser.js';
import { e2eStack } from './support/stack.js';

/**
 * Admin > Dashboard (issue 14 item 1): after today's activity (a registration, an approved submission, a paid
 * withdrawal, arranged through the API) the admin sees it on the dashboard: the cards, today's line of the chart of
 * the last 30 days, and a card that opens its section.
 */
const { baseUrl } = e2eStack();
const { api, registerWorker, adminToken: signInAdmin } = apiClient(baseUrl);
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('dashboard journey (desktop)', () => {
  it("when a worker registered, was paid for a task and withdrew today, then the admin sees today's activity on the dashboard chart", async () => {
    const adminToken = await signInAdmin();
    const worker = await registerWorker(uniqueEmail('dashboard'), 'secret-pass-9', 'Dana', 'Board');
    const task = await api<{ id: string }>('/admin/tasks', adminToken, {
      method: 'POST',
      body: { title: 'Check the dashboard numbers', description: 'Count what the chart shows.', reward: '80.00', submissionInstructions: 'Say what you counted.', estimatedMinutes: 10 },
    });
    await api(`/tasks/${task.id}/take`, worker.token, { method: 'POST' });
    const form = new FormData();
    form.append('submission', 'Counted: all three lines are there.');
    await api(`/tasks/${task.id}/submit`, worker.token, { method: 'POST', form });
    const { items: submissions } = await api<{ items: { id: string; taskId: string }[] }>(`/admin/submissions?taskId=${task.id}`, adminToken);
    const submission = submissions.find((s) => s.taskId === task.id);
    if (!submission) throw new Error('the submission is not listed');
    await api(`/admin/submissions/${submission.id}/approve`, adminToken, { method: 'POST' });
    await waitUntil('reward credited', () => api<{ available: string }>('/ledger/balance', worker.token), (b) => b.available === '80.00');
    const withdrawal = await fetch(`${baseUrl}/api/withdrawals`, {
      method: 'POST',
      headers: { authorization: `Bearer ${worker.token}`, 'content-type': 'application/json', 'idempotency-key': `dash-${worker.id}` },
      body: JSON.stringify({ amount: '60', currency: 'ETH', walletAddress: '0x52908400098527886E0F7030069857D2E4169EE7' }),
    });
    const answer = await withdrawal.text();
    expect(withdrawal.status, answer).toBe(201);
    const { id: withdrawalId } = JSON.parse(answer) as { id: string };
    await api(`/admin/withdrawals/${withdrawalId}`, adminToken, { method: 'PATCH', body: { status: 'approved', txReference: '0xdash' } });

    // The read model learns it from the events.
    const stats = await waitUntil(
      'the dashboard has today',
      () => api<TAdminStats>('/admin/stats', adminToken),
      (s) => {
        const today = s.series.at(-1);
        return !!today && today.paidWithdrawals >= 1 && today.approvedSubmissions >= 1 && s.recentUsers.some((u) => u.id === worker.id);
      },
    );
    const today = stats.series.at(-1)!;

    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Email').fill(DEV_ADMIN.email);
    await page.getByLabel('Password').fill(DEV_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await waitForPath(page, '/admin');
    await completeOnboarding(page, 'admin');

    const section = page.getByTestId('dashboard-section');
    await section.waitFor();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    // The chart (recharts, loaded lazily) with its three lines, and today's figures beside it.
    const chart = page.getByTestId('dashboard-chart');
    await chart.locator('.recharts-line').nth(2).waitFor();
    expect(await chart.locator('.recharts-line').count()).toBe(3);
    await chart.getByText('Registrations').first().waitFor();
    await chart.getByText('Approved submissions').first().waitFor();
    await chart.getByText('Paid withdrawals').first().waitFor();
    // Other journeys run on the same stack at the same time, so today's figures may grow between the API read above
    // and the screen: each one shown lies between the read before the screen and a read after it.
    const summary = await page.getByTestId('dashboard-today').innerText();
    const after = (await api<TAdminStats>('/admin/stats', adminToken)).series.at(-1)!;
    const shown = (label: string) => Number(new RegExp(`${label} (\\d+)`).exec(summary)?.[1] ?? NaN);
    for (const [label, key] of [['approved submissions', 'approvedSubmissions'], ['paid withdrawals', 'paidWithdrawals']] as const) {
      expect(shown(label), summary).toBeGreaterThanOrEqual(today[key]);
      expect(shown(label), summary).toBeLessThanOrEqual(after[key]);
    }
    // The six cards and the recent lists.
    for (const card of ['totalUsers', 'activeUsers', 'pendingTasks', 'totalTasks', 'pendingWithdrawals', 'totalBalance']) {
      await page.getByTestId(`dashboard-card-${card}`).waitFor();
    }
    await page.getByTestId('dashboard-recent-users').getByText('Dana Board').waitFor();
    await page.getByTestId('dashboard-recent-tasks').getByText('Check the dashboard numbers').waitFor();
    await page.getByTestId('dashboard-recent-tasks').getByText('completed').first().waitFor();
    await page.getByTestId('dashboard-updated-at').getByText(/Figures as of/).waitFor();
    await checkScreen(page, 'dashboard', 'dashboard');

    // A card opens its section.
    await page.getByTestId('dashboard-card-pendingWithdrawals').click();
    await waitForPath(page, '/admin/withdrawals');
    await context.close();
  });
});
