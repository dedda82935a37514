/**
 * Fault scenarios of the reliability suite (issue 19), each against a whole stack of its own (scripts/stack.ts) and
 * checked against what the servers stored afterwards. Used by bench/reliability.ts (the table) and by
 * bench/reliability.outage.test.ts (the same scenarios, asserted, in the outage suite).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eventually } from '@platform/service-kit/testing';
import pg from 'pg';
import { WebSocket } from 'ws';
import { INFRA } from '../../scripts/infra.js';
import { DEV_ADMIN, ROOT, startStack, type TStack } from '../../scripts/stack.js';

/**
 * The stack a reliability scenario runs on (the bench and the outage tests): a namespace of its own, seeded, no
 * frontend, send and sign-in limits raised for the load. `logFile`: a post-mortem; the databases, queues and keys stay
 * after stop and every process logs at warn to that file.
 */
export function startReliabilityStack(namespace: string, options: { redisUrl?: string; logFile?: string } = {}): Promise<TStack> {
  const { redisUrl, logFile } = options;
  return startStack({
    namespace,
    ephemeral: !logFile,
    seed: true,
    logLevel: logFile ? 'warn' : 'error',
    ...(logFile ? { onLog: (line: string) => appendFileSync(logFile, `${line}\n`) } : {}),
    frontendDist: join(ROOT, 'bench', 'no-frontend'),
    env: {
      SEND_LIMIT_MESSAGES: '10000',
      RATE_LIMIT_REGISTER_PER_ADDRESS: '10000/1h',
      RATE_LIMIT_LOGIN_PER_ADDRESS: '10000/15m',
      // Every listener (up to 200) connects from 127.0.0.1: the gateway's per-address socket limits are lifted here.
      WS_MAX_SOCKETS_PER_ADDRESS: '10000',
      WS_MAX_PENDING_PER_ADDRESS: '10000',
      RATE_LIMIT_WS_UPGRADE_PER_ADDRESS: '100000/1m',
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    },
  });
}

const execFileAsync = promisify(execFile);

/** One row of the table: what load ran, which fault was injected, and what the servers hold afterwards. */
export interface TScenarioResult {
  scenario: string;
  load: string;
  fault: string;
  accepted: number;
  lost: number;
  appliedTwice: number;
  /** From the fault to the first request the faulty part answered again. */
  recoveryMs: number;
  notes: string[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** When set (the soak), every request's time and status is reported to it. */
let recordRequest: ((at: number, ms: number, status: number, what: string) => void) | undefined;

async function call<T>(stack: TStack, method: string, path: string, token: string | null, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: T }> {
  const started = performance.now();
  const result = await callOnce<T>(stack, method, path, token, body, headers);
  recordRequest?.(Date.now(), performance.now() - started, result.status, `${method} ${path.replace(/[0-9a-f-]{36}/g, ':id')}`);
  return result;
}

async function callOnce<T>(stack: TStack, method: string, path: string, token: string | null, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: T }> {
  try {
    const res = await fetch(`${stack.baseUrl}/api${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : {}) as T };
  } catch {
    return { status: 0, body: {} as T };
  }
}

/** service-kit's eventually() as the scenarios call it: what is awaited first, then the read and its deadline. */
function waitFor<T>(what: string, read: () => Promise<T | undefined | false>, timeoutMs = 60_000): Promise<T> {
  return eventually(read, { what, timeoutMs, intervalMs: 100 });
}

async function query<R extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

export async function adminTokenOf(stack: TStack): Promise<string> {
  const res = await call<{ token: string }>(stack, 'POST', '/auth/login', null, { email: DEV_ADMIN.email, password: DEV_ADMIN.password });
  if (res.status !== 200) throw new Error(`admin login answered ${res.status}`);
  return res.body.token;
}

async function registerWorkers(stack: TStack, count: number, label: string): Promise<{ id: string; token: string; email: string }[]> {
  const workers: { id: string; token: string; email: string }[] = [];
  for (let i = 0; i < count; i += 1) {
    const email = `${label}-${Date.now().toString(36)}-${i}@example.com`;
    const res = await call<{ token: string; user: { id: string } }>(stack, 'POST', '/auth/register', null, {
      email,
      password: 'Reliable-pass-1',
      confirmPassword: 'Reliable-pass-1',
      firstName: 'Rel',
      lastName: `Iable${i}`,
    });
    if (res.status !== 201) throw new Error(`registration answered ${res.status}`);
    workers.push({ id: res.body.user.id, token: res.body.token, email });
  }
  return workers;
}

/**
 * Payouts killed with SIGKILL while admins adjust balances (each adjustment a ledger entry and a balance.adjusted
 * event through payouts' outbox to the admin service's audit log), then started again. Afterwards: every adjustment
 * that was answered 200 is in the ledger, every ledger entry's event reached the audit log once, every outbox row
 * was published, and every chain verifies.
 */
export async function payoutsKilledMidLoad(stack: TStack, options: { workers?: number; seconds?: number; killAtMs?: number } = {}): Promise<TScenarioResult> {
  const admin = await adminTokenOf(stack);
  const workers = await registerWorkers(stack, options.workers ?? 8, 'kill-payouts');
  const adjust = (id: string, balance: number) => call<{ entryId: string }>(stack, 'PATCH', `/admin/users/${id}/balance`, admin, { balance: balance.toFixed(2), reason: 'reliability' });
  for (const w of workers) await waitFor('payouts to know the worker', async () => (await adjust(w.id, 1)).status === 200);

  const accepted: string[] = [];
  let refused = 0;
  let killedAt = 0;
  let recoveredAt = 0;
  const endAt = Date.now() + (options.seconds ?? 12) * 1000;
  const load = Promise.all(
    workers.map(async (w) => {
      // Until the end of the window, and in any case until payouts has answered again after the kill.
      const cap = endAt + 120_000;
      for (let n = 2; (Date.now() < endAt || !recoveredAt) && Date.now() < cap; n += 1) {
        const res = await adjust(w.id, n);
        if (res.status === 200) {
          accepted.push(res.body.entryId);
          if (killedAt && !recoveredAt) recoveredAt = Date.now();
        } else {
          refused += 1;
          await sleep(50);
        }
      }
    }),
  );
  await sleep(options.killAtMs ?? 2_000);
  await stack.kill('payouts', 'SIGKILL');
  killedAt = Date.now();
  await stack.relaunch('payouts');
  await load;

  const ids = workers.map((w) => w.id);
  const payoutsDb = stack.databaseUrls.payouts!;
  const adminDb = stack.databaseUrls.admin!;
  const stored = new Set((await query<{ id: string }>(payoutsDb, "SELECT id FROM ledger_entries WHERE kind = 'admin_adjustment' AND user_id = ANY($1)", [ids])).map((r) => r.id));
  const lostRequests = accepted.filter((id) => !stored.has(id)).length;
  // Every outbox row is published after the restart, and each reached the audit log once.
  await waitFor('payouts outbox to drain', async () => Number((await query<{ n: string }>(payoutsDb, 'SELECT count(*) AS n FROM outbox WHERE sent_at IS NULL'))[0]!.n) === 0);
  const audited = async () => Number((await query<{ n: string }>(adminDb, "SELECT count(*) AS n FROM audit_log WHERE action = 'balance.adjusted' AND target_id = ANY($1)", [ids]))[0]!.n);
  await waitFor('the audit log to catch up', async () => (await audited()) >= stored.size, 60_000).catch(() => undefined);
  const auditRows = await audited();
  const chainsValid = await Promise.all(ids.map(async (id) => (await call<{ valid: boolean }>(stack, 'GET', `/admin/users/${id}/ledger/verify`, admin)).body.valid === true));
  return {
    scenario: 'payouts SIGKILL mid-load',
    load: `${workers.length} balance adjusters, closed loop`,
    fault: 'SIGKILL payouts, then start it',
    accepted: accepted.length,
    lost: lostRequests + Math.max(0, stored.size - auditRows),
    appliedTwice: Math.max(0, auditRows - stored.size),
    recoveryMs: recoveredAt ? recoveredAt - killedAt : -1,
    notes: [
      `${refused} requests refused while payouts was down (503/502, never accepted)`,
      `${stored.size - accepted.length} adjustments committed whose answer was lost with the process (in the ledger and audited, as they happened)`,
      chainsValid.every(Boolean) ? 'every hash chain verifies' : 'A HASH CHAIN DOES NOT VERIFY',
    ],
  };
}

interface TChatClient {
  /** Message id -> times held (1: the client has it). */
  received: Map<number, number>;
  /** Message id -> times the server pushed it on a socket of this client (more than once would be a duplicate). */
  pushed: Map<number, number>;
  reconnects: number;
  close(): void;
}

/** A chat client as the app behaves: on a dropped socket it reconnects and reads everything after its last id. */
function chatClient(stack: TStack, token: string): Promise<TChatClient> {
  const received = new Map<number, number>();
  const pushed = new Map<number, number>();
  let lastId = 0;
  let closed = false;
  let reconnects = 0;
  let socket: WebSocket | undefined;
  const note = (id: number) => {
    received.set(id, (received.get(id) ?? 0) + 1);
    if (id > lastId) lastId = id;
  };
  const catchUp = async () => {
    for (;;) {
      const page = await call<{ messages: { id: number }[]; hasMore: boolean }>(stack, 'GET', `/chat/messages?${lastId ? `after=${lastId}&` : ''}limit=100`, token);
      if (page.status !== 200) {
        // As the app does: the history is asked for again until it answers.
        if (closed) return;
        await sleep(500);
        continue;
      }
      // A message read on the page is counted once: the live frame of the same id may have come already.
      for (const m of page.body.messages) if (!received.has(m.id)) note(m.id);
      if (!page.body.hasMore) return;
    }
  };
  return new Promise((resolveReady) => {
    let ready = false;
    const connect = () => {
      if (closed) return;
      socket = new WebSocket(`${stack.baseUrl.replace('http', 'ws')}/ws`);
      socket.on('open', () => socket!.send(JSON.stringify({ type: 'auth', token })));
      socket.on('message', (data) => {
        const frame = JSON.parse(String(data)) as { type: string; success?: boolean; message?: { id: number } };
        if (frame.type === 'auth' && frame.success) {
          void catchUp();
          if (!ready) {
            ready = true;
            resolveReady({ received, pushed, get reconnects() { return reconnects; }, close: () => { closed = true; socket?.terminate(); } });
          }
        } else if (frame.type === 'new_message' && frame.message) {
          pushed.set(frame.message.id, (pushed.get(frame.message.id) ?? 0) + 1);
          if (!received.has(frame.message.id)) note(frame.message.id);
        } else if (frame.type === 'resync') {
          void catchUp();
        }
      });
      const retry = () => {
        if (closed) return;
        reconnects += 1;
        setTimeout(connect, 200 + Math.random() * 300);
      };
      socket.on('close', retry);
      socket.on('error', () => undefined);
    };
    connect();
  });
}

/**
 * One of the two chat instances killed with SIGKILL while people chat (messages posted over HTTP, 30 listeners on
 * sockets spread over both instances), then started again. Afterwards every message answered 201 is stored once,
 * and every listener holds every stored message exactly once (those on the killed instance reconnect and read after
 * their last id).
 */
export async function chatInstanceKilledMidLoad(stack: TStack, options: { listeners?: number; senders?: number; seconds?: number } = {}): Promise<TScenarioResult> {
  const people = await registerWorkers(stack, (options.senders ?? 5) + (options.listeners ?? 30), 'kill-chat');
  const senders = people.slice(0, options.senders ?? 5);
  const listeners = await Promise.all(people.slice(senders.length).map((p) => chatClient(stack, p.token)));
  const startId = Number((await query<{ max: string | null }>(stack.databaseUrls.chat!, 'SELECT max(id) AS max FROM chat_messages'))[0]!.max ?? 0);

  const accepted: number[] = [];
  let refused = 0;
  let recoveredAt = 0;
  const endAt = Date.now() + (options.seconds ?? 12) * 1000;
  const load = Promise.all(
    senders.map(async (s, i) => {
      for (let n = 0; Date.now() < endAt; n += 1) {
        const clientId = randomUUID();
        // The app resends with the same clientId until it has an answer: a message is stored once whatever happens.
        for (let attempt = 0; attempt < 20; attempt += 1) {
          const res = await call<{ id: number }>(stack, 'POST', '/chat/messages', s.token, { content: `sender ${i} message ${n}`, clientId });
          if (res.status === 201 || res.status === 200) {
            if (res.status === 201) accepted.push(res.body.id);
            break;
          }
          refused += 1;
          await sleep(100);
        }
        await sleep(150);
      }
    }),
  );
  await sleep(3_000);
  await stack.kill('chat-2', 'SIGKILL');
  const killedAt = Date.now();
  void waitFor('chat-2 back', async () => {
    await stack.relaunch('chat-2');
    recoveredAt = Date.now();
    return true;
  });
  await load;
  await waitFor('chat-2 to be back', async () => recoveredAt > 0);

  const stored = await query<{ id: string; n: string }>(stack.databaseUrls.chat!, 'SELECT id, count(*) OVER (PARTITION BY client_id) AS n FROM chat_messages WHERE id > $1 AND client_id IS NOT NULL', [startId]);
  const storedIds = new Set(stored.map((r) => Number(r.id)));
  const storedTwice = stored.filter((r) => Number(r.n) > 1).length;
  const lostRequests = accepted.filter((id) => !storedIds.has(id)).length;
  // Every listener ends up with every stored message (wait for the reconnected ones to catch up).
  const missing = () => listeners.reduce((sum, l) => sum + [...storedIds].filter((id) => !l.received.has(id)).length, 0);
  await waitFor('every listener to hold every message', async () => missing() === 0, 30_000).catch(() => undefined);
  const lostDeliveries = missing();
  const short = listeners
    .map((l, i) => ({ i, missing: [...storedIds].filter((id) => !l.received.has(id)), reconnects: l.reconnects }))
    .filter((l) => l.missing.length > 0)
    .map((l) => `listener ${l.i} (reconnects ${l.reconnects}) misses ${l.missing.length}: ${l.missing.slice(0, 5).join(', ')}`);
  const duplicates = listeners.reduce((sum, l) => sum + [...l.pushed.values()].filter((n) => n > 1).length, 0);
  const reconnects = listeners.reduce((sum, l) => sum + l.reconnects, 0);
  for (const l of listeners) l.close();
  return {
    scenario: 'chat instance SIGKILL mid-chat',
    load: `${senders.length} senders over HTTP, ${listeners.length} listeners on /ws (two instances)`,
    fault: 'SIGKILL chat-2, then start it',
    accepted: accepted.length,
    lost: lostRequests + lostDeliveries,
    appliedTwice: storedTwice + duplicates,
    recoveryMs: recoveredAt - killedAt,
    notes: [
      `${refused} sends answered with an error and resent with the same clientId`,
      `${reconnects} listener reconnects`,
      `${storedIds.size} messages stored, each delivered to ${listeners.length} listeners`,
      ...short,
      `accepted but not stored: ${lostRequests}`,
    ],
  };
}

/** A multipart POST as the app sends a submission (text and no files). */
async function postForm<T>(stack: TStack, path: string, token: string, fields: Record<string, string>): Promise<{ status: number; body: T }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  try {
    const res = await fetch(`${stack.baseUrl}/api${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form, signal: AbortSignal.timeout(15_000) });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : {}) as T };
  } catch {
    return { status: 0, body: {} as T };
  }
}

const countOf = async (url: string, sql: string, params: unknown[] = []) => Number((await query<{ n: string }>(url, sql, params))[0]!.n);

/**
 * Work killed with SIGKILL while the whole task cycle runs (an admin creates a task, a worker takes it and submits,
 * the admin approves: each approval a submission.approved event through work's outbox to payouts, which credits a
 * task_reward, and to the admin audit log), then started again. A cycle whose step failed while work was down is
 * abandoned (never retried blindly). Afterwards: every approval answered 200 is completed in work's database, work's
 * outbox holds no unsent row (those written before the kill were published after it), and every completed
 * assignment has exactly one task_reward in the ledger and one audit row.
 */
export async function workKilledMidLoad(stack: TStack, options: { workers?: number; seconds?: number; killAtMs?: number } = {}): Promise<TScenarioResult> {
  const admin = await adminTokenOf(stack);
  const workers = await registerWorkers(stack, options.workers ?? 8, 'kill-work');
  const ids = workers.map((w) => w.id);
  const workDb = stack.databaseUrls.work!;
  const payoutsDb = stack.databaseUrls.payouts!;
  const adminDb = stack.databaseUrls.admin!;
  // Work and payouts know the workers (user.registered) before the load starts.
  await waitFor('work and payouts to know the workers', async () =>
    (await countOf(workDb, 'SELECT count(*) AS n FROM users WHERE id = ANY($1)', [ids])) === ids.length &&
    (await countOf(payoutsDb, 'SELECT count(*) AS n FROM users WHERE id = ANY($1)', [ids])) === ids.length);

  const approvedOk: string[] = [];
  let abandoned = 0;
  let killedAt = 0;
  let recoveredAt = 0;
  const answered = () => {
    if (killedAt && !recoveredAt) recoveredAt = Date.now();
  };
  const endAt = Date.now() + (options.seconds ?? 12) * 1000;
  const cycle = async (w: { token: string }, n: number): Promise<void> => {
    const created = await call<{ id: string }>(stack, 'POST', '/admin/tasks', admin, { title: `Reliability ${n}`, description: 'Photograph the storefront', reward: '1.25', submissionInstructions: 'Describe it', estimatedMinutes: 5 });
    if (created.status !== 201) throw new Error(`create ${created.status}`);
    answered();
    const taken = await call<{ assignment: { id: string } }>(stack, 'POST', `/tasks/${created.body.id}/take`, w.token, {});
    if (taken.status !== 201) throw new Error(`take ${taken.status}`);
    const submitted = await postForm(stack, `/tasks/${created.body.id}/submit`, w.token, { submission: `done ${n}` });
    if (submitted.status !== 200) throw new Error(`submit ${submitted.status}`);
    const approved = await call(stack, 'POST', `/admin/submissions/${taken.body.assignment.id}/approve`, admin, {});
    if (approved.status !== 200) throw new Error(`approve ${approved.status}`);
    approvedOk.push(taken.body.assignment.id);
    answered();
  };
  const load = Promise.all(
    workers.map(async (w, i) => {
      const cap = endAt + 120_000;
      for (let n = 0; (Date.now() < endAt || (killedAt && !recoveredAt)) && Date.now() < cap; n += 1) {
        await cycle(w, i * 10_000 + n).catch(async () => {
          abandoned += 1;
          await sleep(100);
        });
      }
    }),
  );
  await sleep(options.killAtMs ?? 3_000);
  await stack.kill('work', 'SIGKILL');
  killedAt = Date.now();
  const unsentAtKill = await countOf(workDb, 'SELECT count(*) AS n FROM outbox WHERE sent_at IS NULL');
  const writtenBeforeKill = await countOf(workDb, "SELECT count(*) AS n FROM outbox WHERE type = 'submission.approved'");
  await stack.relaunch('work');
  await load;

  const completed = (await query<{ id: string }>(workDb, "SELECT a.id FROM task_assignments a WHERE a.user_id = ANY($1) AND a.status = 'completed'", [ids])).map((r) => r.id);
  const completedSet = new Set(completed);
  const lostApprovals = approvedOk.filter((id) => !completedSet.has(id)).length;
  await waitFor('work outbox to drain', async () => (await countOf(workDb, 'SELECT count(*) AS n FROM outbox WHERE sent_at IS NULL')) === 0);
  const rewards = async () => query<{ ref: string; n: string }>(payoutsDb, "SELECT reference_id AS ref, count(*) AS n FROM ledger_entries WHERE kind = 'task_reward' AND user_id = ANY($1) GROUP BY reference_id", [ids]);
  const audits = async () => query<{ ref: string; n: string }>(adminDb, "SELECT target_id::text AS ref, count(*) AS n FROM audit_log WHERE action = 'submission.approved' AND target_id::text = ANY($1) GROUP BY target_id", [completed]);
  await waitFor('rewards and audit rows to catch up', async () => (await rewards()).length >= completed.length && (await audits()).length >= completed.length, 60_000).catch(() => undefined);
  const rewardRows = await rewards();
  const auditRows = await audits();
  const rewardOf = new Map(rewardRows.map((r) => [r.ref, Number(r.n)]));
  const auditOf = new Map(auditRows.map((r) => [r.ref, Number(r.n)]));
  const missingRewards = completed.filter((id) => !rewardOf.has(id)).length;
  const missingAudits = completed.filter((id) => !auditOf.has(id)).length;
  const twice = [...rewardOf.values(), ...auditOf.values()].filter((n) => n > 1).length;
  const strayRewards = rewardRows.filter((r) => !completedSet.has(r.ref)).length;
  const chainsValid = await Promise.all(ids.map(async (id) => (await call<{ valid: boolean }>(stack, 'GET', `/admin/users/${id}/ledger/verify`, admin)).body.valid === true));
  return {
    scenario: 'work SIGKILL mid-load',
    load: `${workers.length} task cycles (create, take, submit, approve), closed loop`,
    fault: 'SIGKILL work, then start it',
    accepted: approvedOk.length,
    lost: lostApprovals + missingRewards + missingAudits,
    appliedTwice: twice + strayRewards,
    recoveryMs: recoveredAt ? recoveredAt - killedAt : -1,
    notes: [
      `${abandoned} cycles abandoned at a step answered with an error while work was down`,
      `${completed.length - approvedOk.length} approvals committed whose answer was lost with the process`,
      `${unsentAtKill} outbox rows unsent when work died (${writtenBeforeKill} submission.approved written before the kill); 0 unsent after the restart`,
      `${completed.length} completed assignments: ${completed.length - missingRewards} with a task_reward, ${completed.length - missingAudits} audited`,
      chainsValid.every(Boolean) ? 'every hash chain verifies' : 'A HASH CHAIN DOES NOT VERIFY',
    ],
  };
}

/** The stack's namespace, from its databases' names (`<namespace>_<service>`). */
function namespaceOf(stack: TStack): string {
  return new URL(stack.databaseUrls.payouts!).pathname.slice(1).replace(/_payouts$/, '');
}

/** The operator's dead-letter tool (packages/service-kit/src/dlq.cli.ts), run as a process against the stack's broker. */
async function dlqCli(stack: TStack, args: string[]): Promise<string> {
  const ns = namespaceOf(stack);
  const { stdout } = await execFileAsync('npx', ['tsx', join(ROOT, 'packages/service-kit/src/dlq.cli.ts'), ...args], {
    cwd: ROOT,
    env: { ...process.env, RABBITMQ_URL: INFRA.rabbitmq.url, EVENTS_EXCHANGE: `${ns}.events`, LOG_LEVEL: 'error' },
    timeout: 60_000,
  });
  return stdout;
}

/** An admin creates a task, the worker takes it and submits: the assignment waits for review. */
async function submittedAssignment(stack: TStack, admin: string, worker: { token: string }, label: string): Promise<string> {
  const created = await call<{ id: string }>(stack, 'POST', '/admin/tasks', admin, { title: `Reliability ${label}`, description: 'Photograph the storefront', reward: '1.25', submissionInstructions: 'Describe it', estimatedMinutes: 5 });
  if (created.status !== 201) throw new Error(`create ${created.status}`);
  const taken = await call<{ assignment: { id: string } }>(stack, 'POST', `/tasks/${created.body.id}/take`, worker.token, {});
  if (taken.status !== 201) throw new Error(`take ${taken.status}`);
  const submitted = await postForm(stack, `/tasks/${created.body.id}/submit`, worker.token, { submission: `done ${label}` });
  if (submitted.status !== 200) throw new Error(`submit ${submitted.status}`);
  return taken.body.assignment.id;
}

/**
 * A poison event on a real service's queue: payouts' reward handler fails for one submission.approved (a trigger in
 * payouts' database refuses that one assignment's task_reward, as a bug would), while approvals keep coming. The
 * poison goes to `<ns>.payouts.rewards.dlq` after its retries and the other rewards flow on; then the trigger is
 * dropped (the fix) and the dead-letter CLI replays it: its reward is applied once, the dead-letter queue is empty,
 * and a second replay finds nothing.
 */
export async function poisonEventReplayed(stack: TStack, options: { workers?: number; approvals?: number } = {}): Promise<TScenarioResult> {
  const admin = await adminTokenOf(stack);
  const workers = await registerWorkers(stack, options.workers ?? 4, 'poison');
  const ids = workers.map((w) => w.id);
  const payoutsDb = stack.databaseUrls.payouts!;
  await waitFor('work and payouts to know the workers', async () =>
    (await countOf(stack.databaseUrls.work!, 'SELECT count(*) AS n FROM users WHERE id = ANY($1)', [ids])) === ids.length &&
    (await countOf(payoutsDb, 'SELECT count(*) AS n FROM users WHERE id = ANY($1)', [ids])) === ids.length);
  const queue = `${namespaceOf(stack)}.payouts.rewards`;

  const poison = await submittedAssignment(stack, admin, workers[0]!, 'poison');
  await query(payoutsDb, `CREATE OR REPLACE FUNCTION reliability_poison() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN IF NEW.reference_id = '${poison}' THEN RAISE EXCEPTION 'reliability poison: reward of ${poison} refused'; END IF; RETURN NEW; END $$`);
  await query(payoutsDb, 'CREATE TRIGGER reliability_poison BEFORE INSERT ON ledger_entries FOR EACH ROW EXECUTE FUNCTION reliability_poison()');
  const approvedOk: string[] = [];
  try {
    const approve = async (id: string) => {
      const res = await call(stack, 'POST', `/admin/submissions/${id}/approve`, admin, {});
      if (res.status !== 200) throw new Error(`approve ${id} answered ${res.status}`);
      approvedOk.push(id);
    };
    // The poison is approved in the middle of the others, which keep flowing past it.
    const perWorker = Math.ceil((options.approvals ?? 40) / workers.length);
    await Promise.all(
      workers.map(async (w, i) => {
        for (let n = 0; n < perWorker; n += 1) {
          await approve(await submittedAssignment(stack, admin, w, `${i}-${n}`));
          if (i === 0 && n === Math.floor(perWorker / 2)) await approve(poison);
        }
      }),
    );
    const others = approvedOk.filter((id) => id !== poison);
    const rewardedOthers = async () => countOf(payoutsDb, "SELECT count(*) AS n FROM ledger_entries WHERE kind = 'task_reward' AND reference_id = ANY($1)", [others]);
    await waitFor('the other rewards to flow past the poison', async () => (await rewardedOthers()) === others.length, 60_000).catch(() => undefined);
    const othersBefore = await rewardedOthers();
    const listed = async () => dlqCli(stack, ['list', queue]).then((out) => out.split('\n').filter(Boolean).map((l) => JSON.parse(l) as { messageId: string; attempts: number; reason: string; lastError: string; routingKey?: string }));
    const deadLetters = await waitFor('the poison in the dead-letter queue', async () => {
      const letters = await listed();
      return letters.length > 0 && letters;
    }, 90_000);
    const poisonCredited = async () => countOf(payoutsDb, "SELECT count(*) AS n FROM ledger_entries WHERE kind = 'task_reward' AND reference_id = $1", [poison]);
    const creditedBeforeFix = await poisonCredited();

    // The fix, then the replay with the operator's tool.
    await query(payoutsDb, 'DROP TRIGGER reliability_poison ON ledger_entries');
    const fixedAt = Date.now();
    const replay = JSON.parse((await dlqCli(stack, ['replay', queue])).trim()) as { replayed: number; remaining: number };
    await waitFor('the replayed poison applied', async () => (await poisonCredited()) > 0, 30_000).catch(() => undefined);
    const appliedAt = Date.now();
    const secondReplay = JSON.parse((await dlqCli(stack, ['replay', queue])).trim()) as { replayed: number; remaining: number };
    await sleep(1_000);

    const rewards = await query<{ ref: string; n: string }>(payoutsDb, "SELECT reference_id AS ref, count(*) AS n FROM ledger_entries WHERE kind = 'task_reward' AND user_id = ANY($1) GROUP BY reference_id", [ids]);
    const rewardOf = new Map(rewards.map((r) => [r.ref, Number(r.n)]));
    const lost = approvedOk.filter((id) => !rewardOf.has(id)).length;
    const twice = [...rewardOf.values()].filter((n) => n > 1).length;
    const chainsValid = await Promise.all(ids.map(async (id) => (await call<{ valid: boolean }>(stack, 'GET', `/admin/users/${id}/ledger/verify`, admin)).body.valid === true));
    const letter = deadLetters.find((d) => d.reason);
    return {
      scenario: 'poison event, dead-lettered and replayed',
      load: `${approvedOk.length} approvals by ${workers.length} workers' task cycles`,
      fault: "payouts' reward handler fails for one event",
      accepted: approvedOk.length,
      lost,
      appliedTwice: twice + (deadLetters.length - 1) + (creditedBeforeFix > 0 ? 1 : 0),
      recoveryMs: appliedAt - fixedAt,
      notes: [
        `${othersBefore} of ${others.length} other rewards applied while the poison was failing`,
        `dead-letter queue held ${deadLetters.length} message(s): ${letter ? `reason ${letter.reason}, ${letter.attempts} attempts, last error "${letter.lastError}"` : '-'}`,
        `replay (dlq.cli.ts replay ${queue}): ${JSON.stringify(replay)}; a second replay: ${JSON.stringify(secondReplay)}`,
        `the poison's reward: ${rewardOf.get(poison) ?? 0} ledger entry after the replay (0 before the fix: ${creditedBeforeFix === 0})`,
        chainsValid.every(Boolean) ? 'every hash chain verifies' : 'A HASH CHAIN DOES NOT VERIFY',
        'recovery: from the fix to the replayed reward in the ledger',
      ],
    };
  } finally {
    await query(payoutsDb, 'DROP TRIGGER IF EXISTS reliability_poison ON ledger_entries').catch(() => undefined);
  }
}

/**
 * A redis-server of a scenario's own, so restarting it harms no one else; run as docker-compose.yml and
 * infra/k8s run it (append-only file), or without persistence (as the development servers run) to show what is lost.
 */
export interface TPrivateRedis {
  /** REDIS_URL for the stack: unix:///.../redis.sock. */
  url: string;
  /** The socket's path (redis-cli -s). */
  socket: string;
  /** With an append-only file (what survives a restart). */
  persistent: boolean;
  /** Stops the server (SIGTERM, as a restart does) and starts it again on the same port; resolves when it answers. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function startPrivateRedis(options: { persistence?: boolean } = {}): Promise<TPrivateRedis> {
  const dir = mkdtempSync(join(tmpdir(), 'reliability-redis-'));
  const persistent = options.persistence ?? true;
  const persistence = persistent ? ['--appendonly', 'yes', '--appendfsync', 'everysec', '--dir', dir] : ['--appendonly', 'no'];
  // A Unix socket of its own, not a TCP port: the restarted server is found at the same place, and no other process
  // can take its address in between (as one could a port found free and released).
  const socket = join(dir, 'redis.sock');
  let server: ChildProcess | undefined;
  const ping = async () => (await execFileAsync('redis-cli', ['-s', socket, 'ping'], { timeout: 5_000 })).stdout.trim() === 'PONG';
  const start = async () => {
    server = spawn('redis-server', ['--port', '0', '--unixsocket', socket, '--unixsocketperm', '700', '--save', '', ...persistence], { stdio: 'ignore' });
    await waitFor('the private redis-server', ping, 20_000);
  };
  const stop = async () => {
    const running = server;
    server = undefined;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolveExit) => {
      running.once('exit', () => resolveExit());
      running.kill('SIGTERM');
    });
  };
  await start();
  return {
    url: `unix://${socket}`,
    socket,
    persistent,
    restart: async () => {
      await stop();
      await start();
    },
    close: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Redis restarted during a live chat (senders over HTTP, listeners on /ws spread over the two chat instances, which
 * fan messages out through Redis). Afterwards every message answered 201 is stored once and every listener holds
 * every stored message once. Also read: a token revoked (logged out) before the restart is still refused after it,
 * and BullMQ's job schedulers are back in Redis (jobs resume).
 */
export async function redisRestartedMidChat(stack: TStack, redis: TPrivateRedis, options: { listeners?: number; senders?: number; seconds?: number; restartAtMs?: number } = {}): Promise<TScenarioResult> {
  const people = await registerWorkers(stack, (options.senders ?? 5) + (options.listeners ?? 30) + 1, 'redis-chat');
  const revoked = people.pop()!;
  const senders = people.slice(0, options.senders ?? 5);
  const listeners: TChatClient[] = [];
  // Connect in small groups: a burst of 200 sockets at once is not what is being measured.
  for (let i = senders.length; i < people.length; i += 20) listeners.push(...(await Promise.all(people.slice(i, i + 20).map((p) => chatClient(stack, p.token)))));
  const startId = Number((await query<{ max: string | null }>(stack.databaseUrls.chat!, 'SELECT max(id) AS max FROM chat_messages'))[0]!.max ?? 0);
  const loggedOut = await call(stack, 'POST', '/auth/logout', revoked.token, {});
  if (loggedOut.status !== 200) throw new Error(`logout answered ${loggedOut.status}`);
  const refusedBefore = (await call(stack, 'GET', '/auth/me', revoked.token)).status;
  const ns = namespaceOf(stack);
  const schedulers = async () => (await execFileAsync('redis-cli', ['-s', redis.socket, '--scan', '--pattern', `${ns}:bull:*:repeat`], { timeout: 5_000 })).stdout.split('\n').filter(Boolean).length;
  const schedulersBefore = await schedulers();

  const accepted: number[] = [];
  let refused = 0;
  let restartedAt = 0;
  let backAt = 0;
  let recoveredAt = 0;
  const endAt = Date.now() + (options.seconds ?? 12) * 1000;
  const load = Promise.all(
    senders.map(async (s, i) => {
      for (let n = 0; Date.now() < endAt || (restartedAt && !recoveredAt); n += 1) {
        const clientId = randomUUID();
        for (let attempt = 0; attempt < 40; attempt += 1) {
          const res = await call<{ id: number }>(stack, 'POST', '/chat/messages', s.token, { content: `sender ${i} message ${n}`, clientId });
          if (res.status === 201 || res.status === 200) {
            if (res.status === 201) accepted.push(res.body.id);
            if (backAt && !recoveredAt) recoveredAt = Date.now();
            break;
          }
          refused += 1;
          await sleep(100);
        }
        await sleep(150);
      }
    }),
  );
  await sleep(options.restartAtMs ?? 3_000);
  restartedAt = Date.now();
  await redis.restart();
  backAt = Date.now();
  await load;

  const stored = await query<{ id: string; n: string }>(stack.databaseUrls.chat!, 'SELECT id, count(*) OVER (PARTITION BY client_id) AS n FROM chat_messages WHERE id > $1 AND client_id IS NOT NULL', [startId]);
  const storedIds = new Set(stored.map((r) => Number(r.id)));
  const storedTwice = stored.filter((r) => Number(r.n) > 1).length;
  const lostRequests = accepted.filter((id) => !storedIds.has(id)).length;
  const missing = () => listeners.reduce((sum, l) => sum + [...storedIds].filter((id) => !l.received.has(id)).length, 0);
  await waitFor('every listener to hold every message', async () => missing() === 0, 60_000).catch(() => undefined);
  const lostDeliveries = missing();
  const duplicates = listeners.reduce((sum, l) => sum + [...l.pushed.values()].filter((n) => n > 1).length, 0);
  const reconnects = listeners.reduce((sum, l) => sum + l.reconnects, 0);
  for (const l of listeners) l.close();
  const refusedAfter = (await call(stack, 'GET', '/auth/me', revoked.token)).status;
  const schedulersAfter = await waitFor('the job schedulers back in Redis', async () => {
    const n = await schedulers();
    return n >= schedulersBefore && n;
  }, 15_000).catch(() => 0);
  const revocationHolds = refusedBefore === 401 && refusedAfter === 401;
  return {
    scenario: redis.persistent ? 'Redis restarted mid-chat' : 'Redis without persistence restarted',
    load: `${senders.length} senders over HTTP, ${listeners.length} listeners on /ws (two instances)`,
    fault: redis.persistent ? 'restart Redis (append-only file, as compose)' : 'restart Redis (no persistence)',
    accepted: accepted.length,
    lost: lostRequests + lostDeliveries,
    appliedTwice: storedTwice + duplicates,
    recoveryMs: recoveredAt ? recoveredAt - restartedAt : -1,
    notes: [
      `Redis was away ${((backAt - restartedAt) / 1000).toFixed(1)} s; ${refused} sends answered with an error and resent with the same clientId`,
      `${reconnects} listener reconnects; ${storedIds.size} messages stored, each delivered to ${listeners.length} listeners`,
      revocationHolds
        ? 'a token logged out before the restart is still refused after it (401)'
        : `A TOKEN LOGGED OUT BEFORE THE RESTART IS ANSWERED ${refusedAfter} AFTER IT (was ${refusedBefore} before): revocations live only in Redis`,
      schedulersAfter >= schedulersBefore
        ? `BullMQ job schedulers back in Redis (${schedulersAfter} of ${schedulersBefore})`
        : `BULLMQ JOB SCHEDULERS NOT BACK: ${schedulersBefore} before the restart, 0 after 15 s (scheduled jobs stop until the services restart)`,
    ],
  };
}

const run = (command: string, args: string[], timeout = 120_000) => execFileAsync(command, args, { timeout });
/** The PostgreSQL cluster's version directory (/etc/postgresql/<version>), as .ci/run finds it. */
const postgresVersion = () => readdirSync('/etc/postgresql')[0]!;

/** RabbitMQ, PostgreSQL and Redis (the shared servers) answer: every scenario that stops one leaves it running. */
export async function ensureServersRunning(): Promise<void> {
  await run('rabbitmqctl', ['-q', 'start_app']).catch(() => undefined);
  if (!(await run('pg_isready', ['-h', '127.0.0.1']).then(() => true, () => false))) {
    await run('pg_ctlcluster', ['--skip-systemctl-redirect', postgresVersion(), 'main', 'start']).catch(() => undefined);
  }
  await waitFor('PostgreSQL', async () => run('pg_isready', ['-h', '127.0.0.1']).then(() => true, () => false), 120_000);
  await waitFor('RabbitMQ', async () => run('rabbitmqctl', ['-q', 'status']).then(() => true, () => false), 120_000);
}

/**
 * Accounts breaking the ledger's invariants (payouts/src/domain/ledger.ts): the available effects of an account's
 * entries sum to its available balance, the held effects to its held balance, and neither is negative.
 */
export async function ledgerInvariantBroken(payoutsDb: string, ids: string[]): Promise<string[]> {
  const rows = await query<{ user_id: string }>(payoutsDb, `SELECT a.user_id FROM ledger_accounts a
      LEFT JOIN (SELECT user_id,
          sum(CASE WHEN kind = 'withdrawal_payout' THEN 0 ELSE amount END) AS available,
          sum(CASE WHEN kind IN ('withdrawal_hold', 'withdrawal_release') THEN -amount WHEN kind = 'withdrawal_payout' THEN amount ELSE 0 END) AS held
        FROM ledger_entries GROUP BY user_id) e ON e.user_id = a.user_id
      WHERE a.user_id = ANY($1) AND (a.available < 0 OR a.held < 0 OR a.available <> coalesce(e.available, 0) OR a.held <> coalesce(e.held, 0))`, [ids]);
  return rows.map((r) => r.user_id);
}

/** Admin-funded workers that payouts and work know (user.registered consumed by both). */
export async function fundedWorkers(stack: TStack, admin: string, count: number, label: string) {
  const workers = await registerWorkers(stack, count, label);
  const ids = workers.map((w) => w.id);
  for (const w of workers) await waitFor('payouts to know the worker', async () => (await call(stack, 'PATCH', `/admin/users/${w.id}/balance`, admin, { balance: '100000.00', reason: 'reliability funds' })).status === 200);
  await waitFor('work to know the workers', async () => (await countOf(stack.databaseUrls.work!, 'SELECT count(*) AS n FROM users WHERE id = ANY($1)', [ids])) === ids.length);
  return workers;
}

/**
 * The withdrawal and approval load of the outage scenarios, one closed loop per worker: request a withdrawal (with
 * an Idempotency-Key, resent with the same key until answered), the admin decides it (approve and reject in turn),
 * then a task cycle ending in the admin's approval. A step answered with an error abandons that item (nothing is
 * resent blindly but the keyed withdrawal request). Counts only what was answered 2xx.
 */
export function moneyLoad(stack: TStack, admin: string, workers: { token: string }[], keepGoing: () => boolean) {
  const decided: string[] = [];
  const approved: string[] = [];
  const requested: string[] = [];
  let abandoned = 0;
  let lastOkAt = 0;
  const ok = () => {
    lastOkAt = Date.now();
  };
  const done = Promise.all(
    workers.map(async (w, i) => {
      for (let n = 0; keepGoing(); n += 1) {
        try {
          const key = randomUUID();
          let created: { status: number; body: { id: string } } = { status: 0, body: { id: '' } };
          for (let attempt = 0; attempt < 100 && created.status !== 201 && keepGoing(); attempt += 1) {
            created = await call<{ id: string }>(stack, 'POST', '/withdrawals', w.token, { amount: '50.00', currency: 'BTC', walletAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' }, { 'idempotency-key': key });
            if (created.status !== 201) await sleep(200);
          }
          if (created.status !== 201) throw new Error('withdrawal not answered');
          requested.push(created.body.id);
          ok();
          const decision = n % 2 === 0 ? { status: 'approved', txReference: `tx-${i}-${n}` } : { status: 'rejected', adminComment: 'reliability' };
          const res = await call(stack, 'PATCH', `/admin/withdrawals/${created.body.id}`, admin, decision);
          if (res.status !== 200) throw new Error(`decide ${res.status}`);
          decided.push(created.body.id);
          ok();
          const assignment = await submittedAssignment(stack, admin, w, `${i}-${n}`);
          const approve = await call(stack, 'POST', `/admin/submissions/${assignment}/approve`, admin, {});
          if (approve.status !== 200) throw new Error(`approve ${approve.status}`);
          approved.push(assignment);
          ok();
        } catch {
          abandoned += 1;
          await sleep(200);
        }
      }
    }),
  );
  return { done, decided, approved, requested, get abandoned() { return abandoned; }, get lastOkAt() { return lastOkAt; } };
}

/**
 * What the databases hold after a money load: every answered decision and approval is stored, every outbox is
 * drained, and each effect downstream exists exactly once: a withdrawal e-mail and an audit row per decided
 * withdrawal, a task_reward and an audit row per completed assignment; every hash chain verifies.
 */
export async function checkMoneyEffects(stack: TStack, admin: string, workers: { id: string; email: string }[], load: ReturnType<typeof moneyLoad>) {
  const ids = workers.map((w) => w.id);
  const payoutsDb = stack.databaseUrls.payouts!;
  const workDb = stack.databaseUrls.work!;
  const adminDb = stack.databaseUrls.admin!;
  for (const db of [payoutsDb, workDb]) await waitFor('the outbox to drain', async () => (await countOf(db, 'SELECT count(*) AS n FROM outbox WHERE sent_at IS NULL')) === 0, 120_000);
  const decided = (await query<{ id: string }>(payoutsDb, "SELECT id FROM withdrawals WHERE user_id = ANY($1) AND status IN ('approved', 'rejected')", [ids])).map((r) => r.id);
  const completed = (await query<{ id: string }>(workDb, "SELECT id FROM task_assignments WHERE user_id = ANY($1) AND status = 'completed'", [ids])).map((r) => r.id);
  const decidedSet = new Set(decided);
  const completedSet = new Set(completed);
  const emails = workers.map((w) => w.email);
  const counts = async () => ({
    rewards: await query<{ ref: string; n: string }>(payoutsDb, "SELECT reference_id AS ref, count(*) AS n FROM ledger_entries WHERE kind = 'task_reward' AND user_id = ANY($1) GROUP BY reference_id", [ids]),
    audits: await query<{ ref: string; n: string }>(adminDb, "SELECT target_id AS ref, count(*) AS n FROM audit_log WHERE action IN ('submission.approved', 'withdrawal.approved', 'withdrawal.rejected') AND target_id = ANY($1) GROUP BY target_id", [[...decided, ...completed]]),
    mails: await countOf(adminDb, "SELECT count(*) AS n FROM sent_emails WHERE template IN ('withdrawal-approved', 'withdrawal-rejected') AND recipient = ANY($1)", [emails]),
  });
  await waitFor('the effects downstream', async () => {
    const c = await counts();
    return c.rewards.length >= completed.length && c.audits.length >= decided.length + completed.length && c.mails >= decided.length;
  }, 120_000).catch(() => undefined);
  const c = await counts();
  const rewardOf = new Map(c.rewards.map((r) => [r.ref, Number(r.n)]));
  const auditOf = new Map(c.audits.map((r) => [r.ref, Number(r.n)]));
  const lostAnswered = load.decided.filter((id) => !decidedSet.has(id)).length + load.approved.filter((id) => !completedSet.has(id)).length;
  const missing = completed.filter((id) => !rewardOf.has(id)).length + [...decided, ...completed].filter((id) => !auditOf.has(id)).length + Math.max(0, decided.length - c.mails);
  const twice = [...rewardOf.values(), ...auditOf.values()].filter((n) => n > 1).length + Math.max(0, c.mails - decided.length) + c.rewards.filter((r) => !completedSet.has(r.ref)).length;
  const chainsValid = await Promise.all(ids.map(async (id) => (await call<{ valid: boolean }>(stack, 'GET', `/admin/users/${id}/ledger/verify`, admin)).body.valid === true));
  const invariant = await ledgerInvariantBroken(payoutsDb, ids);
  return {
    lost: lostAnswered + missing,
    twice,
    notes: [
      `${decided.length} withdrawals decided (${load.decided.length} answered), ${completed.length} submissions approved (${load.approved.length} answered); ${load.abandoned} items abandoned at a step answered with an error`,
      `downstream: ${c.rewards.length} task_rewards, ${c.audits.length} audit rows, ${c.mails} withdrawal e-mails`,
      chainsValid.every(Boolean) && invariant.length === 0 ? 'every hash chain verifies; no balance negative' : `A HASH CHAIN DOES NOT VERIFY OR A BALANCE IS NEGATIVE (${invariant.length})`,
    ],
  };
}

/**
 * Issue 19 item 1: RabbitMQ stopped (rabbitmqctl stop_app) for 20 s while withdrawals are decided and submissions
 * approved, then started. Requests keep being answered (the events wait in the outboxes); afterwards every event is
 * published and every effect applied once. STOPS THE SHARED BROKER: never while others use it.
 */
export async function rabbitStoppedMidLoad(stack: TStack, options: { workers?: number; downMs?: number; stopAtMs?: number; afterMs?: number } = {}): Promise<TScenarioResult> {
  const admin = await adminTokenOf(stack);
  const workers = await fundedWorkers(stack, admin, options.workers ?? 8, 'rabbit');
  let running = true;
  const load = moneyLoad(stack, admin, workers, () => running);
  let stoppedAt: number;
  let startedAt: number;
  let answeredWhileDown: number;
  try {
    await sleep(options.stopAtMs ?? 3_000);
    await run('rabbitmqctl', ['stop_app']);
    stoppedAt = Date.now();
    const before = load.decided.length + load.approved.length;
    await sleep(options.downMs ?? 20_000);
    answeredWhileDown = load.decided.length + load.approved.length - before;
    await run('rabbitmqctl', ['start_app']);
    startedAt = Date.now();
    await sleep(options.afterMs ?? 5_000);
  } finally {
    running = false;
    await ensureServersRunning();
  }
  await load.done;
  const unsent = await countOf(stack.databaseUrls.payouts!, 'SELECT count(*) AS n FROM outbox WHERE sent_at IS NULL') + (await countOf(stack.databaseUrls.work!, 'SELECT count(*) AS n FROM outbox WHERE sent_at IS NULL'));
  const checked = await checkMoneyEffects(stack, admin, workers, load);
  const drainedAt = Date.now();
  // Where unapplied effects wait, if any: the stack's queues with messages (ready or unacked), its dead letters included.
  const waiting = checked.lost
    ? (await run('rabbitmqctl', ['-q', 'list_queues', 'name', 'messages_ready', 'messages_unacknowledged'])).stdout
        .split('\n')
        .filter((l) => l.startsWith(`${namespaceOf(stack)}.`) && /\s[1-9]/.test(l))
        .join('; ')
    : '';
  return {
    scenario: 'RabbitMQ stopped mid-load',
    load: `${workers.length} workers: withdrawal, decision, task cycle, approval; closed loop`,
    fault: `rabbitmqctl stop_app for ${((startedAt - stoppedAt) / 1000).toFixed(0)} s`,
    accepted: load.decided.length + load.approved.length,
    lost: checked.lost,
    appliedTwice: checked.twice,
    recoveryMs: drainedAt - startedAt,
    notes: [
      `${answeredWhileDown} decisions and approvals answered while the broker was down (their events waited in the outboxes); ${unsent} outbox rows still unsent when the load ended`,
      ...checked.notes,
      ...(checked.lost ? [`queues holding messages when the check ended: ${waiting || 'none'}`] : []),
      'recovery: from start_app to every outbox drained and every effect counted',
    ],
  };
}

/**
 * Issue 19 item 2: PostgreSQL restarted (pg_ctlcluster restart) during the money load. No request is half-applied
 * (an answered decision is stored, what is stored is published and applied once), every accepted withdrawal holds
 * its amount once, every chain verifies, and every service answers again without a restart.
 * RESTARTS THE SHARED DATABASE SERVER: never while others use it.
 */
export async function postgresRestartedMidLoad(stack: TStack, options: { workers?: number; restartAtMs?: number; afterMs?: number } = {}): Promise<TScenarioResult> {
  const admin = await adminTokenOf(stack);
  const workers = await fundedWorkers(stack, admin, options.workers ?? 8, 'postgres');
  let running = true;
  const load = moneyLoad(stack, admin, workers, () => running);
  let restartedAt: number;
  let answeredAgainAt: number;
  try {
    await sleep(options.restartAtMs ?? 3_000);
    restartedAt = Date.now();
    await run('pg_ctlcluster', ['--skip-systemctl-redirect', postgresVersion(), 'main', 'restart']);
    const before = load.lastOkAt;
    await waitFor('a request answered after the restart', async () => load.lastOkAt > before && load.lastOkAt, 120_000).catch(() => undefined);
    answeredAgainAt = load.lastOkAt;
    await sleep(options.afterMs ?? 5_000);
  } finally {
    running = false;
    await ensureServersRunning();
  }
  await load.done;
  // Every service answers again (its /ready reads its database), none restarted.
  const ready = await Promise.all(Object.entries(stack.internalUrls).map(async ([name, url]) => {
    const ok = await waitFor(`${name} ready`, async () => (await fetch(`${url}/ready`)).ok, 60_000).then(() => true, () => false);
    return ok ? '' : name;
  }));
  // Each withdrawal still pending holds its amount once: held = 50.00 x pending withdrawals, for every worker.
  const ids = workers.map((w) => w.id);
  const heldWrong = await query<{ user_id: string }>(stack.databaseUrls.payouts!, `SELECT a.user_id FROM ledger_accounts a
      WHERE a.user_id = ANY($1) AND a.held <> (SELECT coalesce(sum(w.amount), 0) FROM withdrawals w WHERE w.user_id = a.user_id AND w.status = 'pending')`, [ids]);
  const checked = await checkMoneyEffects(stack, admin, workers, load);
  const notReady = ready.filter(Boolean);
  return {
    scenario: 'PostgreSQL restarted mid-load',
    load: `${workers.length} workers: withdrawal, decision, task cycle, approval; closed loop`,
    fault: 'pg_ctlcluster restart',
    accepted: load.decided.length + load.approved.length + load.requested.length,
    lost: checked.lost + heldWrong.length,
    appliedTwice: checked.twice,
    recoveryMs: answeredAgainAt ? answeredAgainAt - restartedAt : -1,
    notes: [
      `${load.requested.length} withdrawals requested; ${heldWrong.length} accounts whose held amount differs from their pending withdrawals`,
      ...checked.notes,
      notReady.length ? `NOT READY AFTER THE RESTART: ${notReady.join(', ')}` : 'every process ready again without a restart',
      'recovery: from the restart to the first request answered after it',
    ],
  };
}

/**
 * Issue 19 item 6, a Jepsen-style bank check: workers do random concurrent operations (withdrawals, decided at random
 * by the admin as approved or rejected, task cycles ending in approvals that credit rewards, and admin balance
 * adjustments) while faults 1 to 3 are injected at random moments: RabbitMQ stopped, PostgreSQL restarted, payouts
 * or work killed with SIGKILL and started again. Afterwards, for every account: the entries' effects sum to available
 * and held, nothing is negative, every chain verifies; for all of them together: the money in (rewards, bonuses,
 * positive adjustments) equals the money out (payouts, negative adjustments) plus what is held and available; and
 * every answered operation is stored with each of its effects once.
 * STOPS THE SHARED BROKER AND RESTARTS THE SHARED DATABASE SERVER: never while others use them.
 */
export async function bankCheck(stack: TStack, options: { workers?: number; seconds?: number; seed?: number; injectFaults?: boolean } = {}): Promise<TScenarioResult> {
  let seed = options.seed ?? Date.now() % 2_147_483_647;
  const firstSeed = seed;
  const random = () => {
    seed = (seed * 48_271) % 2_147_483_647;
    return seed / 2_147_483_647;
  };
  const admin = await adminTokenOf(stack);
  const workers = await fundedWorkers(stack, admin, options.workers ?? 20, 'bank');
  const seconds = options.seconds ?? 120;
  const endAt = Date.now() + seconds * 1000;
  const decided: string[] = [];
  const approved: string[] = [];
  const adjusted: string[] = [];
  const requested: string[] = [];
  let abandoned = 0;
  const ops = Promise.all(
    workers.map(async (w, i) => {
      for (let n = 0; Date.now() < endAt; n += 1) {
        const pick = random();
        try {
          if (pick < 0.4) {
            const key = randomUUID();
            let created: { status: number; body: { id: string } } = { status: 0, body: { id: '' } };
            for (let attempt = 0; attempt < 100 && created.status !== 201 && Date.now() < endAt + 60_000; attempt += 1) {
              created = await call<{ id: string }>(stack, 'POST', '/withdrawals', w.token, { amount: (50 + Math.floor(random() * 500)).toFixed(2), currency: 'BTC', walletAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' }, { 'idempotency-key': key });
              // 4xx other than 5xx: refused for good (e.g. insufficient funds after an adjustment).
              if (created.status >= 400 && created.status < 500) break;
              if (created.status !== 201) await sleep(200);
            }
            if (created.status !== 201) throw new Error('withdrawal not answered');
            requested.push(created.body.id);
            if (random() < 0.8) {
              const decision = random() < 0.5 ? { status: 'approved', txReference: `tx-${i}-${n}` } : { status: 'rejected', adminComment: 'bank check' };
              const res = await call(stack, 'PATCH', `/admin/withdrawals/${created.body.id}`, admin, decision);
              if (res.status !== 200) throw new Error(`decide ${res.status}`);
              decided.push(created.body.id);
            }
          } else if (pick < 0.75) {
            const assignment = await submittedAssignment(stack, admin, w, `bank-${i}-${n}`);
            if (random() < 0.8) {
              const res = await call(stack, 'POST', `/admin/submissions/${assignment}/approve`, admin, {});
              if (res.status !== 200) throw new Error(`approve ${res.status}`);
              approved.push(assignment);
            } else {
              const res = await call(stack, 'POST', `/admin/submissions/${assignment}/reject`, admin, { reason: 'Please redo it' });
              if (res.status !== 200) throw new Error(`reject ${res.status}`);
            }
          } else {
            const res = await call<{ entryId: string }>(stack, 'PATCH', `/admin/users/${w.id}/balance`, admin, { balance: (1_000 + Math.floor(random() * 100_000)).toFixed(2), reason: 'bank check' });
            if (res.status !== 200) throw new Error(`adjust ${res.status}`);
            adjusted.push(res.body.entryId);
          }
        } catch {
          abandoned += 1;
          await sleep(200);
        }
      }
    }),
  );

  // Faults 1 to 3 at random moments, in a random order, one at a time.
  const killed = random() < 0.5 ? 'payouts' : 'work';
  const faults: { name: string; inject: () => Promise<void> }[] = [
    { name: 'RabbitMQ stopped 10 s', inject: async () => {
      await run('rabbitmqctl', ['stop_app']);
      await sleep(10_000);
      await run('rabbitmqctl', ['start_app']);
    } },
    { name: 'PostgreSQL restarted', inject: async () => {
      await run('pg_ctlcluster', ['--skip-systemctl-redirect', postgresVersion(), 'main', 'restart']);
    } },
    { name: `${killed} SIGKILL`, inject: async () => {
      await stack.kill(killed, 'SIGKILL');
      await stack.relaunch(killed);
    } },
  ].sort(() => random() - 0.5).slice(0, options.injectFaults === false ? 0 : 3);
  const injected: string[] = [];
  const recoveries: number[] = [];
  try {
    const slot = (seconds * 1000) / (faults.length + 1);
    for (const fault of faults) {
      await sleep(slot * (0.5 + random() * 0.5));
      const at = Date.now();
      await fault.inject();
      await ensureServersRunning();
      // Recovery: until payouts answers a read again.
      await waitFor('payouts to answer', async () => (await call(stack, 'GET', '/ledger/balance', workers[0]!.token)).status === 200, 120_000).catch(() => undefined);
      recoveries.push(Date.now() - at);
      injected.push(`${fault.name} at ${((at - (endAt - seconds * 1000)) / 1000).toFixed(0)} s (answered again after ${((Date.now() - at) / 1000).toFixed(1)} s)`);
    }
  } finally {
    await ensureServersRunning();
  }
  await ops;

  const ids = workers.map((w) => w.id);
  const payoutsDb = stack.databaseUrls.payouts!;
  const load = { decided, approved, requested, abandoned, done: Promise.resolve([]), lastOkAt: 0 } as unknown as ReturnType<typeof moneyLoad>;
  const checked = await checkMoneyEffects(stack, admin, workers, load);
  const storedAdjustments = new Set((await query<{ id: string }>(payoutsDb, "SELECT id FROM ledger_entries WHERE kind = 'admin_adjustment' AND user_id = ANY($1)", [ids])).map((r) => r.id));
  const lostAdjustments = adjusted.filter((id) => !storedAdjustments.has(id)).length;
  const lostRequests = requested.length - (await countOf(payoutsDb, 'SELECT count(*) AS n FROM withdrawals WHERE id = ANY($1)', [requested]));
  const totals = (await query<{ money_in: string; money_out: string; balances: string; holds_twice: string }>(payoutsDb, `SELECT
      (SELECT coalesce(sum(amount), 0) FROM ledger_entries WHERE user_id = ANY($1) AND (kind IN ('task_reward', 'signup_bonus') OR kind = 'admin_adjustment' AND amount > 0)) AS money_in,
      (SELECT coalesce(-sum(amount), 0) FROM ledger_entries WHERE user_id = ANY($1) AND (kind = 'withdrawal_payout' OR kind = 'admin_adjustment' AND amount < 0)) AS money_out,
      (SELECT coalesce(sum(available + held), 0) FROM ledger_accounts WHERE user_id = ANY($1)) AS balances,
      (SELECT count(*) FROM (SELECT reference_id FROM ledger_entries WHERE user_id = ANY($1) AND reference_id IS NOT NULL GROUP BY kind, reference_id HAVING count(*) > 1) d) AS holds_twice`, [ids]))[0]!;
  const balanced = Number(totals.money_in) === Number(totals.money_out) + Number(totals.balances);
  return {
    scenario: 'bank check with random faults',
    load: `${workers.length} workers, random withdrawals/decisions/approvals/rejections/adjustments for ${seconds} s`,
    fault: faults.map((f) => f.name).join(', '),
    accepted: requested.length + decided.length + approved.length + adjusted.length,
    lost: checked.lost + lostAdjustments + lostRequests + (balanced ? 0 : 1),
    appliedTwice: checked.twice + Number(totals.holds_twice),
    recoveryMs: Math.max(...recoveries, 0),
    notes: [
      `seed ${firstSeed}; ${requested.length} withdrawals requested, ${adjusted.length} adjustments; ${lostAdjustments} answered adjustments missing, ${lostRequests} answered withdrawals missing`,
      ...injected,
      ...checked.notes,
      `money in ${totals.money_in} = out ${totals.money_out} + held and available ${totals.balances}: ${balanced ? 'yes' : 'NO'}`,
      'recovery: the longest time from a fault to payouts answering again',
    ],
  };
}

/** The process figures a service's /metrics reports (prom-client's defaults). */
async function processFigures(url: string): Promise<{ rss: number; fds: number } | undefined> {
  try {
    const text = await (await fetch(`${url}/metrics`, { signal: AbortSignal.timeout(5_000) })).text();
    const figure = (name: string) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+]+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
    return { rss: figure('process_resident_memory_bytes'), fds: figure('process_open_fds') };
  } catch {
    return undefined;
  }
}

const p99 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0;
};

/**
 * Issue 19 item 7, the soak: a mixed load (browsing tasks, balance and chat; chat messages; the money load of
 * withdrawals, decisions, task cycles and approvals) for `minutes`. Checked: no request errs (5xx or no answer),
 * the p99 of the last minute within 2x of the first, each process's memory growth after the first minute (warm-up)
 * under 10%, open file descriptors stable, and the money load's effects each applied once.
 */
export async function soak(stack: TStack, options: { workers?: number; minutes?: number } = {}): Promise<TScenarioResult> {
  const minutes = options.minutes ?? 10;
  const admin = await adminTokenOf(stack);
  const workers = await fundedWorkers(stack, admin, options.workers ?? 10, 'soak');
  const requests: { at: number; ms: number; status: number; what: string }[] = [];
  const startedAt = Date.now();
  const endAt = startedAt + minutes * 60_000;
  const samples: { at: number; figures: Record<string, { rss: number; fds: number }> }[] = [];
  const sample = async () => {
    const figures: Record<string, { rss: number; fds: number }> = {};
    for (const [name, url] of Object.entries(stack.internalUrls)) {
      const f = await processFigures(url);
      if (f) figures[name] = f;
    }
    samples.push({ at: Date.now(), figures });
  };
  // The soak injects no fault: a restart of the shared PostgreSQL by something else is named in the notes.
  const postgresStart = async () => (await query<{ t: string }>(stack.databaseUrls.payouts!, 'SELECT pg_postmaster_start_time()::text AS t'))[0]!.t;
  const postgresStartedAt = await postgresStart();
  recordRequest = (at, ms, status, what) => requests.push({ at, ms, status, what });
  let load: ReturnType<typeof moneyLoad>;
  try {
    await sample();
    load = moneyLoad(stack, admin, workers.slice(0, Math.ceil(workers.length / 2)), () => Date.now() < endAt);
    const browsing = Promise.all(
      workers.map(async (w, i) => {
        for (let n = 0; Date.now() < endAt; n += 1) {
          await call(stack, 'GET', '/tasks', w.token);
          await call(stack, 'GET', '/ledger/balance', w.token);
          await call(stack, 'GET', '/chat/messages?limit=50', w.token);
          if (n % 3 === 0) await call(stack, 'POST', '/chat/messages', w.token, { content: `soak ${i} ${n}`, clientId: randomUUID() });
          await sleep(200);
        }
      }),
    );
    const sampler = (async () => {
      while (Date.now() < endAt) {
        await sleep(10_000);
        await sample();
      }
    })();
    await Promise.all([load.done, browsing, sampler]);
  } finally {
    recordRequest = undefined;
  }
  const errors = requests.filter((r) => r.status === 0 || r.status >= 500);
  const first = requests.filter((r) => r.at < startedAt + 60_000).map((r) => r.ms);
  const last = requests.filter((r) => r.at >= endAt - 60_000).map((r) => r.ms);
  const warm = samples.find((s) => s.at >= startedAt + 60_000) ?? samples[0]!;
  const end = samples[samples.length - 1]!;
  const growth = Object.entries(end.figures).map(([name, f]) => ({ name, rss: (f.rss / (warm.figures[name]?.rss ?? f.rss) - 1) * 100, fds: f.fds - (warm.figures[name]?.fds ?? f.fds) }));
  const worstRss = growth.reduce((a, b) => (b.rss > a.rss ? b : a), growth[0]!);
  const worstFds = growth.reduce((a, b) => (b.fds > a.fds ? b : a), growth[0]!);
  const checked = await checkMoneyEffects(stack, admin, workers, load);
  const postgresRestartedAt = await postgresStart();
  const p99First = p99(first);
  const p99Last = p99(last);
  const errorKinds = [...new Set(errors.map((e) => `${e.what} ${e.status}`))].slice(0, 5);
  // Which calls slowed down: p99 of each kind in the first and the last minute (to tell a growing query from a busy machine).
  const byKind = [...new Set(requests.map((r) => r.what))].map((what) => {
    const of = (from: number, to: number) => requests.filter((r) => r.what === what && r.at >= from && r.at < to).map((r) => r.ms);
    return { what, first: p99(of(startedAt, startedAt + 60_000)), last: p99(of(endAt - 60_000, Infinity)) };
  });
  return {
    scenario: minutes < 10 ? `soak (${minutes} min, SHORTER than the issue's 10)` : `soak (${minutes} min)`,
    load: `${workers.length} workers browsing and chatting, ${Math.ceil(workers.length / 2)} also in the money load`,
    fault: 'none (time)',
    accepted: requests.filter((r) => r.status >= 200 && r.status < 300).length,
    lost: checked.lost,
    appliedTwice: checked.twice,
    recoveryMs: 0,
    notes: [
      `${requests.length} requests, ${errors.length} errors (5xx or no answer)${errorKinds.length ? `: ${errorKinds.join('; ')}` : ''}`,
      `p99 first minute ${p99First.toFixed(0)} ms, last minute ${p99Last.toFixed(0)} ms: ${p99Last <= 2 * p99First ? 'within 2x' : 'MORE THAN 2x'}`,
      `p99 by call, first -> last minute: ${byKind.map((k) => `${k.what} ${k.first.toFixed(0)} -> ${k.last.toFixed(0)} ms`).join('; ')}`,
      `memory after warm-up: worst ${worstRss.name} ${worstRss.rss.toFixed(1)}% (${worstRss.rss < 10 ? 'under 10%' : 'OVER 10%'}); open descriptors: worst ${worstFds.name} ${worstFds.fds >= 0 ? '+' : ''}${worstFds.fds}`,
      `per process (rss growth %, fd change): ${growth.map((g) => `${g.name} ${g.rss.toFixed(1)}%/${g.fds >= 0 ? '+' : ''}${g.fds}`).join(', ')}`,
      ...(postgresRestartedAt === postgresStartedAt ? [] : [`PostgreSQL WAS RESTARTED DURING THE SOAK by something else (at ${postgresRestartedAt}): the errors are its 503s`]),
      ...checked.notes,
    ],
  };
}
