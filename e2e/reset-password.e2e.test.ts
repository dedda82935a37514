import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeOnboarding, decodeQuotedPrintable, extractResetLink, launchBrowser, MOBILE, newContext, checkScreen, uniqueEmail, waitForEmail, waitForPath } from './support/browser.js';
import { e2eStack } from './support/stack.js';

const { baseUrl, outboxDir } = e2eStack();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('password recovery through the e-mail outbox (mobile 390x844)', () => {
  it('when a worker asks for a link, then the e-mailed link sets a new password that signs them in', async () => {
    const context = await newContext(browser, MOBILE);
    const page = await context.newPage();
    const email = uniqueEmail('reset');

    // A worker with a known password.
    await page.goto(`${baseUrl}/register`);
    await page.getByLabel('First name').fill('Rosalind');
    await page.getByLabel('Last name').fill('Franklin');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('old-password-1');
    await page.getByLabel('Confirm password').fill('old-password-1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await waitForPath(page, '/');
    await completeOnboarding(page);
    await page.getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('button', { name: /Sign Out/ }).click();
    await waitForPath(page, '/login');

    // Forgot password.
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await waitForPath(page, '/forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send link' }).click();
    await page.getByText('Check your e-mail').waitFor();
    await checkScreen(page, 'reset-password', 'link-sent');

    // The link from the newest e-mail to this worker.
    const link = extractResetLink(await waitForEmail(outboxDir, email, (eml) => decodeQuotedPrintable(eml).includes('/reset-password?token=')));
    const url = new URL(link);
    await page.goto(`${baseUrl}${url.pathname}${url.search}`);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('new-password-2');
    await page.getByLabel('Confirm new password').fill('new-password-2');
    await checkScreen(page, 'reset-password', 'form');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Password changed').waitFor();
    await checkScreen(page, 'reset-password', 'done');

    // The link is single-use.
    await page.goto(`${baseUrl}${url.pathname}${url.search}`);
    await waitForPath(page, '/forgot-password');
    await page.getByText('Invalid Link').waitFor();

    // The old password no longer works; the new one does.
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('old-password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Login failed').waitFor();
    await page.getByLabel('Password').fill('new-password-2');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await waitForPath(page, '/');
    await page.getByText('Hello, Rosalind').waitFor();
    await checkScreen(page, 'reset-password', 'signed-in');
    expect(await page.evaluate("localStorage.getItem('auth_token')")).not.toBeNull();
    await context.close();
  });
});
