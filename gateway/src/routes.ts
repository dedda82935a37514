/**
 * THE route table of the gateway: which service owns which path prefix, and who may call it.
 *
 * Matching: the longest prefix wins, on path-segment boundaries (`/api/auth` matches `/api/auth` and
 * `/api/auth/me`, never `/api/authors`). A path no entry matches is a 404 answered by the gateway itself.
 *
 * Access:
 * - `public`: no token needed (the service may still read one);
 * - `user`:   a valid bearer token (signature, expiry, audience, issuer, revocation) is required;
 * - `admin`:  as `user`, and the token's role must be admin. Every path under `/api/admin` is admin-only
 *             whatever its entry says (see `requiresAdmin`).
 *
 * To route a new service (say work, at WORK_SERVICE_URL):
 *   1. add `work: 'WORK_SERVICE_URL'` to SERVICE_URL_VARIABLES below (and the variable to config.ts);
 *   2. add its prefixes here, e.g.
 *        { prefix: '/api/tasks', service: 'work', access: 'user' },
 *        { prefix: '/api/admin/tasks', service: 'work', access: 'admin' },
 *        { prefix: '/api/payouts', service: 'payouts', access: 'user' },
 *        { prefix: '/api/chat', service: 'chat', access: 'user' },
 *   Order does not matter (longest prefix wins); keep entries grouped by service for reading.
 */
import type { TRateLimitName } from './rate-limits.js';

/** Each service the gateway routes to, and the configuration variable holding its base URL. */
export const SERVICE_URL_VARIABLES = {
  auth: 'AUTH_SERVICE_URL',
  admin: 'ADMIN_SERVICE_URL',
  chat: 'CHAT_SERVICE_URL',
} as const;
export type TServiceName = keyof typeof SERVICE_URL_VARIABLES;

export type TAccess = 'public' | 'user' | 'admin';

export interface TRouteEntry {
  prefix: string;
  service: TServiceName;
  access: TAccess;
  /** A Redis-backed rate limit applied to POST requests on this prefix (see rate-limits.ts). */
  rateLimit?: TRateLimitName;
}

export const ROUTES: readonly TRouteEntry[] = [
  // auth: sessions, registration, password reset, the signed-in user and company documents
  { prefix: '/api/auth', service: 'auth', access: 'user' },
  { prefix: '/api/auth/login', service: 'auth', access: 'public', rateLimit: 'login' },
  { prefix: '/api/auth/register', service: 'auth', access: 'public', rateLimit: 'register' },
  { prefix: '/api/auth/forgot-password', service: 'auth', access: 'public', rateLimit: 'forgotPassword' },
  { prefix: '/api/auth/validate-reset-token', service: 'auth', access: 'public', rateLimit: 'resetPassword' },
  { prefix: '/api/auth/reset-password', service: 'auth', access: 'public', rateLimit: 'resetPassword' },
  { prefix: '/api/user', service: 'auth', access: 'user' },
  { prefix: '/api/documents', service: 'auth', access: 'user' },

  // admin
  { prefix: '/api/admin/email-templates', service: 'admin', access: 'admin' },

  // chat: the live connection (WebSocket). Browsers cannot send an Authorization header on an upgrade, so the
  // chat service authenticates the connection itself.
  { prefix: '/ws', service: 'chat', access: 'public' },
];

/** Paths with dot segments, encoded slashes, dots or backslashes are never routed (no traversal tricks). */
const SUSPICIOUS_PATH = /(^|\/)\.\.?(\/|$)|%2e|%2f|%5c|\\/i;

function matchesPrefix(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** The entry owning the path (query string excluded), or undefined: longest prefix on segment boundaries. */
export function resolveRoute(path: string, routes: readonly TRouteEntry[] = ROUTES): TRouteEntry | undefined {
  if (SUSPICIOUS_PATH.test(path)) return undefined;
  let best: TRouteEntry | undefined;
  for (const entry of routes) {
    if (matchesPrefix(path, entry.prefix) && (!best || entry.prefix.length > best.prefix.length)) best = entry;
  }
  return best;
}

/** Admin-only, whatever the table says: an entry marked admin, or anything under /api/admin. */
export function requiresAdmin(path: string, entry: TRouteEntry): boolean {
  return entry.access === 'admin' || matchesPrefix(path, '/api/admin');
}

export function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}
