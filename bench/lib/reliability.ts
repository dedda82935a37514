/**
 * Fault scenarios of the reliability suite (issue 19), each against a whole stack of its own (scripts/stack.ts) and
 * checked against what the servers stored afterwards. Used by bench/reliability.ts (the table) and by
 * bench/reliability.outage.test.ts (the same scenarios, asserted, in the outage suite).
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { WebSocket } from 'ws';
import { INFRA } from '../../scripts/infra.js';
import { DEV_ADMIN, ROOT, type TStack } from '../../scripts/stack.js';

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

async function call<T>(stack: TStack, method: string, path: string, token: string | null, body?: unknown): Promise<{ status: number; body: T }> {
  try {
    const res = await fetch(`${stack.baseUrl}/api${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : {}) as T };
  } catch {
    return { status: 0, body: {} as T };
  }
}

async function waitFor<T>(what: string, read: () => Promise<T | undefined | false>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await read().catch(() => undefined);
    if (value) return value;
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${what}`);
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

async function registerWorkers(stack: TStack, count: number, label: string): Promise<{ id: string; token: string }[]> {
  const workers: { id: string; token: string }[] = [];
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
    workers.push({ id: res.body.user.id, token: res.body.token });
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
    const created = await call<{ id: string }>(stack, 'POST', '/admin/tasks', admin, { title: `Reliability ${n}`, description: 'Photograph the storefront', reward: '1.25', submissionInstructions: 'Describe it' });
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
  const created = await call<{ id: string }>(stack, 'POST', '/admin/tasks', admin, { title: `Reliability ${label}`, description: 'Photograph the storefront', reward: '1.25', submissionInstructions: 'Describe it' });
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
