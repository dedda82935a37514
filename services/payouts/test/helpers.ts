import { randomUUID } from 'node:crypto';
import type { TEventEnvelope, TEventType } from '@platform/contracts';
import { createAmqpConnection, createLogger, createTokenSigner, deadLetterQueueName, retryQueueName, type TAmqpConnection } from '@platform/service-kit';
import { createTestEnvironment, eventually, type TTestEnvironment } from '@platform/service-kit/testing';
import { ACCOUNTS_BREAKING_INVARIANT_SQL } from '../src/data-access/ledger.repository.js';
import { ACCOUNTS_QUEUE, loadPayoutsConfig, REWARDS_QUEUE, SETTINGS_QUEUE, start, type TPayoutsConfig, type TPayoutsService } from '../src/index.js';

export interface TTestUser {
  id: string;
  token: string;
}

export interface TResponse {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test responses are asserted field by field
  body: any;
  text: string;
}

export interface TApiOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface TPayoutsHarness {
  service: TPayoutsService;
  config: TPayoutsConfig;
  environment: TTestEnvironment;
  admin: TTestUser;
  newUser(role?: 'employee' | 'admin'): Promise<TTestUser>;
  api(method: string, path: string, options?: TApiOptions): Promise<TResponse>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Builds an event envelope as a producer's outbox would. */
  envelope<K extends TEventType>(type: K, data: unknown): TEventEnvelope;
  /** Publishes envelopes to the file's exchange (as the relay of another service would) and waits for the confirms. */
  publish(...events: TEventEnvelope[]): Promise<void>;
  /** Waits until the service has handled the event (its inbox row is written in the handler's transaction). */
  handled(eventId: string, what?: string): Promise<void>;
  /** Binds a temporary queue to the file's exchange; returns the envelopes received so far (for events this service publishes). */
  listen(routingKey: string): Promise<() => TEventEnvelope[]>;
  /** Sets the user's available balance through the admin call. */
  /** Opens the user's account as registration does (user.registered through the broker) and waits for it. */
  openAccount(userId: string): Promise<void>;
  /** Opens the account (an adjustment never opens one) and sets its available balance by an admin adjustment. */
  fund(userId: string, balance: string): Promise<void>;
  /** Every answer with a 5xx status so far; close() fails when there is any. */
  serverErrors: string[];
  close(): Promise<void>;
}

/** The real payouts service in-process on port 0, with its own database, exchange, queues and Redis prefix. */
export async function startPayoutsHarness(prefix: string, env: Record<string, string> = {}): Promise<TPayoutsHarness> {
  const environment = await createTestEnvironment(prefix);
  // The scheduled chain check only where a file asks for it (JOBS_ENABLED: 'true'): it writes a row of its own.
  const config = loadPayoutsConfig({ ...environment.env, JOBS_ENABLED: 'false', ...env });
  const service = await start(config);
  await eventually(async () => service.consumersReady(), { what: 'the consumers to subscribe' });
  const signer = await createTokenSigner({ privateKeyPem: environment.keys.privateKeyPem, audience: config.JWT_AUDIENCE, issuer: config.JWT_ISSUER });
  const newUser = async (role: 'employee' | 'admin' = 'employee'): Promise<TTestUser> => {
    const id = randomUUID();
    return { id, token: await signer.sign({ id, role }) };
  };
  const admin = await newUser('admin');
  const logger = createLogger({ service: `${prefix}-test`, level: 'silent' });
  let amqp: TAmqpConnection | undefined;
  const connect = async (): Promise<TAmqpConnection> => {
    if (!amqp) {
      amqp = createAmqpConnection({ url: config.RABBITMQ_URL, exchange: environment.exchange, logger });
      await amqp.waitUntilConnected();
    }
    return amqp;
  };
  const serverErrors: string[] = [];

  const api: TPayoutsHarness['api'] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const response = await fetch(`${service.url}${path}`, { method, headers, body });
    if (response.status >= 500) serverErrors.push(`${method} ${path} -> ${response.status}`);
    const text = await response.text();
    let parsed: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('application/json')) parsed = text ? JSON.parse(text) : undefined;
    return { status: response.status, headers: response.headers, body: parsed, text };
  };

  const harness: TPayoutsHarness = {
    service,
    config,
    environment,
    admin,
    newUser,
    api,
    serverErrors,
    async query<T>(sql: string, params: unknown[] = []) {
      const { rows } = await service.pool.query(sql, params);
      return rows as T[];
    },
    envelope(type, data) {
      return { id: randomUUID(), type, version: 1, occurredAt: new Date().toISOString(), correlationId: null, causationId: null, data };
    },
    async publish(...events) {
      const channel = await (await connect()).createConfirmChannel();
      try {
        for (const event of events) {
          channel.publish(environment.exchange, event.type, Buffer.from(JSON.stringify(event)), { persistent: true, messageId: event.id, contentType: 'application/json' });
        }
        await channel.waitForConfirms();
      } finally {
        await channel.close();
      }
    },
    async handled(eventId, what = `event ${eventId} to be handled`) {
      await eventually(async () => (await harness.query('SELECT 1 FROM inbox WHERE event_id = $1', [eventId])).length > 0, { what });
    },
    async listen(routingKey) {
      const channel = await (await connect()).createChannel();
      const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true });
      await channel.bindQueue(queue, environment.exchange, routingKey);
      const received: TEventEnvelope[] = [];
      await channel.consume(queue, (message) => {
        if (message) received.push(JSON.parse(message.content.toString('utf8')) as TEventEnvelope);
      }, { noAck: true });
      return () => received;
    },
    async openAccount(userId) {
      const opened = async () => (await service.pool.query('SELECT 1 FROM ledger_accounts WHERE user_id = $1', [userId])).rowCount === 1;
      if (await opened()) return;
      await harness.publish(
        harness.envelope('user.registered', {
          userId,
          email: `${userId}@example.com`,
          firstName: 'Test',
          lastName: 'Worker',
          role: 'employee',
          referralSource: null,
          registeredAt: new Date().toISOString(),
        }),
      );
      await eventually(opened, { what: `the account of ${userId} to open` });
    },
    async fund(userId, balance) {
      await harness.openAccount(userId);
      const res = await api('PATCH', `/api/admin/users/${userId}/balance`, { token: admin.token, body: { balance, reason: 'Test funding' } });
      if (res.status !== 200) throw new Error(`funding failed: ${res.status} ${res.text}`);
    },
    async close() {
      await service.stop();
      // Remove this file's queues and exchange from the shared broker.
      amqp ??= createAmqpConnection({ url: config.RABBITMQ_URL, exchange: environment.exchange, logger });
      try {
        await amqp.waitUntilConnected();
        const channel = await amqp.createChannel();
        for (const queue of [ACCOUNTS_QUEUE, REWARDS_QUEUE, SETTINGS_QUEUE].map((q) => `${environment.queuePrefix}${q}`)) {
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
  return harness;
}

export const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
export const ETH_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

/** A POST /api/withdrawals with a fresh (or the given) idempotency key. */
export function withdraw(h: TPayoutsHarness, user: TTestUser, body: Record<string, unknown>, key: string = randomUUID()): Promise<TResponse> {
  return h.api('POST', '/api/withdrawals', { token: user.token, body, headers: { 'idempotency-key': key } });
}

/** The accounts that break the ledger's invariant (see findAccountsBreakingInvariant); none when sound. */
export async function brokenAccounts(h: TPayoutsHarness): Promise<unknown[]> {
  return h.query(ACCOUNTS_BREAKING_INVARIANT_SQL);
}
