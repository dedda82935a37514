/**
 * Every paged list at production volumes (issue 25 item 2). Run: `npm run bench:lists` (about 15 minutes at full
 * size: the seed takes a few, each list variant ~2 x BENCH_LIST_SECONDS).
 *
 * A whole stack of its own (scripts/stack.ts, ephemeral: its databases are dropped at the end) is filled by the scale
 * seed (scripts/seed-scale.ts, BENCH_SCALE, default 1 = 100,000 workers, 1,000,000 ledger entries...). Then each
 * list of the LISTS table below, in each variant (first page, a deep page reached by following nextCursor, each
 * filter), is timed twice in alternation, open loop and paced (lib/open-loop.ts; latency from each request's
 * scheduled time):
 *   - through the gateway, as the console or the app asks for it, with a real token;
 *   - the reference: the same SQL run directly in PostgreSQL in the same run. The statements are not retyped here: the
 *     list's own code (its repository or use case, on a plain pg pool) is run once while pg's Client.query is
 *     recorded, and the recorded statements (text and values) are replayed, in the waves the code issued them
 *     (statements sent while others were unanswered go together), on a pool of the list's own database.
 * Target (issue 25): every list p99 <= 100 ms, and within 3x of its bare SQL. Writes bench/results/lists.txt
 * (BENCH_LISTS=a,b: only the lists whose names contain a or b; BENCH_LIST_RESULT: another file name).
 *
 * To add a list: one entry in LISTS (path, who asks, the owner's database, the code that reads it, its variants).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  ZActivityQuerySchema,
  ZAdminAwardsQuerySchema,
  ZAdminDocumentsQuerySchema,
  ZAdminNewsQuerySchema,
  ZAdminSubmissionsQuerySchema,
  ZAdminTasksQuerySchema,
  ZAdminVerificationsQuerySchema,
  ZAdminUsersQuerySchema,
  ZAdminWithdrawalsQuerySchema,
  ZAuditLogQuerySchema,
  ZChatMessagesQuerySchema,
  ZChatMonitorQuerySchema,
  ZCompletedTasksQuerySchema,
  ZLandingPagesQuerySchema,
  ZMyWithdrawalsQuerySchema,
  ZNewsListQuerySchema,
  ZPackageAvailableTasksQuerySchema,
  ZReferralLinksQuerySchema,
  ZStatementPageQuerySchema,
  ZSupportConversationsQuerySchema,
  ZTaskPackagesQuerySchema,
  ZTaskRequestsQuerySchema,
} from '@platform/contracts';
import { uniqueName } from '@platform/service-kit/testing';
import type { TAdminDeps } from '../services/admin/src/domain/deps.js';
import { listAuditLog } from '../services/admin/src/domain/audit-log.use-case.js';
import { listAdminAwards } from '../services/admin/src/domain/awards.use-case.js';
import { listAdminNews, listPublishedNews } from '../services/admin/src/domain/news.use-case.js';
import { findUsersPageForAdmin } from '../services/auth/src/data-access/users.repository.js';
import { getMyActivity } from '../services/auth/src/domain/activity.use-case.js';
import { listAdminDocuments } from '../services/auth/src/domain/admin-documents.use-case.js';
import { listLinks, listPages } from '../services/auth/src/domain/referrals.use-case.js';
import { listVerificationsForAdmin } from '../services/auth/src/domain/verification-review.use-case.js';
import type { TAuthDeps } from '../services/auth/src/domain/deps.js';
import type { TVerificationDeps } from '../services/auth/src/domain/verification-deps.js';
import { findMonitorPage } from '../services/chat/src/data-access/messages.repository.js';
import type { TChatDeps } from '../services/chat/src/domain/deps.js';
import { readMessages } from '../services/chat/src/domain/history.use-case.js';
import { readConversations } from '../services/chat/src/domain/support.use-case.js';
import { listOwnWithdrawalsPage, listWithdrawalsPage } from '../services/payouts/src/data-access/withdrawals.repository.js';
import type { TPayoutsDeps } from '../services/payouts/src/domain/deps.js';
import { getStatementPage } from '../services/payouts/src/domain/statement.use-case.js';
import type { TWorkDeps } from '../services/work/src/domain/deps.js';
import { listSubmissionsAwaitingReview } from '../services/work/src/domain/review.use-case.js';
import { listTaskRequests } from '../services/work/src/domain/task-requests.use-case.js';
import { listAvailableTasksForPackage, listTaskPackages } from '../services/work/src/domain/task-packages.use-case.js';
import { listAdminTasks, listCompletedTasks } from '../services/work/src/domain/tasks.use-case.js';
import { SCALE_PASSWORD, seedScale } from '../scripts/seed-scale.js';
import { DEV_ADMIN, startStack } from '../scripts/stack.js';
import { fmt, formatTable, machineLine, percentile, runOpenLoop } from './lib/open-loop.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const RATE = Number(process.env.BENCH_LIST_RATE ?? 20);
const SECONDS = Number(process.env.BENCH_LIST_SECONDS ?? 6);
/** A deep page: this many pages of 100 rows walked by cursor first. */
const DEEP_PAGES = Number(process.env.BENCH_DEEP_PAGES ?? 20);
const TARGET_P99_MS = 100;
const TARGET_RATIO = 3;
/** Only the lists whose name contains this (e.g. BENCH_LISTS=withdrawals). */
const ONLY = process.env.BENCH_LISTS?.split(',').map((part) => part.trim()).filter(Boolean);
/** The results file under bench/results (a run of some lists only may keep the whole run's file). */
const RESULT_FILE = process.env.BENCH_LIST_RESULT ?? 'lists.txt';

type TService = 'auth' | 'payouts' | 'work' | 'chat' | 'admin';
type TQuery = Record<string, string | undefined>;

/** What a list's reference needs: the owner's database, the ids the bench found. */
interface TContext {
  db: pg.Pool;
  /** A seeded task package (the add-task picker's). */
  packageId: string;
  worker: { id: string };
  admin: { id: string };
}

interface TVariant {
  name: string;
  query: TQuery;
  /** Walk DEEP_PAGES pages of 100 by cursor, then time the page there. */
  deep?: boolean;
}

interface TList {
  name: string;
  /** The path; `:worker` is replaced by the bench worker's id. */
  path: string;
  as: 'admin' | 'worker';
  service: TService;
  /** The owner's code that answers the list (on ctx.db), run once while its SQL is recorded. */
  read: (ctx: TContext, query: TQuery) => Promise<unknown>;
  variants: (found: TFound) => TVariant[];
  /** Paged by the convention (items, nextCursor): deep variants follow nextCursor. */
  paged: boolean;
}

/** Values picked from the seeded data for the filters (a name that exists, a task with a submission...). */
interface TFound {
  lastName: string;
  adminId: string;
  recentFrom: string;
  recentTo: string;
  yearFrom: string;
  yearTo: string;
  taskWithSubmission: string;
  /** A task package (the add-task picker lists the tasks not in it). */
  packageId: string;
}

const as = <T>(pool: pg.Pool) => ({ pool }) as unknown as T;
const actor = (id: string, role: 'admin' | 'employee') => ({ userId: id, role, firstName: 'Bench', lastName: 'Reader' });

/**
 * Every paged list, and how each is asked for; a new list joins here with one entry.
 */
export const LISTS: TList[] = [
  {
    name: 'admin withdrawals (payouts)',
    path: '/api/admin/withdrawals',
    as: 'admin',
    service: 'payouts',
    paged: true,
    read: (ctx, q) => listWithdrawalsPage(ctx.db, ZAdminWithdrawalsQuerySchema.parse(q)),
    variants: (f) => [
      { name: 'pending, first page', query: { status: 'pending' } },
      { name: 'pending, sort=amount.desc', query: { status: 'pending', sort: 'amount.desc' } },
      { name: 'pending, sort=amount.desc, deep page', query: { status: 'pending', sort: 'amount.desc' }, deep: true },
      { name: 'pending, deep page', query: { status: 'pending' }, deep: true },
      { name: 'pending, currency=USDT', query: { status: 'pending', currency: 'USDT' } },
      { name: 'pending, user=<last name>', query: { status: 'pending', user: f.lastName } },
      { name: 'pending, amount 100-200', query: { status: 'pending', minAmount: '100', maxAmount: '200' } },
      { name: 'pending, from/to 3 days', query: { status: 'pending', from: f.recentFrom, to: f.recentTo } },
      { name: 'decided, first page', query: { status: 'decided' } },
      { name: 'decided, sort=reviewedAt.desc', query: { status: 'decided', sort: 'reviewedAt.desc' } },
      { name: 'decided, sort=reviewedAt.desc, deep page', query: { status: 'decided', sort: 'reviewedAt.desc' }, deep: true },
      { name: 'decided, deep page', query: { status: 'decided' }, deep: true },
      { name: 'approved, currency=BTC', query: { status: 'approved', currency: 'BTC' } },
      { name: 'rejected', query: { status: 'rejected' } },
      { name: 'decided, user=<last name>', query: { status: 'decided', user: f.lastName } },
      { name: 'decided, from/to a year ago', query: { status: 'decided', from: f.yearFrom, to: f.yearTo } },
    ],
  },
  {
    name: 'admin users (auth)',
    path: '/api/admin/users',
    as: 'admin',
    service: 'auth',
    paged: true,
    read: (ctx, q) => findUsersPageForAdmin(ctx.db, ZAdminUsersQuerySchema.parse(q)),
    variants: (f) => [
      { name: 'first page', query: {} },
      { name: 'deep page', query: {}, deep: true },
      { name: 'search=<last name>', query: { search: f.lastName } },
      { name: 'sort=email.asc', query: { sort: 'email.asc' } },
      { name: 'sort=email.asc, deep page', query: { sort: 'email.asc' }, deep: true },
      { name: 'role=admin', query: { role: 'admin' } },
      { name: 'status=banned', query: { status: 'banned' } },
      { name: 'from/to a year ago', query: { from: f.yearFrom, to: f.yearTo } },
    ],
  },
  {
    name: 'admin tasks (work)',
    path: '/api/admin/tasks',
    as: 'admin',
    service: 'work',
    paged: true,
    read: (ctx, q) => listAdminTasks(as<TWorkDeps>(ctx.db), ZAdminTasksQuerySchema.parse(q)),
    variants: () => [
      { name: 'first page', query: {} },
      { name: 'deep page', query: {}, deep: true },
      { name: 'status=available', query: { status: 'available' } },
      { name: 'sort=reward.desc', query: { sort: 'reward.desc' } },
      { name: 'sort=createdAt.asc, deep page', query: { sort: 'createdAt.asc' }, deep: true },
      { name: 'status=completed', query: { status: 'completed' } },
      { name: 'search=transcri', query: { search: 'transcri' } },
    ],
  },
  {
    name: 'submissions to review (work)',
    path: '/api/admin/submissions',
    as: 'admin',
    service: 'work',
    paged: true,
    read: (ctx, q) => listSubmissionsAwaitingReview(as<TWorkDeps>(ctx.db), ZAdminSubmissionsQuerySchema.parse(q)),
    variants: (f) => [
      { name: 'first page', query: {} },
      { name: 'deep page', query: {}, deep: true },
      { name: 'user=<last name>', query: { user: f.lastName } },
      { name: 'sort=submittedAt.asc (oldest first)', query: { sort: 'submittedAt.asc' } },
      { name: 'taskId', query: { taskId: f.taskWithSubmission } },
      { name: 'from/to 3 days', query: { from: f.recentFrom, to: f.recentTo } },
    ],
  },
  {
    name: 'task requests (work)',
    path: '/api/admin/task-requests',
    as: 'admin',
    service: 'work',
    paged: true,
    read: (ctx, q) => listTaskRequests(as<TWorkDeps>(ctx.db), ZTaskRequestsQuerySchema.parse(q)),
    variants: (f) => [
      { name: 'first page', query: {} },
      { name: 'deep page', query: {}, deep: true },
      { name: 'status=pending', query: { status: 'pending' } },
      { name: 'user=<last name>', query: { user: f.lastName } },
      { name: 'from/to a year ago', query: { from: f.yearFrom, to: f.yearTo } },
    ],
  },
  {
    name: 'task packages (work)',
    path: '/api/admin/task-packages',
    as: 'admin',
    service: 'work',
    paged: true,
    read: (ctx, q) => listTaskPackages(as<TWorkDeps>(ctx.db), ZTaskPackagesQuerySchema.parse(q)),
    variants: () => [
      { name: 'first page', query: {} },
      { name: 'deep page', query: {}, deep: true },
      { name: 'active=true', query: { active: 'true' } },
      { name: 'search=starter', query: { search: 'starter' } },
    ],
  },
  {
    name: 'audit log (admin)',
    path: '/api/admin/audit-log',
    as: 'admin',
    service: 'admin',
    paged: true,
    read: (ctx, q) => listAuditLog(as<TAdminDeps>(ctx.db), ZAuditLogQuerySchema.parse(q)),
    variants: (f) => [
      { name: 'first page', query: {} },
      { name: 'deep page', query: {}, deep: true },
      { name: 'sort=createdAt.asc, deep page', query: { sort: 'createdAt.asc' }, deep: true },
      { name: 'action=withdrawal.approved', query: { action: 'withdrawal.approved' } },
      { name: 'actor=<an admin>', query: { actor: f.adminId } },
      { name: 'targetType=user', query: { targetType: 'user' } },
      { name: 'from/to 3 days', query: { from: f.recentFrom, to: f.recentTo } },
    ],
  },
  {
    name: 'my withdrawals (payouts)',
    path: '/api/withdrawals',
    as: 'worker',
    service: 'payouts',
    paged: true,
    read: (ctx, q) => listOwnWithdrawalsPage(ctx.db, ctx.worker.id, ZMyWithdrawalsQuerySchema.parse(q)),
    variants: () => [
      { name: 'first page', query: {} },
      { name: 'deep page', query: {}, deep: true },
      { name: 'status=approved', query: { status: 'approved' } },
    ],
  },
  {
    name: 'my statement (payouts)',
    path: '/api/ledger/statement',
    as: 'worker',
    service: 'payouts',
    paged: true,
    read: (ctx, q) => getStatementPage(as<TPayoutsDeps>(ctx.db), ctx.worker.id, ZStatementPageQuerySchema.parse(q)),
    variants: (f) => [
      { name: 'first page', query: {} },
      { name: 'deep page', query: {}, deep: true },
      { name: 'from/to a year ago', query: { from: f.yearFrom, to: f.yearTo } },
    ],
  },
  {
    name: "a user's ledger, admin (payouts)",
    path: '/api/admin/users/:worker/ledger',
    as: 'admin',
    service: 'payouts',
    paged: true,
    read: (ctx, q) => getStatementPage(as<TPayoutsDeps>(ctx.db), ctx.worker.id, ZStatementPageQuerySchema.parse(q)),
    variants: (f) => [
      { name: 'first page', query: {} },
      { name: 'deep page', query: {}, deep: true },
      { name: 'from/to a year ago', query: { from: f.yearFrom, to: f.yearTo } },
    ],
  },
  {
    name: 'my completed tasks (work)',
    path: '/api/tasks/completed',
    as: 'worker',
    service: 'work',
    paged: true,
    read: (ctx, q) => listCompletedTasks(as<TWorkDeps>(ctx.db), ctx.worker.id, ZCompletedTasksQuerySchema.parse(q)),
    variants: () => [{ name: 'first page', query: {} }],
  },
  {
    name: 'news, worker (admin)',
    path: '/api/news',
    as: 'worker',
    service: 'admin',
    paged: true,
    read: (ctx, q) => listPublishedNews(as<TAdminDeps>(ctx.db), ZNewsListQuerySchema.parse(q)),
    variants: () => [
      { name: 'first page', query: {} },
      { name: 'deep page', query: {}, deep: true },
    ],
  },
  {
    name: 'news, admin (admin)',
    path: '/api/admin/news',
    as: 'admin',
    service: 'admin',
    paged: true,
    read: (ctx, q) => listAdminNews(as<TAdminDeps>(ctx.db), ZAdminNewsQuerySchema.parse(q)),
    variants: () => [
      { name: 'first page', query: {} },
      { name: 'published=false', query: { published: 'false' } },
      { name: 'search=payout', query: { search: 'payout' } },
    ],
  },
  {
    name: 'awards (admin)',
    path: '/api/admin/awards',
    as: 'admin',
    service: 'admin',
    paged: true,
    read: (ctx, q) => listAdminAwards(as<TAdminDeps>(ctx.db), ZAdminAwardsQuerySchema.parse(q)),
    variants: (f) => [
      { name: 'first page', query: {} },
      { name: 'deep page', query: {}, deep: true },
      { name: 'user=<last name>', query: { user: f.lastName } },
    ],
  },
  {
    name: 'verifications (auth)',
    path: '/api/admin/verifications',
    as: 'admin',
    service: 'auth',
    paged: true,
    read: (ctx, q) => listVerificationsForAdmin(as<TVerificationDeps>(ctx.db), ZAdminVerificationsQuerySchema.parse(q)),
    variants: (f) => [
      { name: 'pending, first page', query: {} },
      { name: 'all, deep page', query: { status: 'all' }, deep: true },
      { name: 'approved, from/to a year ago', query: { status: 'approved', from: f.yearFrom, to: f.yearTo } },
      { name: 'all, search=<last name>', query: { status: 'all', search: f.lastName } },
    ],
  },
  {
    name: 'documents (auth)',
    path: '/api/admin/documents',
    as: 'admin',
    service: 'auth',
    paged: true,
    read: (ctx, q) => listAdminDocuments(as<TAuthDeps>(ctx.db), ZAdminDocumentsQuerySchema.parse(q)),
    variants: () => [{ name: 'first page', query: {} }],
  },
  {
    name: 'referral links (auth)',
    path: '/api/admin/referral-links',
    as: 'admin',
    service: 'auth',
    paged: true,
    read: (ctx, q) => listLinks(as<TAuthDeps>(ctx.db), ZReferralLinksQuerySchema.parse(q)),
    variants: () => [
      { name: 'first page', query: {} },
      { name: 'active=true', query: { active: 'true' } },
    ],
  },
  {
    name: 'landing pages (auth)',
    path: '/api/admin/landing-pages',
    as: 'admin',
    service: 'auth',
    paged: true,
    read: (ctx, q) => listPages(as<TAuthDeps>(ctx.db), ZLandingPagesQuerySchema.parse(q)),
    variants: () => [{ name: 'first page', query: {} }],
  },
  {
    name: 'my activity (auth)',
    path: '/api/user/activity',
    as: 'worker',
    service: 'auth',
    paged: true,
    read: (ctx, q) => getMyActivity(ctx.db, ctx.worker.id, ZActivityQuerySchema.parse(q), 'en'),
    variants: () => [
      { name: 'first page', query: {} },
      { name: 'deep page', query: {}, deep: true },
    ],
  },
  {
    name: 'add-task picker (work)',
    path: '/api/admin/task-packages/:package/available-tasks',
    as: 'admin',
    service: 'work',
    paged: true,
    read: (ctx, q) => listAvailableTasksForPackage(as<TWorkDeps>(ctx.db), ctx.packageId, ZPackageAvailableTasksQuerySchema.parse(q)),
    variants: () => [
      { name: 'first page', query: {} },
      { name: 'deep page', query: {}, deep: true },
      { name: 'search=transcri', query: { search: 'transcri' } },
    ],
  },
  {
    name: 'chat history (chat)',
    path: '/api/chat/messages',
    as: 'worker',
    service: 'chat',
    paged: false,
    read: (ctx, q) => readMessages(as<TChatDeps>(ctx.db), actor(ctx.worker.id, 'employee'), ZChatMessagesQuerySchema.parse(q)),
    variants: () => [{ name: 'general, newest page', query: {} }],
  },
  {
    name: 'support desk (chat)',
    path: '/api/admin/support-conversations',
    as: 'admin',
    service: 'chat',
    paged: true,
    read: (ctx, q) => readConversations(as<TChatDeps>(ctx.db), actor(ctx.admin.id, 'admin'), ZSupportConversationsQuerySchema.parse(q)),
    variants: (f) => [
      { name: 'first page', query: {} },
      { name: 'deep page', query: {}, deep: true },
      { name: 'status=open', query: { status: 'open' } },
      { name: 'user=<last name>', query: { user: f.lastName } },
    ],
  },
  {
    name: 'chat monitor (chat)',
    path: '/api/admin/chat-messages',
    as: 'admin',
    service: 'chat',
    paged: true,
    read: (ctx, q) => findMonitorPage(ctx.db, ZChatMonitorQuerySchema.parse(q)),
    variants: (f) => [
      { name: 'first page', query: {} },
      { name: 'deep page', query: {}, deep: true },
      { name: 'filter=assistants', query: { filter: 'assistants' } },
      { name: 'user=<last name>', query: { user: f.lastName } },
      { name: 'search=payout', query: { search: 'payout' } },
      { name: 'from/to 3 days', query: { from: f.recentFrom, to: f.recentTo } },
    ],
  },
];

// ---------------------------------------------------------------------------------------------------------------
// The reference: the list's own SQL, recorded once and replayed directly on PostgreSQL.

interface TStatement {
  text: string;
  values: unknown[] | undefined;
  /** Statements of one wave were sent while each other's answers were outstanding. */
  wave: number;
}

/** Runs fn once with pg.Client.prototype.query recorded: every statement's text and values, grouped in waves. */
async function recordStatements(fn: () => Promise<unknown>): Promise<TStatement[]> {
  type TQuery = (this: pg.Client, ...args: unknown[]) => unknown;
  const proto = pg.Client.prototype as unknown as { query: TQuery };
  const original = proto.query;
  const statements: TStatement[] = [];
  let outstanding = 0;
  let wave = -1;
  proto.query = function (this: pg.Client, ...args: unknown[]) {
    const config = args[0] as string | { text?: string; values?: unknown[] };
    const text = typeof config === 'string' ? config : config.text;
    if (text !== undefined) {
      if (outstanding === 0) wave += 1;
      const values = typeof config === 'object' && config.values ? config.values : Array.isArray(args[1]) ? (args[1] as unknown[]) : undefined;
      statements.push({ text, values, wave });
      outstanding += 1;
    }
    const answered = () => {
      if (text !== undefined) outstanding -= 1;
    };
    const last = args[args.length - 1];
    if (typeof last === 'function') {
      args[args.length - 1] = (...callbackArgs: unknown[]) => {
        answered();
        return (last as (...a: unknown[]) => unknown)(...callbackArgs);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args);
    if (result instanceof Promise) result.then(answered, answered);
    return result;
  };
  try {
    await fn();
  } finally {
    proto.query = original;
  }
  return statements;
}

async function replay(db: pg.Pool, statements: TStatement[]): Promise<void> {
  const waves = Math.max(-1, ...statements.map((s) => s.wave));
  for (let wave = 0; wave <= waves; wave++) {
    await Promise.all(statements.filter((s) => s.wave === wave).map((s) => db.query(s.text, s.values)));
  }
}

/** lib/open-loop.ts's pacing for a function: call i at start + i / rate, its latency counted from then. */
async function runPacedFunction(fn: () => Promise<void>, rate: number, seconds: number): Promise<{ p50: number; p99: number; ok: number; errors: number }> {
  const total = Math.max(1, Math.round(rate * seconds));
  const latencies: number[] = [];
  let errors = 0;
  const inFlight: Promise<void>[] = [];
  const start = performance.now() + 20;
  let sent = 0;
  while (sent < total) {
    const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * rate) + 1);
    while (sent < due) {
      const scheduledAt = start + (sent / rate) * 1000;
      inFlight.push(
        fn().then(
          () => void latencies.push(performance.now() - scheduledAt),
          () => void (errors += 1),
        ),
      );
      sent += 1;
    }
    if (sent < total) {
      const wait = start + (sent / rate) * 1000 - performance.now();
      await new Promise((r) => (wait > 1.5 ? setTimeout(r, Math.floor(wait - 0.5)) : setImmediate(r)));
    }
  }
  await Promise.all(inFlight);
  latencies.sort((x, y) => x - y);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), ok: latencies.length, errors };
}

// ---------------------------------------------------------------------------------------------------------------

async function json<T>(url: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(url, init);
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url} answered ${res.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
}
const defined = (query: TQuery) => Object.fromEntries(Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined));
const pathWith = (path: string, query: TQuery) => {
  const qs = new URLSearchParams(defined(query)).toString();
  return qs ? `${path}?${qs}` : path;
};

async function main(): Promise<void> {
  const namespace = uniqueName('bench_lists');
  const keysDir = mkdtempSync(join(tmpdir(), 'bench-lists-keys-'));
  const lines: string[] = [];
  const out = (line = '') => {
    lines.push(line);
    console.log(line);
  };
  out(`# Lists at scale (bench/lists.bench.ts)  ${machineLine()}`);
  out(`scale ${SCALE}, ${RATE} req/s for ${SECONDS} s per variant and target, open loop; deep page = after ${DEEP_PAGES} pages of 100 by cursor`);
  console.log(`starting the stack (${namespace})...`);
  const stack = await startStack({
    namespace,
    keysDir,
    seed: true,
    ephemeral: true,
    logLevel: 'warn',
    env: {
      NODE_ENV: 'production',
      VERIFICATION_MASTER_KEY: randomBytes(32).toString('base64'),
      CHAT_SECRETS_KEY: randomBytes(32).toString('base64'),
      RATE_LIMIT_LOGIN_PER_ADDRESS: '10000/15m',
    },
  });
  const pools: Partial<Record<TService, pg.Pool>> = {};
  try {
    out('');
    out('## Seed (npm run seed:scale, the same code)');
    const seeded = await seedScale({ databaseUrls: stack.databaseUrls as Record<TService, string>, scale: SCALE, log: (line) => console.log(line) });
    const seedRows = seeded.timings.filter((t) => t.rows > 0).map((t) => [`${t.service}.${t.table}`, t.rows.toLocaleString('en'), `${(t.ms / 1000).toFixed(1)} s`]);
    for (const line of formatTable([['table', 'rows', 'time'], ...seedRows])) out(`  ${line}`);
    out(`  total ${(seeded.totalMs / 1000).toFixed(1)} s`);

    for (const service of ['auth', 'payouts', 'work', 'chat', 'admin'] as const) pools[service] = new pg.Pool({ connectionString: stack.databaseUrls[service], max: 4 });
    const gateway = stack.baseUrl;
    const login = (body: object) => json<{ token: string; user: { id: string } }>(`${gateway}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const admin = await login(DEV_ADMIN);
    // The worker with the longest ledger reads their own lists.
    const busiest = await pools.payouts!.query<{ email: string; user_id: string; entry_count: number }>(
      'SELECT u.email, a.user_id, a.entry_count FROM ledger_accounts a JOIN users u ON u.id = a.user_id ORDER BY a.entry_count DESC LIMIT 1',
    );
    const worker = await login({ email: busiest.rows[0]!.email, password: SCALE_PASSWORD });
    const day = (offset: number) => new Date(seeded.plan.now + offset * 86_400_000).toISOString().slice(0, 10);
    const taskRow = await pools.work!.query<{ task_id: string }>("SELECT task_id FROM task_assignments WHERE status = 'submitted' ORDER BY submitted_at LIMIT 1");
    const found: TFound = {
      lastName: seeded.plan.workers.last[0]!.toLowerCase(),
      adminId: seeded.plan.adminIds[0]!,
      recentFrom: day(-3),
      recentTo: day(0),
      yearFrom: day(-400),
      yearTo: day(-365),
      taskWithSubmission: taskRow.rows[0]?.task_id ?? seeded.plan.tasks.ids[0]!,
      packageId: (await pools.work!.query<{ id: string }>('SELECT id FROM task_packages ORDER BY created_at LIMIT 1')).rows[0]!.id,
    };
    out('');
    out(`worker: ${busiest.rows[0]!.entry_count} ledger entries; filters: user/search "${found.lastName}", recent ${found.recentFrom}..${found.recentTo}, a year ago ${found.yearFrom}..${found.yearTo}`);

    const results: string[][] = [['list', 'variant', 'total', 'gateway p50', 'p99', 'SQL p50', 'p99', 'p99 ratio', 'p99<=100', '<=3x']];
    const misses: { list: string; variant: string; statements: TStatement[]; service: TService }[] = [];
    for (const list of LISTS) {
      if (ONLY && !ONLY.some((part) => list.name.includes(part))) continue;
      const token = list.as === 'admin' ? admin.token : worker.token;
      const headers = { authorization: `Bearer ${token}` };
      const basePath = list.path.replace(':worker', worker.user.id).replace(':package', found.packageId);
      const ctx: TContext = { db: pools[list.service]!, packageId: found.packageId, worker: { id: worker.user.id }, admin: { id: admin.user.id } };
      for (const variant of list.variants(found)) {
        const query = { ...variant.query };
        if (variant.deep && list.paged) {
          let cursor: string | null = null;
          for (let page = 0; page < DEEP_PAGES; page++) {
            const answer: { nextCursor: string | null } = await json(`${gateway}${pathWith(basePath, { ...variant.query, pageSize: '100', ...(cursor ? { cursor } : {}) })}`, { headers });
            if (!answer.nextCursor) break;
            cursor = answer.nextCursor;
          }
          if (cursor) query.cursor = cursor;
        }
        const path = pathWith(basePath, query);
        const first = await json<{ total?: number; items?: unknown[] }>(`${gateway}${path}`, { headers });
        const statements = await recordStatements(() => list.read(ctx, defined(query)));
        // Warm both paths alike, then alternate: the reference first, the gateway right after.
        for (let i = 0; i < 5; i++) {
          await replay(ctx.db, statements);
          await json(`${gateway}${path}`, { headers });
        }
        const sql = await runPacedFunction(() => replay(ctx.db, statements), RATE, SECONDS);
        const http = await runOpenLoop({ origin: gateway, request: { path, headers }, rate: RATE, durationSeconds: SECONDS, connections: 16 });
        const ratio = http.p99 / sql.p99;
        const meets = http.p99 <= TARGET_P99_MS && http.ok === http.scheduled;
        const total = first.total ?? first.items?.length ?? (Array.isArray((first as { conversations?: unknown[] }).conversations) ? (first as { conversations: unknown[] }).conversations.length : undefined);
        results.push([list.name, variant.name, total === undefined ? '' : total.toLocaleString('en'), fmt(http.p50), fmt(http.p99), fmt(sql.p50), fmt(sql.p99), fmt(ratio, 1), meets ? 'yes' : 'NO', ratio <= TARGET_RATIO ? 'yes' : 'no']);
        console.log(`  ${list.name} / ${variant.name}: gateway p50 ${fmt(http.p50)} p99 ${fmt(http.p99)} (${http.ok}/${http.scheduled} ok), SQL p50 ${fmt(sql.p50)} p99 ${fmt(sql.p99)} (${statements.length} statements)`);
        if (!meets) misses.push({ list: list.name, variant: variant.name, statements, service: list.service });
      }
    }
    out('');
    out('## Lists (ms; gateway = through the gateway with a token, SQL = the same statements directly on PostgreSQL)');
    for (const line of formatTable(results)) out(line);
    out('');
    out(`Target: p99 <= ${TARGET_P99_MS} ms: ${results.length - 1 - misses.length} of ${results.length - 1} variants.`);
    if (misses.length) {
      out('');
      out('## Variants over 100 ms at p99: the plan of each of their statements (EXPLAIN ANALYZE)');
      for (const miss of misses) {
        out('');
        out(`### ${miss.list} / ${miss.variant}`);
        for (const statement of miss.statements) {
          const plan = await pools[miss.service]!.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${statement.text}`, statement.values);
          out(`-- ${statement.text.replace(/\s+/g, ' ').slice(0, 300)}`);
          for (const row of plan.rows) out(`   ${row['QUERY PLAN']}`);
        }
      }
    }
  } finally {
    await Promise.all(Object.values(pools).map((p) => p!.end()));
    await stack.stop();
    rmSync(keysDir, { recursive: true, force: true });
  }
  mkdirSync(join(HERE, 'results'), { recursive: true });
  writeFileSync(join(HERE, 'results', RESULT_FILE), `${lines.join('\n')}\n`);
  console.log(`\nwritten: bench/results/${RESULT_FILE}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
