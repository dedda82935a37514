import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { BOOT_SCRIPT, renderBootShell } from './src/app/bootShell';
import { en } from './src/locales/en';
import { ru } from './src/locales/ru';

const GATEWAY = process.env.GATEWAY_URL ?? 'http://localhost:8080';

/**
 * Development only: serves the static referral-flow test page (spec 01 s.2). It lives outside public/ so that
 * production builds never ship it.
 */
function devTestPages(): Plugin {
  const file = fileURLToPath(new URL('./dev-pages/test-referral-flow.html', import.meta.url));
  return {
    name: 'platform-dev-test-pages',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use('/test-referral-flow.html', (_req, res) => {
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.end(readFileSync(file, 'utf8'));
      });
    },
  };
}

/**
 * Issue 27: the static first paint of the signed-out screens (src/app/bootShell.ts). The shell's markup goes into
 * #root, and the boot script, as a hashed file of assets/ (cached for a year like the bundles), into the head before
 * the style sheet, so it has run when the first paint happens. Build only: the dev server renders without it.
 */
function bootShell(): Plugin {
  const fileName = `assets/boot-${createHash('sha256').update(BOOT_SCRIPT).digest('hex').slice(0, 8)}.js`;
  return {
    name: 'platform-boot-shell',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source: BOOT_SCRIPT });
    },
    // After Vite's own processing of the page, which would warn that a classic script cannot be bundled.
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html
          .replace('<div id="root"></div>', `<div id="root">${renderBootShell({ en, ru })}</div>`)
          .replace('<title>', `<script src="/${fileName}"></script>\n    <title>`),
    },
  };
}

/**
 * The app's module scripts and their modulepreloads at low fetch priority: the first paint needs only the HTML, the
 * style sheet and the boot script (the shell above), so the bundles must not compete with them. A script Chrome
 * fetches at high priority before the first paint is also counted as render-blocking by Lighthouse's simulation.
 */
function lowPriorityModules(): Plugin {
  return {
    name: 'platform-low-priority-modules',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => html.replace(/<(script type="module"|link rel="modulepreload") /g, '<$1 fetchpriority="low" '),
    },
  };
}

/**
 * The chunks only the admin console uses (the console and what nothing else imports): the service worker does not
 * precache them, so a worker's phone never downloads the console; an admin's browser fetches them on demand.
 * Filled in generateBundle (the module graph), read by the PWA plugin's manifest transform (after the bundle).
 */
const ADMIN_CONSOLE = /\/pages\/admin\/AdminConsole\.tsx$/;
const adminOnlyFiles = new Set<string>();
function adminOnlyChunks(): Plugin {
  return {
    name: 'platform-admin-only-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      adminOnlyFiles.clear();
      const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      // Everything reachable from the entry without entering the admin console.
      const reachable = new Set<string>();
      const visit = (file: string) => {
        const chunk = byFile.get(file);
        if (!chunk || reachable.has(file) || (chunk.facadeModuleId && ADMIN_CONSOLE.test(chunk.facadeModuleId))) return;
        reachable.add(file);
        for (const css of chunk.viteMetadata?.importedCss ?? []) reachable.add(css);
        for (const imported of [...chunk.imports, ...chunk.dynamicImports]) visit(imported);
      };
      for (const chunk of chunks) if (chunk.isEntry) visit(chunk.fileName);
      for (const chunk of chunks) {
        if (reachable.has(chunk.fileName)) continue;
        adminOnlyFiles.add(chunk.fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) if (!reachable.has(css)) adminOnlyFiles.add(css);
      }
    },
  };
}

/**
 * Issue 27: two lists of files in index.html for a worker's start, written from the bundle (meta tags, placed before
 * the boot script that reads the first):
 * - `app-worker-start`: the entry's static imports, the worker's first chunk (pages/worker/workerScreens.ts: frame
 *   and Home) and Home's reads (pages/worker/homePrefetch.ts) with what they import. The boot script
 *   (src/app/bootShell.ts) preloads them when a worker's session is stored, so they download beside the entry instead
 *   of after it has run.
 * - `app-prefetch`: the other worker screens and antd's layer, each chunk with its CSS and what it imports, less what
 *   the two above hold. src/app/idlePrefetch.ts fetches them (without running them) once Home has settled, so opening
 *   them waits for no network. A list, not prefetch links: nothing of it may compete with Home's first paint.
 */
const IDLE_PREFETCH = [
  /\/src\/app\/antd\.tsx$/,
  /\/src\/features\/tasks\/WorkerTasksScreen\.tsx$/,
  /\/src\/features\/chat\/ChatScreen\.tsx$/,
  /\/src\/features\/payouts\/WithdrawalsScreen\.tsx$/,
  /\/src\/pages\/worker\/ProfilePage\.tsx$/,
  /\/src\/pages\/worker\/AwardsPage\.tsx$/,
];
const WORKER_START = [/\/src\/pages\/worker\/workerScreens\.ts$/, /\/src\/pages\/worker\/homePrefetch\.ts$/];
function workerChunkLists(): Plugin {
  return {
    name: 'platform-worker-chunk-lists',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, context) => {
        if (!context.bundle) return html;
        const chunks = Object.values(context.bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const closure = (file: string, into: Set<string>) => {
          const chunk = byFile.get(file);
          if (!chunk || into.has(file)) return;
          into.add(file);
          for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
          for (const imported of chunk.imports) closure(imported, into);
        };
        const closureOf = (patterns: RegExp[]) => {
          const files = new Set<string>();
          for (const chunk of chunks) if (patterns.some((pattern) => pattern.test(chunk.facadeModuleId ?? ''))) closure(chunk.fileName, files);
          return files;
        };
        const entry = new Set<string>();
        for (const chunk of chunks) if (chunk.isEntry) closure(chunk.fileName, entry);
        // The entry's style sheet is a link of the page already.
        for (const file of Object.keys(context.bundle)) if (file.endsWith('.css') && html.includes(`/${file}"`)) entry.add(file);
        // The entry's own static imports are in the first list too: the page asks for them at low priority (for the
        // sign-in screens' static shell), which let the worker's files go first and delayed the entry's run.
        const entryFiles = new Set<string>();
        for (const chunk of chunks) if (chunk.isEntry) entryFiles.add(chunk.fileName);
        const start = [...new Set([...entry, ...closureOf(WORKER_START)])].filter((file) => !entryFiles.has(file) && !(file.endsWith('.css') && entry.has(file))).sort();
        const later = [...closureOf(IDLE_PREFETCH)].filter((file) => !entry.has(file) && !start.includes(file)).sort();
        const meta = (name: string, files: string[]) => `<meta name="${name}" content="${files.map((file) => `/${file}`).join(' ')}" />`;
        return html.replace(/(<meta charset="UTF-8" \/>)/, `$1\n    ${meta('app-worker-start', start)}\n    ${meta('app-prefetch', later)}`);
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    devTestPages(),
    bootShell(),
    lowPriorityModules(),
    adminOnlyChunks(),
    workerChunkLists(),
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: 'script-defer',
      includeAssets: ['icons/apple-touch-icon.png'],
      manifest: {
        name: 'Task Portal',
        short_name: 'Task Portal',
        description: 'Take tasks, get paid for approved work, and see every cent in your own statement.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#f5f7fb',
        theme_color: '#1f6feb',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The app shell is precached; the API, the socket and served media never are, nor the admin console's
        // chunks (adminOnlyChunks above: fetched when an admin opens the console).
        globPatterns: ['**/*.{js,css,html,png,svg,ico,webmanifest}'],
        manifestTransforms: [
          async (entries) => ({ manifest: entries.filter((entry) => !adminOnlyFiles.has(entry.url.replace(/^\//, ''))), warnings: [] }),
        ],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/ws/, /^\/assets\/welcome-video/, /^\/test-referral-flow\.html/],
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
      },
      devOptions: { enabled: false },
    }),
    // Beside each text file of the build, name.br and name.gz at the highest levels (brotli 11, gzip 9): the gateway
    // sends the one the browser accepts (gateway/src/frontend.ts), at no CPU cost per request. A copy that would
    // not be smaller is not written (the plain file is sent).
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(html|css|js|mjs|json|svg|webmanifest|txt)$/,
      threshold: 512,
      logLevel: 'silent',
    }),
  ],
  build: {
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: GATEWAY, changeOrigin: true },
      '/ws': { target: GATEWAY, ws: true, changeOrigin: true },
      '/assets/welcome-video': { target: GATEWAY, changeOrigin: true },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: GATEWAY, changeOrigin: true },
      '/ws': { target: GATEWAY, ws: true, changeOrigin: true },
      '/assets/welcome-video': { target: GATEWAY, changeOrigin: true },
    },
  },
});
