/**
 * THE route table of the gateway: which service owns which path prefix, and who may call it.
 *
 * Matching: the longest prefix wins, on path-segment boundaries (`/api/auth` matches `/api/auth` and
 * `/api/auth/me`, never `/api/authors`); a segment that is only an asterisk matches any one segment.
 * A path no entry matches, or whose service is not configured, is a 404 answered by the gateway itself.
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
  work: 'WORK_SERVICE_URL',
  payouts: 'PAYOUTS_SERVICE_URL',
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
  /**
   * `upload`: the body is streamed to the service up to UPLOAD_BODY_LIMIT_BYTES (multipart files). Every other
   * route's body is read whole by the gateway up to JSON_BODY_LIMIT_BYTES, and refused with 413 past it.
   */
  body?: 'upload';
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
  { prefix: '/api/admin/users', service: 'auth', access: 'admin' },
  // identity verification (issue 15): the application carries two photos (multipart, streamed)
  { prefix: '/api/user/verification', service: 'auth', access: 'user', body: 'upload' },
  { prefix: '/api/admin/verifications', service: 'auth', access: 'admin' },
  // referral links and landing pages (issue 16): the visitor's lookup, click and landing copy need no token
  { prefix: '/api/referral', service: 'auth', access: 'public' },
  { prefix: '/api/referral/*/track-click', service: 'auth', access: 'public', rateLimit: 'referralClick' },
  { prefix: '/api/public/landing-pages', service: 'auth', access: 'public' },
  { prefix: '/api/admin/referral-links', service: 'auth', access: 'admin' },
  { prefix: '/api/admin/referral-stats', service: 'auth', access: 'admin' },
  { prefix: '/api/admin/landing-pages', service: 'auth', access: 'admin' },
  { prefix: '/api/admin/documents', service: 'auth', access: 'admin' },

  // admin: e-mail templates, system settings, audit log
  { prefix: '/api/admin/email-templates', service: 'admin', access: 'admin' },
  { prefix: '/api/admin/settings', service: 'admin', access: 'admin' },
  // the welcome video (spec 01 s.7, issue 28): an admin uploads a replacement (multipart, streamed; the admin
  // service enforces its size limit), and the app plays it from /assets/welcome-video, which the admin service
  // sends from its own media volume (ranges, ETag/Last-Modified, a week of caching).
  { prefix: '/api/admin/settings/welcome-video', service: 'admin', access: 'admin', body: 'upload' },
  { prefix: '/assets/welcome-video', service: 'admin', access: 'public' },
  { prefix: '/api/admin/audit-log', service: 'admin', access: 'admin' },
  // admin: the dashboard (GET /api/admin/stats, POST /api/admin/stats/rebuild)
  { prefix: '/api/admin/stats', service: 'admin', access: 'admin' },
  // the landing pages' live figures (issue 16), computed from events
  { prefix: '/api/public/figures', service: 'admin', access: 'public' },
  // the platform's name (System Settings platform_name) for the app's title and header (issue 28)
  { prefix: '/api/public/branding', service: 'admin', access: 'public' },
  // the public trust page (issue 31): operator, rules and the trust figures, computed from events
  { prefix: '/api/public/trust', service: 'admin', access: 'public' },
  // admin: company news (writes are admin-only in the service), awards and leaderboards
  { prefix: '/api/news', service: 'admin', access: 'user' },
  { prefix: '/api/admin/news', service: 'admin', access: 'admin' },
  { prefix: '/api/awards', service: 'admin', access: 'user' },
  { prefix: '/api/admin/awards', service: 'admin', access: 'admin' },

  // work: tasks, assignments, submissions and their files, task requests, task packages
  { prefix: '/api/tasks', service: 'work', access: 'user' },
  { prefix: '/api/tasks/*/submit', service: 'work', access: 'user', body: 'upload' },
  { prefix: '/api/files', service: 'work', access: 'user' },
  { prefix: '/api/admin/tasks', service: 'work', access: 'admin' },
  { prefix: '/api/admin/task-requests', service: 'work', access: 'admin' },
  { prefix: '/api/admin/submissions', service: 'work', access: 'admin' },
  { prefix: '/api/admin/assignments', service: 'work', access: 'admin' },
  { prefix: '/api/admin/appeals', service: 'work', access: 'admin' },
  { prefix: '/api/admin/review-jobs', service: 'work', access: 'admin' },
  // The review cockpit (issue 30): reason templates, and a worker's quality record (with their control accuracy) for the
  // review and the user's detail.
  { prefix: '/api/admin/review-templates', service: 'work', access: 'admin' },
  { prefix: '/api/admin/workers', service: 'work', access: 'admin' },
  { prefix: '/api/admin/task-packages', service: 'work', access: 'admin' },

  // payouts: the ledger, balances, withdrawals, payout wallets, the currency catalogue
  { prefix: '/api/withdrawals', service: 'payouts', access: 'user' },
  { prefix: '/api/ledger', service: 'payouts', access: 'user' },
  { prefix: '/api/user/payout-wallets', service: 'payouts', access: 'user' },
  { prefix: '/api/settings/public', service: 'payouts', access: 'user' },
  { prefix: '/api/admin/withdrawals', service: 'payouts', access: 'admin' },
  { prefix: '/api/admin/users/*/balance', service: 'payouts', access: 'admin' },
  { prefix: '/api/admin/users/*/ledger', service: 'payouts', access: 'admin' },
  // the platform-wide ledger check's last run (issue 31 item 4), for the trust page: no sign-in
  { prefix: '/api/public/ledger-check', service: 'payouts', access: 'public' },
  // the trust page's fee table and minimum withdrawal (issue 31), as the withdraw dialog gets them: no sign-in
  { prefix: '/api/public/payout-terms', service: 'payouts', access: 'public' },

  // chat: messages, unread counts and read marks, moderation, the monitor (the service limits sends per user
  // across its instances). The live connection (WebSocket): browsers cannot send an Authorization header on an
  // upgrade, so the chat service authenticates the connection itself with its first frame.
  { prefix: '/api/chat', service: 'chat', access: 'user' },
  { prefix: '/api/admin/chat-moderation', service: 'chat', access: 'admin' },
  { prefix: '/api/admin/chat-messages', service: 'chat', access: 'admin' },
  // chat assistants (issue 13): Chat Management's two tabs.
  { prefix: '/api/admin/chat-assistants', service: 'chat', access: 'admin' },
  { prefix: '/api/admin/chat-settings', service: 'chat', access: 'admin' },
  // The support desk (issue 12): the worker's own thread, and the desk.
  { prefix: '/api/support', service: 'chat', access: 'user' },
  { prefix: '/api/admin/support-conversations', service: 'chat', access: 'admin' },
  { prefix: '/api/admin/support-messages', service: 'chat', access: 'admin' },
  { prefix: '/api/admin/support-reply', service: 'chat', access: 'admin' },
  { prefix: '/ws', service: 'chat', access: 'public' },
];

/** Whole-segment prefix match; a `*` segment in the prefix matches any one non-empty segment. */
function prefixMatcher(prefix: string): (path: string) => boolean {
  if (!prefix.includes('*')) {
    const withSlash = `${prefix}/`;
    return (path) => path === prefix || path.startsWith(withSlash);
  }
  const pattern = prefix
    .split('/')
    .map((segment) => (segment === '*' ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  const regex = new RegExp(`^${pattern}(?:/|$)`);
  return (path) => regex.test(path);
}

/** Each table's entries with their matchers, built once (resolveRoute runs on every request). */
const compiledTables = new WeakMap<readonly TRouteEntry[], { entry: TRouteEntry; matches: (path: string) => boolean }[]>();

function compiled(routes: readonly TRouteEntry[]) {
  let table = compiledTables.get(routes);
  if (!table) {
    table = routes.map((entry) => ({ entry, matches: prefixMatcher(entry.prefix) }));
    compiledTables.set(routes, table);
  }
  return table;
}

/**
 * The entry owning the path, or undefined: longest prefix on segment boundaries. The path is the normalised one
 * (path.ts: no query string, no dot segments, no encoded separators), the one the service will be sent.
 */
export function resolveRoute(path: string, routes: readonly TRouteEntry[] = ROUTES): TRouteEntry | undefined {
  let best: TRouteEntry | undefined;
  for (const { entry, matches } of compiled(routes)) {
    if ((!best || entry.prefix.length > best.prefix.length) && matches(path)) best = entry;
  }
  return best;
}

const underAdmin = prefixMatcher('/api/admin');

/** Admin-only, whatever the table says: an entry marked admin, or anything under /api/admin. */
export function requiresAdmin(path: string, entry: TRouteEntry): boolean {
  return entry.access === 'admin' || underAdmin(path);
}
