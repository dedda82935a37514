import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actUntilShown, checkScreen, clickRowAction, DESKTOP, DEV_ADMIN, launchBrowser, MOBILE, newContext, signInTo, uniqueEmail } from './support/browser.js';
import { apiClient } from './support/api.js';
import { e2eStack } from './support/stack.js';

/**
 * Issue 14 items 4 and 5 in the browser: the admin gives a worker a manual award in Admin > Awards (the worker sees it
 * on /awards at phone width, in its group with its value format) and changes a company document's content in Admin >
 * Documents (version 2.0): the worker, who accepted version 1.0, is asked again at the next start.
 */
const { baseUrl } = e2eStack();
const PASSWORD = 'secret-pass-9';
let browser: Browser;
let adminToken = '';
const cleanup: (() => Promise<unknown>)[] = [];

const { api } = apiClient(baseUrl);

const signIn = signInTo(baseUrl);

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = (await api<{ token: string }>('/auth/login', null, { method: 'POST', body: DEV_ADMIN })).token;
});
afterAll(async () => {
  // Other journeys' workers must not meet this file's document or award.
  for (const undo of cleanup) await undo().catch((error: unknown) => console.error('cleanup failed', error));
  await browser?.close();
});

describe('awards and documents journey', () => {
  it('when the admin awards a worker and changes a document, then the worker sees the award and is asked to accept the new version', async () => {
    const stamp = Date.now().toString(36);
    const email = uniqueEmail('awarded');
    const registered = await api<{ token: string; user: { id: string } }>('/auth/register', null, {
      method: 'POST',
      body: { email, password: PASSWORD, confirmPassword: PASSWORD, firstName: 'Ada', lastName: `Awarded${stamp}` },
    });
    const workerToken = registered.token;
    const docTitle = `Safety rules ${stamp}`;

    // The admin (desktop) adds a document in Documents.
    const adminContext = await newContext(browser, DESKTOP);
    const admin = await adminContext.newPage();
    await signIn(admin, DEV_ADMIN.email, DEV_ADMIN.password, '/admin');
    await admin.goto(`${baseUrl}/admin/documents`);
    const documents = admin.getByTestId('documents-section');
    await documents.waitFor();
    await documents.getByRole('button', { name: 'New Document' }).click();
    let dialog = admin.getByRole('dialog', { name: 'New Document' });
    await dialog.getByLabel('Title').fill(docTitle);
    await dialog.getByLabel('Type').fill(`safety-${stamp}`);
    await dialog.getByLabel('Content (HTML)').fill('<h2>Safety</h2><p>Version one.</p><script>alert(1)</script>');
    await dialog.getByTestId('document-save').click();
    await admin.getByText('Document created').first().waitFor();
    const docRow = documents.locator('tr', { hasText: docTitle });
    await docRow.waitFor();
    const docId = (await api<{ items: { id: string; title: string }[] }>(`/admin/documents?search=${encodeURIComponent(docTitle)}`, adminToken)).items.find((d) => d.title === docTitle)!.id;
    cleanup.push(() => api(`/admin/documents/${docId}`, adminToken, { method: 'DELETE' }));
    expect(await docRow.innerText()).toContain('1.0');

    // The worker (phone) accepts it at sign-in.
    const workerContext = await newContext(browser, MOBILE);
    const worker = await workerContext.newPage();
    await signIn(worker, email, PASSWORD, '/');
    await expect.poll(async () => (await docRow.innerText()).includes('1.0: 1') || (await admin.reload().then(() => docRow.innerText())).includes('1.0: 1')).toBe(true);

    // A content change raises the version; acceptances are counted per version.
    await clickRowAction(docRow, 'Edit');
    dialog = admin.getByRole('dialog', { name: 'Edit Document' });
    await dialog.getByLabel('Content (HTML)').fill('<h2>Safety</h2><p>Version two: helmets on.</p>');
    await dialog.getByTestId('document-save').click();
    await admin.getByText('Document updated to version 2.0: users will be asked to accept it again').first().waitFor();
    await expect.poll(async () => docRow.innerText()).toContain('2.0');
    await checkScreen(admin, 'awards-documents', '01-admin-documents');

    // At the worker's next start the documents modal asks again, with the new text.
    await worker.reload();
    await worker.locator('.required-doc', { hasText: docTitle }).waitFor();
    await checkScreen(worker, 'awards-documents', '02-worker-asked-again');
    // Only the new version waits for a tick: the documents accepted before stay accepted.
    await expect.poll(async () => worker.locator('.required-doc:not(.accepted)').count()).toBe(1);
    await worker.locator('.required-doc', { hasText: docTitle }).locator('input[type="checkbox"]').click();
    await worker.getByRole('button', { name: 'Accept and continue' }).click();
    await worker.getByText('Documents Accepted').first().waitFor();
    await expect.poll(async () => docRow.innerText().then(async (text) => (text.includes('2.0: 1') ? text : (await admin.reload(), await docRow.innerText())))).toContain('2.0: 1');

    // The admin gives the worker a manual award in Awards.
    await admin.goto(`${baseUrl}/admin/awards-management`);
    const awards = admin.getByTestId('awards-management-section');
    await awards.waitFor();
    await awards.getByRole('button', { name: 'Add Award' }).click();
    dialog = admin.getByRole('dialog', { name: 'Add Award' });
    await actUntilShown(() => dialog.getByTestId('award-save').click(), dialog.getByText('Please fill in all required fields'));
    const user = dialog.getByLabel('User', { exact: true });
    await user.click();
    await user.fill(email);
    await admin.locator('.ant-select-item-option', { hasText: email }).click();
    await dialog.getByLabel('Category', { exact: true }).click();
    await admin.locator('.ant-select-item-option', { hasText: 'Best Rate' }).click();
    await dialog.getByLabel('Rank', { exact: true }).fill('2');
    await dialog.getByLabel('Value', { exact: true }).fill('97.5');
    await dialog.getByLabel('Period', { exact: true }).click();
    await admin.locator('.ant-select-item-option', { hasText: 'All time' }).click();
    await dialog.getByTestId('award-save').click();
    await admin.getByText('Award created successfully!').first().waitFor();
    // The list is paged in the leaderboards' order (all-time awards last): the user search finds the new award.
    await awards.getByLabel('Search by name or e-mail (3+ letters)').fill(email);
    const card = awards.getByTestId('award-card').filter({ hasText: `Awarded${stamp}` });
    await card.waitFor();
    const awardId = (await api<{ items: { id: string; userId: string }[] }>('/awards?pageSize=100', adminToken)).items.find((a) => a.userId === registered.user.id)!.id;
    cleanup.push(() => api(`/admin/awards/${awardId}`, adminToken, { method: 'DELETE' }));
    expect(await card.innerText()).toContain('97.5%');
    await awards.getByRole('tab', { name: 'Most Completed' }).click();
    await expect.poll(async () => card.count()).toBe(0);
    await awards.getByRole('tab', { name: 'Best Rates' }).click();
    await card.waitFor();
    await checkScreen(admin, 'awards-documents', '03-admin-awards');

    // The worker sees it on /awards under Quality Leaders for All time.
    await worker.goto(`${baseUrl}/awards`);
    await worker.getByTestId('awards-page').waitFor();
    await worker.getByRole('button', { name: 'All time' }).click();
    const group = worker.getByTestId('awards-group-top_rate');
    await group.getByText(`Ada Awarded${stamp}`).waitFor();
    expect(await group.innerText()).toContain('Quality Leaders');
    // A manual award's value is typed in by an admin: workers see who was awarded, not a figure nobody computed
    // (issue 31 item 5, principle 4).
    expect(await group.innerText()).toContain('Awarded by the team');
    expect(await group.innerText()).not.toContain('97.5%');
    await checkScreen(worker, 'awards-documents', '04-worker-awards');

    // On Profile the worker leaves the public leaderboards: auth publishes it (user.updated), the admin service's
    // copy learns it, and the award is no longer shown to workers (the admin still sees it).
    await worker.goto(`${baseUrl}/profile`);
    const optOut = worker.getByTestId('leaderboard-opt-out');
    await optOut.getByRole('switch').click();
    await worker.getByText('Preference saved').first().waitFor();
    await expect.poll(async () => optOut.getByRole('switch').getAttribute('aria-checked')).toBe('false');
    await checkScreen(worker, 'awards-documents', '05-worker-profile-opt-out');
    await expect
      .poll(async () => (await api<{ items: { userId: string }[] }>('/awards?period=all_time&pageSize=100', workerToken)).items.some((a) => a.userId === registered.user.id), { timeout: 15_000 })
      .toBe(false);
    expect((await api<{ items: { userId: string }[] }>('/awards?period=all_time&pageSize=100', adminToken)).items.some((a) => a.userId === registered.user.id)).toBe(true);

    await adminContext.close();
    await workerContext.close();
  });
});
