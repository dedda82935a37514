import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeOnboarding, DESKTOP, DEV_ADMIN, launchBrowser, newContext, checkScreen, waitForPath } from './support/browser.js';
import { e2eStack } from './support/stack.js';

const { baseUrl } = e2eStack();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('admin journey (desktop 1366x900)', () => {
  it('when the dev admin signs in, then the admin console opens at /admin with its side menu', async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Email').fill(DEV_ADMIN.email);
    await page.getByLabel('Password').fill(DEV_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await waitForPath(page, '/admin');
    await completeOnboarding(page, 'admin');

    const menu = page.locator('.admin-sider .ant-menu').first();
    await menu.waitFor();
    const topLevel = await menu.locator(':scope > li').allInnerTexts();
    expect(topLevel.map((t) => t.trim())).toEqual([
      'Dashboard',
      'Users',
      'Tasks',
      'Task Packages',
      'Withdrawals',
      'Awards',
      'Chat System',
      'CRM - Support',
      'Referral System',
      'Company News',
      'Documents',
      'System Settings',
      'Email Templates',
      'Audit Log',
    ]);
    await checkScreen(page, 'admin', 'dashboard');

    // A section opens from the menu and a reload keeps it (Company News, built in issue 14).
    await page.locator('.admin-sider .ant-menu').getByText('Company News', { exact: true }).click();
    await waitForPath(page, '/admin/company-news');
    await page.getByTestId('company-news-section').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Company News' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Company News' }).waitFor();
    await checkScreen(page, 'admin', 'company-news');

    await page.locator('.admin-sider .ant-menu').getByText('Audit Log', { exact: true }).click();
    await waitForPath(page, '/admin/audit-log');
    await page.getByRole('heading', { level: 1, name: 'Audit Log' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Audit Log' }).first().waitFor();
    await checkScreen(page, 'admin', 'audit-log');

    await page.getByRole('button', { name: /Back to App/ }).click();
    await waitForPath(page, '/');
    await context.close();
  });
});
