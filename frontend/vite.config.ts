import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

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

export default defineConfig({
  plugins: [
    react(),
    devTestPages(),
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
        // The app shell is precached; the API, the socket and served media never are.
        globPatterns: ['**/*.{js,css,html,png,svg,ico,webmanifest}'],
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
