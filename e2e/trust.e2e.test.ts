import type { TAdminStats, TPlatformLedgerCheck, TPublicSettings, TPublicTrust, TTrustFigures } from '@platform/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, waitUntil } from './support/api.js';
import { checkScreen, launchBrowser, MOBILE, newContext, uniqueEmail, waitForPath } from './support/browser.js';
import { e2eStack } from './support/stack.js';

/**
 * Issue 31 items 2 and 4: the public trust page, opened signed out at 390 px from the sign-in screen's link. After a
 * scripted day (a task approved, one rejected, a withdrawal paid) it shows the operator as System Settings hold it
 * (and says what is missing), the fee table and minimum as the withdraw dialog gets them, the rules, each live figure
 * exactly as GET /api/public/trust answers it (the same figures as the admin dashboard's), and the ledger check.
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

const withoutTime = (figures: TTrustFigures) => ({ ...figures, asOf: null });

async function publicJson<T>(path: string): Promise<T> {
  return api<T>(path, null);
}

/** What the page says of each figure: the raw values it was drawn from (data-value), per figure. */
async function shownFigures(page: Page): Promise<Record<string, unknown>> {
  const ids = ['decision', 'payout', 'in-time', 'review', 'rejection-rate', 'appeals', 'support', 'workers-paid'];
  const out: Record<string, unknown> = {};
  for (const id of ids) out[id] = JSON.parse((await page.getByTestId(`trust-figure-${id}`).getAttribute('data-value')) ?? 'null');
  return out;
}

function expectedFigures(f: TTrustFigures): Record<string, unknown> {
  return {
    decision: [f.medianDecisionSeconds, f.p95DecisionSeconds],
    payout: [f.medianPayoutSeconds, f.p95PayoutSeconds],
    'in-time': f.decidedInTimeShare,
    review: f.medianReviewSeconds,
    'rejection-rate': f.rejectionRate,
    appeals: [f.appealsOverturned, f.appealsDecided],
    support: f.medianFirstResponseSeconds,
    'workers-paid': f.workersPaid,
  };
}

describe('trust page journey (phone, signed out)', () => {
  it('when a visitor follows the sign-in screen\'s link after a day of work and payouts, then each figure on /trust is the API\'s, the same as the dashboard\'s', async () => {
    const adminToken = await signInAdmin();
    // The operator: a legal name and a contact; the address is left for later (the page must say it is missing).
    await api('/admin/settings', adminToken, { method: 'POST', body: { settingKey: 'operator_legal_name', settingValue: 'Task Portal Operations Ltd' } });
    await api('/admin/settings', adminToken, { method: 'POST', body: { settingKey: 'operator_contact', settingValue: 'support@taskportal.example' } });

    // A scripted day: two tasks submitted, one approved and one rejected, and a withdrawal requested and paid.
    const worker = await registerWorker(uniqueEmail('trust'), 'secret-pass-9', 'Tara', 'Trust');
    const taskIds: string[] = [];
    for (const title of ['Check the trust page copy', 'Check the fee table']) {
      const task = await api<{ id: string }>('/admin/tasks', adminToken, {
        method: 'POST',
        body: { title, description: 'Read it and say what you found.', reward: '60.00', submissionInstructions: 'Write one sentence.', estimatedMinutes: 10 },
      });
      await api(`/tasks/${task.id}/take`, worker.token, { method: 'POST' });
      const form = new FormData();
      form.append('submission', 'Read it; everything is there.');
      await api(`/tasks/${task.id}/submit`, worker.token, { method: 'POST', form });
      taskIds.push(task.id);
    }
    const submissionOf = async (taskId: string) => {
      const { items } = await api<{ items: { id: string; taskId: string }[] }>(`/admin/submissions?taskId=${taskId}`, adminToken);
      const found = items.find((s) => s.taskId === taskId);
      if (!found) throw new Error('the submission is not listed');
      return found.id;
    };
    await api(`/admin/submissions/${await submissionOf(taskIds[0]!)}/approve`, adminToken, { method: 'POST' });
    await api(`/admin/submissions/${await submissionOf(taskIds[1]!)}/reject`, adminToken, { method: 'POST', body: { reason: 'The sentence is missing.' } });
    await waitUntil('reward credited', () => api<{ available: string }>('/ledger/balance', worker.token), (b) => Number(b.available) >= 60);
    const terms = await publicJson<TPublicSettings>('/public/payout-terms');
    const withdrawal = await fetch(`${baseUrl}/api/withdrawals`, {
      method: 'POST',
      headers: { authorization: `Bearer ${worker.token}`, 'content-type': 'application/json', 'idempotency-key': `trust-${worker.id}` },
      body: JSON.stringify({ amount: terms.minimumWithdrawal, currency: 'ETH', walletAddress: '0x52908400098527886E0F7030069857D2E4169EE7' }),
    });
    const answer = await withdrawal.text();
    expect(withdrawal.status, answer).toBe(201);
    const { id: withdrawalId } = JSON.parse(answer) as { id: string };
    await api(`/admin/withdrawals/${withdrawalId}`, adminToken, { method: 'PATCH', body: { status: 'approved', txReference: '0xtrust' } });

    // The read model learns the day from events; the public answer may be up to a minute old.
    const ready = (f: TTrustFigures) => f.reviews >= 2 && f.rejections >= 1 && f.workersPaid >= 1 && f.withdrawalsDecided >= 1;
    await waitUntil('the dashboard has the day', () => api<TAdminStats>('/admin/stats', adminToken), (s) => ready(s.trustFigures), 30_000);
    const trust = await waitUntil('the public answer has the day', () => publicJson<TPublicTrust>('/public/trust'), (t) => ready(t.figures), 90_000);
    // The same figures as the dashboard (nothing happens on this stack in between).
    const dashboard = await api<TAdminStats>('/admin/stats', adminToken);
    expect(withoutTime(trust.figures)).toEqual(withoutTime(dashboard.trustFigures));
    expect(trust.operator).toEqual({ legalName: 'Task Portal Operations Ltd', address: null, contact: 'support@taskportal.example', missing: ['address'] });

    // Signed out, on a phone: the sign-in screen links to the trust page.
    const context = await newContext(browser, MOBILE);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByTestId('trust-link').click();
    await waitForPath(page, '/trust');
    await page.getByRole('heading', { level: 1, name: 'How this platform treats workers' }).waitFor();
    await page.getByTestId('trust-figure-workers-paid').waitFor();
    await page.getByTestId('trust-fee-ETH').waitFor();
    await page.getByTestId('trust-ledger-result').waitFor();

    // The operator, with what is missing said.
    expect(await page.getByTestId('trust-operator-legalName').innerText()).toContain('Task Portal Operations Ltd');
    expect(await page.getByTestId('trust-operator-contact').innerText()).toContain('support@taskportal.example');
    expect(await page.getByTestId('trust-operator-address').innerText()).toContain('Not provided yet');
    expect(await page.getByTestId('trust-operator-missing').innerText()).toContain('address');
    // Fees and minimum as the withdraw dialog gets them.
    expect(await page.getByTestId('trust-minimum').getAttribute('data-value')).toBe(terms.minimumWithdrawal);
    for (const currency of terms.currencies) {
      const row = page.getByTestId(`trust-fee-${currency.value}`);
      expect(await row.innerText()).toContain(currency.label);
      expect(await row.locator('td').nth(1).getAttribute('data-value')).toBe(currency.networkFee);
    }
    // The rules in force.
    expect(await page.getByTestId('trust-rule-decision').innerText()).toContain(`${trust.rules.withdrawalDecisionHours} hours`);
    expect(await page.getByTestId('trust-rule-appeal-window').innerText()).toContain(`${trust.rules.appealWindowDays} days`);
    // Each live figure: the page drew it from the API's answer (read before and after the page, they agree).
    const shown = await shownFigures(page);
    const after = await publicJson<TPublicTrust>('/public/trust');
    expect(shown).toEqual(expectedFigures(after.figures));
    expect(withoutTime(after.figures)).toEqual(withoutTime(trust.figures));
    expect(await page.getByTestId('trust-figure-workers-paid-value').innerText()).toBe(String(after.figures.workersPaid));
    for (const id of ['decision', 'review', 'rejection-rate', 'workers-paid']) {
      expect(await page.getByTestId(`trust-figure-${id}`).innerText()).toMatch(/as of /);
    }
    // The ledger check's last run.
    const ledger = await publicJson<TPlatformLedgerCheck>('/public/ledger-check');
    expect(JSON.parse((await page.getByTestId('trust-ledger-result').getAttribute('data-value')) ?? 'undefined')).toBe(ledger.valid);
    await checkScreen(page, 'trust', 'trust-page');

    // In Russian.
    await page.getByRole('button', { name: 'Русский' }).click();
    await page.getByRole('heading', { level: 1, name: 'Как платформа обращается с исполнителями' }).waitFor();
    expect(await page.getByTestId('trust-operator-address').innerText()).toContain('Пока не указано');
    await checkScreen(page, 'trust', 'trust-page-ru');
    await context.close();
  }, 180_000);
});
