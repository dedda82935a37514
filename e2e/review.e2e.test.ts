import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreen, completeOnboarding, DESKTOP, DEV_ADMIN, launchBrowser, newContext, waitForPath } from './support/browser.js';
import { e2eStack } from './support/stack.js';

/**
 * Issue 30 items 3 and 4 in the console: who is reviewing what (live, without a reload), bulk approval with its
 * progress, and a lapsed claim taken over shown in the audit log. Submissions are written straight into work's database (the worker's side is work.e2e's journey).
 */
const { baseUrl } = e2eStack();
const workDatabaseUrl = e2eStack().databaseUrls.work!;
const JOURNEY = 'review';
let browser: Browser;
let db: pg.Client;

beforeAll(async () => {
  browser = await launchBrowser();
  db = new pg.Client({ connectionString: workDatabaseUrl });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
  await browser?.close();
});

async function signInAdmin(page: Page): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(DEV_ADMIN.email);
  await page.getByLabel('Password').fill(DEV_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await waitForPath(page, '/admin');
  await completeOnboarding(page);
}

/** `count` submissions awaiting review by one named worker, titled "<prefix> n". */
async function seed(prefix: string, count: number): Promise<string[]> {
  const worker = randomUUID();
  await db.query(`INSERT INTO users (id, email, first_name, last_name, role, source_at) VALUES ($1, $2, 'Rita', 'Reviewable', 'employee', now())`, [worker, `rita-${worker.slice(0, 8)}@example.com`]);
  const { rows } = await db.query<{ id: string }>(
    `WITH t AS (
       INSERT INTO tasks (id, title, description, submission_instructions, reward, status, estimated_minutes)
       SELECT gen_random_uuid(), $2::text || ' ' || g, 'Photograph the storefront', 'One photo', 1.50, 'submitted', 10 FROM generate_series(1, $1::int) g RETURNING id, title)
     INSERT INTO task_assignments (id, task_id, user_id, status, submission, assigned_at, submitted_at)
     SELECT gen_random_uuid(), t.id, $3::uuid, 'submitted', 'Done, see the photo', now() - interval '2 hours',
            now() - interval '1 hour' + substring(t.title from length($2::text) + 2)::int * interval '1 second' FROM t RETURNING id`,
    [count, prefix, worker],
  );
  // In the order of their titles (and of the list: oldest first).
  const ordered = await db.query<{ id: string }>('SELECT id FROM task_assignments WHERE id = ANY($1::uuid[]) ORDER BY submitted_at', [rows.map((r) => r.id)]);
  return ordered.rows.map((r) => r.id);
}

describe('review: who is reviewing what, bulk approval', () => {
  it('an admin sees another admin\'s claim appear live, opens a submission (claimed: "You are reviewing"), and approves the rest in bulk with progress and a spot check', async () => {
    const ids = await seed('Storefront', 6);
    const otherAdmin = randomUUID();
    await db.query(`INSERT INTO users (id, email, first_name, last_name, role, source_at) VALUES ($1, 'olga@example.com', 'Olga', 'Second', 'admin', now())`, [otherAdmin]);
    await db.query(`INSERT INTO settings (key, value, source_at) VALUES ('bulk_spot_check_every', '3', now() + interval '1 day') ON CONFLICT (key) DO UPDATE SET value = '3', source_at = now() + interval '1 day'`);

    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    try {
      await signInAdmin(page);
      await page.goto(`${baseUrl}/admin/submissions`);
      await page.getByRole('button', { name: 'Storefront 1', exact: true }).waitFor();

      // Another admin opens one: within a few seconds the list says so, without a reload.
      await db.query(`UPDATE task_assignments SET claimed_by = $2, claim_expires_at = now() + interval '5 minutes' WHERE id = $1`, [ids[1], otherAdmin]);
      const claimedRow = page.getByRole('row').filter({ hasText: 'Storefront 2' });
      await claimedRow.getByText('Being reviewed by Olga Second').waitFor({ timeout: 10_000 });
      await checkScreen(page, JOURNEY, 'list-with-claim');

      // Opening it shows who has it, and its decisions wait.
      await claimedRow.getByRole('button', { name: 'View' }).click();
      const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('submission-detail') });
      await dialog.getByText('Being reviewed by Olga Second').waitFor();
      expect(await dialog.getByRole('button', { name: 'Approve' }).isDisabled()).toBe(true);
      await checkScreen(page, JOURNEY, 'detail-claimed-by-other');
      await dialog.getByRole('button', { name: 'Close' }).last().click();

      // Opening a free one claims it for this admin.
      await page.getByRole('row').filter({ hasText: 'Storefront 3' }).getByRole('button', { name: 'View' }).click();
      await dialog.getByText('You are reviewing this submission').waitFor();
      const [claim] = (await db.query<{ claimed_by: string | null }>('SELECT claimed_by FROM task_assignments WHERE id = $1', [ids[2]])).rows;
      expect(claim?.claimed_by).not.toBeNull();
      await dialog.getByRole('button', { name: 'Close' }).last().click();
      await expect.poll(async () => (await db.query('SELECT claimed_by FROM task_assignments WHERE id = $1', [ids[2]])).rows[0]?.claimed_by, { timeout: 10_000 }).toBeNull();

      // Bulk: select all six, approve; Olga's is reported, every 3rd is left for a look.
      await page.getByRole('row').filter({ hasText: 'Storefront 1' }).getByRole('checkbox').check();
      for (const n of [2, 3, 4, 5, 6]) await page.getByRole('row').filter({ hasText: `Storefront ${n}` }).getByRole('checkbox').check();
      await page.getByTestId('bulk-selected').getByText('Selected: 6').waitFor();
      await page.getByRole('button', { name: 'Approve selected' }).click();
      const confirm = page.getByRole('dialog').filter({ hasText: 'Approve in bulk?' });
      await confirm.getByText('Selected submissions: 6.').waitFor();
      await checkScreen(page, JOURNEY, 'bulk-confirm');
      await confirm.getByRole('button', { name: 'Start bulk approval' }).click();
      const progress = page.getByTestId('review-job-progress');
      await progress.getByText('Finished: 6 processed').waitFor({ timeout: 30_000 });
      await checkScreen(page, JOURNEY, 'bulk-done');
      // Every 3rd of the selection is a spot check and Olga's is reported: those wait; the other three are approved.
      const items = (
        await db.query<{ outcome: string; status: string; id: string }>(
          `SELECT i.outcome, a.status, a.id FROM review_job_items i JOIN task_assignments a ON a.id = i.assignment_id WHERE a.id = ANY($1::uuid[]) ORDER BY i.seq`,
          [ids],
        )
      ).rows;
      expect(items.filter((i) => i.outcome === 'spot_check')).toHaveLength(2);
      expect(items.find((i) => i.id === ids[1])?.outcome).toMatch(/claimed|spot_check/);
      for (const item of items) expect(item.status).toBe(item.outcome === 'approved' ? 'completed' : 'submitted');
      expect(items.filter((i) => i.outcome === 'approved').length).toBeGreaterThanOrEqual(3);

      // Olga's claim lapses; opening her submission takes it over, and the audit log shows it as this admin's action.
      await db.query(`UPDATE task_assignments SET claim_expires_at = now() - interval '1 second' WHERE id = $1 AND claimed_by = $2`, [ids[1], otherAdmin]);
      await page.getByRole('row').filter({ hasText: 'Storefront 2' }).getByRole('button', { name: 'View' }).click();
      await dialog.getByText('You are reviewing this submission').waitFor();
      await dialog.getByRole('button', { name: 'Close' }).last().click();
      await page.goto(`${baseUrl}/admin/audit-log`);
      await page.getByTestId('audit-log-section').locator('[data-action]').first().waitFor();
      const takenOver = page.getByRole('row').filter({ has: page.locator('[data-action="submission.claim_taken_over"]') }).filter({ hasText: ids[1]! });
      await expect
        .poll(
          async () => {
            if ((await takenOver.count()) === 0) await page.getByRole('button', { name: 'Refresh' }).click();
            return takenOver.count();
          },
          { timeout: 20_000, interval: 1_000 },
        )
        .toBe(1);
      await takenOver.getByText('Lapsed review claim taken over').waitFor();
      expect(await takenOver.innerText()).toContain(otherAdmin);
      await checkScreen(page, JOURNEY, 'audit-claim-taken-over');
    } finally {
      await context.close();
      await db.query(`DELETE FROM settings WHERE key = 'bulk_spot_check_every'`);
    }
  });
});
