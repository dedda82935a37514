import { afterEach, describe, expect, it, vi } from 'vitest';
import { payoutsApi } from '../features/payouts/payouts.api';
import { jsonResponse, mockApi, signedInState } from '../test/test-utils';
import { addPrefetchLinks, PREFETCH_META_NAME, PREFETCH_SLICE, prefetchWhenSettled, resetIdlePrefetch } from './idlePrefetch';
import { setupStore } from './store';

const FILES = ['/assets/antd-a1.js', '/assets/WorkerTasksScreen-b2.js', '/assets/WorkerTasksScreen-c3.css'];

function listFiles(files = FILES) {
  const meta = document.createElement('meta');
  meta.name = PREFETCH_META_NAME;
  meta.content = files.join(' ');
  document.head.appendChild(meta);
}
const prefetched = () => Array.from(document.head.querySelectorAll('link[rel="prefetch"]')).map((link) => `${link.getAttribute('as')} ${link.getAttribute('href')}`);

afterEach(() => {
  document.head.querySelectorAll('link, meta').forEach((element) => element.remove());
  resetIdlePrefetch();
  vi.unstubAllGlobals();
});

describe('the other worker screens and antd, fetched once Home has settled (issue 27)', () => {
  it("when Home's reads are still in flight, then nothing is fetched; once they are answered, each listed file is prefetched (not run)", async () => {
    let answer: (response: Response) => void = () => undefined;
    mockApi({ 'GET /api/ledger/balance': () => new Promise<Response>((resolve) => (answer = resolve)) });
    listFiles();
    const store = setupStore(signedInState());
    void store.dispatch(payoutsApi.endpoints.ledgerBalance.initiate(undefined));
    const done = prefetchWhenSettled(store);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(prefetched()).toEqual([]);

    answer(jsonResponse({ available: '1.00', held: '0.00' }));
    expect(await done).toBe(3);
    expect(prefetched()).toEqual(['script /assets/antd-a1.js', 'script /assets/WorkerTasksScreen-b2.js', 'style /assets/WorkerTasksScreen-c3.css']);
    // Prefetched, never added as a script or a style sheet: nothing of it runs or applies until a screen needs it.
    expect(document.querySelectorAll('script[src], link[rel="stylesheet"], link[rel="modulepreload"]')).toHaveLength(0);
  });

  it('when the list is long, then the links are added a few per idle period (no long task), and every file is prefetched once', async () => {
    const files = Array.from({ length: PREFETCH_SLICE * 2 + 3 }, (_, index) => `/assets/chunk-${index}.js`);
    listFiles(files);
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    const done = prefetchWhenSettled(setupStore(signedInState()));
    await vi.waitFor(() => expect(idle).toHaveLength(1));
    // The first idle period: the page has settled; the first slice goes in.
    idle.shift()?.();
    await vi.waitFor(() => expect(prefetched()).toHaveLength(PREFETCH_SLICE));
    idle.shift()?.();
    await vi.waitFor(() => expect(prefetched()).toHaveLength(PREFETCH_SLICE * 2));
    idle.shift()?.();
    expect(await done).toBe(files.length);
    expect(prefetched()).toEqual(files.map((file) => `script ${file}`));
  });

  it('when it is asked again on the same page, then the files are not listed twice', async () => {
    listFiles();
    const store = setupStore(signedInState());
    expect(await prefetchWhenSettled(store)).toBe(3);
    expect(await prefetchWhenSettled(store)).toBe(0);
    expect(prefetched()).toHaveLength(3);
  });

  it('when the service worker controls the page (its precache holds the files) or the build listed nothing, then nothing is fetched', async () => {
    listFiles();
    Object.defineProperty(navigator, 'serviceWorker', { value: { controller: {} }, configurable: true });
    try {
      expect(await prefetchWhenSettled(setupStore(signedInState()))).toBe(0);
    } finally {
      Reflect.deleteProperty(navigator, 'serviceWorker');
    }
    document.head.querySelectorAll('meta').forEach((element) => element.remove());
    expect(await prefetchWhenSettled(setupStore(signedInState()))).toBe(0);
    expect(prefetched()).toEqual([]);
  });

  it('when a file is already a link of the page (a screen opened meanwhile), then it is not fetched again', () => {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = '/assets/antd-a1.js';
    document.head.appendChild(link);
    expect(addPrefetchLinks(FILES)).toBe(2);
    expect(prefetched()).toEqual(['script /assets/WorkerTasksScreen-b2.js', 'style /assets/WorkerTasksScreen-c3.css']);
  });
});
