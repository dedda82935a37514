import { z } from 'zod';

/**
 * Imported first by index.ts, before any schema is built. In a browser (the admin forms validate with these
 * schemas), zod must never try to compile parsers with `new Function`: its probe for that, made when the first
 * object schema is built, is reported as a Content-Security-Policy violation (no unsafe-eval) even though zod catches
 * it. Services keep the compiled parsers.
 */
if ('document' in globalThis) z.config({ jitless: true });
