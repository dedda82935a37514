/**
 * A worker's day (issue 33 item 6): N active workers, each a small state machine (lib/day-model.ts: browse the tasks,
 * take one, submit it with a small PNG, check the balance and the statement, withdraw now and then, chat in the general
 * room on a socket held open all along) plus admins reviewing submissions and deciding withdrawals at a stated rate,
 * against the whole stack as `npm start` runs it (scripts/stack.ts: every service its own process, chat twice, the
 * gateway; real PostgreSQL, RabbitMQ and Redis). Open loop: every action is scheduled on the model's clock and its
 * latency counts from that scheduled time, so a slow answer never slows the load down.
 *
 * The search: steps of N (BENCH_DAY_STEPS), each a warm-up and a measured window; a step passes when every action's
 * p99 is under the bound, every answer is 2xx and nothing is lost (every accepted chat message reached every socket
 * in the room, every accepted withdrawal is in the ledger once, every accepted submission is stored with its image,
 * every answered decision is stored); the search stops at the first step that fails. The reference, in the same
 * run, is the stack's own floor: each action alone at a low rate (its p99, and its CPU per process).
 *
 * Run: `npm run bench:day` (a short development run); the results run is in bench/README.md. Writes
 * bench/results/day.txt (BENCH_DAY_OUT to write elsewhere).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { Agent, fetch, FormData } from 'undici';
import { WebSocket } from 'ws';
import { eventually, TEST_POSTGRES_URL, uniqueName } from '@platform/service-kit/testing';
import { makePng } from '../e2e/support/api.js';
import { DEV_ADMIN, startStack } from '../scripts/stack.js';
import { ADMIN_ACTIONS, CHAT_MEAN_INTERVAL_S, modelLines, nextAction, thinkMeanAfter, thinkMs, WORKER_ACTIONS, workerRates, type TAction, type TWorkerAction } from './lib/day-model.js';
import { fmt, formatTable, machineLine, percentile } from './lib/load.js';
import { loadLine, meterStack } from './lib/proc.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const STEPS = (process.env.BENCH_DAY_STEPS ?? '10,25').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_DAY_SECONDS ?? 15);
const WARMUP_SECONDS = Number(process.env.BENCH_DAY_WARMUP_SECONDS ?? 10);
const P99_BOUND_MS = Number(process.env.BENCH_DAY_P99_MS ?? 300);
/** The reference: this many of each action, alone, at this rate per second. */
const REFERENCE_ACTIONS = Number(process.env.BENCH_DAY_REFERENCE_ACTIONS ?? 10);
const REFERENCE_RATE = Number(process.env.BENCH_DAY_REFERENCE_RATE ?? 5);
const ADMINS = Number(process.env.BENCH_DAY_ADMINS ?? 2);
/** Each admin's actions per second (a list of a queue or a decision). */
const ADMIN_RATE = Number(process.env.BENCH_DAY_ADMIN_RATE ?? 2);
const RUNTIME = process.env.BENCH_DAY_RUNTIME === 'compiled' ? 'compiled' : 'tsx';
const REGISTER_CONCURRENCY = Number(process.env.BENCH_DAY_REGISTER_CONCURRENCY ?? 4);
const OUT = process.env.BENCH_DAY_OUT ?? join(HERE, 'results', 'day.txt');
/** A request unanswered this long counts as lost (status 0); a chat message not on a socket this long after the step, too. */
const TIMEOUT_MS = 15_000;
const DELIVERY_GRACE_MS = 10_000;
const STARTING_BALANCE = '100000.00';
const AMOUNT = '50.00';
const WALLET = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const TASK_TITLE = 'Day bench task';
/** Each bench task takes this many workers (TASK_SLOTS_MAX), each once. */
const TASK_SLOTS = 1000;
const EVERY_NTH_REJECTED = 10;

/** A 40 x 40 photo-like PNG (noise does not compress: about 5 KiB), as a phone's camera would send a small one. */
const IMAGE = makePng(40, (x, y) => [(x * 7 + y * 13) & 255, Math.floor(Math.random() * 256), (x * y) & 255]);

const LOAD_AT_START = loadLine();
/** The 1-minute load averages seen (before the stack, after each reference action and step): above 3 the figures are pessimistic. */
const LOADS_SEEN = [loadavg()[0]!];
const sleepUntil = (at: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, at - performance.now())));
const agent = new Agent({ connections: 512, pipelining: 1, keepAliveTimeout: 30_000 });

// ---------------------------------------------------------------------------------------------------------------
// The clients: HTTP through the gateway (each worker from its own address, as the gateway sees people), and the chat
// socket.

interface TClient {
  token: string;
  /** The worker's address as the gateway reads it (X-Forwarded-For from loopback, which the stack trusts). */
  address: string;
}

interface TAnswer {
  status: number;
  /** The API's JSON (read field by field where needed), or the text of another answer. */
  body: unknown;
}

async function http(origin: string, client: TClient | null, method: string, path: string, body?: { json?: unknown; form?: FormData; headers?: Record<string, string> }): Promise<TAnswer> {
  const headers: Record<string, string> = { ...body?.headers };
  if (client) {
    headers.authorization = `Bearer ${client.token}`;
    headers['x-forwarded-for'] = client.address;
  }
  if (body?.json !== undefined) headers['content-type'] = 'application/json';
  try {
    const res = await fetch(`${origin}/api${path}`, {
      method,
      headers,
      body: body?.form ?? (body?.json === undefined ? undefined : JSON.stringify(body.json)),
      dispatcher: agent,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await res.text();
    return { status: res.status, body: text && (res.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text };
  } catch {
    return { status: 0, body: undefined };
  }
}

interface TSocket {
  /** Message id -> when this socket first saw it (performance.now()). */
  seen: Map<number, number>;
  acks: Map<string, (answer: { status: number; id?: number }) => void>;
  closed: boolean;
  send(frame: unknown): boolean;
  close(): void;
}

const NEW_MESSAGE_ID = /^\{"type":"new_message","message":\{"id":(\d+)/;

/** A worker's chat socket through the gateway, as the app's: auth first, a ping every 25 s, every message's id noted. */
function openSocket(origin: string, client: TClient): Promise<TSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${origin.replace(/^http/, 'ws')}/ws`, { headers: { 'x-forwarded-for': client.address }, perMessageDeflate: false });
    let ping: NodeJS.Timeout | undefined;
    const socket: TSocket = {
      seen: new Map(),
      acks: new Map(),
      closed: false,
      send: (frame) => {
        if (ws.readyState !== WebSocket.OPEN) return false;
        ws.send(JSON.stringify(frame));
        return true;
      },
      close: () => {
        clearInterval(ping);
        socket.closed = true;
        ws.terminate();
      },
    };
    const note = (id: number) => {
      if (!socket.seen.has(id)) socket.seen.set(id, performance.now());
    };
    ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token: client.token })));
    ws.on('message', (data) => {
      const text = String(data);
      // Most frames are other people's messages: their id is read without parsing the whole frame.
      const quick = NEW_MESSAGE_ID.exec(text);
      if (quick) return note(Number(quick[1]));
      const frame = JSON.parse(text) as { type: string; success?: boolean; message?: { id: number } | string; clientId?: string | null; code?: string };
      if (frame.type === 'auth') {
        if (!frame.success) return reject(new Error(`chat auth refused: ${text}`));
        ping = setInterval(() => socket.send({ type: 'ping' }), 25_000);
        return resolve(socket);
      }
      if (frame.type === 'new_message' && typeof frame.message === 'object') note(frame.message.id);
      if (frame.type === 'message_ack' && typeof frame.message === 'object') {
        note(frame.message.id);
        socket.acks.get(frame.clientId ?? '')?.({ status: 201, id: frame.message.id });
      }
      if (frame.type === 'error' && frame.clientId) socket.acks.get(frame.clientId)?.({ status: 400 });
    });
    ws.on('close', () => {
      clearInterval(ping);
      socket.closed = true;
    });
    ws.on('error', (error) => reject(error));
  });
}

// ---------------------------------------------------------------------------------------------------------------
// What a run records.

interface TSample {
  action: TAction;
  ms: number;
  status: number;
  measured: boolean;
}

/** One window of load (a step, or one action of the reference): samples and everything accepted, for the checks. */
class TRun {
  samples: TSample[] = [];
  submitted: string[] = [];
  withdrawals: string[] = [];
  chat: { id: number; sentAt: number; measured: boolean }[] = [];
  approved: string[] = [];
  rejected: string[] = [];
  decided: { id: string; status: 'approved' | 'rejected' }[] = [];
  noTask = 0;
  constructor(
    readonly measureFrom: number,
    readonly endAt: number,
  ) {}
  record(action: TAction, at: number, status: number): boolean {
    this.samples.push({ action, ms: performance.now() - at, status, measured: at >= this.measureFrom });
    return status >= 200 && status < 300;
  }
}

interface TWorker extends TClient {
  index: number;
  id: string;
  socket: TSocket;
  state: TWorkerAction;
  nextAt: number;
  chatNextAt: number;
  taskId?: string;
  chatSent: number;
}

let origin = '';

/** One action of a worker, scheduled at `at`; its latency and status recorded in the run. */
async function perform(w: TWorker, action: TWorkerAction, at: number, run: TRun): Promise<{ ok: boolean; foundTask?: boolean }> {
  switch (action) {
    case 'browse tasks': {
      const res = await http(origin, w, 'GET', '/tasks');
      const ok = run.record(action, at, res.status);
      const open = ok ? (res.body as { id: string; title: string; status: string; userStatus: string | null }[]).filter((t) => t.title.startsWith(TASK_TITLE) && t.status === 'available' && t.userStatus === null) : [];
      w.taskId = open[Math.floor(Math.random() * open.length)]?.id;
      if (ok && !w.taskId) run.noTask += 1;
      return { ok, foundTask: w.taskId !== undefined };
    }
    case 'take task':
      return { ok: run.record(action, at, (await http(origin, w, 'POST', `/tasks/${w.taskId}/take`, { json: {} })).status) };
    case 'submit (image)': {
      const form = new FormData();
      form.append('submission', `Done: photo of the storefront, worker ${w.index}`);
      form.append('files', new Blob([new Uint8Array(IMAGE)], { type: 'image/png' }), 'storefront.png');
      const res = await http(origin, w, 'POST', `/tasks/${w.taskId}/submit`, { form });
      const ok = run.record(action, at, res.status);
      if (ok) run.submitted.push((res.body as { assignment: { id: string } }).assignment.id);
      return { ok };
    }
    case 'balance':
      return { ok: run.record(action, at, (await http(origin, w, 'GET', '/ledger/balance')).status) };
    case 'statement':
      return { ok: run.record(action, at, (await http(origin, w, 'GET', '/ledger/statement')).status) };
    case 'withdraw': {
      const res = await http(origin, w, 'POST', '/withdrawals', { json: { amount: AMOUNT, currency: 'BTC', walletAddress: WALLET }, headers: { 'idempotency-key': randomUUID() } });
      const ok = run.record(action, at, res.status);
      if (ok) run.withdrawals.push((res.body as { id: string }).id);
      return { ok };
    }
    case 'chat send': {
      const clientId = randomUUID();
      const answer = await new Promise<{ status: number; id?: number }>((resolve) => {
        const timer = setTimeout(() => resolve({ status: 0 }), TIMEOUT_MS);
        w.socket.acks.set(clientId, (a) => {
          clearTimeout(timer);
          resolve(a);
        });
        if (!w.socket.send({ type: 'chat_message', content: `Day bench: worker ${w.index} says hello (${w.chatSent++})`, chatType: 'general', clientId })) {
          clearTimeout(timer);
          resolve({ status: 0 });
        }
      });
      w.socket.acks.delete(clientId);
      const ok = run.record(action, at, answer.status);
      if (ok) run.chat.push({ id: answer.id!, sentAt: at, measured: at >= run.measureFrom });
      return { ok };
    }
  }
}

/** A worker's cycle until the run ends (the next action due at or after its end waits for the next step). */
async function liveCycle(w: TWorker, run: TRun): Promise<void> {
  while (w.nextAt < run.endAt) {
    const at = w.nextAt;
    await sleepUntil(at);
    const action = w.state;
    const outcome = await perform(w, action, at, run);
    w.state = nextAction(action, outcome);
    w.nextAt = at + thinkMs(thinkMeanAfter(action));
  }
}

async function liveChat(w: TWorker, run: TRun): Promise<void> {
  while (w.chatNextAt < run.endAt) {
    const at = w.chatNextAt;
    await sleepUntil(at);
    await perform(w, 'chat send', at, run);
    w.chatNextAt = at + thinkMs(CHAT_MEAN_INTERVAL_S);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The admins: one action every 1/ADMIN_RATE s each, on their own clock. Two queues (submissions awaiting review,
// pending withdrawals), filled by listing a page when empty; they take turns between the two.

interface TAdmin extends TClient {
  nextAt: number;
  turn: number;
}
type TKind = 'submission' | 'withdrawal';
const queues: Record<TKind, string[]> = { submission: [], withdrawal: [] };
const claimed = new Set<string>();
const listing: Record<TKind, boolean> = { submission: false, withdrawal: false };
let decisions = 0;

async function adminList(admin: TAdmin, kind: TKind, at: number, run: TRun): Promise<void> {
  listing[kind] = true;
  const res = kind === 'submission' ? await http(origin, admin, 'GET', '/admin/submissions?pageSize=50') : await http(origin, admin, 'GET', '/admin/withdrawals?status=pending&pageSize=50');
  listing[kind] = false;
  if (!run.record(kind === 'submission' ? 'admin: list submissions' : 'admin: list withdrawals', at, res.status)) return;
  for (const item of (res.body as { items: { id: string }[] }).items) {
    if (claimed.has(item.id)) continue;
    claimed.add(item.id);
    queues[kind].push(item.id);
  }
}

async function adminDecide(admin: TAdmin, kind: TKind, id: string, at: number, run: TRun, reject = ++decisions % EVERY_NTH_REJECTED === 0): Promise<void> {
  if (kind === 'submission') {
    const res = reject
      ? await http(origin, admin, 'POST', `/admin/submissions/${id}/reject`, { json: { reason: 'The photo does not show the storefront' } })
      : await http(origin, admin, 'POST', `/admin/submissions/${id}/approve`, { json: {} });
    if (run.record(reject ? 'admin: reject' : 'admin: approve', at, res.status)) (reject ? run.rejected : run.approved).push(id);
    return;
  }
  const status = reject ? 'rejected' : 'approved';
  const res = await http(origin, admin, 'PATCH', `/admin/withdrawals/${id}`, { json: reject ? { status, adminComment: 'Wrong network' } : { status, txReference: `tx-${id.slice(0, 8)}` } });
  if (run.record('admin: decide withdrawal', at, res.status)) run.decided.push({ id, status });
}

async function liveAdmin(admin: TAdmin, run: TRun): Promise<void> {
  while (admin.nextAt < run.endAt) {
    const at = admin.nextAt;
    await sleepUntil(at);
    const kinds: TKind[] = admin.turn++ % 2 === 0 ? ['submission', 'withdrawal'] : ['withdrawal', 'submission'];
    const ready = kinds.find((kind) => queues[kind].length > 0);
    const empty = kinds.find((kind) => queues[kind].length === 0 && !listing[kind]);
    if (empty && (empty === kinds[0] || !ready)) await adminList(admin, empty, at, run);
    else if (ready) await adminDecide(admin, ready, queues[ready].shift()!, at, run);
    admin.nextAt = at + 1000 / ADMIN_RATE;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Setting up: workers registered and funded through the API, tasks created by the admin.

const addressOf = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

async function pooled<T>(count: number, concurrency: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(count);
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, async () => {
    while (next < count) {
      const i = next++;
      out[i] = await make(i);
    }
  }));
  return out;
}

async function addWorkers(workDb: pg.Pool, admin: TAdmin, workers: TWorker[], total: number, label: string): Promise<void> {
  const from = workers.length;
  if (total <= from) return;
  const started = performance.now();
  const made = await pooled(total - from, REGISTER_CONCURRENCY, async (k) => {
    const index = from + k;
    const address = addressOf(index + 1);
    // Setting up is not measured: a 503 (the busy machine's timeouts) is asked again, as the app would.
    let res: TAnswer = { status: 0, body: undefined };
    for (let attempt = 0; attempt < 5 && (attempt === 0 || res.status === 503); attempt++) {
      res = await http(origin, null, 'POST', '/auth/register', {
        json: { email: `day-${index}-${label}@example.com`, password: 'Day-bench-1', confirmPassword: 'Day-bench-1', firstName: 'Day', lastName: `Worker ${index}` },
        headers: { 'x-forwarded-for': address },
      });
    }
    if (res.status !== 201) throw new Error(`registration answered ${res.status}: ${JSON.stringify(res.body)}`);
    const { token, user } = res.body as { token: string; user: { id: string } };
    // Payouts opens the account when it hears user.registered: until then the adjustment is 404.
    await eventually(async () => (await http(origin, admin, 'PATCH', `/admin/users/${user.id}/balance`, { json: { balance: STARTING_BALANCE, reason: 'Benchmark funds' } })).status === 200, {
      what: 'payouts to know the worker',
      timeoutMs: 60_000,
      intervalMs: 100,
    });
    return { index, id: user.id, token, address };
  });
  const ids = made.map((m) => m.id);
  await eventually(async () => (await workDb.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE id = ANY($1)', [ids])).rows[0]!.n === ids.length, { what: 'work to know the workers', timeoutMs: 60_000, intervalMs: 200 });
  const sockets = await pooled(made.length, 50, (k) => openSocket(origin, made[k]!));
  for (const [k, m] of made.entries()) workers.push({ ...m, socket: sockets[k]!, state: 'browse tasks', nextAt: Number.NaN, chatNextAt: Number.NaN, chatSent: 0 });
  console.log(`  ${total - from} workers registered, funded and connected in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

let tasksMade = 0;

/** Enough bench tasks that every worker finds one it has not done, and enough free slots for the step's takes. */
async function ensureTasks(admin: TAdmin, workers: number, seconds: number, takenSoFar: number): Promise<void> {
  const takes = Math.ceil((workers * seconds) / 20) + workers;
  const wanted = Math.max(20, Math.ceil((takenSoFar + takes) / TASK_SLOTS) + 10);
  for (; tasksMade < wanted; tasksMade++) {
    const res = await http(origin, admin, 'POST', '/admin/tasks', {
      json: { title: `${TASK_TITLE} ${tasksMade + 1}`, description: 'Photograph the storefront from across the street', reward: '1.25', submissionInstructions: 'One photo and a line of text', estimatedMinutes: 5, slots: TASK_SLOTS },
    });
    if (res.status !== 201) throw new Error(`task creation answered ${res.status}: ${JSON.stringify(res.body)}`);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Checks: nothing lost.

interface TLost {
  chatDeliveriesMissing: number;
  socketsClosed: number;
  submissionsMissing: number;
  withdrawalsNotOnceInLedger: number;
  decisionsMissing: number;
}
const lostTotal = (l: TLost) => Object.values(l).reduce((a, b) => a + b, 0);

async function checkNothingLost(run: TRun, sockets: TSocket[], dbs: { work: pg.Pool; payouts: pg.Pool }): Promise<TLost> {
  const missing = () => run.chat.reduce((sum, m) => sum + sockets.filter((s) => !s.seen.has(m.id)).length, 0);
  await eventually(async () => missing() === 0, { timeoutMs: DELIVERY_GRACE_MS, intervalMs: 100 }).catch(() => undefined);
  const { rows: [stored] } = await dbs.work.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM task_assignments a WHERE a.id = ANY($1::uuid[]) AND a.submitted_at IS NOT NULL AND EXISTS (SELECT 1 FROM task_submission_files f WHERE f.assignment_id = a.id)`,
    [run.submitted],
  );
  const { rows: [held] } = await dbs.payouts.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM withdrawals w WHERE w.id = ANY($1::uuid[]) AND (SELECT count(*) FROM ledger_entries e WHERE e.kind = 'withdrawal_hold' AND e.reference_id = w.id::text) = 1`,
    [run.withdrawals],
  );
  const { rows: [reviewed] } = await dbs.work.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM task_assignments WHERE (id = ANY($1::uuid[]) AND status = 'completed') OR (id = ANY($2::uuid[]) AND status = 'rejected')`,
    [run.approved, run.rejected],
  );
  const { rows: [decided] } = await dbs.payouts.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM withdrawals w JOIN unnest($1::uuid[], $2::text[]) AS d(id, status) ON d.id = w.id AND d.status = w.status`,
    [run.decided.map((d) => d.id), run.decided.map((d) => d.status)],
  );
  return {
    chatDeliveriesMissing: missing(),
    socketsClosed: sockets.filter((s) => s.closed).length,
    submissionsMissing: run.submitted.length - stored!.n,
    withdrawalsNotOnceInLedger: run.withdrawals.length - held!.n,
    decisionsMissing: run.approved.length + run.rejected.length - reviewed!.n + run.decided.length - decided!.n,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Summaries.

interface TActionFigures {
  count: number;
  failed: number;
  statuses: string;
  p50: number;
  p99: number;
  max: number;
}

function figuresOf(samples: TSample[], action: TAction): TActionFigures {
  const mine = samples.filter((s) => s.action === action);
  const ok = mine.filter((s) => s.status >= 200 && s.status < 300).map((s) => s.ms).sort((a, b) => a - b);
  const bad = mine.filter((s) => !(s.status >= 200 && s.status < 300));
  const statuses = [...new Set(bad.map((s) => s.status))].map((st) => `${bad.filter((s) => s.status === st).length} x ${st === 0 ? 'no answer' : st}`).join(', ');
  return { count: mine.length, failed: bad.length, statuses, p50: percentile(ok, 50), p99: percentile(ok, 99), max: ok.at(-1) ?? Number.NaN };
}

interface TStepResult {
  workers: number;
  load: string;
  seconds: number;
  actions: Record<string, TActionFigures>;
  /** Every sample of the step, warm-up included, that was not 2xx. */
  failed: number;
  deliveryToLastP99: number;
  deliveries: number;
  lost: TLost;
  noTask: number;
  cpuSeconds: Record<string, number>;
  measuredActions: number;
  passed: boolean;
  why: string[];
}

// ---------------------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const namespace = uniqueName('bench_day');
  console.log(`starting the stack (${namespace}, runtime ${RUNTIME})...`);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-day-'));
  const stack = await startStack({
    namespace,
    dataDir,
    seed: true,
    devContent: true,
    ephemeral: true,
    runtime: RUNTIME,
    logLevel: 'warn',
    // As production runs: it refuses to start without the keys that seal identity images and assistants' provider keys.
    env: { NODE_ENV: 'production', VERIFICATION_MASTER_KEY: randomBytes(32).toString('base64'), CHAT_SECRETS_KEY: randomBytes(32).toString('base64') },
  });
  origin = stack.baseUrl.replace('//localhost:', '//127.0.0.1:');
  const pgAdmin = new pg.Pool({ connectionString: TEST_POSTGRES_URL, max: 2 });
  const dbs = { work: new pg.Pool({ connectionString: stack.databaseUrls.work!, max: 2 }), payouts: new pg.Pool({ connectionString: stack.databaseUrls.payouts!, max: 2 }) };
  const all = Object.values(stack.databaseUrls).map((url) => new pg.Pool({ connectionString: url, max: 1 }));
  const workers: TWorker[] = [];
  try {
    const login = await http(origin, null, 'POST', '/auth/login', { json: DEV_ADMIN, headers: { 'x-forwarded-for': '10.255.0.1' } });
    if (login.status !== 200) throw new Error(`admin login answered ${login.status}`);
    const admins: TAdmin[] = Array.from({ length: ADMINS }, (_, k) => ({ token: (login.body as { token: string }).token, address: `10.255.0.${k + 1}`, nextAt: 0, turn: k }));
    await ensureTasks(admins[0]!, REFERENCE_ACTIONS, 0, 0);

    // The reference: each action alone, at a low rate, with the CPU it costs each part of the stack.
    console.log(`reference: ${REFERENCE_ACTIONS} of each action alone at ${REFERENCE_RATE}/s...`);
    await addWorkers(dbs.work, admins[0]!, workers, REFERENCE_ACTIONS, namespace);
    const quiet = await quietTables(all);
    const idle = await meterStack(pgAdmin, stack);
    const idleStarted = performance.now();
    await sleepUntil(idleStarted + 10_000);
    const idleSeconds = (performance.now() - idleStarted) / 1000;
    const idleCpu = await idle.stop();
    const reference: { action: TAction; figures: TActionFigures; cpuMs: Record<string, number> }[] = [];
    const refWorkers = workers.slice(0, REFERENCE_ACTIONS);
    const refItems: Record<TKind, string[]> = { submission: [], withdrawal: [] };
    const phases: { action: TAction; run: (i: number, at: number, run: TRun) => Promise<unknown> }[] = [
      ...WORKER_ACTIONS.map((action) => ({ action, run: (i: number, at: number, run: TRun) => perform(refWorkers[i]!, action, at, run) })),
      { action: 'admin: list submissions' as const, run: (_i: number, at: number, run: TRun) => adminList(admins[0]!, 'submission', at, run) },
      { action: 'admin: approve' as const, run: (i: number, at: number, run: TRun) => adminDecide(admins[0]!, 'submission', refItems.submission[i]!, at, run, false) },
      { action: 'admin: list withdrawals' as const, run: (_i: number, at: number, run: TRun) => adminList(admins[0]!, 'withdrawal', at, run) },
      { action: 'admin: decide withdrawal' as const, run: (i: number, at: number, run: TRun) => adminDecide(admins[0]!, 'withdrawal', refItems.withdrawal[i]!, at, run, false) },
    ];
    for (const phase of phases) {
      const run = new TRun(0, Infinity);
      const meter = await meterStack(pgAdmin, stack);
      const started = performance.now() + 50;
      await Promise.all(refWorkers.map((_, i) => sleepUntil(started + (i * 1000) / REFERENCE_RATE).then(() => phase.run(i, started + (i * 1000) / REFERENCE_RATE, run))));
      // What the actions set off (events, consumers) is theirs too: the meters stop once the outboxes and inboxes are still.
      await quiet();
      const seconds = (performance.now() - started) / 1000;
      const used = await meter.stop();
      const figures = figuresOf(run.samples, phase.action);
      const cpuMs = Object.fromEntries(Object.entries(used).map(([part, s]) => [part, (Math.max(0, s - ((idleCpu[part] ?? 0) * seconds) / idleSeconds) * 1000) / Math.max(1, figures.count - figures.failed)]));
      reference.push({ action: phase.action, figures, cpuMs });
      LOADS_SEEN.push(loadavg()[0]!);
      if (phase.action === 'submit (image)') refItems.submission.push(...run.submitted);
      if (phase.action === 'withdraw') refItems.withdrawal.push(...run.withdrawals);
      for (const kind of ['submission', 'withdrawal'] as const) queues[kind].length = 0;
      console.log(`  ${phase.action}: p99 ${fmt(figures.p99, 1)} ms, ${figures.failed} failed${figures.statuses ? ` (${figures.statuses})` : ''}`);
      if (figures.failed) throw new Error(`the reference's ${phase.action} failed: ${figures.statuses}`);
    }
    for (const w of workers) w.state = 'browse tasks';

    // The search.
    const results: TStepResult[] = [];
    let lastEnd = 0;
    let taken = 0;
    for (const n of STEPS) {
      console.log(`step N = ${n}: registering...`);
      await addWorkers(dbs.work, admins[0]!, workers, n, namespace);
      await ensureTasks(admins[0]!, n, WARMUP_SECONDS + SECONDS, taken);
      const active = workers.slice(0, n);
      const start = performance.now() + 500;
      const run = new TRun(start + WARMUP_SECONDS * 1000, start + (WARMUP_SECONDS + SECONDS) * 1000);
      for (const w of active) {
        if (Number.isNaN(w.nextAt) || lastEnd === 0) {
          // A worker new to the load starts browsing at a moment spread over the warm-up; its first message comes at a random time.
          w.nextAt = start + Math.random() * WARMUP_SECONDS * 1000;
          w.chatNextAt = start + thinkMs(CHAT_MEAN_INTERVAL_S);
        } else {
          // One who was working resumes where the last step left them, on the same clock.
          w.nextAt += start - lastEnd;
          w.chatNextAt += start - lastEnd;
        }
      }
      for (const admin of admins) admin.nextAt = start + Math.random() * 1000;
      console.log(`step N = ${n}: ${WARMUP_SECONDS} s warm-up, ${SECONDS} s measured...`);
      let meter: Awaited<ReturnType<typeof meterStack>> | undefined;
      const metered = sleepUntil(run.measureFrom).then(async () => {
        meter = await meterStack(pgAdmin, stack);
        await sleepUntil(run.endAt);
        return meter.stop();
      });
      await Promise.all([...active.flatMap((w) => [liveCycle(w, run), liveChat(w, run)]), ...admins.map((a) => liveAdmin(a, run)), metered]);
      const cpuSeconds = await metered;
      lastEnd = run.endAt;
      taken += run.samples.filter((s) => s.action === 'take task' && s.status === 201).length;
      const load = loadLine();
      LOADS_SEEN.push(loadavg()[0]!);
      const lost = await checkNothingLost(run, active.map((w) => w.socket), dbs);
      const measured = run.samples.filter((s) => s.measured);
      const actions = Object.fromEntries([...WORKER_ACTIONS, ...ADMIN_ACTIONS].map((a) => [a, figuresOf(measured, a)]));
      const toLast = run.chat.filter((m) => m.measured).map((m) => Math.max(...active.map((w) => (w.socket.seen.get(m.id) ?? Number.NaN) - m.sentAt))).sort((a, b) => a - b);
      const failed = run.samples.filter((s) => !(s.status >= 200 && s.status < 300)).length;
      const failures = [...WORKER_ACTIONS, ...ADMIN_ACTIONS].map((a) => [a, figuresOf(run.samples, a).statuses] as const).filter(([, st]) => st).map(([a, st]) => `${a}: ${st}`).join('; ');
      const why = [
        ...Object.entries(actions).filter(([, f]) => f.count > 0 && f.p99 > P99_BOUND_MS).map(([a, f]) => `${a} p99 ${fmt(f.p99, 0)} ms`),
        ...(failed ? [`${failed} answers not 2xx or missing (${failures})`] : []),
        ...(lostTotal(lost) ? [`lost: ${JSON.stringify(lost)}`] : []),
      ];
      const result: TStepResult = {
        workers: n,
        load,
        seconds: SECONDS,
        actions,
        failed,
        deliveryToLastP99: percentile(toLast, 99),
        deliveries: run.chat.length * active.length,
        lost,
        noTask: run.noTask,
        cpuSeconds,
        measuredActions: measured.length,
        passed: why.length === 0,
        why,
      };
      results.push(result);
      console.log(`step N = ${n}: ${result.passed ? 'PASSED' : `FAILED (${why.join('; ')})`}  ${load}`);
      console.log(Object.entries(actions).filter(([, f]) => f.count).map(([a, f]) => `  ${a}: ${f.count}, p99 ${fmt(f.p99, 1)} ms`).join('\n'));
      if (!result.passed) break;
    }

    const text = report(reference, results);
    console.log(`\n${text}`);
    mkdirSync(dirname(OUT), { recursive: true });
    writeFileSync(OUT, text);
  } finally {
    for (const w of workers) w.socket.close();
    await Promise.all([pgAdmin.end(), dbs.work.end(), dbs.payouts.end(), ...all.map((p) => p.end())]);
    await stack.stop();
    await agent.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Waits until no outbox holds an unsent event and no inbox has grown for two polls: what the actions set off is done. */
async function quietTables(pools: pg.Pool[]): Promise<() => Promise<void>> {
  const has = await Promise.all(pools.map(async (p) => (await p.query<{ outbox: boolean; inbox: boolean }>(`SELECT to_regclass('outbox') IS NOT NULL AS outbox, to_regclass('inbox') IS NOT NULL AS inbox`)).rows[0]!));
  const read = async () =>
    (await Promise.all(pools.map(async (p, i) => {
      const parts = [has[i]!.outbox ? '(SELECT count(*) FROM outbox WHERE sent_at IS NULL)' : '0', has[i]!.inbox ? '(SELECT count(*) FROM inbox)' : '0'];
      const { rows } = await p.query<{ unsent: string; seen: string }>(`SELECT ${parts[0]} AS unsent, ${parts[1]} AS seen`);
      return rows[0]!;
    })));
  return async () => {
    let previous = '';
    let still = 0;
    await eventually(async () => {
      const now = await read();
      const key = now.map((r) => r.seen).join(',');
      still = now.every((r) => r.unsent === '0') && key === previous ? still + 1 : 0;
      previous = key;
      return still >= 2;
    }, { what: 'the events to be consumed', timeoutMs: 60_000, intervalMs: 200 });
  };
}

/** Parts shared with whatever else runs on the machine (other stacks use the same servers): their figures include that work. */
const SHARED_PARTS = new Set(['RabbitMQ', 'Redis', 'PostgreSQL background', 'whole machine']);

/**
 * What one active worker costs in CPU at the model's mix, from the reference's CPU per action (each action's rate
 * per worker times its CPU in every part of the stack), and how many workers two cores could hold at that cost.
 * The chat's fan-out is not in it: the reference's messages reached only its few sockets.
 */
function budgetLines(reference: { action: TAction; cpuMs: Record<string, number> }[], rates: ReturnType<typeof workerRates>): string[] {
  const perWorker = (own: boolean) =>
    reference.reduce((sum, r) => {
      const rate = (rates.perAction as Record<string, number>)[r.action] ?? 0;
      const ms = Object.entries(r.cpuMs).filter(([part]) => part !== 'load generator (bench)' && part !== 'whole machine' && (!own || !SHARED_PARTS.has(part))).reduce((a, [, v]) => a + v, 0);
      return sum + rate * ms;
    }, 0);
  const own = perWorker(true);
  const all = perWorker(false);
  return [
    `CPU budget from the reference: one active worker costs ${fmt(own, 2)} ms of CPU per second in the stack's own processes and their PostgreSQL backends (${fmt(all, 2)} with RabbitMQ, Redis`,
    `  and PostgreSQL's background processes, which other stacks on this machine share), the chat's fan-out not included: at 100% of 2 cores and nothing else running, at most`,
    `  ${fmt(2000 / own, 0)} (${fmt(2000 / all, 0)}) workers; 2,000 would need ${fmt((2000 * own) / 1000, 2)} (${fmt((2000 * all) / 1000, 2)}) cores.`,
  ];
}

const SHORT: Record<TAction, string> = {
  'browse tasks': 'browse',
  'take task': 'take',
  'submit (image)': 'submit',
  balance: 'balance',
  statement: 'statement',
  withdraw: 'withdraw',
  'chat send': 'chat',
  'admin: list submissions': 'a:list subm',
  'admin: approve': 'a:approve',
  'admin: reject': 'a:reject',
  'admin: list withdrawals': 'a:list wd',
  'admin: decide withdrawal': 'a:decide wd',
};

function report(reference: { action: TAction; figures: TActionFigures; cpuMs: Record<string, number> }[], results: TStepResult[]): string {
  const passed = results.filter((r) => r.passed);
  const largest = passed.at(-1)?.workers ?? 0;
  const rates = workerRates();
  const parts = Object.keys(results[0]?.cpuSeconds ?? reference[0]?.cpuMs ?? {});
  const lines = [
    `A worker's day (bench/day.bench.ts)  ${machineLine()}  (before the stack started: ${LOAD_AT_START})`,
    `Stack: scripts/stack.ts as npm start starts it (payouts, work, admin, chat x2, auth, gateway; runtime ${RUNTIME}; NODE_ENV production, LOG_LEVEL warn), development content seeded; real PostgreSQL, RabbitMQ, Redis. Load from this process, through the gateway.`,
    ...modelLines(),
    `Admins: ${ADMINS}, each one action every ${fmt(1000 / ADMIN_RATE, 0)} ms on its own clock: lists a page (50) of submissions awaiting review or of pending withdrawals when its queue is empty, else decides the next (every ${EVERY_NTH_REJECTED}th rejected, the rest approved).`,
    `Search: steps ${STEPS.join(', ')}; each ${WARMUP_SECONDS} s warm-up + ${SECONDS} s measured; a step passes when every action's p99 <= ${P99_BOUND_MS} ms (latency from the scheduled time), every answer is 2xx, and nothing is lost:`,
    '  every accepted chat message on every socket in the room (within 10 s of the step\'s end), no socket dropped, every accepted submission stored with its image, every accepted',
    '  withdrawal in the ledger with exactly one hold, every answered review and decision stored. The search stops at the first step that fails.',
    ...(Math.max(...LOADS_SEEN) > 3
      ? [
          '',
          `NOTE: the 1-minute load average reached ${fmt(Math.max(...LOADS_SEEN), 1)} on ${availableParallelism()} cores during this run (before the stack started: ${fmt(LOADS_SEEN[0]!, 1)}; the stack and this bench`,
          '  alone add about the CPU shown below). Above 3 the machine was busy with other work and every latency here is PESSIMISTIC: the stack\'s processes (at nice 19)',
          '  waited for a core; the search\'s largest N says what this machine held at that moment, not what the stack holds. CPU per action is the least disturbed figure.',
        ]
      : []),
    '',
    `RESULT: largest N passing: ${largest} active workers = ${fmt(largest * rates.total, 1)} requests/s (target 2,000 = ${fmt(2000 * rates.total, 0)} requests/s: ${largest >= 2000 ? 'met' : 'NOT met'}); ${results.find((r) => !r.passed) ? `first failing step N = ${results.find((r) => !r.passed)!.workers}` : 'no step failed (the search ended with its last step)'}`,
    ...budgetLines(reference, rates),
    '',
    `Reference (same run): each action alone, ${REFERENCE_ACTIONS} at ${REFERENCE_RATE}/s, nothing else running. Latency, and CPU per action (ms) of each part: the stack's idle CPU`,
    'subtracted, the meters stopped once the events the actions set off were consumed (outboxes sent, inboxes still).',
    ...formatTable([
      ['', ...reference.map((r) => SHORT[r.action])],
      ['p50 ms', ...reference.map((r) => fmt(r.figures.p50, 1))],
      ['p99 ms', ...reference.map((r) => fmt(r.figures.p99, 1))],
      ...parts.map((p) => [`CPU ms: ${p}`, ...reference.map((r) => fmt(r.cpuMs[p] ?? Number.NaN, 2))]),
    ]),
    '',
    'Steps: p99 (ms) of each action in the measured window, latency from its scheduled time (count in brackets)',
    ...formatTable([
      ['N', ...results.map((r) => String(r.workers))],
      ...[...WORKER_ACTIONS, ...ADMIN_ACTIONS].map((a) => [a, ...results.map((r) => (r.actions[a]!.count ? `${fmt(r.actions[a]!.p99, 1)} (${r.actions[a]!.count})` : '-'))]),
      ['chat: to the last socket, p99', ...results.map((r) => fmt(r.deliveryToLastP99, 1))],
      ['actions/s measured (model)', ...results.map((r) => `${fmt(r.measuredActions / r.seconds, 1)} (${fmt(r.workers * rates.total + ADMINS * ADMIN_RATE, 1)})`)],
      ['chat deliveries', ...results.map((r) => String(r.deliveries))],
      ['not 2xx (warm-up included)', ...results.map((r) => String(r.failed))],
      ['lost', ...results.map((r) => String(lostTotal(r.lost)))],
      ['passed', ...results.map((r) => (r.passed ? 'yes' : 'NO'))],
      ['load average at the end', ...results.map((r) => r.load.replace('load average ', ''))],
    ]),
    '',
    'CPU in each step\'s measured window: % of one core (ms per action of the mix)',
    ...formatTable([
      ['N', ...results.map((r) => String(r.workers))],
      ...parts.map((p) => [p, ...results.map((r) => `${fmt(((r.cpuSeconds[p] ?? 0) / r.seconds) * 100, 0)}% (${fmt(((r.cpuSeconds[p] ?? 0) * 1000) / Math.max(1, r.measuredActions), 2)})`)]),
    ]),
    '',
    ...results.map((r) => `N = ${r.workers}: lost ${JSON.stringify(r.lost)}; ${r.noTask} browses found no task to take${r.why.length ? `; FAILED: ${r.why.join('; ')}` : ''}`),
  ];
  return `${lines.join('\n')}\n`;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
