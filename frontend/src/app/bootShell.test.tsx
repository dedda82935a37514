import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../components/toast';
import { AuthLayout } from '../layouts/AuthLayout';
import { en } from '../locales/en';
import { ru } from '../locales/ru';
import { makeUser } from '../test/test-utils';
import { BOOT_READ_MAX_AGE_MS, BOOT_READ_PATHS, BOOT_READS_GLOBAL, takeBootRead } from './bootReads';
import { BOOT_SCRIPT, BOOT_SHELL_SCREENS, bootShellBrand, bootShellHeading, renderBootShell, shownBootShell, WORKER_START_META, type TBootShellScreen } from './bootShell';
import { createI18n } from './i18n';
import { LANGUAGE_STORAGE_KEY, type TLanguage } from './i18n.constants';
import { setupStore } from './store';

const CATALOGUES = { en, ru };

function authLayoutMarkup(language: TLanguage, screen: TBootShellScreen): string {
  const i18n = createI18n(language, ru);
  const { title, subtitle } = BOOT_SHELL_SCREENS[screen];
  // As main.tsx mounts it: the store and the toast provider (the language switch saves a signed-in user's language).
  return renderToStaticMarkup(
    <Provider store={setupStore()}>
      <I18nextProvider i18n={i18n}>
        <ToastProvider>
          <AuthLayout title={i18n.t(`auth.${title}`)} subtitle={i18n.t(`auth.${subtitle}`)}>
            <form />
          </AuthLayout>
        </ToastProvider>
      </I18nextProvider>
    </Provider>,
  );
}

/** Runs the boot script as the head of index.html would, on `path`. */
function boot(path: string): void {
  window.history.replaceState(null, '', path);
  new Function(BOOT_SCRIPT)();
}

afterEach(() => {
  document.documentElement.removeAttribute('data-shell');
  document.head.querySelectorAll('style, link, meta[name="app-worker-start"]').forEach((element) => element.remove());
  localStorage.clear();
});

describe('the static shell of the signed-out screens (index.html)', () => {
  for (const language of ['en', 'ru'] as const) {
    for (const screen of Object.keys(BOOT_SHELL_SCREENS) as TBootShellScreen[]) {
      it(`when AuthLayout renders ${screen} in ${language}, then its brand, title and subtitle are the shell's markup`, () => {
        const react = authLayoutMarkup(language, screen);
        const { title, subtitle } = BOOT_SHELL_SCREENS[screen];
        const i18n = createI18n(language, ru);
        const heading = bootShellHeading(i18n.t(`auth.${title}`), i18n.t(`auth.${subtitle}`));
        // React's markup: <div class="auth-page"><header ...>...</header><main class="auth-main"><section class="panel auth-card">{heading}{children}
        expect(react).toContain(`<div class="auth-page">${bootShellBrand(CATALOGUES[language].app.name)}<main class="auth-main"><section class="panel auth-card">${heading}<form>`);
        expect(renderBootShell(CATALOGUES)).toContain(`<div data-shell="${screen}-${language}" lang="${language}">${heading}</div>`);
      });
    }
  }

  it('when nobody is signed in on /login, then the boot script shows the English login variant', () => {
    boot('/login');
    expect(document.documentElement.getAttribute('data-shell')).toBe('login-en');
    expect(document.documentElement.lang).toBe('en');
    expect(document.head.querySelector('style')?.textContent).toContain('[data-shell="login-en"]{display:block}');
    expect(shownBootShell()).toBe('login');
  });

  it('when Russian was chosen on the device, then the Russian variant of /register is shown', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ru');
    boot('/register');
    expect(document.documentElement.getAttribute('data-shell')).toBe('register-ru');
    expect(document.documentElement.lang).toBe('ru');
  });

  it('when a session is stored, then no shell is shown (the signed-in screens render instead)', () => {
    localStorage.setItem('auth_token', 'kept');
    boot('/');
    expect(document.documentElement.getAttribute('data-shell')).toBeNull();
    expect(document.head.querySelector('style')).toBeNull();
    expect(shownBootShell()).toBeNull();
  });

  it('when the path has no shell (a landing page, the password reset link), then none is shown', () => {
    for (const path of ['/landing/crypto-gaming', '/reset-password', '/ref/ABC']) {
      boot(path);
      expect(document.documentElement.getAttribute('data-shell'), path).toBeNull();
    }
  });
});

describe("the boot script starts a worker's first files (issue 27)", () => {
  const FILES = ['/assets/workerScreens-a1.js', '/assets/payouts.api-b2.js', '/assets/workerScreens-c3.css'];
  const listFiles = () => {
    const meta = document.createElement('meta');
    meta.name = WORKER_START_META;
    meta.content = FILES.join(' ');
    document.head.appendChild(meta);
  };
  const preloads = () => Array.from(document.head.querySelectorAll('link')).map((link) => `${link.rel}${link.getAttribute('as') ? `:${link.getAttribute('as')}` : ''} ${link.getAttribute('href')}`);

  it("when a worker's session is stored, then the frame and Home's files are preloaded (scripts as modules, the style sheet as a style)", () => {
    listFiles();
    localStorage.setItem('auth_token', 'kept');
    localStorage.setItem('auth_user', JSON.stringify(makeUser()));
    boot('/');
    expect(preloads()).toEqual(['modulepreload /assets/workerScreens-a1.js', 'modulepreload /assets/payouts.api-b2.js', 'preload:style /assets/workerScreens-c3.css']);
    expect(shownBootShell()).toBeNull();
  });

  it("when an admin's session is stored, or nobody is signed in, then nothing of the worker's is preloaded", () => {
    listFiles();
    localStorage.setItem('auth_token', 'kept');
    localStorage.setItem('auth_user', JSON.stringify(makeUser({ role: 'admin' })));
    boot('/admin');
    expect(preloads()).toEqual([]);
    localStorage.clear();
    boot('/login');
    expect(preloads()).toEqual([]);
    expect(shownBootShell()).toBe('login');
  });
});

describe("Home's reads sent by the boot script (bootReads.ts, issue 27)", () => {
  const fetchMock = vi.fn(async (url: string) => new Response(JSON.stringify({ url }), { status: 200 }));
  afterEach(() => {
    delete (window as unknown as Record<string, unknown>)[BOOT_READS_GLOBAL];
    fetchMock.mockClear();
    vi.unstubAllGlobals();
  });
  const sent = () => fetchMock.mock.calls.map((call) => `${String(call[0])} ${(call as unknown as [string, { headers: Record<string, string> }])[1].headers.Authorization}`);

  it("when a worker opens / with a kept session, then Home's reads leave at once with the token, and each answer is taken once, with that token only", async () => {
    vi.stubGlobal('fetch', fetchMock);
    localStorage.setItem('auth_token', 'kept');
    localStorage.setItem('auth_user', JSON.stringify(makeUser()));
    boot('/');
    expect(sent()).toEqual(BOOT_READ_PATHS.map((path) => `/api${path} Bearer kept`));
    expect(await (await takeBootRead('/ledger/balance', 'kept'))!.json()).toEqual({ url: '/api/ledger/balance' });
    expect(takeBootRead('/ledger/balance', 'kept')).toBeUndefined();
    expect(takeBootRead('/news', 'another token')).toBeUndefined();
    expect(takeBootRead('/news', 'kept')).toBeUndefined();
    expect(takeBootRead('/settings/public', 'kept', Date.now() + BOOT_READ_MAX_AGE_MS + 1)).toBeUndefined();
  });

  it('when the page is not Home, the session is an admin\'s, or nobody is signed in, then nothing is sent', () => {
    vi.stubGlobal('fetch', fetchMock);
    localStorage.setItem('auth_token', 'kept');
    localStorage.setItem('auth_user', JSON.stringify(makeUser()));
    boot('/tasks');
    localStorage.setItem('auth_user', JSON.stringify(makeUser({ role: 'admin' })));
    boot('/');
    localStorage.clear();
    boot('/');
    expect(sent()).toEqual([]);
    expect(takeBootRead('/ledger/balance', 'kept')).toBeUndefined();
  });
});
