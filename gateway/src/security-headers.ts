import helmet from '@fastify/helmet';
import type { TApp } from '@platform/service-kit';

/**
 * Security headers on every answer of the gateway (the app, its files and the API), set by @fastify/helmet.
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

export async function registerSecurityHeaders(app: TApp, options: { hsts: boolean }): Promise<void> {
  await app.register(helmet, {
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
    // Cross-origin isolation headers would break nothing today, but nothing needs them either.
    crossOriginEmbedderPolicy: false,
  });
}
