/**
 * `npm run seed:scale [-- --scale 0.01] [--namespace platform]`: fills a running stack's databases with production
 * volumes (issue 25 item 2): 100,000 workers, 1,000,000 ledger entries, 200,000 withdrawals (20,000 pending), 50,000
 * tasks, 300,000 assignments, 500,000 chat messages, 200,000 audit rows, and verifications, task requests, support
 * conversations, news, documents, landing pages, referral links and awards to page through.
 *
 * Each service's rows go into its own database (`<namespace>_<service>`, as scripts/stack.ts names them), by COPY;
 * no service's tables are written from another's. What a service keeps of another's facts (its copy of the users,
 * the admin's statistics and public figures, auth's activity history, chat's support counters) is written from the
 * same plan (scale/plan.ts), as the events would have left it, and no event is published: the stack's consumers see
 * nothing new. The ledger's entries are chained with payouts' own hashEntry, per worker, oldest first, and each
 * account ends where its last entry does. Every worker's password is one argon2 hash, computed once.
 */
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { MEDIAN_APPROVALS_NEEDED, previewOf, SUPPORT_PREVIEW_LENGTH } from '@platform/contracts';
import { hashPassword } from '../services/auth/src/domain/passwords.js';
import { hashEntry, GENESIS_HASH } from '../services/payouts/src/domain/ledger.js';
import { fromCents } from '../services/payouts/src/domain/money.js';
import { DEV_TASKS } from '../services/work/src/scripts/dev-tasks.js';
import { copyRows } from './scale/copy.js';
import { ASSIGNMENT, buildPlan, networkFee, REQUEST, SEED_CURRENCIES, TASK_STATUS, userEvents, VERIFICATION, walletAddress, WITHDRAWAL, type TPlan } from './scale/plan.js';
import * as TEXTS from './scale/texts.js';
import { databaseUrl } from './stack.js';

export const SCALE_PASSWORD = 'Worker123!';
const SERVICES = ['auth', 'payouts', 'work', 'chat', 'admin'] as const;
type TService = (typeof SERVICES)[number];

export interface TScaleSeedOptions {
  databaseUrls: Record<TService, string>;
  scale: number;
  log?: (line: string) => void;
}
export interface TTableTiming {
  service: TService;
  table: string;
  rows: number;
  ms: number;
}
export interface TScaleSeedResult {
  plan: TPlan;
  timings: TTableTiming[];
  /** Rows written per service and table. */
  counts: Record<string, number>;
  totalMs: number;
}

const iso = (ms: number) => (Number.isNaN(ms) ? null : new Date(ms).toISOString());
const money = (cents: number) => fromCents(BigInt(cents));

/** The whole seed; refuses a stack that already holds more than a development seed's worth of users. */
export async function seedScale(options: TScaleSeedOptions): Promise<TScaleSeedResult> {
  const log = options.log ?? (() => undefined);
  const started = performance.now();
  const pools = Object.fromEntries(SERVICES.map((s) => [s, new pg.Pool({ connectionString: options.databaseUrls[s], max: 2 })])) as Record<TService, pg.Pool>;
  const timings: TTableTiming[] = [];
  const counts: Record<string, number> = {};
  try {
    const { rows } = await pools.auth.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
    if ((rows[0]?.n ?? 0) > 100) throw new Error(`The auth database already holds ${rows[0]!.n} users: the scale seed fills an empty stack only.`);
    log(`planning at scale ${options.scale}...`);
    const planStart = performance.now();
    const plan = buildPlan(options.scale);
    log(`  plan ${Math.round(performance.now() - planStart)} ms`);
    const passwordHash = await hashPassword(SCALE_PASSWORD);

    const step = async (service: TService, table: string, columns: readonly string[], rowsOf: () => Iterable<readonly unknown[]>) => {
      const t0 = performance.now();
      // The admin service's tables are read models of the other services' events (see copyRows).
      const n = await copyRows(pools[service], table, columns, rowsOf(), service === 'admin');
      const ms = performance.now() - t0;
      timings.push({ service, table, rows: n, ms });
      counts[`${service}.${table}`] = (counts[`${service}.${table}`] ?? 0) + n;
      log(`  ${service}.${table.padEnd(26)} ${String(n).padStart(9)} rows  ${(ms / 1000).toFixed(1).padStart(6)} s`);
    };
    const sql = async (service: TService, what: string, text: string) => {
      const t0 = performance.now();
      const result = await pools[service].query(text);
      const ms = performance.now() - t0;
      timings.push({ service, table: what, rows: result.rowCount ?? 0, ms });
      log(`  ${service}.${what.padEnd(26)} ${String(result.rowCount ?? 0).padStart(9)} rows  ${(ms / 1000).toFixed(1).padStart(6)} s`);
    };

    await seedAuth(plan, passwordHash, step);
    await seedPayouts(plan, step, sql);
    await seedWork(plan, step, sql);
    await seedChat(plan, step, sql);
    await seedAdmin(plan, step);
    for (const service of SERVICES) await pools[service].query('ANALYZE');
    return { plan, timings, counts, totalMs: performance.now() - started };
  } finally {
    await Promise.all(Object.values(pools).map((p) => p.end()));
  }
}

type TStep = (service: TService, table: string, columns: readonly string[], rows: () => Iterable<readonly unknown[]>) => Promise<void>;
type TSql = (service: TService, what: string, text: string) => Promise<void>;

/** Every person the seed adds, as each service's copy of users holds them: the seed's admins, then the workers. */
function* people(plan: TPlan): Generator<{ id: string; first: string; last: string; email: string; role: 'admin' | 'employee'; registeredAt: number; active: boolean; index: number }> {
  for (const [k, admin] of plan.adminNames.entries()) {
    yield { id: plan.adminIds[k]!, first: admin.first, last: admin.last, email: admin.email, role: 'admin', registeredAt: plan.now - 800 * 86_400_000, active: true, index: -1 };
  }
  const w = plan.workers;
  for (let i = 0; i < w.ids.length; i++) {
    yield { id: w.ids[i]!, first: w.first[i]!, last: w.last[i]!, email: w.email[i]!, role: 'employee', registeredAt: w.registeredAt[i]!, active: w.active[i] === 1, index: i };
  }
}

const taskTitle = (plan: TPlan, t: number) => DEV_TASKS[plan.tasks.catalogue[t]!]!.title;

async function seedAuth(plan: TPlan, passwordHash: string, step: TStep): Promise<void> {
  const w = plan.workers;
  const v = plan.volumes;
  await step('auth', 'users', ['id', 'email', 'password_hash', 'first_name', 'last_name', 'role', 'is_active', 'is_verified', 'welcome_video_shown', 'documents_accepted', 'documents_accepted_at', 'referral_source', 'created_at', 'updated_at'], function* () {
    for (const p of people(plan)) {
      const at = iso(p.registeredAt);
      const referral = p.index >= 0 && w.referral[p.index]! >= 0 ? plan.referralCodes[w.referral[p.index]!] : null;
      yield [p.id, p.email, passwordHash, p.first, p.last, p.role, p.active, p.index >= 0 && w.verified[p.index] === 1, true, true, at, referral, at, at];
    }
  });
  // The landing pages (the two built-in templates stay), referral links and the registrations they brought.
  const pageIds = Array.from({ length: v.landingPages }, () => randomUUID());
  const audiences = ['Students', 'Testers', 'Translators', 'Parents at home', 'Gamers', 'Retirees', 'Designers', 'Night owls'];
  const channels = ['Telegram', 'YouTube', 'Blog', 'Forum', 'Newsletter'];
  await step('auth', 'landing_pages', ['id', 'name', 'display_name', 'description', 'content', 'is_active', 'created_at', 'updated_at'], function* () {
    for (let k = 0; k < pageIds.length; k++) {
      const audience = audiences[k % audiences.length]!;
      const channel = channels[Math.floor(k / audiences.length) % channels.length]!;
      const at = iso(plan.now - (pageIds.length - k) * 7 * 86_400_000);
      yield [pageIds[k], `${audience}-${channel}-${k + 1}`.toLowerCase().replace(/[^a-z0-9]+/g, '-'), `${audience} (${channel})`, `Landing page for ${audience.toLowerCase()} arriving from ${channel}`, {}, k % 7 !== 6, at, at];
    }
  });
  const linkIds = plan.referralCodes.map(() => randomUUID());
  await step('auth', 'referral_links', ['id', 'code', 'name', 'description', 'landing_page_id', 'is_active', 'created_by', 'created_at', 'updated_at'], function* () {
    for (let k = 0; k < linkIds.length; k++) {
      const at = iso(plan.now - 760 * 86_400_000 + k * 3_600_000);
      yield [linkIds[k], plan.referralCodes[k], `Campaign ${plan.referralCodes[k]}`, null, pageIds[plan.landingPageOf[k]!], k % 9 !== 8, plan.adminIds[0], at, at];
    }
  });
  // first_task_at / first_paid_at as submission.approved and withdrawal.decided would have set them.
  const firstTask = new Float64Array(w.ids.length).fill(Number.NaN);
  const firstPaid = new Float64Array(w.ids.length).fill(Number.NaN);
  const asg = plan.assignments;
  for (let i = 0; i < asg.ids.length; i++) {
    if (asg.status[i] !== ASSIGNMENT.completed) continue;
    const u = asg.user[i]!;
    if (!(firstTask[u]! <= asg.doneAt[i]!)) firstTask[u] = asg.doneAt[i]!;
  }
  const wd = plan.withdrawals;
  for (let i = 0; i < wd.ids.length; i++) {
    if (wd.status[i] !== WITHDRAWAL.approved) continue;
    const u = wd.user[i]!;
    if (!(firstPaid[u]! <= wd.reviewedAt[i]!)) firstPaid[u] = wd.reviewedAt[i]!;
  }
  await step('auth', 'referral_registrations', ['referral_link_id', 'user_id', 'registered_at', 'first_task_at', 'first_paid_at'], function* () {
    for (let i = 0; i < w.ids.length; i++) {
      if (w.referral[i]! < 0) continue;
      yield [linkIds[w.referral[i]!], w.ids[i], iso(w.registeredAt[i]!), iso(firstTask[i]!), iso(firstPaid[i]!)];
    }
  });
  const ver = plan.verifications;
  await step('auth', 'user_verifications', ['id', 'user_id', 'full_name', 'date_of_birth', 'address', 'city', 'country', 'postal_code', 'document_type', 'document_number', 'status', 'rejection_reason', 'reviewed_by', 'reviewed_at', 'submitted_at', 'images_deleted_at', 'created_at', 'updated_at'], function* () {
    const cities = [['Lisbon', 'Portugal', '1100-148'], ['Warsaw', 'Poland', '00-001'], ['Almaty', 'Kazakhstan', '050000'], ['Belgrade', 'Serbia', '11000'], ['Tbilisi', 'Georgia', '0105'], ['Valencia', 'Spain', '46001']] as const;
    for (let k = 0; k < ver.ids.length; k++) {
      const u = ver.user[k]!;
      const [city, country, postal] = cities[k % cities.length]!;
      const decided = ver.status[k] !== VERIFICATION.pending;
      const status = ver.status[k] === VERIFICATION.pending ? 'pending' : ver.status[k] === VERIFICATION.approved ? 'approved' : 'rejected';
      // The identity images are not seeded: decided applications older than the retention period have none anyway.
      const imagesGone = decided ? iso(Math.min(plan.now, ver.reviewedAt[k]! + 30 * 86_400_000)) : null;
      yield [
        ver.ids[k], w.ids[u], `${w.first[u]} ${w.last[u]}`, `${1970 + (k % 35)}-${String((k % 12) + 1).padStart(2, '0')}-${String((k % 28) + 1).padStart(2, '0')}`,
        `${(k % 180) + 1} Main Street`, city, country, postal, ['passport', 'national_id', 'drivers_license'][k % 3], `X${String(1_000_000 + k)}`,
        status, status === 'rejected' ? 'The document photo is blurred; please upload a sharper one.' : null,
        decided ? plan.adminIds[ver.admin[k]!] : null, iso(ver.reviewedAt[k]!), iso(ver.submittedAt[k]!), imagesGone, iso(ver.submittedAt[k]!), iso(decided ? ver.reviewedAt[k]! : ver.submittedAt[k]!),
      ];
    }
  });
  await step('auth', 'company_documents', ['title', 'content', 'type', 'version', 'is_active', 'requires_acceptance', 'sort_order', 'created_at', 'updated_at'], function* () {
    const categories = [...new Set(DEV_TASKS.map((t) => t.category))];
    for (let k = 0; k < plan.volumes.documents; k++) {
      const category = categories[k % categories.length]!;
      const at = iso(plan.now - (plan.volumes.documents - k) * 5 * 86_400_000);
      const edition = Math.floor(k / categories.length) + 1;
      yield [`Guide to ${category} tasks (edition ${edition})`, `<h2>Guide to ${category} tasks</h2><p>How ${category} tasks are set, done and reviewed, with examples of accepted and rejected work.</p>`, 'guide', `${edition}.0`, k >= plan.volumes.documents - categories.length, false, 10 + k, at, at];
    }
  });
  const asgRows = plan.assignments;
  const texts = TEXTS.WITHDRAWAL_REJECTIONS;
  await step('auth', 'activity_entries', ['user_id', 'type', 'params', 'occurred_at', 'source_key'], function* () {
    for (let i = 0; i < w.ids.length; i++) yield [w.ids[i], 'account_created', {}, iso(w.registeredAt[i]!), `user.registered:${w.ids[i]}`];
    const tasks = plan.tasks;
    for (let i = 0; i < asgRows.ids.length; i++) {
      const user = w.ids[asgRows.user[i]!];
      const taskId = tasks.ids[asgRows.task[i]!];
      yield [user, 'task_assigned', { taskId }, iso(asgRows.assignedAt[i]!), `assignment.created:${asgRows.ids[i]}`];
      if (asgRows.status[i] === ASSIGNMENT.completed) {
        yield [user, 'task_completed', { taskId, amount: money(tasks.reward[asgRows.task[i]!]!) }, iso(asgRows.doneAt[i]!), `submission.approved:${asgRows.ids[i]}`];
      }
    }
    for (let i = 0; i < wd.ids.length; i++) {
      const user = w.ids[wd.user[i]!];
      const amount = money(wd.amount[i]!);
      const currency = SEED_CURRENCIES[wd.currency[i]!]!.code;
      yield [user, 'withdrawal_request', { amount, currency }, iso(wd.createdAt[i]!), `withdrawal.requested:${wd.ids[i]}`];
      if (wd.status[i] !== WITHDRAWAL.pending) {
        const approved = wd.status[i] === WITHDRAWAL.approved;
        yield [user, approved ? 'withdrawal_approved' : 'withdrawal_rejected', { amount, currency, reason: approved ? null : texts[wd.reason[i]!] }, iso(wd.reviewedAt[i]!), `withdrawal.decided:${wd.ids[i]}`];
      }
    }
    for (let k = 0; k < ver.ids.length; k++) {
      const user = w.ids[ver.user[k]!];
      yield [user, 'verification', { phase: 'submitted' }, iso(ver.submittedAt[k]!), `verification.submitted:${ver.ids[k]}`];
      if (ver.status[k] !== VERIFICATION.pending) {
        const approved = ver.status[k] === VERIFICATION.approved;
        yield [user, 'verification', { phase: approved ? 'approved' : 'rejected', reason: approved ? null : 'The document photo is blurred; please upload a sharper one.' }, iso(ver.reviewedAt[k]!), `verification.decided:${ver.ids[k]}`];
      }
    }
  });
}

async function seedPayouts(plan: TPlan, step: TStep, sql: TSql): Promise<void> {
  const w = plan.workers;
  await step('payouts', 'users', ['id', 'email', 'first_name', 'last_name', 'source_at'], function* () {
    for (const p of people(plan)) yield [p.id, p.email, p.first, p.last, iso(p.registeredAt)];
  });
  await step('payouts', 'ledger_accounts', ['user_id', 'created_at', 'updated_at'], function* () {
    for (const p of people(plan)) yield [p.id, iso(p.registeredAt), iso(p.registeredAt)];
  });
  const wd = plan.withdrawals;
  await step('payouts', 'withdrawals', ['id', 'user_id', 'amount', 'currency', 'network_fee', 'wallet_address', 'status', 'admin_comment', 'tx_reference', 'idempotency_key', 'reviewed_by', 'reviewed_at', 'created_at', 'updated_at'], function* () {
    for (let i = 0; i < wd.ids.length; i++) {
      const currency = SEED_CURRENCIES[wd.currency[i]!]!.code;
      const status = wd.status[i] === WITHDRAWAL.pending ? 'pending' : wd.status[i] === WITHDRAWAL.approved ? 'approved' : 'rejected';
      const userId = w.ids[wd.user[i]!]!;
      yield [
        wd.ids[i], userId, money(wd.amount[i]!), currency, networkFee(currency), walletAddress(currency, userId), status,
        status === 'rejected' ? TEXTS.WITHDRAWAL_REJECTIONS[wd.reason[i]!] : null,
        status === 'approved' ? `0x${wd.ids[i]!.replace(/-/g, '')}${wd.ids[i]!.replace(/-/g, '')}` : null,
        randomUUID(), status === 'pending' ? null : plan.adminIds[wd.admin[i]!], iso(wd.reviewedAt[i]!), iso(wd.createdAt[i]!), iso(Number.isNaN(wd.reviewedAt[i]!) ? wd.createdAt[i]! : wd.reviewedAt[i]!),
      ];
    }
  });
  // The entries, each worker's chain oldest first, hashed by payouts' own hashEntry; the accounts' final state kept.
  const finals: { id: string; available: string; held: string; hash: string; count: number }[] = [];
  const adj = plan.adjustments;
  const asg = plan.assignments;
  await step('payouts', 'ledger_entries', ['id', 'user_id', 'seq', 'kind', 'amount', 'available_after', 'held_after', 'reference_type', 'reference_id', 'reason', 'created_by', 'created_at', 'prev_hash', 'hash'], function* () {
    for (let u = 0; u < w.ids.length; u++) {
      const userId = w.ids[u]!;
      let available = 0;
      let held = 0;
      let prevHash = GENESIS_HASH;
      let seq = 0;
      for (const e of userEvents(u, plan.byUser, asg, plan.tasks, wd, adj)) {
        if (e.kind === 'withdrawal_payout') held += e.amount;
        else if (e.kind === 'withdrawal_hold' || e.kind === 'withdrawal_release') {
          available += e.amount;
          held -= e.amount;
        } else available += e.amount;
        if (available < 0 || held < 0) throw new Error(`seed plan overdraws worker ${u} at ${e.kind}`);
        seq += 1;
        const reference =
          e.kind === 'task_reward' ? { type: 'assignment', id: asg.ids[e.index]! } : e.kind === 'admin_adjustment' ? { type: 'admin_adjustment', id: adj.ids[e.index]! } : { type: 'withdrawal', id: wd.ids[e.index]! };
        const createdBy =
          e.kind === 'task_reward'
            ? asg.admin[e.index]! >= 0 ? plan.adminIds[asg.admin[e.index]!]! : null
            : e.kind === 'admin_adjustment'
              ? plan.adminIds[adj.admin[e.index]!]!
              : e.kind === 'withdrawal_hold'
                ? userId
                : plan.adminIds[wd.admin[e.index]!]!;
        const unhashed = {
          id: randomUUID(),
          userId,
          seq,
          kind: e.kind,
          amount: money(e.amount),
          availableAfter: money(available),
          heldAfter: money(held),
          referenceType: reference.type,
          referenceId: reference.id,
          reason: e.kind === 'admin_adjustment' ? TEXTS.ADJUSTMENT_REASONS[adj.reason[e.index]!]! : null,
          createdBy,
          createdAt: new Date(e.at).toISOString(),
          prevHash,
        };
        const hash = hashEntry(unhashed);
        prevHash = hash;
        yield [unhashed.id, userId, seq, e.kind, unhashed.amount, unhashed.availableAfter, unhashed.heldAfter, reference.type, reference.id, unhashed.reason, createdBy, unhashed.createdAt, unhashed.prevHash, hash];
      }
      if (seq > 0) finals.push({ id: userId, available: money(available), held: money(held), hash: prevHash, count: seq });
    }
  });
  await sql('payouts', 'ledger_final (temp)', 'CREATE TABLE IF NOT EXISTS scale_seed_accounts (user_id uuid PRIMARY KEY, available numeric(12,2), held numeric(12,2), last_entry_hash text, entry_count integer)');
  await step('payouts', 'scale_seed_accounts', ['user_id', 'available', 'held', 'last_entry_hash', 'entry_count'], function* () {
    for (const f of finals) yield [f.id, f.available, f.held, f.hash, f.count];
  });
  await sql(
    'payouts',
    'ledger_accounts (balances)',
    `UPDATE ledger_accounts a SET available = s.available, held = s.held, last_entry_hash = s.last_entry_hash, entry_count = s.entry_count,
            updated_at = greatest(a.updated_at, now())
       FROM scale_seed_accounts s WHERE s.user_id = a.user_id`,
  );
  await sql('payouts', 'scale_seed_accounts (drop)', 'DROP TABLE scale_seed_accounts');
}

async function seedWork(plan: TPlan, step: TStep, sql: TSql): Promise<void> {
  await step('work', 'users', ['id', 'email', 'first_name', 'last_name', 'role', 'source_at'], function* () {
    for (const p of people(plan)) yield [p.id, p.email, p.first, p.last, p.role, iso(p.registeredAt)];
  });
  const tasks = plan.tasks;
  await step('work', 'tasks', ['id', 'title', 'description', 'submission_instructions', 'reward', 'status', 'sort_order', 'created_by', 'time_limit_minutes', 'requires_approval', 'estimated_minutes', 'estimate_missing', 'slots', 'created_at', 'updated_at'], function* () {
    for (let t = 0; t < tasks.ids.length; t++) {
      const entry = DEV_TASKS[tasks.catalogue[t]!]!;
      const at = iso(tasks.createdAt[t]!);
      // The catalogue task's estimate (issue 29: every task shows its pay per hour from a real estimate).
      yield [tasks.ids[t], entry.title, entry.description, entry.submissionInstructions, money(tasks.reward[t]!), TASK_STATUS[tasks.status[t]!], tasks.sortOrder[t], plan.adminIds[t % plan.adminIds.length], tasks.timeLimit[t]! || null, tasks.requiresApproval[t] === 1, entry.estimatedMinutes, false, tasks.slots[t], at, at];
    }
  });
  const asg = plan.assignments;
  const w = plan.workers;
  const statusName = ['completed', 'submitted', 'rejected', 'assigned', 'cancelled', 'cancelled'] as const;
  await step(
    'work',
    'task_assignments',
    ['id', 'task_id', 'user_id', 'status', 'submission', 'assigned_at', 'expires_at', 'submitted_at', 'rejected_by', 'rejection_reason', 'rejected_at', 'completed_at', 'approved_by', 'auto_approved', 'cancelled_by', 'cancellation_reason', 'cancelled_at', 'created_at', 'updated_at'],
    function* () {
      for (let i = 0; i < asg.ids.length; i++) {
        const s = asg.status[i]!;
        const t = asg.task[i]!;
        const limit = (tasks.timeLimit[t]! || 24 * 60) * 60_000;
        const submitted = !Number.isNaN(asg.submittedAt[i]!);
        const admin = asg.admin[i]! >= 0 ? plan.adminIds[asg.admin[i]!] : null;
        const updated = Number.isNaN(asg.doneAt[i]!) ? (submitted ? asg.submittedAt[i]! : asg.assignedAt[i]!) : asg.doneAt[i]!;
        yield [
          asg.ids[i], tasks.ids[t], w.ids[asg.user[i]!], statusName[s], submitted ? `Done as asked: ${DEV_TASKS[tasks.catalogue[t]!]!.submissionInstructions.slice(0, 80)}` : null,
          iso(asg.assignedAt[i]!), s === ASSIGNMENT.rejected ? null : iso(asg.assignedAt[i]! + limit), iso(asg.submittedAt[i]!),
          s === ASSIGNMENT.rejected ? admin : null, s === ASSIGNMENT.rejected ? TEXTS.REJECTION_REASONS[asg.reason[i]!] : null, s === ASSIGNMENT.rejected ? iso(asg.doneAt[i]!) : null,
          s === ASSIGNMENT.completed ? iso(asg.doneAt[i]!) : null, s === ASSIGNMENT.completed ? admin : null, s === ASSIGNMENT.completed && admin === null,
          s === ASSIGNMENT.cancelled ? admin : null, s === ASSIGNMENT.cancelled ? TEXTS.CANCELLATION_REASONS[asg.reason[i]!] : s === ASSIGNMENT.expired ? 'Time limit expired' : null,
          s === ASSIGNMENT.cancelled || s === ASSIGNMENT.expired ? iso(asg.doneAt[i]!) : null, iso(asg.assignedAt[i]!), iso(updated),
        ];
      }
    },
  );
  // Each task's figure as its approvals would have left it (fair-pay.repository.ts recordApprovedTimes): how many were
  // approved, and from 10 on the median real time, so the tasks several workers did show "about N min (from M workers)".
  await sql(
    'work',
    'tasks (median real times)',
    `UPDATE tasks t SET median_workers = m.workers, median_seconds = CASE WHEN m.workers >= ${MEDIAN_APPROVALS_NEEDED} THEN m.median END
       FROM (SELECT a.task_id, count(*)::int AS workers,
                    greatest(1, round(percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM a.submitted_at - a.assigned_at))))::int AS median
               FROM task_assignments a WHERE a.status = 'completed' AND a.submitted_at IS NOT NULL GROUP BY a.task_id) m
      WHERE t.id = m.task_id`,
  );
  const req = plan.requests;
  await step('work', 'task_requests', ['id', 'task_id', 'user_id', 'status', 'reason', 'decided_by', 'decided_at', 'requested_at'], function* () {
    for (let k = 0; k < req.ids.length; k++) {
      const status = req.status[k] === REQUEST.pending ? 'pending' : req.status[k] === REQUEST.approved ? 'approved' : 'rejected';
      yield [req.ids[k], tasks.ids[req.task[k]!], w.ids[req.user[k]!], status, status === 'rejected' ? 'Please take tasks of this kind after your first approved one.' : null, req.admin[k]! >= 0 ? plan.adminIds[req.admin[k]!] : null, iso(req.decidedAt[k]!), iso(req.requestedAt[k]!)];
    }
  });
  const packageIds = Array.from({ length: plan.volumes.taskPackages }, () => randomUUID());
  const categories = [...new Set(DEV_TASKS.map((t) => t.category))];
  await step('work', 'task_packages', ['id', 'name', 'description', 'is_active', 'created_by', 'created_at', 'updated_at'], function* () {
    for (let k = 0; k < packageIds.length; k++) {
      const at = iso(plan.now - (packageIds.length - k) * 86_400_000);
      const category = categories[k % categories.length]!;
      yield [packageIds[k], `${category[0]!.toUpperCase()}${category.slice(1)} starter pack ${Math.floor(k / categories.length) + 1}`, `Ten ${category} tasks for a new worker`, k % 5 !== 4, plan.adminIds[0], at, at];
    }
  });
  await step('work', 'task_package_items', ['id', 'package_id', 'task_id', 'sort_order'], function* () {
    const T = tasks.ids.length;
    for (let k = 0; k < packageIds.length; k++) {
      for (let j = 0; j < Math.min(10, T); j++) yield [randomUUID(), packageIds[k], tasks.ids[(k * 10 + j) % T], j];
    }
  });
}

async function seedChat(plan: TPlan, step: TStep, sql: TSql): Promise<void> {
  await step('chat', 'users', ['id', 'first_name', 'last_name', 'role', 'is_active', 'email', 'source_at'], function* () {
    for (const p of people(plan)) yield [p.id, p.first, p.last, p.role, p.active, p.email, iso(p.registeredAt)];
  });
  // Every message in time order (ids grow with time, as the service stores them): support threads, then general.
  const sup = plan.support;
  const supportTotal = sup.messages.reduce((n, m) => n + m, 0);
  const general = Math.max(0, plan.volumes.chatMessages - supportTotal);
  const total = supportTotal + general;
  const at = new Float64Array(total);
  const conv = new Int32Array(total).fill(-1);
  const nth = new Int32Array(total);
  const author = new Int32Array(total);
  let m = 0;
  const lastAt = new Float64Array(sup.ids.length);
  for (let k = 0; k < sup.ids.length; k++) {
    let t = sup.firstAt[k]!;
    for (let j = 0; j < sup.messages[k]!; j++) {
      at[m] = t;
      conv[m] = k;
      nth[m] = j;
      m += 1;
      lastAt[k] = t;
      t += 60_000 * (5 + ((k * 31 + j * 17) % 600));
      if (t > plan.now) t = plan.now - (sup.messages[k]! - j) * 1000;
    }
  }
  const rnd = (i: number) => ((i * 2_654_435_761) >>> 0) / 4_294_967_296;
  const W = plan.workers.ids.length;
  for (let g = 0; g < general; g++, m++) {
    at[m] = Math.round(plan.now - 85 * 86_400_000 * rnd(g + 1));
    author[m] = Math.min(W - 1, Math.floor(W * Math.pow(rnd(g + 7), 1.6)));
    nth[m] = g;
  }
  const order = Uint32Array.from({ length: total }, (_, i) => i).sort((x, y) => at[x]! - at[y]! || x - y);
  const w = plan.workers;
  const lastByConv = new Int32Array(sup.ids.length);
  await step('chat', 'chat_messages', ['user_id', 'content', 'chat_type', 'support_user_id', 'is_from_admin', 'read_by_admin', 'created_at'], function* () {
    for (const i of order) {
      const k = conv[i]!;
      if (k < 0) {
        const lines = TEXTS.GENERAL_CHAT_LINES;
        yield [w.ids[author[i]!], lines[nth[i]! % lines.length], 'general', null, false, false, iso(at[i]!)];
        continue;
      }
      const j = nth[i]!;
      const fromAdmin = j % 2 === 1;
      const worker = w.ids[sup.user[k]!];
      const topic = k % TEXTS.SUPPORT_QUESTIONS.length;
      const content = fromAdmin ? TEXTS.SUPPORT_ANSWERS[topic]! : j === 0 ? TEXTS.SUPPORT_QUESTIONS[topic]! : 'Thank you, one more question about the same thing.';
      // The trailing messages of the worker are not read yet; everything before an admin's reply is.
      const trailingUnread = !fromAdmin && sup.messages[k]! % 2 === 1 && j === sup.messages[k]! - 1;
      lastByConv[k] = j;
      yield [fromAdmin ? plan.adminIds[sup.admin[k]!] : worker, content, 'support', worker, fromAdmin, fromAdmin || !trailingUnread, iso(at[i]!)];
    }
  });
  await step(
    'chat',
    'support_conversations',
    ['id', 'user_id', 'assigned_admin_id', 'status', 'priority', 'last_message_at', 'last_message_preview', 'unread_count', 'waiting_since', 'created_at', 'updated_at', 'resolved_at'],
    function* () {
      for (let k = 0; k < sup.ids.length; k++) {
        const n = sup.messages[k]!;
        const workerLast = n % 2 === 1;
        const topic = k % TEXTS.SUPPORT_QUESTIONS.length;
        const lastText = workerLast ? (n === 1 ? TEXTS.SUPPORT_QUESTIONS[topic]! : 'Thank you, one more question about the same thing.') : TEXTS.SUPPORT_ANSWERS[topic]!;
        const resolved = !workerLast && k % 3 !== 0;
        const status = workerLast ? 'open' : resolved ? 'resolved' : 'pending';
        yield [
          sup.ids[k], w.ids[sup.user[k]!], plan.adminIds[sup.admin[k]!], status, 'normal', iso(lastAt[k]!), previewOf(lastText, SUPPORT_PREVIEW_LENGTH), workerLast ? 1 : 0,
          workerLast ? iso(lastAt[k]!) : null, iso(sup.firstAt[k]!), iso(lastAt[k]!), resolved ? iso(lastAt[k]! + 3_600_000) : null,
        ];
      }
    },
  );
  await step('chat', 'support_rounds', ['conversation_id', 'opened_at', 'first_response_at', 'resolved_at'], function* () {
    for (let k = 0; k < sup.ids.length; k++) {
      const n = sup.messages[k]!;
      const resolved = n % 2 === 0 && k % 3 !== 0;
      // The first reply is the conversation's second message (60_000 * (5 + (k * 31 + 17) % 600) after the first).
      const firstResponse = n >= 2 ? Math.min(plan.now, sup.firstAt[k]! + 60_000 * (5 + ((k * 31) % 600))) : Number.NaN;
      yield [sup.ids[k], iso(sup.firstAt[k]!), iso(firstResponse), resolved ? iso(lastAt[k]! + 3_600_000) : null];
    }
  });
  // Every room's newest message counts as published (the service's watermark): nothing for the repair job to resend.
  await sql(
    'chat',
    'chat_room_published',
    `INSERT INTO chat_room_published (room, chat_type, support_user_id, last_id)
     SELECT CASE WHEN chat_type = 'general' THEN 'general' ELSE 'support:' || support_user_id END, chat_type, support_user_id, max(id)
       FROM chat_messages GROUP BY chat_type, support_user_id
     ON CONFLICT (room) DO UPDATE SET last_id = GREATEST(chat_room_published.last_id, EXCLUDED.last_id)`,
  );
}

async function seedAdmin(plan: TPlan, step: TStep): Promise<void> {
  const w = plan.workers;
  await step('admin', 'users_copy', ['id', 'email', 'first_name', 'last_name', 'role', 'registered_at', 'source_at'], function* () {
    for (const p of people(plan)) yield [p.id, p.email, p.first, p.last, p.role, iso(p.registeredAt), iso(p.registeredAt)];
  });
  await step('admin', 'stats_users', ['user_id', 'email', 'first_name', 'last_name', 'role', 'is_active', 'registered_at', 'source_at'], function* () {
    for (const p of people(plan)) yield [p.id, p.email, p.first, p.last, p.role, p.active, iso(p.registeredAt), iso(p.registeredAt)];
  });
  await step('admin', 'leaderboard_users', ['user_id', 'first_name', 'last_name', 'role', 'source_at'], function* () {
    for (const p of people(plan)) yield [p.id, p.first, p.last, p.role, iso(p.registeredAt)];
  });
  const tasks = plan.tasks;
  await step('admin', 'stats_tasks', ['task_id', 'title', 'reward', 'status', 'created_at', 'source_at'], function* () {
    for (let t = 0; t < tasks.ids.length; t++) yield [tasks.ids[t], taskTitle(plan, t), money(tasks.reward[t]!), TASK_STATUS[tasks.status[t]!], iso(tasks.createdAt[t]!), iso(tasks.createdAt[t]!)];
  });
  const asg = plan.assignments;
  await step('admin', 'stats_submissions', ['assignment_id', 'user_id', 'task_id', 'status', 'submitted_at', 'approved_at', 'source_at'], function* () {
    const names = ['approved', 'submitted', 'rejected', '', '', 'cancelled'];
    for (let i = 0; i < asg.ids.length; i++) {
      if (Number.isNaN(asg.submittedAt[i]!)) continue;
      const s = asg.status[i]!;
      yield [asg.ids[i], w.ids[asg.user[i]!], tasks.ids[asg.task[i]!], names[s], iso(asg.submittedAt[i]!), s === ASSIGNMENT.completed ? iso(asg.doneAt[i]!) : null, iso(Number.isNaN(asg.doneAt[i]!) ? asg.submittedAt[i]! : asg.doneAt[i]!)];
    }
  });
  await step('admin', 'leaderboard_reviews', ['event_id', 'user_id', 'assignment_id', 'outcome', 'reward', 'reviewed_at'], function* () {
    for (let i = 0; i < asg.ids.length; i++) {
      const s = asg.status[i]!;
      if (s !== ASSIGNMENT.completed && s !== ASSIGNMENT.rejected) continue;
      yield [randomUUID(), w.ids[asg.user[i]!], asg.ids[i], s === ASSIGNMENT.completed ? 'approved' : 'rejected', s === ASSIGNMENT.completed ? money(tasks.reward[asg.task[i]!]!) : '0', iso(asg.doneAt[i]!)];
    }
  });
  await step('admin', 'figures_tasks', ['assignment_id', 'user_id', 'reward', 'approved_at'], function* () {
    for (let i = 0; i < asg.ids.length; i++) if (asg.status[i] === ASSIGNMENT.completed) yield [asg.ids[i], w.ids[asg.user[i]!], money(tasks.reward[asg.task[i]!]!), iso(asg.doneAt[i]!)];
  });
  const wd = plan.withdrawals;
  const wdStatus = ['pending', 'approved', 'rejected'];
  await step('admin', 'stats_withdrawals', ['withdrawal_id', 'user_id', 'amount', 'status', 'requested_at', 'decided_at', 'source_at'], function* () {
    for (let i = 0; i < wd.ids.length; i++) yield [wd.ids[i], w.ids[wd.user[i]!], money(wd.amount[i]!), wdStatus[wd.status[i]!], iso(wd.createdAt[i]!), iso(wd.reviewedAt[i]!), iso(Number.isNaN(wd.reviewedAt[i]!) ? wd.createdAt[i]! : wd.reviewedAt[i]!)];
  });
  await step('admin', 'figures_withdrawals', ['withdrawal_id', 'user_id', 'requested_at', 'paid_at'], function* () {
    for (let i = 0; i < wd.ids.length; i++) yield [wd.ids[i], w.ids[wd.user[i]!], iso(wd.createdAt[i]!), wd.status[i] === WITHDRAWAL.approved ? iso(wd.reviewedAt[i]!) : null];
  });
  const ver = plan.verifications;
  await step('admin', 'stats_verifications', ['verification_id', 'user_id', 'status', 'submitted_at', 'source_at'], function* () {
    for (let k = 0; k < ver.ids.length; k++) yield [ver.ids[k], w.ids[ver.user[k]!], wdStatus[ver.status[k]!], iso(ver.submittedAt[k]!), iso(Number.isNaN(ver.reviewedAt[k]!) ? ver.submittedAt[k]! : ver.reviewedAt[k]!)];
  });
  await step('admin', 'audit_log', ['actor_id', 'action', 'target_type', 'target_id', 'before', 'after', 'created_at', 'event_id'], () => auditRows(plan));
  await step('admin', 'company_news', ['title', 'content', 'author_id', 'is_published', 'created_at', 'updated_at'], function* () {
    const n = plan.volumes.news;
    for (let k = 0; k < n; k++) {
      const [title, content] = TEXTS.NEWS_TOPICS[k % TEXTS.NEWS_TOPICS.length]!;
      const when = plan.now - (n - k) * 2.4 * 86_400_000;
      const month = new Date(when).toLocaleString('en', { month: 'long', year: 'numeric', timeZone: 'UTC' });
      yield [`${title} (${month})`, content, plan.adminIds[0], k % 10 !== 9, iso(when), iso(when)];
    }
  });
  // Awards: the all-time leaderboards computed from the seeded reviews, then manual awards naming real counts.
  const earned = new Float64Array(w.ids.length);
  const done = new Int32Array(w.ids.length);
  for (let i = 0; i < asg.ids.length; i++) {
    if (asg.status[i] !== ASSIGNMENT.completed) continue;
    earned[asg.user[i]!]! += tasks.reward[asg.task[i]!]!;
    done[asg.user[i]!]! += 1;
  }
  const top = (score: ArrayLike<number>) => Array.from({ length: w.ids.length }, (_, u) => u).sort((x, y) => score[y]! - score[x]! || x - y).slice(0, 5);
  await step('admin', 'awards', ['user_id', 'category', 'rank', 'value', 'period', 'source', 'created_by', 'created_at', 'updated_at'], function* () {
    const at = iso(plan.now);
    for (const [rank, u] of top(earned).entries()) yield [w.ids[u], 'top_earner', rank + 1, money(earned[u]!), 'all_time', 'computed', null, at, at];
    for (const [rank, u] of top(done).entries()) yield [w.ids[u], 'top_completion', rank + 1, String(done[u]!), 'all_time', 'computed', null, at, at];
    const manual = Math.max(0, plan.volumes.awards - 10);
    for (let k = 0; k < manual; k++) {
      const u = (k * 7) % w.ids.length;
      const when = iso(plan.now - (manual - k) * 86_400_000);
      yield [w.ids[u], 'top_completion', (k % 5) + 1, String(done[u]!), ['weekly', 'monthly', 'quarterly', 'yearly'][k % 4], 'manual', plan.adminIds[2], when, when];
    }
  });
}

/** The newest admin actions of the seeded history, as the audit consumer would have recorded them from their events. */
function* auditRows(plan: TPlan): Generator<readonly unknown[]> {
  const w = plan.workers;
  const wd = plan.withdrawals;
  const asg = plan.assignments;
  const adj = plan.adjustments;
  const req = plan.requests;
  // Candidates: (time, source, index); the newest auditRows of them are kept.
  const times: number[] = [];
  const refs: number[] = [];
  const add = (time: number, source: number, index: number) => {
    times.push(time);
    refs.push(source * 10_000_000 + index);
  };
  for (let i = 0; i < wd.ids.length; i++) if (wd.status[i] !== WITHDRAWAL.pending) add(wd.reviewedAt[i]!, 0, i);
  for (let i = 0; i < adj.ids.length; i++) add(adj.at[i]!, 1, i);
  for (let i = 0; i < asg.ids.length; i++) {
    const s = asg.status[i]!;
    if ((s === ASSIGNMENT.completed || s === ASSIGNMENT.rejected || s === ASSIGNMENT.cancelled) && asg.admin[i]! >= 0) add(asg.doneAt[i]!, 2, i);
  }
  for (let k = 0; k < req.ids.length; k++) if (req.status[k] !== REQUEST.pending) add(req.decidedAt[k]!, 3, k);
  const keep = Math.min(plan.volumes.auditRows, times.length);
  const order = Uint32Array.from({ length: times.length }, (_, i) => i).sort((x, y) => times[y]! - times[x]! || x - y).subarray(0, keep);
  for (const c of order) {
    const source = Math.floor(refs[c]! / 10_000_000);
    const i = refs[c]! % 10_000_000;
    const at = iso(times[c]!);
    if (source === 0) {
      const approved = wd.status[i] === WITHDRAWAL.approved;
      yield [plan.adminIds[wd.admin[i]!], approved ? 'withdrawal.approved' : 'withdrawal.rejected', 'withdrawal', wd.ids[i], { status: 'pending' }, { status: approved ? 'approved' : 'rejected', txReference: approved ? `0x${wd.ids[i]!.replace(/-/g, '')}${wd.ids[i]!.replace(/-/g, '')}` : null, adminComment: approved ? null : TEXTS.WITHDRAWAL_REJECTIONS[wd.reason[i]!] }, at, randomUUID()];
    } else if (source === 1) {
      // The balances before and after are the ledger's (payouts); the audit row keeps the amount and the reason.
      yield [plan.adminIds[adj.admin[i]!], 'balance.adjusted', 'user', w.ids[adj.user[i]!], null, { amount: money(adj.amount[i]!), reason: TEXTS.ADJUSTMENT_REASONS[adj.reason[i]!] }, at, randomUUID()];
    } else if (source === 2) {
      const s = asg.status[i]!;
      const base = { userId: w.ids[asg.user[i]!], taskId: plan.tasks.ids[asg.task[i]!] };
      if (s === ASSIGNMENT.completed) yield [plan.adminIds[asg.admin[i]!], 'submission.approved', 'submission', asg.ids[i], { status: 'submitted' }, { status: 'completed', reward: money(plan.tasks.reward[asg.task[i]!]!), ...base }, at, randomUUID()];
      else if (s === ASSIGNMENT.rejected) yield [plan.adminIds[asg.admin[i]!], 'submission.rejected', 'submission', asg.ids[i], { status: 'submitted' }, { status: 'rejected', reason: TEXTS.REJECTION_REASONS[asg.reason[i]!], ...base }, at, randomUUID()];
      else yield [plan.adminIds[asg.admin[i]!], 'assignment.cancelled', 'assignment', asg.ids[i], null, { status: 'cancelled', reason: TEXTS.CANCELLATION_REASONS[asg.reason[i]!], ...base }, at, randomUUID()];
    } else {
      const approved = req.status[i] === REQUEST.approved;
      yield [plan.adminIds[req.admin[i]!], approved ? 'task_request.approved' : 'task_request.rejected', 'task_request', req.ids[i], { status: 'pending' }, { status: approved ? 'approved' : 'rejected', reason: null, assignmentId: null, userId: w.ids[req.user[i]!], taskId: plan.tasks.ids[req.task[i]!] }, at, randomUUID()];
    }
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { scale: { type: 'string', default: '1' }, namespace: { type: 'string', default: process.env.STACK_NAMESPACE ?? 'platform' } } });
  const scale = Number(values.scale);
  if (!Number.isFinite(scale) || scale <= 0 || scale > 10) throw new Error(`--scale must be a number above 0 and at most 10 (got ${values.scale})`);
  const ns = values.namespace.replace(/[^a-z0-9_]/gi, '_').toLowerCase();
  const databaseUrls = Object.fromEntries(SERVICES.map((s) => [s, databaseUrl(`${ns}_${s}`)])) as Record<TService, string>;
  console.log(`Seeding the stack "${ns}" at scale ${scale} (databases ${SERVICES.map((s) => `${ns}_${s}`).join(', ')}):`);
  const result = await seedScale({ databaseUrls, scale, log: (line) => console.log(line) });
  console.log(`Done in ${(result.totalMs / 1000).toFixed(1)} s. Every seeded worker and admin signs in with the password ${SCALE_PASSWORD} (e.g. ${result.plan.workers.email[0]}).`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error((error as Error).message ?? error);
    process.exit(1);
  });
}
