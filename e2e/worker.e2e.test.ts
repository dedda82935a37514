import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeOnboarding, launchBrowser, MOBILE, newContext, checkScreen, uniqueEmail, waitForPath } from './support/browser.js';
import { e2eStack } from './support/stack.js';

const { baseUrl } = e2eStack();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('worker journeys (mobile 390x844)', () => {
  it('when a visitor registers, then they see the welcome video, accept the documents and land on home', async () => {
    const context = await newContext(browser, MOBILE);
    const page = await context.newPage();
    const email = uniqueEmail('worker');
    await page.goto(`${baseUrl}/register`);
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret-pass-1');
    await page.getByLabel('Confirm password').fill('secret-pass-1');
    await checkScreen(page, 'register', 'form');
    await page.getByRole('button', { name: 'Create account' }).click();

    await waitForPath(page, '/');
    const seen = await completeOnboarding(page, 'register');
    expect(seen.video).toBe(true);
    expect(seen.documents).toBeGreaterThan(0);
    await page.getByText('Hello, Ada').waitFor();
    expect(await page.getByRole('navigation').getByRole('link').count()).toBe(5);
    await checkScreen(page, 'register', 'home');

    // The server now knows: a reload shows no overlay again.
    await page.reload();
    const again = await completeOnboarding(page);
    expect(again).toEqual({ video: false, documents: 0 });
    await context.close();
  });

  it('when a signed-in worker signs out from the profile, then the session is gone and /login is shown', async () => {
    const context = await newContext(browser, MOBILE);
    const page = await context.newPage();
    const email = uniqueEmail('logout');
    await page.goto(`${baseUrl}/register`);
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret-pass-2');
    await page.getByLabel('Confirm password').fill('secret-pass-2');
    await page.getByRole('button', { name: 'Create account' }).click();
    await waitForPath(page, '/');
    await completeOnboarding(page);

    await page.getByRole('link', { name: 'Profile' }).click();
    await waitForPath(page, '/profile');
    await page.getByRole('button', { name: /Sign Out/ }).waitFor();
    await checkScreen(page, 'logout', 'profile');
    await page.getByRole('button', { name: /Sign Out/ }).click();
    await waitForPath(page, '/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await page.evaluate("localStorage.getItem('auth_token')")).toBeNull();
    await checkScreen(page, 'logout', 'login');

    // Protected pages are closed again.
    await page.goto(`${baseUrl}/profile`);
    await waitForPath(page, '/login');
    await context.close();
  });

  it('when a signed-out visitor opens /tasks, then they land on /login', async () => {
    const context = await newContext(browser, MOBILE);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/tasks`);
    await waitForPath(page, '/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await checkScreen(page, 'signed-out-tasks', 'login');
    await context.close();
  });

  it('when a worker opens /admin, then they land on /', async () => {
    const context = await newContext(browser, MOBILE);
    const page = await context.newPage();
    const email = uniqueEmail('noadmin');
    await page.goto(`${baseUrl}/register`);
    await page.getByLabel('First name').fill('Alan');
    await page.getByLabel('Last name').fill('Turing');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret-pass-3');
    await page.getByLabel('Confirm password').fill('secret-pass-3');
    await page.getByRole('button', { name: 'Create account' }).click();
    await waitForPath(page, '/');
    await completeOnboarding(page);

    await page.goto(`${baseUrl}/admin/users-list`);
    await waitForPath(page, '/');
    await page.getByText('Hello, Alan').waitFor();
    expect(await page.locator('.ant-menu').count()).toBe(0);
    await checkScreen(page, 'worker-admin', 'home');
    await context.close();
  });
});
