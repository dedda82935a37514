import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './support/api.js';
import { DESKTOP, DEV_ADMIN, launchBrowser, MOBILE, signInTo, uniqueEmail } from './support/browser.js';
import { e2eStack } from './support/stack.js';

/**
 * Issue 27, "Proven by": the first load of each kind of page, counted as the bytes Chromium receives from the
 * gateway (it asks with `Accept-Encoding: gzip, deflate, br, zstd`): every byte on the wire, headers included
 * (CDP's encodedDataLength), from an empty cache, until the network is quiet. The service worker is blocked: its
 * precache download comes after the page has loaded and is not part of what the page needs.
 */
export const BUDGET_KIB = {
  /**
   * The signed-out pages: /login (register, forgot and reset password share its chunk). 917 KiB before issue 27,
   * 295 KiB with compression and lazy chunks; 172 KiB (Lighthouse's count, 24 requests) since the sign-in screens are
   * plain elements and antd is not in the first download (the target: 250 KiB); 191 KiB after issue 28's merges;
   * 197 KiB after issues 28, 29 and 31's fourth-session merges (catalogue entries, field-rule codes, branding); 202.9 KiB
   * with the worker-home work of issue 27 (home27): index.html's two file lists for a worker's start (~0.9 KiB br),
   * the boot script's preload, the plain buttons' CSS, two small chunks the entry now imports apart; 205.4 KiB with the
   * trust page's link and the fifth session's catalogue entries (issue 27 keeps the lists' move out of index.html open);
   * 208.6 KiB once each console section is a chunk of its own (sixth session): the chunks the worker screens share
   * with the console sections are split finer, so index.html's prefetch list names 77 files instead of 46.
   */
  login: 215,
  /**
   * A signed-in worker's home: the next smallest (measured 259 KiB; 271 KiB on the plain sign-in screens' branch;
   * 321 KiB once issue 28's screens, formatting and error catalogue were merged; 332 KiB with the pay rate, appeals,
   * never-pay line and Home's prefetch chunk: issue 27 keeps it open); 233.4 KiB (31 scripts and style sheets) once
   * the frame and Home are plain elements without antd (home27), not counting the 256.6 KiB (46 files) of the other
   * worker screens and antd prefetched after Home has settled; 239.2 KiB (33 files) once the console's sections are
   * chunks of their own (two icons Home uses, shared with sections, became files of their own).
   */
  workerHome: 245,
  /**
   * The admin console's first load (measured 601 KiB; 2.2 MB uncompressed before; 720 KiB after issue 25's list kit
   * and issue 28's catalogue and settings; 732 KiB with the appeals queue, pay rate and payout-promise settings: over
   * the 700 KiB target, which issue 27 keeps open); 762.6 KiB with the review cockpit, reason templates, claims,
   * bulk approval, control tasks (issue 30) and the dashboard's trust panel (issue 31), all in the console's first chunk
   * set: still over the target; 604.8 KiB once each section is a chunk fetched when opened or pointed at in the menu
   * (pages/admin/adminRoutes.ts): the first load is the frame and the dashboard. The target.
   */
  admin: 700,
};

const { baseUrl } = e2eStack();
const signIn = signInTo(baseUrl);
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface TReceived {
  totalBytes: number;
  /**
   * What `<link rel="prefetch">` fetched (lowest priority, no resource type): a worker's browser fetches the other worker
   * screens and antd's layer once Home has settled (src/app/idlePrefetch.ts), without running them. Not part of the
   * page (not in totalBytes), counted apart.
   */
  prefetchedBytes: number;
  prefetched: string[];
  /** Scripts and style sheets of the app, each with the Content-Encoding it came in. */
  assets: { url: string; encoding: string; bodyBytes: number }[];
}

/** Loads `path` in `page` from an empty cache and counts what arrived over the network. */
async function loadCounting(context: BrowserContext, page: Page, path: string, ready: (page: Page) => Promise<void>): Promise<TReceived> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const requests = new Map<string, { url: string; type: string; encoding: string; headerBytes: number }>();
  const received: TReceived = { totalBytes: 0, prefetchedBytes: 0, prefetched: [], assets: [] };
  const prefetches = new Set<string>();
  cdp.on('Network.requestWillBeSent', (event) => {
    // Chrome sends a `<link rel="prefetch">` at its lowest priority with no resource type.
    if (event.type === 'Prefetch' || (event.type === 'Other' && event.request.initialPriority === 'VeryLow')) prefetches.add(event.requestId);
  });
  cdp.on('Network.responseReceived', (event) => {
    const headers = Object.fromEntries(Object.entries(event.response.headers).map(([name, value]) => [name.toLowerCase(), String(value)]));
    requests.set(event.requestId, { url: event.response.url, type: event.type, encoding: headers['content-encoding'] ?? 'identity', headerBytes: event.response.encodedDataLength });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const request = requests.get(event.requestId);
    if (prefetches.has(event.requestId)) {
      received.prefetchedBytes += event.encodedDataLength;
      received.prefetched.push((request?.url ?? '').slice(baseUrl.length));
      return;
    }
    received.totalBytes += event.encodedDataLength;
    if (request && (request.type === 'Script' || request.type === 'Stylesheet') && request.url.startsWith(baseUrl)) {
      received.assets.push({ url: request.url.slice(baseUrl.length), encoding: request.encoding, bodyBytes: event.encodedDataLength - request.headerBytes });
    }
  });
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
  await ready(page);
  await page.waitForLoadState('networkidle');
  await cdp.detach();
  return received;
}

function expectWithin(received: TReceived, budgetKiB: number, what: string): void {
  const kib = received.totalBytes / 1024;
  console.log(
    `${what}: ${kib.toFixed(1)} KiB received (budget ${budgetKiB} KiB), ${received.assets.length} scripts and style sheets` +
      (received.prefetched.length > 0 ? `; then ${(received.prefetchedBytes / 1024).toFixed(1)} KiB prefetched once settled (${received.prefetched.length} files)` : ''),
  );
  expect(received.assets.length, `${what}: scripts were loaded`).toBeGreaterThan(0);
  // Every script and style sheet of the app arrives compressed with brotli (the build precompresses them all; a
  // file under 512 bytes, or one brotli would not make smaller, is sent as it is).
  const uncompressed = received.assets.filter((asset) => asset.encoding !== 'br' && asset.bodyBytes > 512);
  expect(uncompressed, `${what}: scripts and style sheets not sent in br`).toEqual([]);
  expect(kib, `${what}: KiB received`).toBeLessThanOrEqual(budgetKiB);
}

describe('first load budgets (bytes received with Accept-Encoding: br)', () => {
  it(`when /login is loaded on a phone from an empty cache, then it receives at most ${BUDGET_KIB.login} KiB, scripts in br`, async () => {
    const context = await browser.newContext({ viewport: MOBILE, serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      const received = await loadCounting(context, page, '/login', (p) => p.getByLabel('Email').waitFor());
      expectWithin(received, BUDGET_KIB.login, '/login');
      // The login page does not download the signed-in screens nor the admin console.
      expect(received.assets.map((a) => a.url).filter((url) => /workerScreens|AdminConsole|HomePage/.test(url))).toEqual([]);
      // Nor antd: its layer (src/app/antd.tsx, the chunk antd-<hash>.js) comes with the first toast or signed-in screen.
      expect(received.assets.map((a) => a.url).filter((url) => /\/assets\/antd-/.test(url))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  /** Signs in through the login page in a context without the service worker, then loads `path` counting. */
  async function signedInLoad(viewport: { width: number; height: number }, email: string, password: string, path: string, ready: (page: Page) => Promise<void>) {
    const context = await browser.newContext({ viewport, serviceWorkers: 'block' });
    try {
      const signInPage = await context.newPage();
      await signIn(signInPage, email, password, path);
      await signInPage.close();
      // A new page on the same session (localStorage), from an empty cache.
      const page = await context.newPage();
      return await loadCounting(context, page, path, ready);
    } finally {
      await context.close();
    }
  }

  it(`when a signed-in worker loads the home page on a phone from an empty cache, then it receives at most ${BUDGET_KIB.workerHome} KiB`, async () => {
    const email = uniqueEmail('budget');
    await apiClient(baseUrl).registerWorker(email, 'secret-pass-27', 'Budget', 'Worker');
    const received = await signedInLoad(MOBILE, email, 'secret-pass-27', '/', async (p) => {
      await p.getByTestId('withdraw-why').waitFor();
      // Once Home has settled, the other worker screens and antd's layer are offered for prefetch (src/app/idlePrefetch.ts;
      // the browser fetches them at its lowest priority, when it likes: their bytes are counted apart when they come).
      await p.locator('link[rel="prefetch"][href*="/assets/antd-"]').waitFor({ state: 'attached' });
    });
    expectWithin(received, BUDGET_KIB.workerHome, 'worker home /');
    expect(received.assets.map((a) => a.url).filter((url) => /AdminConsole|authScreens/.test(url))).toEqual([]);
    // Home and the frame are plain elements: antd's layer is not part of the page, only offered for prefetch after it.
    expect(received.assets.map((a) => a.url).filter((url) => /\/assets\/antd-/.test(url))).toEqual([]);
  });

  it(`when the admin console is loaded from an empty cache, then it receives at most ${BUDGET_KIB.admin} KiB`, async () => {
    const received = await signedInLoad(DESKTOP, DEV_ADMIN.email, DEV_ADMIN.password, '/admin', (p) => p.getByRole('menu').first().waitFor());
    expectWithin(received, BUDGET_KIB.admin, 'admin console /admin');
  });
});
