/**
 * Lighthouse (npm) with Debian's Chromium, mobile defaults (simulated slow 4G and 4x CPU slowdown), on the whole
 * stack (scripts/stack.ts, as the browser journeys start it) serving a built frontend:
 *   1. /login, signed out, cold (no cache, no service worker);
 *   2. a signed-in worker's home `/`: a worker registered through the API signs in through the login page and
 *      passes the onboarding in the same browser, then the cache, the service worker and its caches are cleared
 *      (the session in localStorage is kept) and `/` is audited cold.
 * Each page is audited BENCH_LIGHTHOUSE_RUNS (3) times; the median run by performance score is reported.
 *
 *   npm run build -w @platform/frontend && npm run bench:lighthouse      # about 4 minutes
 *   BENCH_LABEL=before ... writes the section "before" of bench/results/lighthouse.txt (other sections are kept)
 * The full reports and screenshots of /login and the home at 390 px go to .dev/lighthouse/ (not committed).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { loadavg } from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { chromium, type BrowserContext } from 'playwright-core';
import { apiClient } from '../e2e/support/api.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH, completeOnboarding, signInTo, uniqueEmail } from '../e2e/support/browser.js';
import { ROOT, startStack } from '../scripts/stack.js';

const DIST = process.env.FRONTEND_DIST ?? join(ROOT, 'frontend', 'dist');
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const LABEL = process.env.BENCH_LABEL ?? 'now';
const RESULT = join(ROOT, 'bench', 'results', 'lighthouse.txt');
/** The full reports, for a closer look (not committed). */
const REPORTS = join(ROOT, '.dev', 'lighthouse');
const PHONE = { width: 390, height: 844 };
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

interface TFigures {
  scores: Record<string, number>;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  transferredKiB: number;
  /**
   * Of which fetched at the lowest priority with no type (Chrome's `<link rel="prefetch">`: a worker's other screens
   * and antd, once Home has settled, src/app/idlePrefetch.ts).
   */
  prefetchedKiB: number;
  lcpElement: string;
  /** Accessibility, best-practices and SEO audits that did not pass. */
  failing: string[];
}

function figuresOf(lhr: Result): TFigures {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const scores: Record<string, number> = {};
  for (const id of CATEGORIES) scores[id] = lhr.categories[id]?.score ?? Number.NaN;
  // The LCP element: a node item in the LCP breakdown insight.
  const lcpDetails = lhr.audits['lcp-breakdown-insight']?.details as { items?: { type?: string; snippet?: string; nodeLabel?: string }[] } | undefined;
  const node = lcpDetails?.items?.find((item) => item.type === 'node');
  const requests = (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; priority?: string; transferSize?: number }[] } | undefined)?.items ?? [];
  const prefetched = requests.filter((request) => request.resourceType === 'Other' && request.priority === 'VeryLow').reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
  return {
    scores,
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    transferredKiB: numeric('total-byte-weight') / 1024,
    prefetchedKiB: prefetched / 1024,
    lcpElement: node ? `${node.snippet ?? ''} "${node.nodeLabel ?? ''}"`.slice(0, 100) : '?',
    failing: CATEGORIES.filter((id) => id !== 'performance').flatMap((id) =>
      (lhr.categories[id]?.auditRefs ?? []).filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && (lhr.audits[ref.id]?.score ?? 1) < 1).map((ref) => `${id}: ${ref.id}`),
    ),
  };
}

function describe(page: string, runs: TFigures[]): string[] {
  const sorted = [...runs].sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
  const median = sorted[Math.floor(sorted.length / 2)] as TFigures;
  const s = (id: string) => (median.scores[id] ?? Number.NaN).toFixed(2);
  return [
    `${page} (median of ${runs.length} by performance; performance of each run: ${runs.map((r) => (r.scores.performance ?? 0).toFixed(2)).join(', ')})`,
    `  performance ${s('performance')}, accessibility ${s('accessibility')}, best practices ${s('best-practices')}, SEO ${s('seo')}`,
    `  FCP ${(median.fcpMs / 1000).toFixed(1)} s, LCP ${(median.lcpMs / 1000).toFixed(1)} s, TBT ${Math.round(median.tbtMs)} ms, CLS ${median.cls.toFixed(3)}, transferred ${Math.round(median.transferredKiB)} KiB${median.prefetchedKiB > 0 ? ` (of which ${Math.round(median.prefetchedKiB)} KiB prefetched once the page settled)` : ''}`,
    `  LCP element: ${median.lcpElement}`,
    ...(median.failing.length > 0 ? [`  failing: ${median.failing.join(', ')}`] : []),
  ];
}

/** Replaces the section `label` of the results file and keeps the others. */
function writeSection(label: string, lines: string[]): void {
  const header = (name: string) => `== ${name}`;
  const sections = new Map<string, string>();
  if (existsSync(RESULT)) {
    for (const block of readFileSync(RESULT, 'utf8').split(/^(?===\s)/m)) {
      const name = /^==\s(.+)$/m.exec(block)?.[1];
      if (name) sections.set(name.trim(), block.trimEnd());
    }
  }
  sections.set(label, [header(label), ...lines].join('\n'));
  mkdirSync(dirname(RESULT), { recursive: true });
  writeFileSync(RESULT, `${[...sections.values()].join('\n\n')}\n`);
}

async function main(): Promise<void> {
  if (!existsSync(join(DIST, 'index.html'))) throw new Error(`No built frontend at ${DIST}: run \`npm run build -w @platform/frontend\` first.`);
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS.filter((flag) => flag !== '--autoplay-policy=no-user-gesture-required') });
  // One connection of Playwright's to the same browser: it signs in and clears caches between runs.
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`).catch((error: unknown) => {
    chrome.kill();
    throw error;
  });
  const stack = await startStack({ namespace: `lh_${Date.now().toString(36)}`, ephemeral: true, seed: true, frontendDist: DIST, logLevel: 'warn' }).catch((error: unknown) => {
    chrome.kill();
    throw error;
  });
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('The browser has no default context');
    const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES };
    const audit = async (url: string, keepSession: boolean): Promise<TFigures[]> => {
      const runs: TFigures[] = [];
      for (let run = 0; run < RUNS; run++) {
        // Lighthouse clears the cache and storage itself unless told not to; with a session to keep, the cache,
        // the service worker and its caches are cleared here, the localStorage kept.
        if (keepSession) await clearAllButStorage(context, stack.baseUrl);
        const result = await lighthouse(url, { ...flags, disableStorageReset: keepSession });
        if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
        const runtimeError = result.lhr.runtimeError;
        if (runtimeError) throw new Error(`Lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`);
        runs.push(figuresOf(result.lhr));
        mkdirSync(REPORTS, { recursive: true });
        writeFileSync(join(REPORTS, `${LABEL}-${new URL(url).pathname.replace(/\W+/g, '_')}-${run + 1}.json`), JSON.stringify(result.lhr));
        console.log(`${url} run ${run + 1}: performance ${(result.lhr.categories.performance?.score ?? 0).toFixed(2)}`);
      }
      return runs;
    };

    const login = await audit(`${stack.baseUrl}/login`, false);
    // A look at the page at 390 px (a common phone width), beside the reports.
    const loginPage = await context.newPage();
    await loginPage.setViewportSize(PHONE);
    await loginPage.goto(`${stack.baseUrl}/login`);
    await loginPage.getByLabel('Email').waitFor();
    await loginPage.screenshot({ path: join(REPORTS, `${LABEL}-login-390.png`), fullPage: true });
    await loginPage.close();

    // A worker, signed in through the login page with the onboarding passed, in the browser Lighthouse audits.
    const email = uniqueEmail('lighthouse');
    const password = 'Worker123!';
    await apiClient(stack.baseUrl).registerWorker(email, password, 'Light', 'House');
    const page = await context.newPage();
    await page.setViewportSize(PHONE);
    await signInTo(stack.baseUrl)(page, email, password, '/');
    await completeOnboarding(page);
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: join(REPORTS, `${LABEL}-home-390.png`), fullPage: true });
    await page.close();
    const home = await audit(`${stack.baseUrl}/`, true);

    const [load1, load5] = loadavg();
    const lines = [
      `${new Date().toISOString()}; Lighthouse ${readLighthouseVersion()} (mobile defaults: simulated slow 4G, 4x CPU), ${readChromiumVersion()}; load average ${load1?.toFixed(1)} / ${load5?.toFixed(1)}; frontend ${DIST}`,
      ...describe('/login, signed out', login),
      ...describe('/ (home), a signed-in worker', home),
    ];
    for (const line of lines) console.log(line);
    writeSection(LABEL, lines);
  } finally {
    chrome.kill();
    await stack.stop();
  }
}

function readLighthouseVersion(): string {
  return (JSON.parse(readFileSync(join(ROOT, 'node_modules', 'lighthouse', 'package.json'), 'utf8')) as { version: string }).version;
}

function readChromiumVersion(): string {
  return execFileSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8' }).trim();
}

/** The HTTP cache, the service workers and Cache Storage of the origin; cookies and localStorage stay. */
async function clearAllButStorage(context: BrowserContext, origin: string): Promise<void> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'service_workers,cache_storage' });
  await page.close();
}

await main();
