import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { expectNoCspViolations } from './csp.js';

/**
 * What every screen a journey passes must satisfy (issue 10), checked by `checkScreen` and saved as screenshots:
 * - the page body never scrolls sideways (at the journey's width and at the other widths photographed);
 * - no toast covers an element of the header or the page title;
 * - axe-core finds no serious or critical violation;
 * - no Content-Security-Policy violation so far;
 * - a screenshot at the journey's width and at phone (390) and desktop (1440) width, in e2e/artifacts/<journey>/.
 */
export const PHONE = { width: 390, height: 844 };
export const WIDE_DESKTOP = { width: 1440, height: 900 };
const ARTIFACTS = resolve(fileURLToPath(new URL('../artifacts', import.meta.url)));
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** antd's enter/leave motions and anything still loading: a screenshot waits until they are over. */
const MOTION =
  '.ant-zoom-appear, .ant-zoom-enter, .ant-zoom-leave, .ant-fade-appear, .ant-fade-enter, .ant-fade-leave, .ant-move-up-appear, .ant-move-up-enter, .ant-slide-up-enter, .ant-slide-up-leave, .ant-notification-fade-appear, .ant-notification-fade-enter, .ant-notification-fade-leave, .ant-spin-spinning';
/** The header of every frame (worker, admin, sign-in, landing) and the page title. */
const HEADER = 'header, [role="banner"], .admin-header, h1';
const TOAST = '.ant-notification-notice';

export interface TScreenOptions {
  /** axe rule ids not to run on this screen, each with the reason (kept rare; none today). */
  skipAxeRules?: Record<string, string>;
}

/** The page's document, for predicates that run in the page (the tests are typed without the DOM library). */
type TPageAnimations = { document: { getAnimations: () => { playState: string; effect: { getTiming: () => { iterations?: number } } | null }[] } };
export type TPageDocument = { document: { querySelector: (selector: string) => null | { getAttribute: (name: string) => string | null } } };

/**
 * Waits until dialogs, toasts and tables have finished moving and two frames have been drawn. Predicates that poll
 * in the page are functions, never strings: Playwright evaluates a string with eval, which the app's
 * Content-Security-Policy refuses (and reports as a violation).
 */
export async function settle(page: Page): Promise<void> {
  await page
    .waitForFunction((selector) => !(globalThis as unknown as TPageDocument).document.querySelector(selector), MOTION, { timeout: 5_000 })
    .catch(() => undefined);
  // CSS transitions too (a menu item fading to its selected colour would be measured half-way by axe).
  await page
    .waitForFunction(() => (globalThis as unknown as TPageAnimations).document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity), undefined, {
      timeout: 3_000,
    })
    .catch(() => undefined);
  await page.evaluate('document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))');
}

/** Elements that stick out to the right of the viewport, for the failure message. */
async function horizontalOverflow(page: Page): Promise<{ scrollWidth: number; clientWidth: number; culprits: string[] } | null> {
  return page.evaluate(`(() => {
    const root = document.documentElement;
    const clientWidth = root.clientWidth;
    const scrollWidth = Math.max(root.scrollWidth, document.body.scrollWidth);
    if (scrollWidth <= clientWidth) return null;
    const culprits = [];
    const nameOf = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\\s+/).slice(0, 3).join('.') : '');
    for (const el of document.body.querySelectorAll('*')) {
      const box = el.getBoundingClientRect();
      // Sticking out itself, or holding content that sticks out without scrolling it.
      const spills = getComputedStyle(el).overflowX === 'visible' && el.scrollWidth > el.clientWidth + 1 && box.left + el.scrollWidth > clientWidth + 1;
      if ((box.width > 0 && box.right > clientWidth + 1) || spills) {
        culprits.push(nameOf(el) + ' right=' + Math.round(Math.max(box.right, box.left + el.scrollWidth)));
        if (culprits.length >= 8) break;
      }
    }
    return { scrollWidth, clientWidth, culprits };
  })()`);
}

export async function expectNoHorizontalOverflow(page: Page, where: string): Promise<void> {
  const overflow = await horizontalOverflow(page);
  if (overflow) {
    throw new Error(
      `${where}: the page body scrolls sideways (${overflow.scrollWidth}px content in ${overflow.clientWidth}px); sticking out: ${overflow.culprits.join(', ')}`,
    );
  }
}

/** No visible toast intersects the header (or anything in it) or the page title. */
export async function expectToastsClearOfHeader(page: Page, where: string): Promise<void> {
  const overlaps = (await page.evaluate(`(() => {
    const boxes = (selector) => [...document.querySelectorAll(selector)]
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ el, box }) => box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden');
    const toasts = boxes('${TOAST}');
    const found = [];
    for (const header of boxes('${HEADER}')) {
      for (const toast of toasts) {
        const a = header.box, b = toast.box;
        if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) {
          found.push(header.el.tagName.toLowerCase() + '.' + (header.el.className || '') + ' "' + (header.el.textContent || '').trim().slice(0, 40) + '" under the toast "' + (toast.el.textContent || '').trim().slice(0, 40) + '"');
        }
      }
    }
    return found;
  })()`)) as string[];
  if (overlaps.length > 0) throw new Error(`${where}: a toast covers the header: ${overlaps.join('; ')}`);
}

interface TAxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

async function seriousAxeViolations(page: Page, skip: Record<string, string>): Promise<TAxeViolation[]> {
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.evaluate(AXE_SOURCE);
  const rules = Object.fromEntries(Object.keys(skip).map((id) => [id, { enabled: false }]));
  const violations = (await page.evaluate(
    `window.axe.run(document, { resultTypes: ['violations'], rules: ${JSON.stringify(rules)} }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) })))`,
  )) as TAxeViolation[];
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/**
 * axe-core (from node_modules, injected into the page: nothing is downloaded) finds no serious or critical violation.
 * A violation found once is measured again after the page has settled a second time: a colour caught half-way through
 * a transition that began after the first settle (a menu item turning selected once its lazy section has loaded, seen
 * in CI as 4.41:1 on a blue that is 5.4:1 when still) is not what a user reads; one that stays is reported.
 */
export async function expectNoSeriousAxeViolations(page: Page, where: string, skip: Record<string, string> = {}): Promise<void> {
  let serious = await seriousAxeViolations(page, skip);
  if (serious.length > 0) {
    await page.waitForTimeout(500);
    await settle(page);
    serious = await seriousAxeViolations(page, skip);
  }
  if (serious.length > 0) {
    const text = serious
      .map((v) => `- ${v.impact} ${v.id}: ${v.help}\n${v.nodes.slice(0, 5).map((n) => `    ${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240)}`).join('\n')}`)
      .join('\n');
    throw new Error(`${where}: axe found ${serious.length} serious/critical violation(s):\n${text}`);
  }
}

async function photograph(page: Page, journey: string, name: string): Promise<void> {
  const dir = join(ARTIFACTS, journey);
  mkdirSync(dir, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: join(dir, `${name}.${width}.png`), animations: 'disabled' });
}

/**
 * The checks of every screen, then the screenshots: at the journey's own width (all checks), then at the phone and
 * desktop widths it is not at (layout checks and a screenshot), then back. Call it once per screen a journey passes.
 */
export async function checkScreen(page: Page, journey: string, name: string, options: TScreenOptions = {}): Promise<void> {
  const own = page.viewportSize();
  if (!own) throw new Error('checkScreen needs a page with a fixed viewport');
  const where = `${journey}/${name} at ${own.width}px`;
  await settle(page);
  expectNoCspViolations();
  await expectNoHorizontalOverflow(page, where);
  await expectToastsClearOfHeader(page, where);
  await expectNoSeriousAxeViolations(page, where, options.skipAxeRules);
  await photograph(page, journey, name);
  const others = [PHONE, WIDE_DESKTOP].filter((size) => size.width !== own.width);
  for (const size of others) {
    await page.setViewportSize(size);
    await settle(page);
    await expectNoHorizontalOverflow(page, `${journey}/${name} at ${size.width}px`);
    await expectToastsClearOfHeader(page, `${journey}/${name} at ${size.width}px`);
    await photograph(page, journey, name);
  }
  if (others.length > 0) {
    await page.setViewportSize(own);
    await settle(page);
  }
  expectNoCspViolations();
}
