import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { TApp } from '@platform/service-kit';

/**
 * Security headers on every answer of the gateway (the app, its files and the API), as helmet makes them.
 * The Content-Security-Policy is the one the built app runs under (checked in every browser journey, which fails
 * on any violation): scripts only from our origin (no inline script), styles from our origin plus the inline
 * <style> elements Ant Design's CSS-in-JS inserts, images and media from our origin and blob:/data: (upload
 * previews), fetch and WebSocket to our origin, no plugins, never framed.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  mediaSrc: ["'self'", 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  frameSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * The headers helmet sets, computed once: helmet's middleware is run a single time against a recording response,
 * and every answer then gets the same header set in one call (@fastify/helmet would rebuild helmet's middleware,
 * CSP parsing included, on every request, which at the gateway cost more than the proxying).
 */
export function securityHeadersOf(options: { hsts: boolean }): Record<string, string> {
  const configuration: HelmetOptions = {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...CONTENT_SECURITY_POLICY,
        // Only behind TLS: on plain-HTTP development it would send the browser to an https:// nobody serves.
        ...(options.hsts ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: options.hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    // Cross-origin isolation would break nothing today, but nothing needs it either.
    crossOriginEmbedderPolicy: false,
  };
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(configuration)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

export function registerSecurityHeaders(app: TApp, options: { hsts: boolean }): void {
  const headers = securityHeadersOf(options);
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
}
