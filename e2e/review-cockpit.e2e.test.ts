import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, makePng, waitUntil } from './support/api.js';
import { checkScreen, completeOnboarding, DEV_ADMIN, launchBrowser, newContext, uniqueEmail, waitForPath } from './support/browser.js';
import { e2eStack } from './support/stack.js';

/**
 * Issue 30 items 1 and 2: ten submissions (five workers, two tasks each, arranged through the API; half the tasks
 * with acceptance criteria, some with an image) reviewed in the review cockpit by keyboard only: A approves, R then a
 * template's number rejects (once with the text edited: E, typing, Ctrl+Enter), J/K move, O opens the original. Then,
 * through the API: each worker's ledger has one task reward per approval and its chain verifies, each rejected worker
 * reads the template's text with the criterion, and the templates count their uses. Back to the list keeps the
 * cockpit's filter; the reason templates table shows every column at 1440 and 1280 px. Screenshots at 1280 and 1440 px.
 */
const { baseUrl } = e2eStack();
const { api, registerWorker, adminToken: signInAdmin } = apiClient(baseUrl);
const JOURNEY = 'review-cockpit';
const LAPTOP = { width: 1280, height: 800 };
const REWARD = '2.50';
const CRITERIA = ['The whole shop front is in the photo', 'The sign is readable'];
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface TArranged {
  assignmentId: string;
  taskId: string;
  worker: { id: string; token: string };
  withCriteria: boolean;
}

/** The id of the submission the cockpit shows. */
async function shownId(page: Page): Promise<string | null> {
  return page.getByTestId('cockpit-item').getAttribute('data-submission-id');
}

/**
 * The headers of a table that are not wholly in view in its box, and whether the box scrolls sideways (a column pushed
 * out of view, or under the pinned Actions): [] when every column shows.
 */
async function columnsOutOfView(page: Page, testId: string): Promise<string[]> {
  const table = page.getByTestId(testId);
  const scroller = table.locator('.ant-table-content, .ant-table-body').first();
  const box = await scroller.boundingBox();
  if (!box) throw new Error(`${testId}: the table has no box`);
  const out: string[] = [];
  if (await scroller.evaluate((el) => el.scrollWidth > el.clientWidth + 1)) out.push('(the table scrolls sideways)');
  for (const th of await table.locator('thead th').all()) {
    const name = (await th.innerText()).trim();
    const cell = await th.boundingBox();
    if (name && cell && (cell.x < box.x - 1 || cell.x + cell.width > box.x + box.width + 1)) out.push(name);
  }
  return out;
}

/** Waits until the cockpit moved on from `id` (to the next submission, or the end of the queue). */
async function movedOn(page: Page, id: string): Promise<void> {
  await expect.poll(async () => ((await page.getByTestId('cockpit-end').count()) > 0 ? 'end' : await shownId(page)), { timeout: 15_000 }).not.toBe(id);
}

describe('review cockpit journey (admin 1280 and 1440 px)', () => {
  it('when an admin reviews ten submissions by keyboard only, some approved and some rejected with templates, then the ledger and the workers see exactly those decisions', async () => {
    const adminToken = await signInAdmin();
    const tag = `rev${Date.now().toString(36)}`;

    // Two reason templates, on top of the list (keys 1 and 2 unless others sort before them).
    const sign = await api<{ template: { id: string } }>('/admin/review-templates', adminToken, {
      method: 'POST',
      body: { title: `Sign not readable ${tag}`, body: 'Hi {{firstName}}, "{{criterion}}" is not met in {{taskTitle}}. Please take the photo again.', criterion: 2, sortOrder: 0 },
    });
    const blurry = await api<{ template: { id: string } }>('/admin/review-templates', adminToken, {
      method: 'POST',
      body: { title: `Blurry ${tag}`, body: 'Hi {{firstName}}, the photo is too blurry to check.', sortOrder: 0 },
    });
    const templates = (await api<{ items: { id: string }[] }>('/admin/review-templates', adminToken)).items.map((t) => t.id);
    const keyOf = (id: string) => {
      const index = templates.indexOf(id);
      if (index < 0 || index > 8) throw new Error(`template ${id} is not among the first nine`);
      return String(index + 1);
    };

    // Five workers, two tasks each (a worker holds at most three live tasks).
    const arranged: TArranged[] = [];
    for (let w = 0; w < 5; w++) {
      const worker = await registerWorker(uniqueEmail(`cockpit-${w}`), 'secret-pass-9', `Ada${w}`, `Reviewed ${tag}`);
      for (let k = 0; k < 2; k++) {
        const withCriteria = (w + k) % 2 === 0;
        const task = await api<{ id: string }>('/admin/tasks', adminToken, {
          method: 'POST',
          body: {
            title: `Photograph shop ${w}-${k} ${tag}`,
            description: 'Take a photo of a shop front in your street, in daylight.',
            reward: REWARD,
            submissionInstructions: 'One photo of the whole shop front, and the street name.',
            estimatedMinutes: 10,
            ...(withCriteria ? { acceptanceCriteria: CRITERIA } : {}),
          },
        });
        const taken = await api<{ assignment: { id: string } }>(`/tasks/${task.id}/take`, worker.token, { method: 'POST' });
        const form = new FormData();
        form.append('submission', `Shop ${w}-${k} on Station Road.`);
        if (k === 0) form.append('files', new Blob([makePng(96)], { type: 'image/png' }), `shop-${w}-${k}.png`);
        await api(`/tasks/${task.id}/submit`, worker.token, { method: 'POST', form });
        arranged.push({ assignmentId: taken.assignment.id, taskId: task.id, worker, withCriteria });
      }
    }
    // The work service knows the workers' names (from user.registered) once the filter finds all ten.
    await waitUntil('the ten submissions under the filter', () => api<{ total: number }>(`/admin/submissions?user=${tag}`, adminToken), (p) => p.total === 10);

    // The admin opens the cockpit with the list's filter, at 1280 px.
    const context = await newContext(browser, LAPTOP);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Email').fill(DEV_ADMIN.email);
    await page.getByLabel('Password').fill(DEV_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await waitForPath(page, '/admin');
    await completeOnboarding(page);
    await page.goto(`${baseUrl}/admin/submissions/review?user=${tag}`);
    await page.getByTestId('cockpit-item').waitFor();
    await expect.poll(() => page.getByTestId('cockpit-position').innerText()).toContain('1 of 10 waiting');
    await page.getByTestId('cockpit-keys').waitFor();
    await page.getByTestId('cockpit-image').waitFor();
    await page.getByTestId('cockpit-quality').getByText('Approval rate').waitFor();
    await checkScreen(page, JOURNEY, '01-cockpit-first');

    // O opens the original file in a new tab.
    const opened = context.waitForEvent('page');
    await page.keyboard.press('o');
    await (await opened).close();

    // From here on, only the keyboard. Reject the 3rd, 6th and 8th; approve the others.
    const byId = new Map(arranged.map((a) => [a.assignmentId, a]));
    const decisions = new Map<string, { decision: 'approved' | 'rejected'; template?: string; edited?: boolean }>();
    for (let n = 1; n <= 10; n++) {
      const id = await shownId(page);
      if (!id) throw new Error(`no submission shown at step ${n}`);
      const item = byId.get(id);
      if (!item) throw new Error(`the cockpit shows ${id}, not one of this journey's submissions`);
      if (n === 3 || n === 6 || n === 8) {
        const template = item.withCriteria ? sign.template.id : blurry.template.id;
        await page.keyboard.press('r');
        const dialog = page.getByRole('dialog', { name: 'Reject submission' });
        await dialog.getByTestId('template-picker').waitFor();
        await expect.poll(() => page.evaluate(() => (globalThis as unknown as { document: { activeElement: { getAttribute(n: string): string | null } | null } }).document.activeElement?.getAttribute('data-testid') ?? null)).toBe('template-picker');
        // The templates are read when the dialog opens: a key pressed before they are there picks nothing.
        await dialog.getByTestId(`template-option-${keyOf(template)}`).waitFor();
        await page.keyboard.press(keyOf(template));
        const reason = dialog.getByLabel('Reason', { exact: true });
        await expect.poll(() => reason.inputValue()).toContain('Hi Ada');
        if (n === 8) {
          // Edited before confirming: E into the text, type, Ctrl+Enter.
          await page.keyboard.press('e');
          await page.keyboard.type(' Also include the door.');
          await checkScreen(page, JOURNEY, '02-reject-template-edited');
          await page.keyboard.press('Control+Enter');
          decisions.set(id, { decision: 'rejected', template, edited: true });
        } else {
          await page.keyboard.press('Enter');
          decisions.set(id, { decision: 'rejected', template });
        }
        await dialog.waitFor({ state: 'hidden' });
      } else {
        await page.keyboard.press('a');
        decisions.set(id, { decision: 'approved' });
      }
      await movedOn(page, id);
      // J and K on the way: back to the one just decided (shown as decided), then forward again.
      if (n === 4) {
        await page.keyboard.press('k');
        await expect.poll(() => shownId(page)).toBe(id);
        await expect.poll(() => page.getByTestId('cockpit-decided').innerText()).toBe('Approved');
        await page.keyboard.press('j');
        await movedOn(page, id);
      }
    }
    await page.getByTestId('cockpit-end').waitFor();
    await page.getByTestId('cockpit-end').getByText('End of the queue. Decided in this session: 10.').waitFor();
    await checkScreen(page, JOURNEY, '03-cockpit-end');

    // Back to the list: it opens with the cockpit's filter (the address carries it), shown in its search box.
    await page.getByTestId('cockpit-end').getByRole('button', { name: 'Back to the list' }).click();
    await waitForPath(page, '/admin/submissions');
    expect(new URL(page.url()).searchParams.get('user')).toBe(tag);
    await expect.poll(() => page.getByLabel('Worker: e-mail or name').inputValue()).toBe(tag);
    await page.getByTestId('submissions').getByText('No submissions awaiting review').first().waitFor();

    // At 1440 and 1280 px: the Reason templates under the list, with the uses counted, every column in view.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${baseUrl}/admin/submissions`);
    await page.getByTestId('toggle-templates').click();
    const table = page.getByTestId('review-templates');
    await table.getByText(`Sign not readable ${tag}`).scrollIntoViewIfNeeded();
    expect(await columnsOutOfView(page, 'review-templates')).toEqual([]);
    await checkScreen(page, JOURNEY, '04-templates');
    await page.setViewportSize(LAPTOP);
    await table.getByText(`Sign not readable ${tag}`).scrollIntoViewIfNeeded();
    expect(await columnsOutOfView(page, 'review-templates')).toEqual([]);
    await checkScreen(page, JOURNEY, '05-templates-1280');
    await context.close();

    // Through the API: nothing of this journey waits any more; each decision is what the keyboard did.
    expect((await api<{ total: number }>(`/admin/submissions?user=${tag}`, adminToken)).total).toBe(0);
    expect([...decisions.values()].filter((d) => d.decision === 'approved')).toHaveLength(7);
    for (const [id, decided] of decisions) {
      const submission = await api<{ status: string; rejectionReason: string | null; rejectedCriteria: number[] }>(`/admin/submissions/${id}`, adminToken);
      expect(submission.status, id).toBe(decided.decision === 'approved' ? 'completed' : 'rejected');
      if (decided.decision === 'rejected') {
        const item = byId.get(id)!;
        expect(submission.rejectionReason).toMatch(/^Hi Ada\d, /);
        if (item.withCriteria) {
          expect(submission.rejectionReason).toContain('"The sign is readable" is not met in Photograph shop');
          expect(submission.rejectedCriteria).toEqual([2]);
        }
        if (decided.edited) expect(submission.rejectionReason).toMatch(/Also include the door\.$/);
      }
    }
    const uses = (await api<{ items: { id: string; uses: number }[] }>('/admin/review-templates', adminToken)).items;
    const rejectedWith = (template: string) => [...decisions.values()].filter((d) => d.template === template).length;
    expect(uses.find((t) => t.id === sign.template.id)?.uses).toBe(rejectedWith(sign.template.id));
    expect(uses.find((t) => t.id === blurry.template.id)?.uses).toBe(rejectedWith(blurry.template.id));

    // Each worker's ledger: one task reward per approval (paid once), and the chain verifies.
    for (const worker of new Map(arranged.map((a) => [a.worker.id, a.worker])).values()) {
      const approvals = arranged.filter((a) => a.worker.id === worker.id && decisions.get(a.assignmentId)?.decision === 'approved');
      const statement = await waitUntil(
        `the rewards of ${worker.id}`,
        () => api<{ items: { kind: string; amount: string; referenceId: string | null }[] }>('/ledger/statement', worker.token),
        (s) => s.items.filter((e) => e.kind === 'task_reward').length >= approvals.length,
      );
      const rewards = statement.items.filter((e) => e.kind === 'task_reward');
      expect(rewards.map((e) => e.amount)).toEqual(approvals.map(() => REWARD));
      expect(rewards.map((e) => e.referenceId).sort()).toEqual(approvals.map((a) => a.assignmentId).sort());
      const verified = await api<{ valid: boolean; entries: number }>('/ledger/verify', worker.token);
      expect(verified.valid).toBe(true);
    }
  });
});
