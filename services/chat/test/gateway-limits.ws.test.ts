import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitForListening } from '@platform/service-kit';
import { eventually } from '@platform/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startChatHarness, type TChatHarness, type TTestUser } from './helpers.js';

/**
 * Issue 26 item 2: WebSocket limits at the gateway, against the real chat service (two instances) and the real
 * gateway in a process of its own (as `npm start` runs it), so its memory can be read from /proc while a client
 * sends it a 40 MB frame.
 */
const ROOT = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
const LIMITS = {
  WS_MAX_PAYLOAD_BYTES: '16384',
  WS_MAX_SOCKETS_PER_ADDRESS: '5',
  WS_MAX_PENDING_PER_ADDRESS: '3',
  WS_MAX_SOCKETS_PER_USER: '2',
  RATE_LIMIT_WS_UPGRADE_PER_ADDRESS: '12/1m',
};

let chat: TChatHarness;
let gateway: ChildProcess;
let wsUrl: string;

/**
 * Starts the gateway process on port 0 and waits for the addresses it reports over IPC (as scripts/stack.ts does).
 * Kept here, beside chat's harness, because the gateway never imports a service, not even in its tests.
 */
async function startGatewayProcess(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'gateway/src/main.ts'], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      output.push(line);
      if (output.length > 50) output.shift();
    }
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const { url } = await waitForListening(child, { name: 'gateway', output: () => output, timeoutMs: 60_000 });
  return { child, url };
}

/** The gateway process's resident memory now and its peak since the last reset (Linux /proc), in MB. */
function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}
/** Starts measuring the peak from now (writing 5 to clear_refs resets VmHWM to the current RSS). */
const resetPeak = (pid: number) => writeFileSync(`/proc/${pid}/clear_refs`, '5');

beforeAll(async () => {
  chat = await startChatHarness('gateway_ws_limits');
  const started = await startGatewayProcess({
    ...chat.environment.env,
    LOG_LEVEL: 'info',
    AUTH_SERVICE_URL: chat.a.url,
    ADMIN_SERVICE_URL: chat.a.url,
    CHAT_SERVICE_URL: `${chat.a.url},${chat.b.url}`,
    ...LIMITS,
  });
  gateway = started.child;
  wsUrl = `${started.url.replace('http', 'ws')}/ws`;
}, 120_000);

afterAll(async () => {
  if (gateway && gateway.exitCode === null) {
    await new Promise<void>((done) => {
      gateway.once('exit', () => done());
      gateway.kill('SIGTERM');
    });
  }
  await chat?.close();
});

interface TClient {
  ws: WebSocket;
  frames: { type?: string; success?: boolean; code?: string }[];
  closed: Promise<{ code: number; reason: string }>;
}

/** Opens /ws as a client at `address` (X-Forwarded-For: the test environment believes it from loopback). */
function open(address: string): Promise<TClient> {
  const ws = new WebSocket(wsUrl, { headers: { 'x-forwarded-for': address } });
  const frames: TClient['frames'] = [];
  ws.on('message', (data) => frames.push(JSON.parse(String(data)) as TClient['frames'][number]));
  const closed = new Promise<{ code: number; reason: string }>((done) => ws.on('close', (code, reason) => done({ code, reason: reason.toString() })));
  return new Promise((done, reject) => {
    ws.once('open', () => done({ ws, frames, closed }));
    ws.once('error', reject);
  });
}

/** The HTTP answer to an upgrade the gateway refuses (or 101 if it is accepted). */
function refusal(address: string): Promise<{ status: number; body: { code?: string; message?: string }; retryAfter?: string }> {
  const ws = new WebSocket(wsUrl, { headers: { 'x-forwarded-for': address } });
  return new Promise((done, reject) => {
    ws.once('unexpected-response', (_request, response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => done({ status: response.statusCode ?? 0, body: JSON.parse(text || '{}') as { code?: string }, retryAfter: response.headers['retry-after'] }));
    });
    ws.once('open', () => {
      ws.close();
      done({ status: 101, body: {} });
    });
    ws.once('error', (error) => {
      if (!String(error.message).includes('Unexpected server response')) reject(error);
    });
  });
}

async function authenticated(user: TTestUser, address: string): Promise<TClient> {
  const client = await open(address);
  client.ws.send(JSON.stringify({ type: 'auth', token: user.token }));
  await eventually(async () => client.frames.some((f) => f.type === 'auth') || client.ws.readyState !== WebSocket.OPEN, { what: 'the auth answer' });
  return client;
}

const closeAll = async (clients: TClient[]) => {
  for (const c of clients) c.ws.close();
  await Promise.all(clients.map((c) => c.closed));
};

describe('/ws at the gateway: frame size', () => {
  it('when an unauthenticated client sends a 40 MB frame, then the gateway closes it with 1009 without taking it into memory', async () => {
    const pid = gateway.pid!;
    // Warm up the path (one socket through to chat and back) so the measure is of the frame alone.
    const warm = await open('203.0.113.1');
    warm.ws.send(JSON.stringify({ type: 'ping' }));
    await eventually(async () => warm.frames.length > 0 || warm.ws.readyState !== WebSocket.OPEN, { what: 'an answer from chat' });
    warm.ws.close();
    await warm.closed;

    const FRAME_MB = 40;
    const frame = Buffer.alloc(FRAME_MB * 1024 * 1024, 'a');
    const client = await open('203.0.113.1');
    resetPeak(pid);
    const before = memoryOf(pid);
    client.ws.send(frame, { binary: false });
    const { code } = await client.closed;
    // The peak while the frame arrived, and what is left once it is over.
    await new Promise((r) => setTimeout(r, 300));
    const after = memoryOf(pid);
    const growthMb = after.peakMb - before.rssMb;
    console.log(
      `40 MB frame: gateway RSS ${before.rssMb.toFixed(1)} MB before, peak ${after.peakMb.toFixed(1)} MB while it arrived (growth ${growthMb.toFixed(1)} MB), ${after.rssMb.toFixed(1)} MB after; close code ${code}`,
    );
    expect(code).toBe(1009);
    // Never the frame itself: a gateway that buffers it grows by more than its size (115.7 MB with the former
    // proxy). What else the process allocates meanwhile varies with the machine's load (0.1 to 26 MB seen).
    expect(growthMb).toBeLessThan(FRAME_MB);
  });

  it('when an authenticated client sends a frame one byte over the limit, then only that socket closes (1009); one at the limit passes to chat', async () => {
    const user = await chat.newUser();
    const client = await authenticated(user, '203.0.113.2');
    // {"type":"chat_message","content":"xxx...","chatType":"general"} padded to exactly the limit: chat answers it.
    const shell = JSON.stringify({ type: 'chat_message', content: '', chatType: 'general' });
    const atLimit = JSON.stringify({ type: 'chat_message', content: 'x'.repeat(16384 - shell.length), chatType: 'general' });
    expect(Buffer.byteLength(atLimit)).toBe(16384);
    client.ws.send(atLimit);
    await eventually(async () => client.frames.some((f) => f.type === 'error'), { what: "chat's answer to the frame at the limit" });
    expect(client.frames.find((f) => f.type === 'error')).toMatchObject({ code: 'REQUEST.VALIDATION' });
    client.ws.send(`${atLimit} `);
    expect((await client.closed).code).toBe(1009);
  });
});

describe('/ws at the gateway: sockets per address and per user', () => {
  it('when one address holds the allowed unauthenticated sockets, then its next upgrade is refused with 429 (others are not); signing one in makes room', async () => {
    const pending = [await open('198.51.100.10'), await open('198.51.100.10'), await open('198.51.100.10')];
    const refused = await refusal('198.51.100.10');
    expect(refused).toMatchObject({ status: 429, body: { code: 'REQUEST.TOO_MANY_CONNECTIONS' } });
    expect(refused.body.message).toMatch(/waiting to sign in/);
    expect((await refusal('198.51.100.11')).status).toBe(101);

    const user = await chat.newUser();
    pending[0]!.ws.send(JSON.stringify({ type: 'auth', token: user.token }));
    await eventually(async () => pending[0]!.frames.some((f) => f.type === 'auth' && f.success === true), { what: 'the sign-in' });
    expect((await refusal('198.51.100.10')).status).toBe(101);
    await closeAll(pending);
  });

  it('when one address holds the allowed open sockets, then its next upgrade is refused with 429', async () => {
    const users = await Promise.all([1, 2, 3, 4, 5].map(() => chat.newUser()));
    const clients: TClient[] = [];
    for (const user of users) clients.push(await authenticated(user, '198.51.100.20'));
    expect(clients.every((c) => c.frames[0]?.success === true)).toBe(true);
    const refused = await refusal('198.51.100.20');
    expect(refused).toMatchObject({ status: 429, body: { code: 'REQUEST.TOO_MANY_CONNECTIONS' } });
    expect(refused.body.message).toMatch(/Too many open chat connections/);
    await closeAll(clients);
    expect((await refusal('198.51.100.20')).status).toBe(101);
  });

  it('when one user holds the allowed sockets, then the next one (from any address) is closed with 4429 before chat signs it in; closing one makes room', async () => {
    const user = await chat.newUser();
    const first = await authenticated(user, '198.51.100.30');
    const second = await authenticated(user, '198.51.100.31');
    const third = await authenticated(user, '198.51.100.32');
    expect((await third.closed).code).toBe(4429);
    expect(third.frames.filter((f) => f.type === 'auth')).toEqual([]);
    expect([first, second].every((c) => c.ws.readyState === WebSocket.OPEN)).toBe(true);

    first.ws.close();
    await first.closed;
    const again = await authenticated(user, '198.51.100.33');
    expect(again.frames[0]).toMatchObject({ type: 'auth', success: true });
    await closeAll([second, again]);
  });

  it('when one address opens sockets faster than RATE_LIMIT_WS_UPGRADE_PER_ADDRESS, then the upgrades past it are refused with 429 and Retry-After', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 12; i++) answers.push((await refusal('198.51.100.40')).status);
    expect(answers.every((s) => s === 101)).toBe(true);
    const refused = await refusal('198.51.100.40');
    expect(refused).toMatchObject({ status: 429, body: { code: 'REQUEST.RATE_LIMITED' } });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
  });

  it('when malformed upgrades (no Sec-WebSocket-Key, another version) come from an address, then each is a 400 and none keeps a place in its counts', async () => {
    const { hostname, port } = new URL(wsUrl);
    const raw = (headers: string) =>
      new Promise<string>((done, reject) => {
        const socket = connect(Number(port), hostname, () => socket.write(`GET /ws HTTP/1.1\r\nHost: ${hostname}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nX-Forwarded-For: 198.51.100.50\r\n${headers}\r\n`));
        let text = '';
        socket.on('data', (chunk) => (text += chunk.toString()));
        socket.on('close', () => done(text.split('\r\n')[0] ?? ''));
        socket.on('error', reject);
      });
    const answers = [
      await raw(''),
      await raw('Sec-WebSocket-Version: 13\r\n'),
      await raw('Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 7\r\n'),
      await raw('Sec-WebSocket-Key: short\r\nSec-WebSocket-Version: 13\r\n'),
    ];
    expect(answers.map((line) => line.split(' ')[1])).toEqual(['400', '400', '400', '400']);
    // More malformed upgrades than WS_MAX_PENDING_PER_ADDRESS (3), and the address still connects.
    expect((await refusal('198.51.100.50')).status).toBe(101);
  });

  it('when a plain GET (no upgrade) or an upgrade to another path arrives, then a JSON 4xx, never a 5xx', async () => {
    const plain = await fetch(wsUrl.replace('ws', 'http'));
    expect(plain.status).toBe(426);
    expect(await plain.json()).toMatchObject({ code: 'REQUEST.UPGRADE_REQUIRED' });
    const other = new WebSocket(`${wsUrl}/elsewhere`);
    const status = await new Promise<number>((done) => other.once('unexpected-response', (_req, res) => done(res.statusCode ?? 0)));
    expect(status).toBe(404);
  });
});
