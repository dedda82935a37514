import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { watchCsp } from './csp.js';
import { checkScreen, PHONE, WIDE_DESKTOP } from './screens.js';

export { checkScreen } from './screens.js';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
  '--autoplay-policy=no-user-gesture-required',
];
export const MOBILE = PHONE;
/** The admin's desktop. */
export const DESKTOP = WIDE_DESKTOP;
/** A small laptop or a tablet held sideways: the admin console's side menu collapses to icons. */
export const NARROW_DESKTOP = { width: 900, height: 900 };
export const DEV_ADMIN = { email: 'admin@platform.local', password: 'Admin123!' };

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium is missing at ${CHROMIUM_PATH} (apt-get install chromium)`);
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** A fresh browser context (English unless told; 'ru-RU' gives the Russian interface), watched for CSP violations. */
export async function newContext(browser: Browser, viewport: { width: number; height: number }, locale = 'en-US'): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, locale });
  context.setDefaultTimeout(20_000);
  await watchCsp(context);
  return context;
}

/**
 * Signs in through the login form of the stack at `baseUrl`, waits for `landing` and completes the onboarding if it
 * shows: `const signIn = signInTo(baseUrl)`, then `await signIn(page, email, password, '/')`.
 */
export function signInTo(baseUrl: string) {
  return async (page: Page, email: string, password: string, landing: string): Promise<void> => {
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await waitForPath(page, landing);
    await completeOnboarding(page);
  };
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.test`;
}

/** Waits until the path (without origin and query) is the one given. */
export async function waitForPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path);
}

/**
 * Passes the onboarding overlays when they come (spec 01 s.4): the welcome video (Skip), then the required
 * documents (tick each, wait for the acceptance, finish). Returns what it saw, so a journey can assert it.
 */
/** The onboarding buttons and toast in each interface language. */
export const ONBOARDING_TEXTS = {
  en: { skip: 'Skip', finish: 'Accept and continue', accepted: 'Documents Accepted' },
  ru: { skip: 'Пропустить', finish: 'Принять и продолжить', accepted: 'Документы приняты' },
};

export async function completeOnboarding(
  page: Page,
  journey?: string,
  texts: (typeof ONBOARDING_TEXTS)['en'] = ONBOARDING_TEXTS.en,
): Promise<{ video: boolean; documents: number }> {
  const skip = page.getByRole('button', { name: texts.skip });
  const documents = page.locator('.required-doc');
  const settled = page.locator('[data-testid="onboarding-settled"]');
  // Either an overlay appears, or the app reports there is nothing to show.
  await Promise.race([skip.waitFor(), documents.first().waitFor(), settled.waitFor({ state: 'attached' })]);
  let video = false;
  if (await skip.isVisible()) {
    video = true;
    // A function, not a string: a polled string is evaluated with eval, which the app's CSP refuses.
    await page.waitForFunction(() => ((globalThis as unknown as { document: { querySelector: (s: string) => { readyState: number } | null } }).document.querySelector('video')?.readyState ?? 0) >= 2);
    if (journey) await checkScreen(page, journey, 'welcome-video');
    await skip.click();
    await Promise.race([documents.first().waitFor(), settled.waitFor({ state: 'attached' })]);
  }
  const count = await documents.count();
  if (count > 0) {
    if (journey) await checkScreen(page, journey, 'required-documents');
    for (const box of await page.locator('.required-doc input[type="checkbox"]').all()) {
      await box.click();
      const handle = await box.elementHandle();
      await page.waitForFunction((el) => (el as unknown as { checked: boolean }).checked, handle);
    }
    await page.getByRole('button', { name: texts.finish }).click();
    await page.getByText(texts.accepted).first().waitFor();
  }
  await settled.waitFor({ state: 'attached' });
  return { video, documents: count };
}

/**
 * The newest .eml in the outbox that is addressed to the given e-mail (and, when given, matches), waited for with
 * a deadline.
 */
export async function waitForEmail(outboxDir: string, to: string, matches: (eml: string) => boolean = () => true, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = existsSync(outboxDir)
      ? readdirSync(outboxDir, { recursive: true })
          .map(String)
          .filter((f) => f.endsWith('.eml'))
          .map((f) => join(outboxDir, f))
          .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)
      : [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      if (text.toLowerCase().includes(to.toLowerCase()) && matches(text)) return text;
    }
    if (Date.now() > deadline) throw new Error(`No e-mail to ${to} in ${outboxDir} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Undoes quoted-printable (soft breaks and =XX) so a link split over lines can be read. */
export function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export function extractResetLink(eml: string): string {
  const decoded = decodeQuotedPrintable(eml);
  const match = /https?:\/\/[^\s"'<>]+\/reset-password\?token=[^\s"'<>&]+/.exec(decoded);
  if (!match) throw new Error(`No reset link in the e-mail:\n${decoded.slice(0, 2000)}`);
  return match[0];
}

/**
 * A table row's action (frontend components/list/RowActions): the link when the row shows it, else the entry of the
 * row's "More" menu (the menu is attached to the page, not to the row).
 */
export async function clickRowAction(row: Locator, name: string): Promise<void> {
  const link = row.getByRole('button', { name, exact: true });
  if ((await link.count()) > 0) return link.click();
  await row.getByRole('button', { name: /More/ }).click();
  await row.page().locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem', { name, exact: true }).click();
}

/**
 * Does `act` (a click, a choice in a list) until `outcome` shows, at most `tries` times, as a person does when a tap
 * did not take: under the full tier's load, a click on an antd control that had just opened (a dialog's Save, a
 * select's option) was twice seen not to take (CI; the cause is not known). The outcome is still asserted: it must
 * show after one of the tries, and the last try's error is what fails the test.
 */
export async function actUntilShown(act: () => Promise<void>, outcome: Locator, tries = 3): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    await act();
    try {
      await outcome.first().waitFor({ timeout: attempt < tries ? 5_000 : 20_000 });
      return;
    } catch (error) {
      if (attempt >= tries) throw error;
      console.log(`actUntilShown: "${outcome.toString()}" not shown after try ${attempt}; trying again`);
    }
  }
}

/**
 * Waits for a toast (an antd notification) with the text. When it does not come, the error names the toasts that
 * are on screen instead (a failure toast carries the server's answer), so a failed run says what happened.
 */
export async function waitForToast(page: Page, text: string): Promise<void> {
  const toasts = page.locator('.ant-notification-notice');
  try {
    await toasts.filter({ hasText: text }).first().waitFor();
  } catch (error) {
    const shown = await toasts.allInnerTexts().catch(() => []);
    throw new Error(`No toast "${text}"; on screen: ${shown.length > 0 ? shown.map((t) => JSON.stringify(t.replace(/\s+/g, ' '))).join(', ') : 'none'}`, { cause: error });
  }
}

/**
 * Closes the toasts on screen with their close buttons, as a person would before tapping what they cover (a toast
 * under the pointer stays while hovered, so waiting for it can take forever).
 */
export async function dismissToasts(page: Page): Promise<void> {
  const closes = page.locator('.ant-notification-notice .ant-notification-notice-close');
  for (let i = await closes.count(); i > 0; i -= 1) await closes.first().click().catch(() => undefined);
  await page.locator('.ant-notification-notice:not(.ant-notification-fade-leave)').first().waitFor({ state: 'detached', timeout: 5_000 }).catch(() => undefined);
}
