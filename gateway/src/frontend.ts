import { existsSync, statSync } from 'node:fs';
import { basename, extname, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import { COMMON_ERRORS, type TApp } from '@platform/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createBrandedIndex } from './branded-index.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * Files whose name carries no hash (the icons, fonts and images outside assets/): a week, then
 * revalidated with their ETag, so a replaced file reaches every browser within a week.
 */
const LONG = 'public, max-age=604800';
const NO_CACHE = 'no-cache';
const LONG_LIVED_EXTENSIONS = new Set(['.png', '.jpg', '.jpeg', '.webp', '.avif', '.gif', '.svg', '.ico', '.woff', '.woff2', '.webm', '.mp4']);

const PLACEHOLDER_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Platform</title></head>
<body>
<h1>The frontend is not built</h1>
<p>The API is available under <code>/api</code>. Build the frontend (<code>npm run build</code>) and set
<code>FRONTEND_DIST</code> to serve it here.</p>
</body>
</html>
`;

/**
 * Hashed bundles (assets/) never change under the same name: a year, immutable. Unhashed images and fonts: a week.
 * The entry page, the service worker, the web manifest and everything else must be revalidated. A precompressed
 * copy (`.br`, `.gz`) is cached as the file it stands for.
 */
export function cacheControlFor(filePath: string): string {
  const path = filePath.replace(/\.(br|gz)$/, '');
  const name = basename(path);
  if (name === 'index.html' || name === 'sw.js') return NO_CACHE;
  if (/[\\/]assets[\\/]/.test(path)) return IMMUTABLE;
  if (LONG_LIVED_EXTENSIONS.has(extname(name).toLowerCase())) return LONG;
  return NO_CACHE;
}

function wantsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html') || accept.includes('*/*');
}

/** Paths that are never a page of the app: the API, the socket, and the operational endpoints (internal port). */
function isNotAPage(path: string): boolean {
  return /^\/(api|ws|ready|metrics)(\/|$)/.test(path);
}

/**
 * The built frontend at `/` (files from FRONTEND_DIST, index.html for any other page path the browser asks for as
 * HTML, so client-side routes survive a reload), or a placeholder page when it is not built.
 */
export async function registerFrontend(app: TApp, dist: string | undefined, platformName: { current: () => string | undefined } = { current: () => undefined }): Promise<void> {
  const root = dist ? resolve(dist) : undefined;
  if (!root || !existsSync(root) || !statSync(root).isDirectory() || !existsSync(resolve(root, 'index.html'))) {
    if (dist) app.log.warn({ dist }, 'FRONTEND_DIST has no index.html; serving the placeholder page');
    app.get('/', async (_request, reply) => reply.type('text/html; charset=utf-8').header('cache-control', NO_CACHE).send(PLACEHOLDER_PAGE));
    return;
  }

  await app.register(fastifyStatic, {
    root,
    // Routes for the files present at start (a built bundle does not change while running); everything else
    // goes to the SPA fallback below.
    wildcard: false,
    index: false,
    // The build writes a .br and a .gz beside each text file (frontend/vite.config.ts): the one the client accepts
    // (brotli first; `q=0` refuses an encoding) is sent with Content-Encoding, the plain file otherwise, and every
    // answer says `Vary: Accept-Encoding`.
    preCompressed: true,
    cacheControl: false,
    etag: true,
    lastModified: true,
    setHeaders: (reply, filePath) => {
      void reply.header('cache-control', cacheControlFor(filePath));
    },
  });

  // The platform's name on the first paint (branded-index.ts): the build's file while the name is the build's.
  const brandedIndex = createBrandedIndex(root, platformName);
  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (isNotAPage(path) || !wantsHtml(request)) throw COMMON_ERRORS.notFound(`Route ${request.method} ${path} not found`);
    void reply.header('cache-control', NO_CACHE);
    return brandedIndex(request, reply) ?? reply.sendFile('index.html');
  };
  app.get('/', sendIndex);
  app.get('/*', sendIndex);
}
