/**
 * The admin console at production volumes (issue 25 item 3): every section opened in Chromium at 1440 px, first on
 * the new stack (its admin and two documents: the reference, same run, same browser), then after the scale seed
 * (scripts/seed-scale.ts, BENCH_SCALE, default 1 = 100,000 workers, 1,000,000 ledger entries, 200,000 withdrawals of
 * which 20,000 pending...). Run: `npm run bench:console` (about 6 minutes at full size; it builds the frontend when
 * frontend/dist is missing).
 *
 * Each section is opened the way an admin opens it: from another section, inside the running app (the router's
 * navigation, no page load), so what is measured is the section and its data, not the first download. For each:
 *   - the browser's long tasks (PerformanceObserver 'longtask', buffered) from the navigation until the section has
 *     settled (no spinner, no request in flight for 500 ms): the longest, their count and the blocking time (the
 *     part of each over 50 ms, as Lighthouse's TBT);
 *   - the time until it settled, and the DOM nodes then (a list that renders every row shows here first).
 * Target (issue 25): no long task over 200 ms in any section at full size. Writes bench/results/console.txt, and a
 * screenshot of each section (reference and seeded) to .dev/console/.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { ADMIN_MENU, type TAdminSection } from '../frontend/src/pages/admin/adminSections.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH, DEV_ADMIN, signInTo } from '../e2e/support/browser.js';
import { seedScale } from '../scripts/seed-scale.js';
import { ROOT, startStack } from '../scripts/stack.js';
import { formatTable, machineLine } from './lib/open-loop.js';

const DIST = process.env.FRONTEND_DIST ?? join(ROOT, 'frontend', 'dist');
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const RESULT = join(ROOT, 'bench', 'results', 'console.txt');
/** Each section's screenshot at 1440 px, reference and seeded (not committed). */
const SHOTS = join(ROOT, '.dev', 'console');
const LONG_TASK_LIMIT_MS = 200;
/** Quiet this long (no spinner, no request) and the section has settled. */
const SETTLE_MS = 500;
const SECTION_TIMEOUT_MS = 60_000;

/** Every section of the menu, groups by their sub-sections. */
const SECTIONS: TAdminSection[] = ADMIN_MENU.flatMap((entry) => entry.children ?? [entry.key]).filter((key): key is TAdminSection => key !== 'users');

interface TSectionFigures {
  section: TAdminSection;
  longestMs: number;
  longTasks: number;
  blockingMs: number;
  settledMs: number;
  domNodes: number;
}

/** Collects long tasks from the first script on (an init script runs before the app's). */
const OBSERVE_LONG_TASKS = `
  window.__longTasks = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration }); })
    .observe({ type: 'longtask', buffered: true });
`;

async function trackRequests(page: Page): Promise<() => number> {
  let inFlight = 0;
  page.on('request', () => (inFlight += 1));
  const done = () => (inFlight = Math.max(0, inFlight - 1));
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () => inFlight;
}

async function openSection(page: Page, section: TAdminSection, inFlight: () => number): Promise<TSectionFigures> {
  const started = (await page.evaluate(() => performance.now())) as number;
  // The router's own navigation (react-router listens to popstate), as a click in the menu does.
  await page.evaluate(`window.history.pushState({}, '', '/admin/${section}'); window.dispatchEvent(new PopStateEvent('popstate'));`);
  const deadline = Date.now() + SECTION_TIMEOUT_MS;
  let quietSince = Date.now();
  for (;;) {
    if (Date.now() > deadline) throw new Error(`${section} did not settle in ${SECTION_TIMEOUT_MS / 1000} s`);
    const busy = inFlight() > 0 || (await page.locator('.ant-spin-spinning, .ant-skeleton-active').count()) > 0;
    if (busy) quietSince = Date.now();
    else if (Date.now() - quietSince >= SETTLE_MS) break;
    await page.waitForTimeout(50);
  }
  const settledAt = (await page.evaluate(() => performance.now())) as number;
  const tasks = ((await page.evaluate('window.__longTasks')) as { start: number; duration: number }[]).filter((task) => task.start >= started);
  const domNodes = (await page.evaluate("document.getElementsByTagName('*').length")) as number;
  return {
    section,
    longestMs: Math.max(0, ...tasks.map((task) => task.duration)),
    longTasks: tasks.length,
    blockingMs: tasks.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0),
    settledMs: settledAt - started - SETTLE_MS,
    domNodes,
  };
}

async function measureConsole(baseUrl: string, label: string): Promise<TSectionFigures[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript(OBSERVE_LONG_TASKS);
    const page = await context.newPage();
    const inFlight = await trackRequests(page);
    await signInTo(baseUrl)(page, DEV_ADMIN.email, DEV_ADMIN.password, '/admin');
    // Each section once unmeasured first (its code chunk downloaded and compiled), then measured: a returning
    // admin's browser has the chunks; the data is what varies with volume.
    for (const section of SECTIONS) await openSection(page, section, inFlight);
    const figures: TSectionFigures[] = [];
    for (const section of SECTIONS) {
      await openSection(page, 'settings', inFlight);
      figures.push(await openSection(page, section, inFlight));
      // To look at (not committed): each section as the admin sees it.
      mkdirSync(join(SHOTS, label), { recursive: true });
      await page.screenshot({ path: join(SHOTS, label, `${section}.png`) });
    }
    return figures;
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  if (!existsSync(join(DIST, 'index.html'))) {
    console.log('Building the frontend (frontend/dist is missing)...');
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  }
  const lines: string[] = [];
  const out = (line: string) => {
    console.log(line);
    lines.push(line);
  };
  out('# bench:console: every admin section at production volumes (issue 25 item 3)');
  out(machineLine());
  out(`Chromium at 1440 px; each section opened from System Settings inside the app (its code already loaded); long tasks from the navigation until ${SETTLE_MS} ms without a spinner or a request.`);
  out(`reference: the same sections on the same stack before the seed (the admin and the two documents every stack starts with); seeded: scale ${SCALE}.`);
  const stack = await startStack({ namespace: `console_${Date.now().toString(36)}`, ephemeral: true, seed: true, frontendDist: DIST, logLevel: 'warn' });
  try {
    const before = await measureConsole(stack.baseUrl, 'reference');
    out('');
    out('## Seed (npm run seed:scale, the same code)');
    const seeded = await seedScale({ databaseUrls: stack.databaseUrls as Parameters<typeof seedScale>[0]['databaseUrls'], scale: SCALE, log: (line) => console.log(line) });
    out(`  ${seeded.timings.reduce((sum, t) => sum + t.rows, 0).toLocaleString('en')} rows in ${(seeded.totalMs / 1000).toFixed(0)} s`);
    const after = await measureConsole(stack.baseUrl, 'seeded');
    out('');
    out('## Sections (longest long task, count, blocking time, settled after, DOM nodes): reference | seeded');
    const ms = (value: number) => `${Math.round(value)} ms`;
    const rows = [['section', 'ref longest', 'ref TBT', 'ref nodes', 'longest', 'tasks', 'TBT', 'settled', 'nodes', `<=${LONG_TASK_LIMIT_MS} ms`]];
    for (const figures of after) {
      const reference = before.find((b) => b.section === figures.section)!;
      rows.push([
        figures.section,
        ms(reference.longestMs),
        ms(reference.blockingMs),
        String(reference.domNodes),
        ms(figures.longestMs),
        String(figures.longTasks),
        ms(figures.blockingMs),
        ms(figures.settledMs),
        String(figures.domNodes),
        figures.longestMs <= LONG_TASK_LIMIT_MS ? 'yes' : 'NO',
      ]);
    }
    for (const line of formatTable(rows)) out(`  ${line}`);
    const misses = after.filter((figures) => figures.longestMs > LONG_TASK_LIMIT_MS).map((figures) => figures.section);
    out('');
    out(misses.length === 0 ? `Every section: no long task over ${LONG_TASK_LIMIT_MS} ms.` : `Over ${LONG_TASK_LIMIT_MS} ms: ${misses.join(', ')}.`);
  } finally {
    await stack.stop();
  }
  mkdirSync(dirname(RESULT), { recursive: true });
  writeFileSync(RESULT, `${lines.join('\n')}\n`);
  console.log(`\nWritten to ${RESULT}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
