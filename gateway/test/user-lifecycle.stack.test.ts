import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@platform/service-kit/testing';
import { DEV_ADMIN, startStack, type TStack } from '../../scripts/stack.js';

/**
 * User management and account deletion across the whole platform (issue 14 item 2, issue 15 item 5): the real
 * gateway and services, each its own process, with RabbitMQ, Redis and a database each. A ban reaches every
 * service's token check within a second; a deletion is refused while money or work is pending, and otherwise leaves
 * no name or e-mail of the user in any service's database while the ledger still verifies.
 */
let stack: TStack;
let outboxDir: string;
let adminToken: string;
let adminId: string;
const pools: Record<string, pg.Pool> = {};

const PASSWORD = 'Worker-pass-1';

beforeAll(async () => {
  outboxDir = mkdtempSync(join(tmpdir(), 'users-outbox-'));
  stack = await startStack({
    namespace: `users_${Date.now().toString(36)}`,
    ephemeral: true,
    seed: true,
    outboxDir,
    logLevel: 'warn',
    frontendDist: join(tmpdir(), 'no-frontend-here'),
    env: {
      RATE_LIMIT_REGISTER_PER_ADDRESS: '1000/1h',
      RATE_LIMIT_LOGIN_PER_ADDRESS: '1000/15m',
      RATE_LIMIT_LOGIN_PER_ACCOUNT_AND_ADDRESS: '1000/15m',
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '1000/15m',
    },
  });
  for (const [name, url] of Object.entries(stack.databaseUrls)) pools[name] = new pg.Pool({ connectionString: url, max: 2 });
  const login = await call('POST', '/api/auth/login', { body: DEV_ADMIN });
  adminToken = login.body.token;
  adminId = login.body.user.id;
}, 180_000);

afterAll(async () => {
  await Promise.all(Object.values(pools).map((pool) => pool.end()));
  await stack?.stop();
  rmSync(outboxDir, { recursive: true, force: true });
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are asserted field by field
type TAnswer = { status: number; body: any };

async function call(method: string, path: string, options: { token?: string; body?: unknown; form?: FormData; base?: string } = {}): Promise<TAnswer> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${options.base ?? stack.baseUrl}${path}`, {
    method,
    headers,
    body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    body = { raw: text };
  }
  return { status: response.status, body };
}

async function newWorker(label: string): Promise<{ id: string; token: string; email: string; firstName: string; lastName: string }> {
  const tag = randomUUID().slice(0, 8);
  const email = `${label}.${tag}@example.com`;
  const firstName = `Qa${tag}`;
  const lastName = `Zed${tag}`;
  const res = await call('POST', '/api/auth/register', { body: { email, password: PASSWORD, confirmPassword: PASSWORD, firstName, lastName } });
  expect(res.status).toBe(201);
  const id = res.body.user.id as string;
  // Registered everywhere: payouts opened the account, work and chat keep the names.
  await eventually(async () => (await pools.payouts!.query('SELECT 1 FROM ledger_accounts WHERE user_id = $1', [id])).rowCount === 1, { what: 'the account to open', timeoutMs: 15_000 });
  return { id, token: res.body.token, email, firstName, lastName };
}

/** An .eml file's text with quoted-printable soft line breaks joined (what a reader sees). */
function decodedMail(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
}

/** Every text, varchar and jsonb column of every table of a database in which `needle` occurs (table.column). */
async function whereFound(pool: pg.Pool, needle: string): Promise<string[]> {
  const { rows: columns } = await pool.query<{ table_name: string; column_name: string }>(
    `SELECT c.table_name, c.column_name FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_name = c.table_name AND t.table_schema = c.table_schema AND t.table_type = 'BASE TABLE'
      WHERE c.table_schema = 'public' AND c.data_type IN ('text', 'character varying', 'jsonb', 'ARRAY')`,
  );
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    const { rowCount } = await pool.query(`SELECT 1 FROM "${table}" WHERE strpos(lower("${column}"::text), lower($1)) > 0 LIMIT 1`, [needle]);
    if (rowCount) found.push(`${table}.${column}`);
  }
  return found;
}

/** One worker-facing (or token-checking) call per service, straight to the service and through the gateway. */
function tokenProbes(): { name: string; base: string; path: string }[] {
  const direct = (name: string) => (stack.serviceUrls[name] ?? '').split(',')[0]!;
  return [
    { name: 'gateway', base: stack.baseUrl, path: '/api/auth/me' },
    { name: 'auth', base: direct('auth'), path: '/api/auth/me' },
    { name: 'payouts', base: direct('payouts'), path: '/api/ledger/balance' },
    { name: 'work', base: direct('work'), path: '/api/tasks' },
    { name: 'chat', base: direct('chat'), path: '/api/chat/unread' },
    { name: 'chat-2', base: stack.serviceUrls['chat-2'] ?? direct('chat'), path: '/api/chat/unread' },
    // requireAdmin checks the token first: a worker's good token is 403 here, a revoked one 401.
    { name: 'admin', base: direct('admin'), path: '/api/admin/email-templates' },
  ];
}

describe('PATCH /api/admin/users/{id}/toggle', () => {
  it('when an admin bans a signed-in worker, then within one second every service refuses the token as suspended, login says suspended, and unbanning lets them in again', async () => {
    const worker = await newWorker('banned');
    for (const probe of tokenProbes()) {
      const res = await call('GET', probe.path, { token: worker.token, base: probe.base });
      expect(res.status, `${probe.name} before the ban`).toBe(probe.name === 'admin' ? 403 : 200);
    }

    const ban = await call('PATCH', `/api/admin/users/${worker.id}/toggle`, { token: adminToken });
    expect(ban.status).toBe(200);
    expect(ban.body).toMatchObject({ id: worker.id, isActive: false });
    const bannedAt = Date.now();
    for (const probe of tokenProbes()) {
      const res = await eventually(async () => {
        const answer = await call('GET', probe.path, { token: worker.token, base: probe.base });
        return answer.status === 401 ? answer : undefined;
      }, { what: `${probe.name} to refuse the token`, timeoutMs: 1_000 });
      expect(res.body, probe.name).toEqual({ code: 'AUTH.ACCOUNT_SUSPENDED', message: 'Your account has been suspended. Please contact support.' });
    }
    expect(Date.now() - bannedAt).toBeLessThan(1_000 + 500);

    const login = await call('POST', '/api/auth/login', { body: { email: worker.email, password: PASSWORD } });
    expect(login.status).toBe(403);
    expect(login.body.message).toBe('Your account has been suspended. Please contact support.');

    const unban = await call('PATCH', `/api/admin/users/${worker.id}/toggle`, { token: adminToken });
    expect(unban.body).toMatchObject({ isActive: true });
    const again = await call('POST', '/api/auth/login', { body: { email: worker.email, password: PASSWORD } });
    expect(again.status).toBe(200);
    expect((await call('GET', '/api/ledger/balance', { token: again.body.token })).status).toBe(200);

    // Audited with before and after, from the events (the admin service's audit log).
    const rows = await eventually(async () => {
      const { rows: found } = await pools.admin!.query<{ action: string; actor_id: string; before: unknown; after: unknown }>(
        "SELECT action, actor_id, before, after FROM audit_log WHERE target_type = 'user' AND target_id = $1 ORDER BY created_at",
        [worker.id],
      );
      return found.length === 2 ? found : undefined;
    }, { what: 'the audit rows', timeoutMs: 15_000 });
    expect(rows).toEqual([
      { action: 'user.banned', actor_id: adminId, before: { isActive: true }, after: { isActive: false } },
      { action: 'user.unbanned', actor_id: adminId, before: { isActive: false }, after: { isActive: true } },
    ]);
  });

  it('when the user is an admin, then ban and delete are refused (403) and the last admin cannot be demoted (409)', async () => {
    const ban = await call('PATCH', `/api/admin/users/${adminId}/toggle`, { token: adminToken });
    expect(ban.status).toBe(403);
    expect(ban.body).toMatchObject({ code: 'AUTH.ADMIN_PROTECTED', message: 'Admin users cannot be banned' });
    const inactive = await call('PATCH', `/api/admin/users/${adminId}`, { token: adminToken, body: { isActive: false } });
    expect(inactive.status).toBe(403);
    const del = await call('DELETE', `/api/admin/users/${adminId}`, { token: adminToken });
    expect(del.status).toBe(403);
    expect(del.body.message).toBe('Admin users cannot be deleted');
    const demote = await call('PATCH', `/api/admin/users/${adminId}`, { token: adminToken, body: { role: 'employee' } });
    expect(demote.status).toBe(409);
    expect(demote.body).toMatchObject({ code: 'AUTH.LAST_ADMIN', message: 'The last admin cannot be demoted' });
    const me = await call('GET', '/api/auth/me', { token: adminToken });
    expect(me.body).toMatchObject({ role: 'admin', isActive: true });
  });
});

describe('PATCH /api/admin/users/{id}', () => {
  it('when an admin edits names, e-mail and verified, then they change everywhere; a taken e-mail is 409; a balance change needs a reason and is a ledger adjustment', async () => {
    const worker = await newWorker('edited');
    const other = await newWorker('other');
    const taken = await call('PATCH', `/api/admin/users/${worker.id}`, { token: adminToken, body: { email: other.email.toUpperCase() } });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ message: 'User with this email already exists', field: 'email' });

    const noReason = await call('PATCH', `/api/admin/users/${worker.id}`, { token: adminToken, body: { balance: '12.50' } });
    expect(noReason.status).toBe(400);
    expect(noReason.body).toMatchObject({ message: 'Reason is required for a balance change', field: 'balanceReason' });

    const newEmail = `renamed.${randomUUID().slice(0, 8)}@example.com`;
    const edit = await call('PATCH', `/api/admin/users/${worker.id}`, {
      token: adminToken,
      body: { firstName: 'Grace', lastName: 'Hopper', email: newEmail, isVerified: true, balance: '12.50', balanceReason: 'Bonus for the pilot' },
    });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', email: newEmail, isVerified: true, balance: '12.50' });
    const statement = await call('GET', '/api/ledger/statement', { token: worker.token });
    expect(statement.body.items.map((e: { kind: string; amount: string; reason: string }) => [e.kind, e.amount, e.reason])).toEqual([
      ['admin_adjustment', '12.50', 'Bonus for the pilot'],
    ]);
    await eventually(async () => {
      const { rows } = await pools.work!.query('SELECT first_name, email FROM users WHERE id = $1', [worker.id]);
      return rows[0]?.first_name === 'Grace' && rows[0]?.email === newEmail;
    }, { what: 'the work copy to follow', timeoutMs: 15_000 });
    const audit = await eventually(async () => {
      const { rows } = await pools.admin!.query("SELECT before, after FROM audit_log WHERE action = 'user.edited' AND target_id = $1", [worker.id]);
      return rows[0] as { before: Record<string, unknown>; after: Record<string, unknown> } | undefined;
    }, { what: 'the audit row', timeoutMs: 15_000 });
    expect(audit).toEqual({
      before: { email: worker.email, firstName: worker.firstName, lastName: worker.lastName, isVerified: false },
      after: { email: newEmail, firstName: 'Grace', lastName: 'Hopper', isVerified: true },
    });
  });
});

describe('DELETE /api/admin/users/{id} and DELETE /api/user/account', () => {
  it('when the user holds money, then the deletion is refused with the reason; once at zero it erases their name and e-mail in every service while the ledger verifies', async () => {
    const worker = await newWorker('deleted');
    // A trace of the worker in every service: a chat message and a submission naming them, money in and out.
    expect((await call('POST', '/api/chat/messages', { token: worker.token, body: { content: `Hello from ${worker.firstName} ${worker.lastName}` } })).status).toBe(201);
    const task = await call('POST', '/api/admin/tasks', {
      token: adminToken,
      // $1.00 for 5 minutes: above the hourly floor (issue 29), which refuses a task paying nothing.
      body: { title: `Task ${randomUUID().slice(0, 6)}`, description: 'Describe', reward: '1.00', submissionInstructions: 'Write your name', estimatedMinutes: 5 },
    });
    expect(task.status).toBe(201);
    expect((await call('POST', `/api/tasks/${task.body.id}/take`, { token: worker.token })).status).toBe(201);
    const form = new FormData();
    form.append('submission', `Done by ${worker.firstName} ${worker.lastName} <${worker.email}>`);
    expect((await call('POST', `/api/tasks/${task.body.id}/submit`, { token: worker.token, form })).status).toBe(200);

    const pending = await call('DELETE', `/api/admin/users/${worker.id}`, { token: adminToken });
    expect(pending.status).toBe(409);
    expect(pending.body.message).toBe('The user cannot be deleted: 1 submission is under review');
    const assignmentId = (await pools.work!.query('SELECT id FROM task_assignments WHERE user_id = $1', [worker.id])).rows[0].id as string;
    expect((await call('POST', `/api/admin/submissions/${assignmentId}/approve`, { token: adminToken })).status).toBe(200);
    // The reward is credited before the admin sets the balance (otherwise it could land after and leave $8.25).
    await eventually(async () => ((await call('GET', '/api/ledger/balance', { token: worker.token })).body?.available === '1.00' ? true : undefined), { what: 'the reward to be credited', timeoutMs: 15_000 });

    expect((await call('PATCH', `/api/admin/users/${worker.id}/balance`, { token: adminToken, body: { balance: '7.25', reason: 'Goodwill' } })).status).toBe(200);
    const withMoney = await call('DELETE', `/api/admin/users/${worker.id}`, { token: adminToken });
    expect(withMoney.status).toBe(409);
    expect(withMoney.body).toMatchObject({ code: 'AUTH.ACCOUNT_NOT_EMPTY', message: 'The user cannot be deleted: The available balance is $7.25; it must be $0.00' });
    const eligibility = await call('GET', `/api/admin/users/${worker.id}/deletion`, { token: adminToken });
    expect(eligibility.body).toEqual({ allowed: false, reasons: [{ code: 'available_balance', message: 'The available balance is $7.25; it must be $0.00', params: { amount: '7.25' } }] });

    expect((await call('PATCH', `/api/admin/users/${worker.id}/balance`, { token: adminToken, body: { balance: '0', reason: 'Closing the account' } })).status).toBe(200);
    const deleted = await call('DELETE', `/api/admin/users/${worker.id}`, { token: adminToken });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true });

    // The token is dead at once; the account cannot sign in; the admin list no longer has it.
    expect((await call('GET', '/api/auth/me', { token: worker.token })).body).toMatchObject({ code: 'AUTH.ACCOUNT_DELETED' });
    expect((await call('POST', '/api/auth/login', { body: { email: worker.email, password: PASSWORD } })).status).toBe(401);
    const list = await call('GET', `/api/admin/users?search=${encodeURIComponent(worker.lastName)}`, { token: adminToken });
    expect(list.body.items).toEqual([]);
    expect((await call('GET', `/api/admin/users/${worker.id}`, { token: adminToken })).status).toBe(404);

    // Every service erased the name and e-mail (each database searched, every text column).
    for (const service of ['auth', 'payouts', 'work', 'chat', 'admin']) {
      await eventually(async () => {
        const found = [...(await whereFound(pools[service]!, worker.email)), ...(await whereFound(pools[service]!, worker.lastName))];
        return found.length === 0 ? true : undefined;
      }, { what: `${service} to erase the user`, timeoutMs: 15_000 }).catch(async (error: unknown) => {
        throw new Error(`${(error as Error).message}; still in ${service}: ${[...(await whereFound(pools[service]!, worker.email)), ...(await whereFound(pools[service]!, worker.lastName))].join(', ')}`);
      });
    }
    // What stays by user id: the ledger (and it still verifies), the assignment, the audit rows.
    const entries = await pools.payouts!.query('SELECT kind, amount::text FROM ledger_entries WHERE user_id = $1 ORDER BY seq', [worker.id]);
    expect(entries.rows).toEqual([
      { kind: 'task_reward', amount: '1.00' },
      { kind: 'admin_adjustment', amount: '6.25' },
      { kind: 'admin_adjustment', amount: '-7.25' },
    ]);
    expect((await call('GET', `/api/admin/users/${worker.id}/ledger/verify`, { token: adminToken })).body).toEqual({ valid: true, entries: 3 });
    const assignment = await pools.work!.query('SELECT status, submission FROM task_assignments WHERE id = $1', [assignmentId]);
    expect(assignment.rows).toEqual([{ status: 'completed', submission: null }]);
    const audit = await eventually(async () => {
      const { rows } = await pools.admin!.query("SELECT actor_id, after FROM audit_log WHERE action = 'user.deleted' AND target_id = $1", [worker.id]);
      return rows[0];
    }, { what: 'the deletion audit row', timeoutMs: 15_000 });
    expect(audit).toEqual({ actor_id: adminId, after: { deleted: true, requestedBy: 'admin' } });

    // The confirmation went to the address the user had (the mail outbox folder of the development stack).
    const mail = await eventually(async () =>
      readdirSync(outboxDir)
        .filter((name) => name.includes('account-deleted'))
        .map((name) => decodedMail(readFileSync(join(outboxDir, name), 'utf8')))
        .find((text) => text.includes(worker.email)), { what: 'the confirmation e-mail', timeoutMs: 15_000 });
    expect(mail).toContain('deleted by an administrator');
  });

  it('when a worker deletes their own account, then the password is required and checked, and the same erasure follows', async () => {
    const worker = await newWorker('self');
    const eligibility = await call('GET', '/api/user/account/deletion', { token: worker.token });
    expect(eligibility.body).toEqual({ allowed: true, reasons: [], closingStartedAt: null });
    const missing = await call('DELETE', '/api/user/account', { token: worker.token, body: {} });
    expect(missing.status).toBe(400);
    const wrong = await call('DELETE', '/api/user/account', { token: worker.token, body: { password: 'not-my-password' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'AUTH.WRONG_PASSWORD', message: 'The password is incorrect', field: 'password' });
    expect((await call('GET', '/api/auth/me', { token: worker.token })).status).toBe(200);

    const done = await call('DELETE', '/api/user/account', { token: worker.token, body: { password: PASSWORD } });
    expect(done.status).toBe(200);
    expect((await call('GET', '/api/ledger/balance', { token: worker.token })).body).toMatchObject({ code: 'AUTH.ACCOUNT_DELETED' });
    await eventually(async () =>
      (await whereFound(pools.auth!, worker.email)).length === 0 && (await whereFound(pools.admin!, worker.email)).length === 0 ? true : undefined, { what: 'auth and admin to erase the user', timeoutMs: 15_000 });
    const audit = await eventually(async () => {
      const { rows } = await pools.admin!.query("SELECT actor_id FROM audit_log WHERE action = 'user.deleted_own_account' AND target_id = $1", [worker.id]);
      return rows[0];
    }, { what: 'the audit row', timeoutMs: 15_000 });
    expect(audit).toEqual({ actor_id: worker.id });
    const mail = await eventually(async () =>
      readdirSync(outboxDir)
        .filter((name) => name.includes('account-deleted'))
        .map((name) => decodedMail(readFileSync(join(outboxDir, name), 'utf8')))
        .find((text) => text.includes(worker.email)), { what: 'the confirmation e-mail', timeoutMs: 15_000 });
    expect(mail).toContain('deleted by you');
  });

  it('when an admin tries to delete their own account from the profile, then 409 and nothing changes', async () => {
    const res = await call('DELETE', '/api/user/account', { token: adminToken, body: { password: DEV_ADMIN.password } });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Admin accounts cannot be deleted');
  });
});

describe('closing the account: a closing withdrawal or a give-up racing the deletion (issue 28 item 4)', () => {
  const ETH = '0x52908400098527886E0F7030069857D2E4169EE7';
  const withdrawAll = (token: string, key: string) =>
    fetch(`${stack.baseUrl}/api/withdrawals/closing`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({ currency: 'USDT', walletAddress: ETH }),
    }).then(async (r): Promise<TAnswer> => ({ status: r.status, body: await r.json() }));
  const giveUp = (token: string, amount: string) =>
    fetch(`${stack.baseUrl}/api/ledger/give-up`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({ amount }),
    }).then(async (r): Promise<TAnswer> => ({ status: r.status, body: await r.json() }));
  const ledgerOf = async (userId: string) =>
    (await pools.payouts!.query<{ kind: string; amount: string }>('SELECT kind, amount::text FROM ledger_entries WHERE user_id = $1 ORDER BY seq', [userId])).rows;
  const accountOf = async (userId: string) =>
    (await pools.payouts!.query<{ available: string; held: string }>('SELECT available::text, held::text FROM ledger_accounts WHERE user_id = $1', [userId])).rows[0];

  it('when a worker who has not started closing asks, then both are refused 409 PAYOUTS.NOT_CLOSING; once auth has recorded the intent they are accepted', async () => {
    const worker = await newWorker('notclosing');
    expect((await call('PATCH', `/api/admin/users/${worker.id}/balance`, { token: adminToken, body: { balance: '7.50', reason: 'Test' } })).status).toBe(200);
    expect((await withdrawAll(worker.token, randomUUID())).body).toMatchObject({ code: 'PAYOUTS.NOT_CLOSING' });
    expect((await giveUp(worker.token, '7.50')).body).toMatchObject({ code: 'PAYOUTS.NOT_CLOSING' });
    const started = await call('POST', '/api/user/account/closing', { token: worker.token, body: {} });
    expect(started.status).toBe(200);
    expect((await call('GET', '/api/user/account/deletion', { token: worker.token })).body.closingStartedAt).toBe(started.body.closingStartedAt);
    // Asked at once after the intent (read-your-writes through the event).
    expect((await giveUp(worker.token, '7.50')).status).toBe(201);
  });

  it('when the closing withdrawal and the deletion are sent at the same moment, then the money is held or paid once and the account is deleted only once nothing is left', async () => {
    const workers = await Promise.all([1, 2, 3, 4].map((n) => newWorker(`race${n}`)));
    for (const w of workers) {
      expect((await call('PATCH', `/api/admin/users/${w.id}/balance`, { token: adminToken, body: { balance: '7.50', reason: 'Test' } })).status).toBe(200);
      expect((await call('POST', '/api/user/account/closing', { token: w.token, body: {} })).status).toBe(200);
    }
    const keys = new Map(workers.map((w) => [w.id, randomUUID()]));
    const raced = await Promise.all(
      workers.map(async (w) => {
        const [withdrawal, deletion] = await Promise.all([withdrawAll(w.token, keys.get(w.id)!), call('DELETE', '/api/user/account', { token: w.token, body: { password: PASSWORD } })]);
        return { w, withdrawal, deletion };
      }),
    );
    for (const { w, withdrawal, deletion } of raced) {
      // The deletion saw either the available $7.50 or the held $7.50 and its pending withdrawal: never an empty account.
      expect(deletion.status, `deletion of ${w.id}`).toBe(409);
      expect(deletion.body.code).toBe('AUTH.ACCOUNT_NOT_EMPTY');
      expect(withdrawal.status, `withdrawal of ${w.id}`).toBe(201);
      expect(await accountOf(w.id)).toEqual({ available: '0.00', held: '7.50' });
    }
    for (const { w, withdrawal } of raced) {
      // Approved, then the deletion goes through; a replay of the request with the same key pays nothing again.
      expect((await call('PATCH', `/api/admin/withdrawals/${withdrawal.body.id}`, { token: adminToken, body: { status: 'approved', txReference: '0xabc' } })).status).toBe(200);
      const [again, deletion] = await Promise.all([withdrawAll(w.token, keys.get(w.id)!), call('DELETE', '/api/user/account', { token: w.token, body: { password: PASSWORD } })]);
      expect(deletion.status).toBe(200);
      expect([201, 401]).toContain(again.status);
      if (again.status === 201) expect(again.body.id).toBe(withdrawal.body.id);
      expect((await ledgerOf(w.id)).map((e) => `${e.kind} ${e.amount}`)).toEqual(['admin_adjustment 7.50', 'withdrawal_hold -7.50', 'withdrawal_payout -7.50']);
      expect(await accountOf(w.id)).toEqual({ available: '0.00', held: '0.00' });
      const { rows } = await pools.payouts!.query('SELECT status FROM withdrawals WHERE user_id = $1', [w.id]);
      expect(rows).toEqual([{ status: 'approved' }]);
    }
  });

  it('when a give-up and the deletion are sent at the same moment, then the balance is given up once and the deletion goes through only after it', async () => {
    const workers = await Promise.all([1, 2, 3, 4].map((n) => newWorker(`giveup${n}`)));
    for (const w of workers) {
      expect((await call('PATCH', `/api/admin/users/${w.id}/balance`, { token: adminToken, body: { balance: '3.00', reason: 'Test' } })).status).toBe(200);
      expect((await call('POST', '/api/user/account/closing', { token: w.token, body: {} })).status).toBe(200);
    }
    await Promise.all(
      workers.map(async (w) => {
        const [given, deletion] = await Promise.all([giveUp(w.token, '3.00'), call('DELETE', '/api/user/account', { token: w.token, body: { password: PASSWORD } })]);
        expect(given.status).toBe(201);
        expect([200, 409]).toContain(deletion.status);
        if (deletion.status === 409) expect((await call('DELETE', '/api/user/account', { token: w.token, body: { password: PASSWORD } })).status).toBe(200);
        expect((await ledgerOf(w.id)).map((e) => `${e.kind} ${e.amount}`)).toEqual(['admin_adjustment 3.00', 'balance_given_up -3.00']);
        expect(await accountOf(w.id)).toEqual({ available: '0.00', held: '0.00' });
      }),
    );
  });
});
