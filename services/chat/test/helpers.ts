import { randomUUID } from 'node:crypto';
import type { TChatServerFrame, TEventEnvelope, TEventType } from '@platform/contracts';
import { createAmqpConnection, createLogger, createTokenSigner, deadLetterQueueName, retryQueueName, type TAmqpConnection } from '@platform/service-kit';
import { createTestEnvironment, eventually, type TTestEnvironment } from '@platform/service-kit/testing';
import { WebSocket } from 'ws';
import { loadChatConfig, NEWS_QUEUE, SETTINGS_QUEUE, start, TASKS_QUEUE, USERS_QUEUE, type TChatConfig, type TChatService } from '../src/index.js';

export interface TTestUser {
  id: string;
  token: string;
  firstName: string;
  lastName: string;
}

export interface TResponse {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test responses are asserted field by field
  body: any;
  text: string;
}

export interface TChatHarness {
  /** Two chat instances on one database and one Redis prefix, as behind a load balancer. */
  a: TChatService;
  b: TChatService;
  config: TChatConfig;
  environment: TTestEnvironment;
  admin: TTestUser;
  /** A signed token; with `register`, the user is announced by user.registered first (names known). */
  newUser(options?: { role?: 'employee' | 'admin'; register?: boolean; firstName?: string; lastName?: string }): Promise<TTestUser>;
  api(method: string, path: string, options?: { token?: string; body?: unknown; instance?: TChatService }): Promise<TResponse>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  envelope<K extends TEventType>(type: K, data: unknown): TEventEnvelope;
  publish(...events: TEventEnvelope[]): Promise<void>;
  /** A socket to an instance's /ws, not yet authenticated. */
  socket(instance?: TChatService): Promise<TestSocket>;
  /** A socket authenticated as the user (the auth answer already received). */
  connect(user: TTestUser, instance?: TChatService): Promise<TestSocket>;
  serverErrors: string[];
  close(): Promise<void>;
}

/** A WebSocket client that keeps every frame it receives, in order, and lets a test wait for one. */
export class TestSocket {
  readonly frames: TChatServerFrame[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: (() => void)[] = [];

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.frames.push(JSON.parse(data.toString()) as TChatServerFrame);
      for (const waiter of this.waiters.splice(0)) waiter();
    });
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  }

  static open(url: string): Promise<TestSocket> {
    const ws = new WebSocket(url);
    const socket = new TestSocket(ws);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(socket));
      ws.once('error', reject);
    });
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** The first frame (from `from` on) matching the predicate, waiting for it up to the deadline. */
  async next<T extends TChatServerFrame = TChatServerFrame>(predicate: (frame: TChatServerFrame) => boolean, options: { timeoutMs?: number; from?: number; what?: string } = {}): Promise<T> {
    const deadline = Date.now() + (options.timeoutMs ?? 10_000);
    for (;;) {
      const found = this.frames.slice(options.from ?? 0).find(predicate);
      if (found) return found as T;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`Timed out waiting for ${options.what ?? 'a frame'}; got ${JSON.stringify(this.frames.slice(-5))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Ids of the new_message / message frames received, in order. */
  messageIds(): number[] {
    return this.frames.flatMap((f) => (f.type === 'new_message' ? [f.message.id] : f.type === 'message' ? [f.data.id] : []));
  }

  close(): Promise<{ code: number; reason: string }> {
    if (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING) this.ws.close();
    return this.closed;
  }
}

/** The real chat service, twice, in-process on port 0, with its own database, exchange, queues and Redis prefix. */
export async function startChatHarness(prefix: string, env: Record<string, string> = {}, overrides: Parameters<typeof start>[1] = {}): Promise<TChatHarness> {
  const environment = await createTestEnvironment(prefix);
  const base = { ...environment.env, JOBS_ENABLED: 'false', WS_REVALIDATE_INTERVAL_MS: '300', ...env };
  const config = loadChatConfig(base);
  const a = await start(config, overrides);
  const b = await start(loadChatConfig({ ...base, CREATE_DATABASE: 'false' }), overrides);
  await eventually(async () => a.consumersReady() && b.consumersReady(), { what: 'the consumers to subscribe' });
  const signer = await createTokenSigner({ privateKeyPem: environment.keys.privateKeyPem, audience: config.JWT_AUDIENCE, issuer: config.JWT_ISSUER });
  const logger = createLogger({ service: `${prefix}-test`, level: 'silent' });
  let amqp: TAmqpConnection | undefined;
  const connectBroker = async (): Promise<TAmqpConnection> => {
    if (!amqp) {
      amqp = createAmqpConnection({ url: config.RABBITMQ_URL, exchange: environment.exchange, logger });
      await amqp.waitUntilConnected();
    }
    return amqp;
  };
  const serverErrors: string[] = [];
  const sockets: TestSocket[] = [];
  const envelope: TChatHarness['envelope'] = (type, data) => ({ id: randomUUID(), type, version: 1, occurredAt: new Date().toISOString(), correlationId: null, causationId: null, data });
  const publish: TChatHarness['publish'] = async (...events) => {
    const channel = await (await connectBroker()).createConfirmChannel();
    try {
      for (const event of events) {
        channel.publish(environment.exchange, event.type, Buffer.from(JSON.stringify(event)), { persistent: true, messageId: event.id, contentType: 'application/json' });
      }
      await channel.waitForConfirms();
    } finally {
      await channel.close();
    }
  };
  const query = async <T>(sql: string, params: unknown[] = []) => (await a.pool.query(sql, params)).rows as T[];

  const newUser: TChatHarness['newUser'] = async (options = {}) => {
    const id = randomUUID();
    const role = options.role ?? 'employee';
    const user = { id, token: await signer.sign({ id, role }), firstName: options.firstName ?? 'Ada', lastName: options.lastName ?? `Tester${id.slice(0, 4)}` };
    if (options.register !== false) {
      await publish(
        envelope('user.registered', { userId: id, email: `${id}@example.com`, firstName: user.firstName, lastName: user.lastName, role, referralSource: null, registeredAt: new Date().toISOString() }),
      );
      await eventually(async () => (await query('SELECT 1 FROM users WHERE id = $1', [id])).length > 0, { what: 'the user copy' });
    }
    return user;
  };

  const socket = async (instance: TChatService = a) => {
    const s = await TestSocket.open(`${instance.url.replace('http', 'ws')}/ws`);
    sockets.push(s);
    return s;
  };

  return {
    a,
    b,
    config,
    environment,
    admin: await newUser({ role: 'admin', firstName: 'Grace', lastName: 'Admin' }),
    newUser,
    serverErrors,
    query,
    envelope,
    publish,
    socket,
    async connect(user, instance = a) {
      const s = await socket(instance);
      s.send({ type: 'auth', token: user.token });
      const answer = await s.next((f) => f.type === 'auth', { what: 'the auth answer' });
      if (answer.type !== 'auth' || !answer.success) throw new Error(`auth failed: ${JSON.stringify(answer)}`);
      return s;
    },
    async api(method, path, options = {}) {
      const headers: Record<string, string> = {};
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      let body: string | undefined;
      if (options.body !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(options.body);
      }
      const response = await fetch(`${(options.instance ?? a).url}${path}`, { method, headers, body });
      if (response.status >= 500) serverErrors.push(`${method} ${path} -> ${response.status}`);
      const text = await response.text();
      let parsed: unknown = text;
      if ((response.headers.get('content-type') ?? '').includes('application/json')) parsed = text ? JSON.parse(text) : undefined;
      return { status: response.status, body: parsed, text };
    },
    async close() {
      await Promise.all(sockets.map((s) => s.close().catch(() => undefined)));
      await Promise.all([a.stop(), b.stop()]);
      amqp ??= createAmqpConnection({ url: config.RABBITMQ_URL, exchange: environment.exchange, logger });
      try {
        await amqp.waitUntilConnected();
        const channel = await amqp.createChannel();
        for (const queue of [USERS_QUEUE, SETTINGS_QUEUE, TASKS_QUEUE, NEWS_QUEUE].map((q) => `${environment.queuePrefix}${q}`)) {
          for (const name of [queue, retryQueueName(queue), deadLetterQueueName(queue)]) await channel.deleteQueue(name);
        }
        await channel.deleteExchange(environment.exchange);
        await channel.close();
      } finally {
        await amqp.close();
      }
      await environment.cleanup();
      if (serverErrors.length) throw new Error(`requests answered with a server error: ${serverErrors.join(', ')}`);
    },
  };
}

/** Posts a message over HTTP and returns the stored message (fails the test otherwise). */
export async function post(h: TChatHarness, user: TTestUser, content: string, extra: Record<string, unknown> = {}) {
  const res = await h.api('POST', '/api/chat/messages', { token: user.token, body: { content, chatType: 'general', ...extra } });
  if (res.status !== 201 && res.status !== 200) throw new Error(`post failed: ${res.status} ${res.text}`);
  return res.body as { id: number; content: string };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
