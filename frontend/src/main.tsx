import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './app/AppProviders';
import { loadAntd } from './app/antdLayer';
import { shownBootShell } from './app/bootShell';
import { createI18n, detectLanguage, loadRussianCatalogue } from './app/i18n';
import { prefetchWhenSettled } from './app/idlePrefetch';
import { AppRoutes, loadAuthScreens, loadWorkerScreens } from './app/router';
import { setupStore } from './app/store';
import { startInstallPromptCapture } from './features/install/installPrompt';
import './styles.css';

startInstallPromptCapture();
const store = setupStore();
// Fetch the screens the first render most likely needs now: the sign-in screens when nobody is signed in, the
// worker's frame and home when a session is kept (an admin's console loads on its own route); see `ready` below.
const session = store.getState().session;
const authScreens = session.status === 'signedOut' ? loadAuthScreens() : undefined;
const admin = session.user?.role === 'admin';
// antd (theme, toasts) is not in the first download. The console needs it at once: an admin's kept session fetches it
// now. A worker's frame and Home are plain elements (issue 27): antd is not on their path; it is fetched with the
// other worker screens once Home has settled (app/idlePrefetch.ts) and run when a screen or a toast needs it.
if (session.status !== 'signedOut' && admin) void loadAntd();
const workerScreens = session.status !== 'signedOut' && !admin ? loadWorkerScreens() : undefined;
if (workerScreens) void prefetchWhenSettled(store);
// Home's reads start now too, not after the screens (pages/worker/homePrefetch.ts, a small chunk of its own).
const homeReads =
  workerScreens && window.location.pathname === '/' ? import('./pages/worker/homePrefetch').then(({ prefetchHome }) => prefetchHome(store.dispatch)) : undefined;
/** The longest the first render waits for Home's reads (below): past it, Home shows its placeholders, then the figures. */
const HOME_READS_WAIT_MS = 1_000;
const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

function render(ruCatalogue?: Awaited<ReturnType<typeof loadRussianCatalogue>>) {
  const language = detectLanguage();
  const i18n = createI18n(language, ruCatalogue);
  const root = createRoot(container as HTMLElement);
  // A transition: React renders in slices of a few milliseconds and yields between them, so the first render is not
  // one long task that blocks the main thread (Lighthouse's total blocking time).
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders store={store} i18n={i18n}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppProviders>
      </StrictMode>,
    );
  });
}

// The Russian catalogue is its own chunk: in Russian, the first render waits for it (never a flash of English);
// should it fail to load, the app still starts (in English, the fallback). Under the static sign-in shell of
// index.html (app/bootShell.ts), the first render also waits for the sign-in screens, so that it replaces the shell
// with the screen itself, not with a spinner. With a kept worker session it waits for the worker's frame and Home
// (preloaded by the boot script beside the entry): a spinner first would hold Home back, as React shows a fallback
// for at least 300 ms once it has shown it (issue 27). Should that chunk fail, the app starts and shows the spinner.
const ready = Promise.all([
  detectLanguage() === 'ru'
    ? loadRussianCatalogue().catch((error: unknown) => {
        console.error('The Russian catalogue failed to load', error);
        return undefined;
      })
    : undefined,
  shownBootShell() && authScreens ? authScreens.catch(() => undefined) : undefined,
  workerScreens?.catch(() => undefined),
  // Home's reads (sent by the boot script in the head, so usually answered before the app has run): rendered with
  // their answers, Home is one render in slices; rendered before them, it is rendered again, at once and in one long
  // task, when they arrive (a store update is never sliced). Waited for briefly only: a slow API leaves Home to
  // its placeholders.
  homeReads ? Promise.race([homeReads.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, HOME_READS_WAIT_MS))]) : undefined,
]);
void ready.then(([ruCatalogue]) => render(ruCatalogue));
