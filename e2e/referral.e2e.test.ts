import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, waitUntil } from './support/api.js';
import { checkScreen, clickRowAction, completeOnboarding, DESKTOP, DEV_ADMIN, launchBrowser, MOBILE, newContext, uniqueEmail, waitForPath } from './support/browser.js';
import { watchCsp } from './support/csp.js';
import { e2eStack } from './support/stack.js';

/**
 * Issue 16: the admin creates a referral link in the Referral System; a visitor opens /ref/{code} on a phone, sees
 * the landing page with the live figures (the numbers the platform computes, with their time), registers, and the
 * admin sees one click and one registration on that link. An inactive link's code sends the visitor to /register,
 * where registering still works.
 */
const { baseUrl } = e2eStack();
const PASSWORD = 'secret-pass-16';
const client = apiClient(baseUrl);
let browser: Browser;
let adminToken = '';

interface TLinkRow {
  id: string;
  code: string;
  totalClicks: number;
  rawClicks: number;
  totalRegistrations: number;
}

/**
 * A visitor's phone. Headless Chromium says "HeadlessChrome" in its user agent, which the bot list rightly does not
 * count, so the visitor's browser presents the user agent of the phone it stands for.
 */
async function phoneContext() {
  const context = await browser.newContext({
    viewport: MOBILE,
    locale: 'en-US',
    userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  });
  context.setDefaultTimeout(20_000);
  await watchCsp(context);
  return context;
}

async function signIn(page: Page, email: string, password: string, landing: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await waitForPath(page, landing);
}

async function register(page: Page, email: string, firstName: string): Promise<void> {
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill('Referred');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await waitForPath(page, '/');
}

async function linkByCode(code: string): Promise<TLinkRow | undefined> {
  // The list is paged (newest first); the code is searched.
  const links = await client.api<{ items: TLinkRow[] }>(`/admin/referral-links?search=${encodeURIComponent(code)}`, adminToken);
  return links.items.find((link) => link.code === code);
}

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = await client.adminToken();
});
afterAll(async () => {
  await browser?.close();
});

describe('referral journey', () => {
  it('when the admin creates a link and a visitor registers through it on a phone, then the admin sees one click and one registration', async () => {
    const code = `e2e${Date.now().toString(36)}`;
    const adminContext = await newContext(browser, DESKTOP);
    const admin = await adminContext.newPage();
    await signIn(admin, DEV_ADMIN.email, DEV_ADMIN.password, '/admin');
    await completeOnboarding(admin);
    await admin.goto(`${baseUrl}/admin/referrals`);
    await admin.getByTestId('admin-referrals').waitFor();
    await admin.getByTestId('referral-create').click();
    await admin.getByTestId('referral-name').fill('Telegram spring campaign');
    await admin.getByTestId('referral-code').fill(code);
    await admin.getByTestId('referral-save').click();
    await admin.getByText('Referral link created').first().waitFor();
    const row = admin.locator('tr', { hasText: code });
    await row.waitFor();
    expect(await row.getByTestId(`clicks-${code}`).textContent()).toBe('0');
    await checkScreen(admin, 'referral', 'admin-link-created');

    // The QR code of the link.
    await clickRowAction(row, 'QR code');
    await admin.getByTestId('referral-qr').locator('canvas').waitFor();
    expect(await admin.getByTestId('referral-qr').textContent()).toContain(`/ref/${code}`);
    await admin.getByRole('button', { name: 'Cancel' }).click();

    // The visitor, on a phone, signed out.
    const visitorContext = await phoneContext();
    const visitor = await visitorContext.newPage();
    // The figures are the platform's (other journeys' tasks and payouts count too, their events arriving at any
    // time): each one shown lies between a read before the page and a read after it.
    type TFigures = { tasksCompletedLast30Days: number; workersPaidLast30Days: number };
    const before = await client.api<TFigures>('/public/figures', null);
    await visitor.goto(`${baseUrl}/ref/${code}`);
    await visitor.getByTestId('landing-crypto-gaming').waitFor();
    await visitor.getByRole('heading', { level: 1 }).waitFor();
    await visitor.getByTestId('figures-as-of').waitFor();
    const shown = async (testId: string) => Number((await visitor.getByTestId(testId).locator('dd').textContent())?.replace(/,/g, ''));
    const after = await client.api<TFigures>('/public/figures', null);
    for (const [testId, key] of [['figure-tasks', 'tasksCompletedLast30Days'], ['figure-workers', 'workersPaidLast30Days']] as const) {
      expect(await shown(testId)).toBeGreaterThanOrEqual(before[key]);
      expect(await shown(testId)).toBeLessThanOrEqual(after[key]);
    }
    expect(await visitor.getByTestId('figures-as-of').textContent()).toMatch(/^As of /);
    await checkScreen(visitor, 'referral', 'landing-phone');
    // The code is kept for 30 days in local storage and a cookie.
    const cookies = await visitorContext.cookies();
    expect(cookies.find((cookie) => cookie.name === 'referral_source')).toMatchObject({ value: code, sameSite: 'Lax', path: '/' });

    await visitor.getByTestId('landing-apply').click();
    await waitForPath(visitor, '/register');
    await visitor.getByText(`You were invited with the code ${code}.`).waitFor();
    const email = uniqueEmail('referred');
    await register(visitor, email, 'Rita');
    await completeOnboarding(visitor);

    // The admin's table: one click and one registration on that link.
    const counted = await waitUntil('the link counts', () => linkByCode(code), (link) => link?.totalRegistrations === 1 && link.totalClicks === 1);
    expect(counted).toMatchObject({ totalClicks: 1, totalRegistrations: 1 });
    await admin.reload();
    const refreshed = admin.locator('tr', { hasText: code });
    await refreshed.waitFor();
    expect(await refreshed.getByTestId(`clicks-${code}`).textContent()).toBe('1');
    expect(await refreshed.getByTestId(`registrations-${code}`).textContent()).toBe('1');
    await checkScreen(admin, 'referral', 'admin-one-registration');
    await visitorContext.close();
    await adminContext.close();
  });

  it('when a visitor opens an inactive link, then they are sent to /register and registering still works', async () => {
    const pages = await client.api<{ id: string; name: string }[]>('/admin/landing-pages/active', adminToken);
    const code = `off${Date.now().toString(36)}`;
    await client.api('/admin/referral-links', adminToken, {
      method: 'POST',
      body: { code, name: 'Paused campaign', landingPageId: pages.find((p) => p.name === 'professional-tester')!.id, isActive: false },
    });
    const context = await phoneContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl}/ref/${code}`);
    await waitForPath(page, '/register');
    expect(await page.getByText('You were invited with the code').count()).toBe(0);
    // Said, not silent (issue 28): the link is not valid any more.
    await page.getByTestId('referral-problem').getByText(`The invitation link with the code ${code} is not valid or no longer active.`).waitFor();
    await register(page, uniqueEmail('inactive-ref'), 'Omar');
    expect((await linkByCode(code))?.totalRegistrations).toBe(0);
    await context.close();
  });
  it('when the admin edits a landing page in the editor, then the preview follows the typing and the visitor sees the saved copy as plain text', async () => {
    const name = `promo-${Date.now().toString(36)}`;
    const created = await client.api<{ id: string }>('/admin/landing-pages', adminToken, { method: 'POST', body: { name, displayName: 'Spring promo' } });
    const adminContext = await newContext(browser, DESKTOP);
    const admin = await adminContext.newPage();
    await signIn(admin, DEV_ADMIN.email, DEV_ADMIN.password, '/admin');
    await completeOnboarding(admin);
    await admin.goto(`${baseUrl}/admin/referrals`);
    await admin.getByRole('tab', { name: 'Landing pages' }).click();
    // The pages are listed (paged, searched by name); choosing one opens it in the editor.
    await admin.getByRole('textbox', { name: 'Search by name or display name' }).fill(name);
    await admin.getByRole('button', { name: `Spring promo (${name})` }).click();
    const editor = admin.getByTestId('landing-editor');
    await editor.getByTestId('landing-editing').getByText(`(${name})`).waitFor();
    await editor.getByTestId('landing-copy-title').fill('Test new games <b>this spring</b>');
    await expect.poll(() => admin.getByTestId('landing-preview').getByRole('heading', { level: 1 }).textContent()).toBe('Test new games this spring');
    await checkScreen(admin, 'referral', 'landing-editor');
    await editor.getByTestId('landing-save').click();
    await admin.getByText('Landing page saved').first().waitFor();

    const code = `pr${Date.now().toString(36)}`;
    await client.api('/admin/referral-links', adminToken, { method: 'POST', body: { code, name: 'Spring promo link', landingPageId: created.id } });
    const context = await phoneContext();
    const visitor = await context.newPage();
    await visitor.goto(`${baseUrl}/ref/${code}`);
    // The markup was stripped by the server: the visitor reads the words, never an element an admin typed.
    await expect.poll(() => visitor.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 }).toBe('Test new games this spring');
    expect(await visitor.locator('.landing-title b').count()).toBe(0);
    await context.close();
    await adminContext.close();
  });
});
