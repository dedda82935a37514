import { negotiate } from '@fastify/accept-negotiator';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { ZPublicBrandingSchema } from '@platform/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TUpstreamGroup } from './upstreams.js';

/** How old the platform's name may be: a rename in System Settings reaches the first paint within a minute. */
export const BRANDING_MAX_AGE_MS = 60_000;
const BRANDING_TIMEOUT_MS = 2_000;

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * The platform's name as an admin set it (`platform_name`, issue 28), read from admin's `GET /api/public/branding`
 * at most once a minute, in the background: the page is never held for it. Unknown (admin not answering yet): none.
 */
export function createPlatformNameSource(admin: TUpstreamGroup | undefined, maxAgeMs = BRANDING_MAX_AGE_MS): { current: () => string | undefined } {
  let name: string | undefined;
  let readAt = -Infinity;
  let reading = false;
  const read = async () => {
    if (!admin) return;
    try {
      const response = await fetch(`${admin.pick()}/api/public/branding`, { signal: AbortSignal.timeout(BRANDING_TIMEOUT_MS) });
      if (!response.ok) return;
      const parsed = ZPublicBrandingSchema.safeParse(await response.json());
      if (parsed.success) name = parsed.data.platformName.trim() || undefined;
    } catch {
      // Admin away: the name last read (or the build's) stays.
    }
  };
  return {
    current() {
      if (!reading && Date.now() - readAt >= maxAgeMs) {
        reading = true;
        readAt = Date.now();
        void read().finally(() => {
          reading = false;
        });
      }
      return name;
    },
  };
}

interface TBrandedPage {
  name: string;
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * The encoding to send, negotiated as @fastify/static negotiates the precompressed files (the same library, `*` read as
 * gzip): brotli, then gzip, as the client accepts them (`q=0` refuses one); none otherwise.
 */
function encodingFor(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  if (!acceptEncoding) return undefined;
  const chosen = negotiate(acceptEncoding.toLowerCase().replace(/\*/g, 'gzip'), ['br', 'gzip']);
  return chosen === 'br' || chosen === 'gzip' ? chosen : undefined;
}

/**
 * index.html with the platform's name where the build wrote its default (the catalogue's "Task Portal"): the title
 * and the static sign-in shell's brand, so the first paint names the platform as the app does once it has read its
 * settings. Built (and compressed) once per name; the build's own file, precompressed, is sent while the name is the
 * build's or not known.
 */
export function createBrandedIndex(root: string, source: { current: () => string | undefined }) {
  const html = readFileSync(resolve(root, 'index.html'), 'utf8');
  const defaultName = /<title>([^<]*)<\/title>/.exec(html)?.[1];
  let page: TBrandedPage | undefined;

  const pageFor = (name: string): TBrandedPage => {
    if (page?.name === name) return page;
    const escaped = escapeHtml(name);
    const text = html
      .replace(`<title>${defaultName}</title>`, `<title>${escaped}</title>`)
      .replace(/(<header class="auth-brand">(?:(?!<\/header>).)*?<span>)([^<]*)(<\/span>)/, `$1${escaped}$3`);
    const identity = Buffer.from(text, 'utf8');
    page = {
      name,
      etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
      identity,
      br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: gzipSync(identity, { level: 9 }),
    };
    return page;
  };

  /** The page to send for this request, or undefined for the build's own file. */
  return function brandedIndex(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined {
    const name = source.current();
    if (!name || !defaultName || name === defaultName) return undefined;
    const branded = pageFor(name);
    void reply.header('vary', 'Accept-Encoding').header('etag', branded.etag).type('text/html; charset=utf-8');
    if (request.headers['if-none-match'] === branded.etag) return reply.code(304).send();
    const encoding = encodingFor(request.headers['accept-encoding']);
    if (encoding) void reply.header('content-encoding', encoding);
    return reply.send(encoding === 'br' ? branded.br : encoding === 'gzip' ? branded.gzip : branded.identity);
  };
}
