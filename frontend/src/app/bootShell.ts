/**
 * The static first paint of the signed-out screens (issue 27). index.html carries, inside #root, the frame of the
 * sign-in screens (brand, card, title and subtitle) in English and Russian, hidden; a tiny classic script in the
 * head (`BOOT_SCRIPT`, a file of its own: the gateway's CSP allows no inline script) shows the variant of the
 * visitor's screen and language before the first paint, and only to a visitor with no stored session. So the
 * largest text of /login is painted with the HTML and the CSS, before any JavaScript of the app has loaded; React's
 * first render (main.tsx waits for the sign-in screens' chunk) replaces it with the same elements at the same place.
 *
 * The markup is written by `renderBootShell` at build time (vite.config.ts) from the catalogues; bootShell.test.tsx
 * checks that it is what AuthLayout renders.
 */
import { AUTH_TOKEN_KEY, AUTH_USER_KEY } from '../features/session/session.storage';
import { BOOT_READ_PATHS, BOOT_READS_GLOBAL } from './bootReads';
import { LANGUAGE_STORAGE_KEY, SUPPORTED_LANGUAGES, type TLanguage } from './i18n.constants';

/** Screens with a static shell, the paths that show them (exact), and the catalogue keys of their title and subtitle. */
export const BOOT_SHELL_SCREENS = {
  login: { paths: ['/', '/login'], title: 'login.title', subtitle: 'login.subtitle' },
  register: { paths: ['/register'], title: 'register.title', subtitle: 'register.subtitle' },
  forgot: { paths: ['/forgot-password'], title: 'forgot.title', subtitle: 'forgot.intro' },
} as const;
export type TBootShellScreen = keyof typeof BOOT_SHELL_SCREENS;

/** The catalogue entries the shell shows (a structural part of locales/en.ts and ru.ts). */
export interface TBootShellTexts {
  app: { name: string };
  auth: Record<'login' | 'register', { title: string; subtitle: string }> & { forgot: { title: string; intro: string } };
}

export const BOOT_ICON = { src: '/icons/icon-192.png', size: 40 };

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function lookup(texts: TBootShellTexts, key: string): string {
  const [section, entry] = key.split('.') as ['login' | 'register' | 'forgot', string];
  return (texts.auth[section] as Record<string, string>)[entry] ?? '';
}

/** The title and subtitle as AuthLayout renders them (React's markup for `style={{ marginBottom: 4 }}`). */
export function bootShellHeading(title: string, subtitle: string): string {
  return `<h1 class="auth-title" style="margin-bottom:4px">${escapeHtml(title)}</h1><p class="muted auth-subtitle">${escapeHtml(subtitle)}</p>`;
}

/** AuthLayout's header. */
export function bootShellBrand(appName: string): string {
  return `<header class="auth-brand"><img src="${BOOT_ICON.src}" alt="" width="${BOOT_ICON.size}" height="${BOOT_ICON.size}"/><span>${escapeHtml(appName)}</span></header>`;
}

/** The markup that goes inside #root: every screen in every language, all hidden until the boot script picks one. */
export function renderBootShell(catalogues: Record<TLanguage, TBootShellTexts>): string {
  const variants = SUPPORTED_LANGUAGES.flatMap((language) =>
    (Object.keys(BOOT_SHELL_SCREENS) as TBootShellScreen[]).map((screen) => {
      const { title, subtitle } = BOOT_SHELL_SCREENS[screen];
      const texts = catalogues[language];
      return `<div data-shell="${screen}-${language}" lang="${language}">${bootShellHeading(lookup(texts, title), lookup(texts, subtitle))}</div>`;
    }),
  );
  return `<div class="auth-page boot-shell">${bootShellBrand(catalogues.en.app.name)}<main class="auth-main"><section class="panel auth-card">${variants.join('')}</section></main></div>`;
}

/** The meta tag naming the worker's first files (vite.config.ts `workerChunkLists`). */
export const WORKER_START_META = 'app-worker-start';

/**
 * The boot script (a classic script, run in the head before the body is parsed): the language as i18n.ts
 * detects it, on <html lang>; without a stored session and on a screen with a shell, `data-shell` on <html> and the
 * style that shows that variant. With a stored session that is not an admin's (issue 27), it preloads the worker's
 * first files named by `<meta name="app-worker-start">` (the frame and Home's chunk, Home's reads and what they
 * import): they download beside the entry instead of after it has run (a chain of round trips less before Home's
 * largest text), and on / it sends Home's reads (bootReads.ts). Anything that fails leaves the page as it is (the
 * shell stays hidden, nothing is preloaded, the app sends the reads itself).
 */
export const BOOT_SCRIPT = `(function () {
  try {
    var root = document.documentElement;
    var saved = localStorage.getItem(${JSON.stringify(LANGUAGE_STORAGE_KEY)});
    var language = saved === 'en' || saved === 'ru' ? saved : (navigator.language || '').slice(0, 2).toLowerCase() === 'ru' ? 'ru' : 'en';
    root.lang = language;
    var token = localStorage.getItem(${JSON.stringify(AUTH_TOKEN_KEY)});
    if (token) {
      var user = localStorage.getItem(${JSON.stringify(AUTH_USER_KEY)}) || '';
      if (/"role":"admin"/.test(user)) return;
      if (location.pathname === '/' && typeof fetch === 'function') {
        // Home's reads (bootReads.ts), sent now; a failure is the app's to see when it takes the answer.
        var paths = ${JSON.stringify(BOOT_READ_PATHS)};
        var reads = {};
        for (var p = 0; p < paths.length; p++) {
          reads[paths[p]] = fetch('/api' + paths[p], { headers: { Accept: 'application/json', Authorization: 'Bearer ' + token }, credentials: 'include' });
          reads[paths[p]].catch(function () {});
        }
        window[${JSON.stringify(BOOT_READS_GLOBAL)}] = { token: token, startedAt: Date.now(), reads: reads };
      }
      var start = document.querySelector('meta[name="${WORKER_START_META}"]');
      if (!start) return;
      var files = start.getAttribute('content').split(' ');
      for (var i = 0; i < files.length; i++) {
        if (!files[i]) continue;
        var link = document.createElement('link');
        if (/[.]css$/.test(files[i])) {
          link.rel = 'preload';
          link.setAttribute('as', 'style');
        } else link.rel = 'modulepreload';
        // CORS mode, as the app's own module scripts and Vite's style sheet links: the preloaded copy is the one used.
        link.crossOrigin = '';
        link.href = files[i];
        document.head.appendChild(link);
      }
      return;
    }
    var screens = ${JSON.stringify(Object.fromEntries(Object.entries(BOOT_SHELL_SCREENS).map(([screen, { paths }]) => [screen, paths])))};
    for (var screen in screens) {
      if (screens[screen].indexOf(location.pathname) < 0) continue;
      var key = screen + '-' + language;
      root.setAttribute('data-shell', key);
      var style = document.createElement('style');
      style.textContent = 'html .boot-shell{display:flex}html .boot-shell [data-shell="' + key + '"]{display:block}';
      document.head.appendChild(style);
      return;
    }
  } catch (error) {
    /* no storage: no shell */
  }
})();
`;

/** The screen whose shell the boot script showed, if any (main.tsx then renders that screen first). */
export function shownBootShell(): TBootShellScreen | null {
  const key = typeof document === 'undefined' ? null : document.documentElement.getAttribute('data-shell');
  const screen = key?.split('-')[0];
  return screen && screen in BOOT_SHELL_SCREENS ? (screen as TBootShellScreen) : null;
}
