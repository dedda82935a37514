import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createPool, createTokenSigner, waitForListening, type Pool } from '@platform/service-kit';
import amqplib from 'amqplib';
import { createTestEnvironment, eventually, type TTestEnvironment } from '@platform/service-kit/testing';
import { findAccountsBreakingInvariant } from '../src/data-access/ledger.repository.js';
import { loadPayoutsConfig } from '../src/index.js';

/**
 * The payouts service as its own process (`node --import tsx services/payouts/src/main.ts`, as scripts/stack.ts
 * starts it), a burst of withdrawals against it, and the checks that nothing was lost, doubled or half-applied.
 * Used by the tests that take its database (or Redis, or RabbitMQ) away: a child process is the honest proof that
 * the process did not exit.
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const WITHDRAWAL = { amount: '50.00', currency: 'BTC', walletAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' };
const FUNDS = '100000.00';

export interface TUser {
  id: string;
  token: string;
}

export interface TPayoutsProcess {
  url: string;
  environment: TTestEnvironment;
  /** The test's own pool on the service's database (for the checks). */
  pool: Pool;
  child: ChildProcess;
  /** How the process ended, if it did (it must not). */
  exit(): { code: number | null; signal: NodeJS.Signals | null } | undefined;
  /** The process's last output lines (warnings and errors), for a failure message. */
  output(): string[];
  newUser(role?: 'employee' | 'admin'): Promise<TUser>;
  call(method: string, path: string, token: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** A worker with an account holding FUNDS (set by an admin adjustment). */
  fundedWorker(): Promise<TUser>;
  close(): Promise<void>;
}

/** Starts payouts as a child process on its own test database, exchange, queues and Redis prefix (env overrides last). */
export async function startPayoutsProcess(prefix: string, env: Record<string, string> = {}): Promise<TPayoutsProcess> {
  const environment = await createTestEnvironment(prefix);
  // Port 0: the process takes its own port and reports it over the IPC channel (as under scripts/stack.ts).
  const childEnv = { ...environment.env, PORT: '0', INTERNAL_PORT: '0', LOG_LEVEL: 'warn', ...env };
  const config = loadPayoutsConfig(childEnv);
  const child = spawn(process.execPath, ['--import', 'tsx', 'services/payouts/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...childEnv },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      lines.push(line.slice(0, 2_000));
      if (lines.length > 300) lines.shift();
    }
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  child.on('exit', (code, signal) => {
    exited = { code, signal };
  });
  const reported = waitForListening(child, { name: 'payouts', output: () => lines, timeoutMs: 60_000 });
  let url = '';
  const pool = createPool(environment.database.url, { max: 4 });
  const close = async () => {
    if (!exited) {
      const ended = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await ended;
    }
    await pool.end();
    await environment.cleanup();
  };
  try {
    ({ url } = await reported);
  } catch (error) {
    await close();
    throw error;
  }

  const signer = await createTokenSigner({ privateKeyPem: environment.keys.privateKeyPem, audience: config.JWT_AUDIENCE, issuer: config.JWT_ISSUER });
  const newUser = async (role: 'employee' | 'admin' = 'employee') => {
    const id = randomUUID();
    return { id, token: await signer.sign({ id, role }) };
  };
  const admin = await newUser('admin');
  /** Publishes user.registered for the id (again, with the same event id, until the account opens: the process may
   * not have bound its queue yet) and waits for payouts to open the account. */
  const openAccount = async (userId: string) => {
    const envelope = {
      id: randomUUID(),
      type: 'user.registered',
      version: 1,
      occurredAt: new Date().toISOString(),
      data: { userId, email: `${userId}@example.com`, firstName: 'Outage', lastName: 'Worker', role: 'employee', referralSource: null, registeredAt: new Date().toISOString() },
    };
    const connection = await amqplib.connect(config.RABBITMQ_URL);
    try {
      const channel = await connection.createConfirmChannel();
      await eventually(
        async () => {
          channel.publish(environment.exchange, envelope.type, Buffer.from(JSON.stringify(envelope)), { persistent: true, messageId: envelope.id, contentType: 'application/json' });
          await channel.waitForConfirms();
          const opened = async () => (await pool.query('SELECT 1 FROM ledger_accounts WHERE user_id = $1', [userId])).rowCount === 1;
          return eventually(opened, { timeoutMs: 2_000 }).catch(() => false);
        },
        { timeoutMs: 30_000, what: `the account of ${userId} to open` },
      );
    } finally {
      await connection.close();
    }
  };
  const call: TPayoutsProcess['call'] = async (method, path, token, body, headers = {}) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
  return {
    url,
    environment,
    pool,
    child,
    exit: () => exited,
    output: () => [...lines],
    newUser,
    call,
    async fundedWorker() {
      const worker = await newUser();
      // An adjustment never opens an account: registration does (user.registered through the broker).
      await openAccount(worker.id);
      const res = await call('PATCH', `/api/admin/users/${worker.id}/balance`, admin.token, { balance: FUNDS, reason: 'Outage test funds' });
      if (res.status !== 200) throw new Error(`funding failed: ${res.status} ${JSON.stringify(res.body)}`);
      return worker;
    },
    close,
  };
}

export interface TAttempt {
  user: TUser;
  key: string;
  /** HTTP status, or 'network' when no answer came (the process gone, a connection reset). */
  status: number | 'network';
  body: unknown;
  /** When the answer came, and how long it took. */
  at: number;
  ms: number;
}

export interface TLoad {
  attempts: TAttempt[];
  accepted(): number;
  /** Resolves once `count` more requests have been accepted (201) than when it was called. */
  acceptedMore(count: number, timeoutMs?: number): Promise<void>;
  stop(): Promise<TAttempt[]>;
}

/** `concurrency` requests in flight at all times, each a new withdrawal of WITHDRAWAL (own Idempotency-Key), round-robin over the users. */
export function startWithdrawalLoad(p: TPayoutsProcess, users: TUser[], concurrency: number): TLoad {
  const attempts: TAttempt[] = [];
  let stopped = false;
  let next = 0;
  let accepted = 0;
  const worker = async () => {
    while (!stopped) {
      const user = users[next % users.length]!;
      next += 1;
      const key = randomUUID();
      const startedAt = Date.now();
      let status: TAttempt['status'];
      let body: unknown;
      try {
        ({ status, body } = await p.call('POST', '/api/withdrawals', user.token, WITHDRAWAL, { 'idempotency-key': key }));
      } catch (error) {
        status = 'network';
        body = String(error);
      }
      attempts.push({ user, key, status, body, at: Date.now(), ms: Date.now() - startedAt });
      if (status === 201) accepted += 1;
      // As a client would: a moment before trying again after a refusal, not a tight loop while a server restarts.
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const running = Array.from({ length: concurrency }, () => worker());
  return {
    attempts,
    accepted: () => accepted,
    async acceptedMore(count, timeoutMs = 60_000) {
      const target = accepted + count;
      const deadline = Date.now() + timeoutMs;
      while (accepted < target) {
        const exit = p.exit();
        if (exit) throw new Error(`the payouts process exited (${JSON.stringify(exit)}):\n${p.output().slice(-15).join('\n')}`);
        if (Date.now() > deadline) throw new Error(`not ${count} more accepted withdrawals within ${timeoutMs} ms; last answers: ${JSON.stringify(attempts.slice(-3).map((a) => [a.status, a.body]))}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async stop() {
      stopped = true;
      await Promise.all(running);
      return attempts;
    },
  };
}

export interface TOutcome {
  requests: number;
  accepted: number;
  unavailable: number;
  /** Answered 503 at first but found applied (committed as the connection died), replayed with the same key. */
  appliedDespite503: number;
  stored: number;
}

/**
 * After the outage, for the given users (whose requests these attempts are): every accepted withdrawal (201) exists exactly once; every request that got 503 is retried with
 * its Idempotency-Key and then exists exactly once too (applied once, whether or not its first try had committed);
 * each withdrawal has exactly one hold of its amount and one withdrawal.requested event; every account's balances
 * match its entries (the ledger invariant) and its hash chain verifies.
 */
export async function checkNothingLostOrDoubled(p: TPayoutsProcess, users: TUser[], attempts: TAttempt[]): Promise<TOutcome> {
  const accepted = attempts.filter((a) => a.status === 201);
  const unavailable = attempts.filter((a) => a.status === 503);
  const acceptedIds = accepted.map((a) => (a.body as { id: string }).id);
  const { rows: found } = await p.pool.query<{ id: string }>('SELECT id FROM withdrawals WHERE id = ANY($1::uuid[])', [acceptedIds]);
  if (found.length !== acceptedIds.length || new Set(acceptedIds).size !== acceptedIds.length) {
    throw new Error(`accepted ${acceptedIds.length} withdrawals (${new Set(acceptedIds).size} distinct) but ${found.length} are stored`);
  }

  // The client's retry with the same key: a 503 may have hidden a commit; the key makes the retry apply at most once.
  let appliedDespite503 = 0;
  for (const attempt of unavailable) {
    const before = await p.pool.query('SELECT 1 FROM withdrawals WHERE user_id = $1 AND idempotency_key = $2', [attempt.user.id, attempt.key]);
    const retry = await p.call('POST', '/api/withdrawals', attempt.user.token, WITHDRAWAL, { 'idempotency-key': attempt.key });
    if (retry.status !== 201) throw new Error(`the retry of a 503 answered ${retry.status} ${JSON.stringify(retry.body)}`);
    if (before.rowCount === 1) appliedDespite503 += 1;
  }

  const problems: string[] = [];
  const one = async (what: string, sql: string, params: unknown[] = []) => {
    const { rows } = await p.pool.query(sql, params);
    if (rows.length) problems.push(`${what}: ${JSON.stringify(rows.slice(0, 5))}`);
  };
  const keys = [...accepted, ...unavailable];
  await one(
    'a request that is not stored exactly once',
    `SELECT k.user_id, k.key, count(w.id) AS n FROM unnest($1::uuid[], $2::text[]) AS k(user_id, key)
     LEFT JOIN withdrawals w ON w.user_id = k.user_id AND w.idempotency_key = k.key GROUP BY 1, 2 HAVING count(w.id) <> 1`,
    [keys.map((a) => a.user.id), keys.map((a) => a.key)],
  );
  const ids = users.map((u) => u.id);
  await one('a withdrawal no request asked for', 'SELECT id FROM withdrawals WHERE user_id = ANY($1::uuid[]) AND NOT (idempotency_key = ANY($2::text[]))', [ids, keys.map((a) => a.key)]);
  await one(
    'a withdrawal without exactly one hold of its amount',
    `SELECT w.id, count(e.id) AS holds FROM withdrawals w
     LEFT JOIN ledger_entries e ON e.kind = 'withdrawal_hold' AND e.reference_type = 'withdrawal' AND e.reference_id = w.id::text AND e.amount = -w.amount
     WHERE w.user_id = ANY($1::uuid[]) GROUP BY w.id HAVING count(e.id) <> 1`,
    [ids],
  );
  await one(
    'a hold without its withdrawal',
    `SELECT e.id FROM ledger_entries e LEFT JOIN withdrawals w ON w.id::text = e.reference_id
     WHERE e.user_id = ANY($1::uuid[]) AND e.kind = 'withdrawal_hold' AND w.id IS NULL`,
    [ids],
  );
  await one(
    'a withdrawal without exactly one withdrawal.requested event',
    `SELECT w.id, count(o.id) AS events FROM withdrawals w
     LEFT JOIN outbox o ON o.type = 'withdrawal.requested' AND o.payload->'data'->>'withdrawalId' = w.id::text
     WHERE w.user_id = ANY($1::uuid[]) GROUP BY w.id HAVING count(o.id) <> 1`,
    [ids],
  );
  await one(
    'a stored answer without its withdrawal',
    'SELECT i.key FROM idempotency_keys i LEFT JOIN withdrawals w ON w.user_id = i.user_id AND w.idempotency_key = i.key WHERE i.user_id = ANY($1::uuid[]) AND w.id IS NULL',
    [ids],
  );
  await one(
    'an account whose held balance is not its pending withdrawals',
    `SELECT a.user_id, a.held, a.available, COALESCE(s.total, 0) AS pending FROM ledger_accounts a
     LEFT JOIN (SELECT user_id, sum(amount) AS total FROM withdrawals WHERE status = 'pending' GROUP BY user_id) s ON s.user_id = a.user_id
     WHERE a.user_id = ANY($2::uuid[]) AND (a.held <> COALESCE(s.total, 0) OR a.available + a.held <> $1::numeric)`,
    [FUNDS, ids],
  );
  const broken = await findAccountsBreakingInvariant(p.pool);
  if (broken.length) problems.push(`accounts breaking the ledger invariant: ${JSON.stringify(broken.slice(0, 5))}`);
  for (const user of users) {
    const verified = await p.call('GET', '/api/ledger/verify', user.token);
    if (verified.status !== 200 || verified.body.valid !== true) problems.push(`the chain of ${user.id} does not verify: ${JSON.stringify(verified.body)}`);
  }
  if (problems.length) throw new Error(problems.join('\n'));
  const stored = Number((await p.pool.query<{ n: string }>('SELECT count(*) AS n FROM withdrawals WHERE user_id = ANY($1::uuid[])', [ids])).rows[0]!.n);
  if (stored !== keys.length) throw new Error(`${keys.length} requests, ${stored} withdrawals stored`);
  return { requests: attempts.length, accepted: accepted.length, unavailable: unavailable.length, appliedDespite503, stored };
}

/** Every answer that was neither 201 nor 503 (a 500, a reset connection): must be none. */
export function unexpectedAnswers(attempts: TAttempt[]): string[] {
  return attempts.filter((a) => a.status !== 201 && a.status !== 503).map((a) => `${a.status} ${JSON.stringify(a.body)}`);
}
