import { join } from 'node:path';
import { tmpdir } from 'node:os';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS_BREAKING_INVARIANT_SQL } from '../services/payouts/src/data-access/ledger.repository.js';
import { SCALE_PASSWORD, seedScale, type TScaleSeedResult } from './seed-scale.js';
import { DEV_ADMIN, startStack, type TStack } from './stack.js';

/**
 * The scale seed at 1/100 (issue 25 item 2) into a whole stack of its own (fresh databases, ephemeral): the rows it
 * promises are there, every sampled worker's ledger chain verifies through payouts' own verify route, the accounts
 * agree with their entries and the holds with the pending withdrawals, the read models agree with the owners' rows,
 * and the paged lists answer through the gateway.
 */
const SCALE = 0.01;
let stack: TStack;
let seeded: TScaleSeedResult;
let adminToken: string;
const pools: Record<string, pg.Pool> = {};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are asserted field by field
async function call(path: string, token: string, init: RequestInit = {}): Promise<{ status: number; body: any }> {
  const res = await fetch(`${stack.baseUrl}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}) } });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}
const one = async (service: string, sql: string) => Number((await pools[service]!.query<{ n: string }>(sql)).rows[0]!.n);

beforeAll(async () => {
  stack = await startStack({ namespace: `scale_${Date.now().toString(36)}`, ephemeral: true, seed: true, logLevel: 'warn', frontendDist: join(tmpdir(), 'no-frontend-here') });
  for (const [service, url] of Object.entries(stack.databaseUrls)) pools[service] = new pg.Pool({ connectionString: url, max: 2 });
  seeded = await seedScale({ databaseUrls: stack.databaseUrls as Parameters<typeof seedScale>[0]['databaseUrls'], scale: SCALE });
  const login = await fetch(`${stack.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEV_ADMIN) });
  adminToken = ((await login.json()) as { token: string }).token;
}, 240_000);

afterAll(async () => {
  await Promise.all(Object.values(pools).map((p) => p.end()));
  await stack?.stop();
}, 60_000);

describe('seed:scale at 1/100', () => {
  it('when seeded, then each table holds the volumes asked for', async () => {
    const v = seeded.plan.volumes;
    expect(v.workers).toBe(1_000);
    expect(await one('auth', "SELECT count(*) AS n FROM users WHERE role = 'employee'")).toBe(1_000);
    expect(await one('payouts', 'SELECT count(*) AS n FROM ledger_entries')).toBe(10_000);
    expect(await one('payouts', 'SELECT count(*) AS n FROM withdrawals')).toBe(2_000);
    expect(await one('payouts', "SELECT count(*) AS n FROM withdrawals WHERE status = 'pending'")).toBe(200);
    expect(await one('work', 'SELECT count(*) AS n FROM tasks')).toBe(500);
    // Each with its catalogue entry's real estimate (issue 29), so none shows "No real estimate".
    expect(await one('work', 'SELECT count(*) AS n FROM tasks WHERE estimate_missing')).toBe(0);
    expect(await one('work', 'SELECT count(*) AS n FROM task_assignments')).toBe(3_000);
    expect(await one('chat', 'SELECT count(*) AS n FROM chat_messages')).toBe(5_000);
    expect(await one('admin', 'SELECT count(*) AS n FROM audit_log')).toBe(2_000);
    expect(await one('auth', 'SELECT count(*) AS n FROM user_verifications')).toBe(200);
    expect(await one('work', 'SELECT count(*) AS n FROM task_requests')).toBeGreaterThanOrEqual(200);
    expect(await one('chat', 'SELECT count(*) AS n FROM support_conversations')).toBe(100);
    // Each table's time was measured and printed.
    expect(seeded.timings.find((t) => t.table === 'ledger_entries')?.rows).toBe(10_000);
  });

  it('when sampled workers are verified through payouts, then every chain is valid and ends at its account', async () => {
    const { rows } = await pools.payouts!.query<{ user_id: string; entry_count: number }>(
      'SELECT user_id, entry_count FROM ledger_accounts WHERE entry_count > 0 ORDER BY entry_count DESC, user_id LIMIT 30',
    );
    // The busiest accounts and a spread of the others.
    const others = await pools.payouts!.query<{ user_id: string; entry_count: number }>('SELECT user_id, entry_count FROM ledger_accounts WHERE entry_count > 0 ORDER BY md5(user_id::text) LIMIT 30');
    for (const { user_id: id, entry_count: count } of [...rows, ...others.rows]) {
      const { status, body } = await call(`/api/admin/users/${id}/ledger/verify`, adminToken);
      expect(status).toBe(200);
      expect(body).toMatchObject({ valid: true, entries: count });
    }
  });

  it('when the balances are summed, then every account agrees with its entries and the holds with the pending withdrawals', async () => {
    expect((await pools.payouts!.query(ACCOUNTS_BREAKING_INVARIANT_SQL)).rows).toEqual([]);
    const held = await one('payouts', 'SELECT coalesce(sum(held), 0)::text AS n FROM ledger_accounts');
    const pending = await one('payouts', "SELECT coalesce(sum(amount), 0)::text AS n FROM withdrawals WHERE status = 'pending'");
    expect(held).toBe(pending);
    // The read models of the other services agree with the owners' rows.
    expect(await one('admin', "SELECT count(*) AS n FROM stats_withdrawals WHERE status = 'pending'")).toBe(200);
    expect(await one('admin', "SELECT count(*) AS n FROM stats_submissions WHERE status = 'submitted'")).toBe(await one('work', "SELECT count(*) AS n FROM task_assignments WHERE status = 'submitted'"));
    expect(await one('admin', 'SELECT count(*) AS n FROM figures_tasks')).toBe(await one('work', "SELECT count(*) AS n FROM task_assignments WHERE status = 'completed'"));
    expect(await one('payouts', "SELECT count(*) AS n FROM ledger_entries WHERE kind = 'task_reward'")).toBe(await one('work', "SELECT count(*) AS n FROM task_assignments WHERE status = 'completed'"));
    expect(await one('auth', "SELECT count(*) AS n FROM activity_entries WHERE type = 'withdrawal_request'")).toBe(2_000);
    expect(await one('chat', 'SELECT coalesce(sum(unread_count), 0) AS n FROM support_conversations')).toBe(
      await one('chat', "SELECT count(*) AS n FROM chat_messages WHERE chat_type = 'support' AND NOT read_by_admin"),
    );
    const { status, body } = await call('/api/admin/stats', adminToken);
    expect(status).toBe(200);
    expect(JSON.stringify(body)).toContain('"pendingWithdrawals":200');
  });

  it('when the lists are paged through the gateway, then the seeded rows answer page by page', async () => {
    const first = await call('/api/admin/withdrawals?status=pending&pageSize=50', adminToken);
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(50);
    expect(first.body.total).toBe(200);
    const second = await call(`/api/admin/withdrawals?status=pending&pageSize=50&cursor=${first.body.nextCursor}`, adminToken);
    expect(second.body.items).toHaveLength(50);
    const ids = new Set([...first.body.items, ...second.body.items].map((w: { id: string }) => w.id));
    expect(ids.size).toBe(100);
    const times = [...first.body.items, ...second.body.items].map((w: { createdAt: string }) => w.createdAt);
    expect([...times].sort()).toEqual(times);
    const users = await call('/api/admin/users?pageSize=20', adminToken);
    expect(users.status).toBe(200);
    expect(users.body.total).toBeGreaterThanOrEqual(1_000);
    const audit = await call('/api/admin/audit-log?pageSize=20', adminToken);
    expect(audit.status).toBe(200);
    expect(audit.body.items).toHaveLength(20);
    const submissions = await call('/api/admin/submissions?pageSize=20', adminToken);
    expect(submissions.status).toBe(200);
    expect(submissions.body.total).toBe(await one('work', "SELECT count(*) AS n FROM task_assignments WHERE status = 'submitted'"));
  });

  it('when a seeded worker signs in with the shared password, then their statement pages and their chain verifies', async () => {
    const { rows } = await pools.payouts!.query<{ email: string; entry_count: number }>(
      'SELECT u.email, a.entry_count FROM ledger_accounts a JOIN users u ON u.id = a.user_id ORDER BY a.entry_count DESC LIMIT 1',
    );
    const login = await fetch(`${stack.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: rows[0]!.email, password: SCALE_PASSWORD }) });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const statement = await call('/api/ledger/statement?pageSize=5', token);
    expect(statement.status).toBe(200);
    expect(statement.body.items).toHaveLength(5);
    expect(statement.body.total).toBe(rows[0]!.entry_count);
    const next = await call(`/api/ledger/statement?pageSize=5&cursor=${statement.body.nextCursor}`, token);
    // Consecutive entries chain across pages.
    expect(statement.body.items[4].prevHash).toBe(next.body.items[0].hash);
    expect((await call('/api/ledger/verify', token)).body).toMatchObject({ valid: true });
  });

  it('when the stack already holds users, then a second run refuses and writes nothing', async () => {
    const before = await one('payouts', 'SELECT count(*) AS n FROM ledger_entries');
    await expect(seedScale({ databaseUrls: stack.databaseUrls as Parameters<typeof seedScale>[0]['databaseUrls'], scale: SCALE })).rejects.toThrow(/empty stack only/);
    expect(await one('payouts', 'SELECT count(*) AS n FROM ledger_entries')).toBe(before);
  });
});
