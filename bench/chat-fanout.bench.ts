/**
 * Chat fan-out: N WebSocket clients spread over two chat instances (each its own process, real PostgreSQL and Redis),
 * one more client sending messages at a fixed rate (open loop: the next one goes out on schedule whether or not the
 * last has arrived everywhere), and the delivery latency to the last client of each message. In the same run, the
 * same N clients on a bare `ws` server (one process, no database, no Redis, no checks) that broadcasts each message
 * to all: the floor of what a WebSocket fan-out costs on this machine. CPU per process over the measured window.
 *
 * Run: `npx tsx bench/chat-fanout.bench.ts` (several minutes). Settings: BENCH_CLIENTS (list, default
 * 250,500,1000,2000,3000,5000), BENCH_INTERVAL_MS (between messages, 250), BENCH_MESSAGES (measured per step, 40),
 * BENCH_WARMUP_MESSAGES (5), BENCH_TARGET_P99_MS (200). Writes bench/results/chat-fanout.txt and .json.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTokenSigner, waitForListening } from '@platform/service-kit';
import { createTestEnvironment, eventually } from '@platform/service-kit/testing';
import { WebSocket, WebSocketServer } from 'ws';
import { machineLine, percentile } from './lib/load.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '..');
const RESULTS_DIR = join(HERE, 'results');

const CLIENT_STEPS = (process.env.BENCH_CLIENTS ?? '250,500,1000,2000,3000,5000').split(',').map(Number);
const INTERVAL_MS = Number(process.env.BENCH_INTERVAL_MS ?? 250);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 40);
const WARMUP_MESSAGES = Number(process.env.BENCH_WARMUP_MESSAGES ?? 5);
const TARGET_P99_MS = Number(process.env.BENCH_TARGET_P99_MS ?? 200);
/** A message not seen by a client this long after it was sent counts as lost for that client. */
const DELIVERY_TIMEOUT_MS = 10_000;
const CONNECT_CONCURRENCY = 100;
const CLOCK_TICKS = 100;

// ---------------------------------------------------------------------------------------------------------------
// The reference: a bare ws server that answers auth and broadcasts every chat_message to every client.

function runReference(): void {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false, maxPayload: 16 * 1024 });
  let nextId = 1;
  wss.on('connection', (socket) => {
    socket.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as { type: string; content?: string; clientId?: string };
      if (frame.type === 'auth') {
        socket.send(JSON.stringify({ type: 'auth', success: true, userId: randomUUID(), role: 'employee', unread: { general: 0, support: 0 } }));
        return;
      }
      if (frame.type !== 'chat_message') return;
      // The same message shape the chat service sends, serialised once, sent to every client.
      const message = {
        id: nextId++, userId: randomUUID(), assistantId: null, isBot: false, content: frame.content, createdAt: new Date().toISOString(), isFromAdmin: false,
        chatType: 'general', supportUserId: null, replyToId: null, clientId: frame.clientId ?? null, user: { firstName: '', lastName: '' }, assistant: null, replyTo: null,
      };
      const payload = JSON.stringify({ type: 'new_message', message });
      for (const client of wss.clients) if (client.readyState === WebSocket.OPEN) client.send(payload);
    });
  });
  wss.on('listening', () => {
    const address = wss.address();
    process.stdout.write(`READY ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}\n`);
  });
  process.once('SIGTERM', () => wss.close(() => process.exit(0)));
}

// ---------------------------------------------------------------------------------------------------------------
// Processes and their CPU.

interface TProcess {
  name: string;
  child: ChildProcess;
  url: string;
}

function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

function rssMbOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Math.round(Number(match[1]) / 1024) : 0;
}

async function startChatInstance(name: string, env: Record<string, string>): Promise<TProcess> {
  // Port 0: the instance takes its own ports and reports them over the IPC channel.
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'services/chat/src/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: '0', INTERNAL_PORT: '0' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const { url, internalUrl } = await waitForListening(child, { name });
  await eventually(async () => (await fetch(`${internalUrl}/ready`)).ok, { what: `${name} ready`, timeoutMs: 90_000, intervalMs: 200 });
  return { name, child, url: `${url.replace(/^http/, 'ws')}/ws` };
}

function startReference(): Promise<TProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--role=reference'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const match = /READY (\S+)/.exec(chunk.toString());
      if (match) resolve({ name: 'bare ws', child, url: match[1]! });
    });
    child.once('exit', (code) => reject(new Error(`reference exited with ${code}`)));
  });
}

function stopProcess(process_: TProcess): Promise<void> {
  return new Promise((resolve) => {
    if (process_.child.exitCode !== null) return resolve();
    process_.child.once('exit', () => resolve());
    process_.child.kill('SIGTERM');
    setTimeout(() => process_.child.kill('SIGKILL'), 10_000).unref();
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Clients.

/** What each client records: when it saw each bench message (by sequence number). */
interface TClient {
  socket: WebSocket;
  seen: Map<number, number>;
}

const SEQUENCE = /"content":"bench (\d+) /;

function connectClient(url: string, token: string): Promise<TClient> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    const client: TClient = { socket, seen: new Map() };
    let authenticated = false;
    socket.on('message', (data) => {
      const text = data.toString();
      if (!authenticated) {
        if (text.includes('"type":"auth"')) {
          authenticated = true;
          if (text.includes('"success":true')) resolve(client);
          else reject(new Error(`auth refused: ${text}`));
        }
        return;
      }
      // A sequence number read without parsing the whole frame: the client's own cost stays small.
      const match = SEQUENCE.exec(text);
      if (match) client.seen.set(Number(match[1]), performance.now());
    });
    socket.once('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
    socket.once('error', reject);
  });
}

async function connectAll(urls: string[], count: number, tokens: () => Promise<string>): Promise<TClient[]> {
  const clients: TClient[] = [];
  for (let i = 0; i < count; i += CONNECT_CONCURRENCY) {
    const batch = await Promise.all(Array.from({ length: Math.min(CONNECT_CONCURRENCY, count - i) }, async (_, j) => connectClient(urls[(i + j) % urls.length]!, await tokens())));
    clients.push(...batch);
  }
  return clients;
}

async function closeAll(clients: TClient[]): Promise<void> {
  await Promise.all(
    clients.map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.socket.readyState === WebSocket.CLOSED) return resolve();
          c.socket.once('close', () => resolve());
          c.socket.close();
          setTimeout(() => {
            c.socket.terminate();
            resolve();
          }, 5_000).unref();
        }),
    ),
  );
}

interface TStepResult {
  target: string;
  clients: number;
  messages: number;
  /** Deliveries that did not arrive within DELIVERY_TIMEOUT_MS (should be 0). */
  lost: number;
  /** Per message: from the send to its arrival at the last of the N clients. */
  toLastClientMs: { p50: number; p99: number; max: number };
  /** Every single delivery. */
  perDeliveryMs: { p50: number; p99: number };
  /** CPU over the measured window, percent of one core, per process. */
  cpu: Record<string, number>;
  rssMb: Record<string, number>;
  holds: boolean;
}

async function measure(target: string, processes: TProcess[], receivers: TClient[], sender: TClient, tag: string): Promise<TStepResult> {
  const sentAt = new Map<number, number>();
  const total = WARMUP_MESSAGES + MESSAGES;
  const send = (seq: number) => {
    sentAt.set(seq, performance.now());
    sender.socket.send(JSON.stringify({ type: 'chat_message', content: `bench ${seq} ${tag} ${'x'.repeat(24)}`, chatType: 'general', clientId: randomUUID() }));
  };
  // Warm-up, then the measured window with CPU read around it.
  for (let seq = 0; seq < WARMUP_MESSAGES; seq++) {
    send(seq);
    await new Promise((r) => setTimeout(r, INTERVAL_MS));
  }
  const cpuBefore = Object.fromEntries(processes.map((p) => [p.name, cpuSecondsOf(p.child.pid!)]));
  const benchBefore = process.cpuUsage();
  const started = performance.now();
  // Open loop: each message at its scheduled time, late or not.
  for (let seq = WARMUP_MESSAGES; seq < total; seq++) {
    const due = started + (seq - WARMUP_MESSAGES) * INTERVAL_MS;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    send(seq);
  }
  const lastSeq = total - 1;
  const deadline = performance.now() + DELIVERY_TIMEOUT_MS;
  while (performance.now() < deadline && !receivers.every((c) => c.seen.has(lastSeq))) await new Promise((r) => setTimeout(r, 20));
  const elapsed = (performance.now() - started) / 1000;
  const cpu: Record<string, number> = {};
  for (const p of processes) cpu[p.name] = Math.round(((cpuSecondsOf(p.child.pid!) - cpuBefore[p.name]!) / elapsed) * 100);
  const benchCpu = process.cpuUsage(benchBefore);
  cpu['clients (bench)'] = Math.round(((benchCpu.user + benchCpu.system) / 1e6 / elapsed) * 100);
  const rssMb = Object.fromEntries(processes.map((p) => [p.name, rssMbOf(p.child.pid!)]));

  const toLast: number[] = [];
  const perDelivery: number[] = [];
  let lost = 0;
  for (let seq = WARMUP_MESSAGES; seq < total; seq++) {
    const t0 = sentAt.get(seq)!;
    let last = 0;
    for (const client of receivers) {
      const at = client.seen.get(seq);
      if (at === undefined) {
        lost += 1;
        continue;
      }
      perDelivery.push(at - t0);
      last = Math.max(last, at - t0);
    }
    toLast.push(last);
  }
  toLast.sort((a, b) => a - b);
  perDelivery.sort((a, b) => a - b);
  const round = (v: number) => Math.round(v * 10) / 10;
  const p99 = percentile(toLast, 99);
  return {
    target,
    clients: receivers.length,
    messages: MESSAGES,
    lost,
    toLastClientMs: { p50: round(percentile(toLast, 50)), p99: round(p99), max: round(toLast.at(-1) ?? Number.NaN) },
    perDeliveryMs: { p50: round(percentile(perDelivery, 50)), p99: round(percentile(perDelivery, 99)) },
    cpu,
    rssMb,
    holds: lost === 0 && p99 <= TARGET_P99_MS,
  };
}

function formatResults(results: TStepResult[], header: string[]): string {
  const rows = [['target', 'clients', 'msgs', 'lost', 'last p50', 'last p99', 'last max', 'each p50', 'each p99', 'CPU % per process (100 = one core)']];
  for (const r of results) {
    rows.push([
      r.target,
      String(r.clients),
      String(r.messages),
      String(r.lost),
      `${r.toLastClientMs.p50} ms`,
      `${r.toLastClientMs.p99} ms`,
      `${r.toLastClientMs.max} ms`,
      `${r.perDeliveryMs.p50} ms`,
      `${r.perDeliveryMs.p99} ms`,
      Object.entries(r.cpu).map(([name, value]) => `${name} ${value}`).join(', '),
    ]);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  const lines = rows.map((row) => row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  '));
  return [...header, '', ...lines, ''].join('\n');
}

async function main(): Promise<void> {
  const environment = await createTestEnvironment('bench_chat');
  const env = {
    ...environment.env,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    // The bench's clients say nothing after auth, and one user sends all the messages.
    WS_IDLE_TIMEOUT_MS: '3600000',
    SEND_LIMIT_MESSAGES: '10000',
    SEND_LIMIT_WINDOW_SECONDS: '1',
    WS_FRAMES_PER_SECOND: '1000',
    JOBS_ENABLED: 'false',
    DATABASE_POOL_SIZE: '20',
  };
  const signer = await createTokenSigner({ privateKeyPem: environment.keys.privateKeyPem, audience: 'platform-api', issuer: 'platform-auth' });
  const token = () => signer.sign({ id: randomUUID(), role: 'employee' });
  const processes: TProcess[] = [];
  const results: TStepResult[] = [];
  try {
    processes.push(await startChatInstance('chat A', env));
    processes.push(await startChatInstance('chat B', { ...env, CREATE_DATABASE: 'false' }));
    processes.push(await startReference());
    const [chatA, chatB, reference] = processes as [TProcess, TProcess, TProcess];
    for (const clients of CLIENT_STEPS) {
      for (const target of ['chat (2 instances)', 'bare ws'] as const) {
        const urls = target === 'bare ws' ? [reference.url] : [chatA.url, chatB.url];
        const measured = target === 'bare ws' ? [reference] : [chatA, chatB];
        const receivers = await connectAll(urls, clients, token);
        const sender = await connectClient(urls[0]!, await token());
        const result = await measure(target, measured, receivers, sender, randomUUID().slice(0, 8));
        results.push(result);
        console.log(`${target}: ${clients} clients, to the last client p50 ${result.toLastClientMs.p50} ms, p99 ${result.toLastClientMs.p99} ms, lost ${result.lost}, CPU ${JSON.stringify(result.cpu)}`);
        await closeAll([...receivers, sender]);
      }
    }
  } finally {
    await Promise.all(processes.map(stopProcess));
    await environment.cleanup();
  }

  const largest = (target: string) => Math.max(0, ...results.filter((r) => r.target === target && r.holds).map((r) => r.clients));
  const header = [
    `Chat fan-out (bench/chat-fanout.bench.ts)  ${machineLine()}`,
    `open loop: one message every ${INTERVAL_MS} ms from one sender, ${MESSAGES} measured after ${WARMUP_MESSAGES} warm-up, clients spread evenly; target p99 to the last client <= ${TARGET_P99_MS} ms with nothing lost`,
    `chat: 2 instances (own processes), PostgreSQL insert under the room lock + Redis publish + delivery; bare ws: one process, broadcast only. The clients run in the bench process.`,
    `largest N holding the target: chat ${largest('chat (2 instances)')}, bare ws ${largest('bare ws')}`,
  ];
  const text = formatResults(results, header);
  console.log(`\n${text}`);
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(join(RESULTS_DIR, 'chat-fanout.txt'), text);
  writeFileSync(join(RESULTS_DIR, 'chat-fanout.json'), `${JSON.stringify({ machine: machineLine(), intervalMs: INTERVAL_MS, messages: MESSAGES, targetP99Ms: TARGET_P99_MS, results }, null, 2)}\n`);
}

if (process.argv.includes('--role=reference')) runReference();
else {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
