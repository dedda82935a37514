import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

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
export const MOBILE = { width: 390, height: 844 };
export const DESKTOP = { width: 1366, height: 900 };
export const DEV_ADMIN = { email: 'admin@platform.local', password: 'Admin123!' };

const ARTIFACTS = resolve(fileURLToPath(new URL('../artifacts', import.meta.url)));

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium is missing at ${CHROMIUM_PATH} (apt-get install chromium)`);
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

export async function newContext(browser: Browser, viewport: { width: number; height: number }): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, locale: 'en-US' });
  context.setDefaultTimeout(20_000);
  return context;
}

/** Saves a screenshot as e2e/artifacts/<journey>/<name>.png. */
export async function snap(page: Page, journey: string, name: string): Promise<void> {
  const dir = join(ARTIFACTS, journey);
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`) });
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
export async function completeOnboarding(page: Page, journey?: string): Promise<{ video: boolean; documents: number }> {
  const skip = page.getByRole('button', { name: 'Skip' });
  const documents = page.locator('.required-doc');
  const settled = page.locator('[data-testid="onboarding-settled"]');
  // Either an overlay appears, or the app reports there is nothing to show.
  await Promise.race([skip.waitFor(), documents.first().waitFor(), settled.waitFor({ state: 'attached' })]);
  let video = false;
  if (await skip.isVisible()) {
    video = true;
    await page.waitForFunction("(document.querySelector('video')?.readyState ?? 0) >= 2");
    if (journey) await snap(page, journey, 'welcome-video');
    await skip.click();
    await Promise.race([documents.first().waitFor(), settled.waitFor({ state: 'attached' })]);
  }
  const count = await documents.count();
  if (count > 0) {
    if (journey) await snap(page, journey, 'required-documents');
    for (const box of await page.locator('.required-doc input[type="checkbox"]').all()) {
      await box.click();
      const handle = await box.elementHandle();
      await page.waitForFunction((el) => (el as unknown as { checked: boolean }).checked, handle);
    }
    await page.getByRole('button', { name: 'Accept and continue' }).click();
    await page.getByText('Documents Accepted').first().waitFor();
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
