import { createReadStream, existsSync, statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import { COMMON_ERRORS, type TApp } from '@platform/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';

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

/** Hashed bundles never change under the same name; the entry page and the service worker must be revalidated. */
export function cacheControlFor(filePath: string): string {
  const name = basename(filePath);
  if (name === 'index.html' || name === 'sw.js') return NO_CACHE;
  if (/[\\/]assets[\\/]/.test(filePath)) return IMMUTABLE;
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
export async function registerFrontend(app: TApp, dist: string | undefined): Promise<void> {
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
    cacheControl: false,
    etag: true,
    lastModified: true,
    setHeaders: (reply, filePath) => {
      void reply.header('cache-control', cacheControlFor(filePath));
    },
  });

  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (isNotAPage(path) || !wantsHtml(request)) throw COMMON_ERRORS.notFound(`Route ${request.method} ${path} not found`);
    return reply.header('cache-control', NO_CACHE).sendFile('index.html');
  };
  app.get('/', sendIndex);
  app.get('/*', sendIndex);
}

/**
 * The onboarding welcome video at /assets/welcome-video (spec 01 s.7). The project ships a short generated clip;
 * an operator replaces it by pointing WELCOME_VIDEO_FILE at another WebM or MP4 file.
 */
export function registerWelcomeVideo(app: TApp, file: string): void {
  const path = resolve(file);
  const type = path.endsWith('.mp4') ? 'video/mp4' : 'video/webm';
  app.get('/assets/welcome-video', async (_request, reply) => {
    if (!existsSync(path)) throw COMMON_ERRORS.notFound('The welcome video is not available');
    const { size } = statSync(path);
    return reply.type(type).header('content-length', size).header('cache-control', 'public, max-age=3600').send(createReadStream(path));
  });
}
