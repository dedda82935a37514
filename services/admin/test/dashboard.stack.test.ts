import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TAdminStats, TStatsRebuildResult } from '@platform/contracts';
import { eventually } from '@platform/service-kit/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_ADMIN, startStack, type TStack } from '../../../scripts/stack.js';

/**
 * The dashboard against the real stack (every service its own process, the real broker): after a scripted day of
 * activity the figures of GET /api/admin/stats equal counts made directly in each owner's database (only the test
 * reads them; the admin service learns everything from events, and its rebuild from the owners' internal APIs).
 */
let stack: TStack;
let base: string;
let adminToken: string;
const databases: Record<string, pg.Pool> = {};

async function api<T>(method: string, path: string, token: string | null, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const init: RequestInit = { method, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  const response = await fetch(`${base}${path}`, init);
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

beforeAll(async () => {
  stack = await startStack({
    namespace: `dash_${Date.now().toString(36)}`,
    ephemeral: true,
    seed: true,
    logLevel: 'warn',
    frontendDist: join(tmpdir(), 'no-frontend-here'),
    env: { RATE_LIMIT_REGISTER_PER_ADDRESS: '1000/1h', RATE_LIMIT_LOGIN_PER_ADDRESS: '1000/15m' },
  });
  base = stack.baseUrl;
  for (const [name, url] of Object.entries(stack.databaseUrls)) databases[name] = new pg.Pool({ connectionString: url, max: 2 });
  adminToken = (await api<{ token: string }>('POST', '/api/auth/login', null, { email: DEV_ADMIN.email, password: DEV_ADMIN.password })).token;
}, 180_000);

afterAll(async () => {
  await Promise.all(Object.values(databases).map((db) => db.end()));
  await stack?.stop();
});

async function one<T>(service: string, sql: string): Promise<T> {
  const { rows } = await databases[service]!.query(sql);
  return rows[0] as T;
}

/** What each owner's own database says, counted directly (today is the UTC day). */
async function countedInTheDatabases() {
  const today = `(now() AT TIME ZONE 'UTC')::date`;
  const users = await one<{ total: number; active: number; today: number }>(
    'auth',
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE is_active)::int AS active,
            count(*) FILTER (WHERE (created_at AT TIME ZONE 'UTC')::date = ${today})::int AS today FROM users`,
  );
  const tasks = await one<{ total: number; pending: number }>('work', `SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'pending')::int AS pending FROM tasks`);
  const submissions = await one<{ waiting: number; approvedToday: number }>(
    'work',
    `SELECT count(*) FILTER (WHERE status = 'submitted')::int AS waiting,
            count(*) FILTER (WHERE status = 'completed' AND (completed_at AT TIME ZONE 'UTC')::date = ${today})::int AS "approvedToday" FROM task_assignments`,
  );
  const withdrawals = await one<{ pending: number; paidToday: number; oldest: Date | null }>(
    'payouts',
    `SELECT count(*) FILTER (WHERE status = 'pending')::int AS pending,
            count(*) FILTER (WHERE status = 'approved' AND (reviewed_at AT TIME ZONE 'UTC')::date = ${today})::int AS "paidToday",
            min(created_at) FILTER (WHERE status = 'pending') AS oldest FROM withdrawals`,
  );
  const balance = await one<{ total: string }>('payouts', `SELECT COALESCE(sum(available), 0)::numeric(14, 2)::text AS total FROM ledger_accounts`);
  const dueProcess = await one<{ appealsWaiting: number; returns: number }>(
    'work',
    `SELECT (SELECT count(*)::int FROM submission_rejections WHERE appeal_status = 'pending') AS "appealsWaiting",
            (SELECT count(*)::int FROM task_assignments WHERE status = 'returned' AND returned_at >= now() - interval '30 days') AS returns`,
  );
  const recentUsers = (await databases.auth!.query<{ id: string }>('SELECT id FROM users ORDER BY created_at DESC LIMIT 5')).rows.map((r) => r.id);
  const recentTasks = (await databases.work!.query<{ id: string; status: string }>('SELECT id, status FROM tasks ORDER BY created_at DESC LIMIT 5')).rows;
  return { users, tasks, submissions, withdrawals, balance, dueProcess, recentUsers, recentTasks };
}

function figuresOf(stats: TAdminStats) {
  const today = stats.series[stats.series.length - 1]!;
  return {
    users: { total: stats.totalUsers, active: stats.activeUsers, today: today.registrations },
    tasks: { total: stats.totalTasks, pending: stats.pendingTasks },
    submissions: { waiting: stats.submissionsWaiting, approvedToday: today.approvedSubmissions },
    withdrawals: { pending: stats.pendingWithdrawals, paidToday: today.paidWithdrawals, oldest: stats.oldestPendingWithdrawalAt ? new Date(stats.oldestPendingWithdrawalAt) : null },
    balance: { total: stats.totalBalance },
    dueProcess: { appealsWaiting: stats.appealsWaiting, returns: stats.returnsLast30Days },
    recentUsers: stats.recentUsers.map((u) => u.id),
    recentTasks: stats.recentTasks.map((t) => ({ id: t.id, status: t.status })),
  };
}

async function expectDashboardToMatchTheDatabases(): Promise<TAdminStats> {
  let last: unknown;
  try {
    return await eventually(
      async () => {
        const stats = await api<TAdminStats>('GET', '/api/admin/stats', adminToken);
        const expected = await countedInTheDatabases();
        last = { dashboard: figuresOf(stats), databases: expected };
        return JSON.stringify(figuresOf(stats)) === JSON.stringify(expected) ? stats : undefined;
      },
      { timeoutMs: 20_000, intervalMs: 200, what: 'the dashboard to equal the databases' },
    );
  } catch (error) {
    expect(last).toBe('the dashboard to equal the databases');
    throw error;
  }
}

const PASSWORD = 'Correct-Horse-42';

async function registerWorker(n: number): Promise<{ id: string; token: string }> {
  const email = `dash.${n}.${randomUUID().slice(0, 8)}@example.com`;
  const body = { email, password: PASSWORD, confirmPassword: PASSWORD, firstName: `Worker${n}`, lastName: 'Dash' };
  const registered = await api<{ token: string; user: { id: string } }>('POST', '/api/auth/register', null, body, { 'x-forwarded-for': `203.0.113.${n}` });
  return { id: registered.user.id, token: registered.token };
}

async function createTask(title: string, extra: Record<string, unknown> = {}): Promise<string> {
  const task = await api<{ id: string }>('POST', '/api/admin/tasks', adminToken, {
    title,
    description: 'Open the page and report what is broken.',
    reward: '120.00',
    submissionInstructions: 'Describe what you found.',
    estimatedMinutes: 30,
    ...extra,
  });
  return task.id;
}

async function takeAndSubmit(worker: { token: string }, taskId: string): Promise<string> {
  await api('POST', `/api/tasks/${taskId}/take`, worker.token);
  const form = new FormData();
  form.append('submission', 'Done: the page works, nothing broken.');
  await api('POST', `/api/tasks/${taskId}/submit`, worker.token, form);
  const { items } = await api<{ items: { id: string; taskId: string }[] }>('GET', `/api/admin/submissions?taskId=${taskId}`, adminToken);
  const mine = items.find((s) => s.taskId === taskId);
  if (!mine) throw new Error(`no submission for task ${taskId}`);
  return mine.id;
}

async function withdraw(worker: { token: string }, amount: string): Promise<string> {
  const created = await api<{ id: string }>(
    'POST',
    '/api/withdrawals',
    worker.token,
    { amount, currency: 'ETH', walletAddress: '0x52908400098527886E0F7030069857D2E4169EE7' },
    { 'idempotency-key': randomUUID() },
  );
  return created.id;
}

describe('GET /api/admin/stats', () => {
  it('when a day of registrations, task work, approvals and withdrawals has happened, then every figure equals the count in its owner database', async () => {
    const workers = [];
    for (let n = 1; n <= 5; n += 1) workers.push(await registerWorker(n));
    const [w1, w2, w3, w4, w5] = workers as [typeof workers[0], typeof workers[0], typeof workers[0], typeof workers[0], typeof workers[0]];

    const [t1, t2, t3, t4, t5] = [
      await createTask('Check the sign-up form'),
      await createTask('Check the login form'),
      await createTask('Check the profile page'),
      await createTask('Review the landing copy', { requiresApproval: true }),
      await createTask('Check the withdrawals page'),
    ];
    const s1 = await takeAndSubmit(w1, t1);
    const s2 = await takeAndSubmit(w2, t2);
    const s3 = await takeAndSubmit(w3, t3);
    await takeAndSubmit(w5, t5);
    await api('POST', `/api/tasks/${t4}/take`, w4.token); // a task request: the task is pending
    await api('POST', `/api/admin/submissions/${s1}/approve`, adminToken);
    await api('POST', `/api/admin/submissions/${s2}/approve`, adminToken);
    await api('POST', `/api/admin/submissions/${s3}/reject`, adminToken, { reason: 'The description is missing the steps.' });
    // Due process (issue 29): the rejection is appealed, and a task is handed back.
    await api('POST', `/api/tasks/${t3}/appeal`, w3.token, { statement: 'The steps are in the second paragraph.' });
    const t6 = await createTask('Check the help page');
    await api('POST', `/api/tasks/${t6}/take`, w1.token);
    await api('POST', `/api/tasks/${t6}/return`, w1.token, { reason: 'No time today' });

    // Rewards are credited by payouts from submission.approved; then one withdrawal is paid and one stays pending.
    await eventually(async () => (await one<{ n: number }>('payouts', `SELECT count(*)::int AS n FROM ledger_entries WHERE kind = 'task_reward'`)).n === 2, {
      what: 'rewards credited',
    });
    const paid = await withdraw(w1, '60');
    await withdraw(w2, '55');
    await api('PATCH', `/api/admin/withdrawals/${paid}`, adminToken, { status: 'approved', txReference: '0xfeed' });

    const stats = await expectDashboardToMatchTheDatabases();
    // The scripted day itself, so the comparison above cannot pass on empty tables.
    expect(stats.submissionsWaiting).toBe(1);
    expect(stats.pendingTasks).toBe(1);
    expect(stats.pendingWithdrawals).toBe(1);
    expect(stats).toMatchObject({ appealsWaiting: 1, returnsLast30Days: 1 });
    const today = stats.series[stats.series.length - 1]!;
    expect(today).toMatchObject({ approvedSubmissions: 2, paidWithdrawals: 1 });
    expect(today.registrations).toBeGreaterThanOrEqual(5);
    expect(stats.series).toHaveLength(30);
    expect(stats.oldestPendingWithdrawalAgeSeconds).toBeGreaterThanOrEqual(0);
    // The pending one is within its decideBy (issue 31); once past it, payouts counts it and the dashboard says so.
    expect(stats.overdueWithdrawals).toBe(0);
    await databases.payouts!.query("UPDATE withdrawals SET decide_by = now() - interval '1 hour' WHERE status = 'pending'");
    expect((await expectDashboardToMatchTheDatabases()).overdueWithdrawals).toBe(1);
    expect(stats.recentUsers[0]).toMatchObject({ id: w5.id, firstName: 'Worker5', isActive: true, balance: '0.00' });
    expect(stats.recentUsers.find((u) => u.id === w1.id)?.balance).toBe('60.00');
    expect(stats.recentTasks.map((t) => t.status)).toEqual(['available', 'submitted', 'pending', 'assigned', 'completed']);
    expect(stats.verificationsWaiting).toBe(0);
    expect(stats.updatedAt).not.toBeNull();
  });

  it('when the read model is lost and `stats:rebuild` runs, then it is rebuilt from the internal APIs with the same figures', async () => {
    const before = await api<TAdminStats>('GET', '/api/admin/stats', adminToken);
    await databases.admin!.query('TRUNCATE stats_users, stats_tasks, stats_submissions, stats_withdrawals, stats_verifications, stats_appeals, stats_returns');
    const emptied = await api<TAdminStats>('GET', '/api/admin/stats', adminToken);
    expect(emptied).toMatchObject({ totalUsers: 0, totalTasks: 0, pendingWithdrawals: 0, appealsWaiting: 0, returnsLast30Days: 0 });

    const { rebuildStatistics } = await import('../../../scripts/stats-rebuild.js');
    const result = (await rebuildStatistics({ GATEWAY_URL: base, ADMIN_TOKEN: adminToken })) as TStatsRebuildResult;
    expect(result).toMatchObject({ users: before.totalUsers, tasks: before.totalTasks });

    const after = await expectDashboardToMatchTheDatabases();
    expect(after).toMatchObject({ appealsWaiting: 1, returnsLast30Days: 1 });
    expect(Date.parse(after.rebuiltAt ?? '')).toBeGreaterThan(Date.parse(before.generatedAt));
    expect({ ...after.series.at(-1) }).toEqual({ ...before.series.at(-1) });
  });

  it('when a worker asks, then 403', async () => {
    const worker = await registerWorker(9);
    const response = await fetch(`${base}/api/admin/stats`, { headers: { authorization: `Bearer ${worker.token}` } });
    expect(response.status).toBe(403);
    const rebuild = await fetch(`${base}/api/admin/stats/rebuild`, { method: 'POST', headers: { authorization: `Bearer ${worker.token}` } });
    expect(rebuild.status).toBe(403);
  });
});
