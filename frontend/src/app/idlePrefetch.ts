import { QueryStatus } from '@reduxjs/toolkit/query';
import type { TRootState } from './store';

/**
 * Issue 27: a worker's first screen (Home and the frame) loads without antd; the other worker screens (Tasks, Chat,
 * Withdrawals, Profile, Awards) and antd's layer are fetched once that screen has settled, so opening one of them
 * waits for no network. They are fetched, not run (`<link rel="prefetch">`, the browser's lowest priority, into its
 * HTTP cache): running antd and those screens costs a phone's main thread hundreds of milliseconds, which is spent
 * when a screen that needs them is opened, not while the worker reads Home.
 *
 * The files are named by the build (vite.config.ts `idlePrefetchList`: `<meta name="app-prefetch">` in index.html,
 * each screen's chunk with what it imports that the first download does not hold). "Settled" means: the page has
 * loaded, no read of the API is in flight (Home's balance, settings, pending withdrawals, news: its largest text
 * waits for them), and the browser is idle. A page controlled by the service worker fetches nothing: its precache
 * already holds every one of these files.
 */
export const PREFETCH_META_NAME = 'app-prefetch';
/** The longest wait for the reads in flight before fetching anyway (a read that hangs must not stop it). */
export const SETTLE_TIMEOUT_MS = 10_000;
/** The longest wait for the browser to be idle. */
export const IDLE_TIMEOUT_MS = 2_000;
/**
 * Links added per idle period. Adding a link starts its fetch, about 1 ms of main thread each on this machine (4 on
 * a phone): the ~77 files of a worker's list added at once were one task of ~76 ms (~300 ms at Lighthouse's 4x CPU),
 * the largest part of Home's total blocking time (issue 27). Eight at a time stay far below a long task (50 ms).
 */
export const PREFETCH_SLICE = 8;

interface TStoreLike {
  getState(): TRootState;
  subscribe(listener: () => void): () => void;
}

/** The files the build listed, in order ('' when there is no list: the tests and the dev server). */
export function prefetchFiles(doc: Document = document): string[] {
  const meta = doc.querySelector<HTMLMetaElement>(`meta[name="${PREFETCH_META_NAME}"]`);
  return (meta?.content ?? '').split(/\s+/).filter((file) => file.startsWith('/'));
}

function readsInFlight(state: TRootState): boolean {
  return Object.values(state.api.queries).some((query) => query?.status === QueryStatus.pending);
}

function afterLoad(win: Window): Promise<void> {
  if (win.document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => win.addEventListener('load', () => resolve(), { once: true }));
}

function whenNoReadsInFlight(store: TStoreLike, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (!readsInFlight(store.getState())) return resolve();
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    const unsubscribe = store.subscribe(() => {
      if (!readsInFlight(store.getState())) done();
    });
  });
}

function whenIdle(win: Window): Promise<void> {
  return new Promise((resolve) => {
    if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
    else win.setTimeout(resolve, 200);
  });
}

/** Adds a prefetch link for each file the document does not already have a link or script for. */
export function addPrefetchLinks(files: string[], doc: Document = document): number {
  let added = 0;
  for (const file of files) {
    if (doc.querySelector(`link[href="${file}"], script[src="${file}"]`)) continue;
    const link = doc.createElement('link');
    link.rel = 'prefetch';
    // CORS mode, as the module scripts and Vite's style sheet links that will use the cached copy.
    link.crossOrigin = '';
    link.href = file;
    if (file.endsWith('.js')) link.setAttribute('as', 'script');
    else if (file.endsWith('.css')) link.setAttribute('as', 'style');
    doc.head.appendChild(link);
    added += 1;
  }
  return added;
}

/** Adds the links `PREFETCH_SLICE` at a time, each slice in an idle period of its own; resolves with the count added. */
function addPrefetchLinksWhenIdle(files: string[], win: Window): Promise<number> {
  return new Promise((resolve) => {
    let next = 0;
    let added = 0;
    const slice = () => {
      added += addPrefetchLinks(files.slice(next, next + PREFETCH_SLICE), win.document);
      next += PREFETCH_SLICE;
      if (next >= files.length) resolve(added);
      else void whenIdle(win).then(slice);
    };
    slice();
  });
}

let started = false;

/** Once per page: waits until the first screen has settled, then fetches the listed files (see above), a few per idle period. */
export function prefetchWhenSettled(store: TStoreLike, win: Window = window): Promise<number> {
  const files = prefetchFiles(win.document);
  if (started || files.length === 0 || win.navigator.serviceWorker?.controller) return Promise.resolve(0);
  started = true;
  return afterLoad(win)
    .then(() => whenNoReadsInFlight(store, SETTLE_TIMEOUT_MS))
    .then(() => whenIdle(win))
    .then(() => addPrefetchLinksWhenIdle(files, win));
}

/** For the tests: forget that this page has started its prefetch. */
export function resetIdlePrefetch(): void {
  started = false;
}
