/**
 * Fault scenarios of the reliability suite (issue 19), each against a whole stack of its own (scripts/stack.ts) and
 * checked against what the servers stored afterwards. Used by bench/reliability.ts (the table) and by
 * bench/reliability.outage.test.ts (the same scenarios, asserted, in the outage suite).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { WebSocket } from 'ws';
import { DEV_ADMIN, type TStack } from '../../scripts/stack.js';

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
