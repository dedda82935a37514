import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { createAmqpConnection, createLogger, createTokenSigner, deadLetterQueueName, retryQueueName } from '@platform/service-kit';
import { createTestEnvironment, TEST_RABBITMQ_URL, type TTestEnvironment } from '@platform/service-kit/testing';
import { loadAdminConfig, type TAdminConfig } from '../src/config.js';
import type { TEventEnvelope } from '@platform/contracts';
import { eventually } from '@platform/service-kit/testing';
import { AUDIT_QUEUE } from '../src/entry-points/messaging/audit-events.handler.js';
import { MAIL_QUEUE } from '../src/entry-points/messaging/mail-events.handler.js';
import { USER_ERASURE_QUEUE } from '../src/entry-points/messaging/on-user-deleted.handler.js';
import { READ_MODEL_QUEUE } from '../src/entry-points/messaging/read-model-events.handler.js';
import { start, type TAdminService } from '../src/index.js';

/** Removes this file's queues and exchange from the broker (the test environment cleans database and Redis). */
async function deleteBrokerObjects(config: TAdminConfig): Promise<void> {
  const amqp = createAmqpConnection({ url: TEST_RABBITMQ_URL, exchange: config.EVENTS_EXCHANGE, logger: createLogger({ service: 'test', level: 'silent' }) });
  try {
    await amqp.waitUntilConnected();
    const ch = await amqp.createChannel();
    for (const queue of [MAIL_QUEUE, AUDIT_QUEUE, USER_ERASURE_QUEUE, READ_MODEL_QUEUE].map((name) => `${config.QUEUE_PREFIX}${name}`)) {
      for (const name of [queue, retryQueueName(queue), deadLetterQueueName(queue)]) await ch.deleteQueue(name);
    }
    await ch.deleteExchange(config.EVENTS_EXCHANGE);
    await ch.close();
  } finally {
    await amqp.close();
  }
}

export interface TAdminHarness {
  service: TAdminService;
  config: TAdminConfig;
  environment: TTestEnvironment;
  outboxDir: string;
  adminId: string;
  adminToken: string;
  employeeToken: string;
  /** Signs a token for any user id and role (for a second admin). */
  sign(id: string, role: 'admin' | 'employee'): Promise<string>;
  close(): Promise<void>;
}

/** The real admin service in-process on port 0, against its own database, exchange, queues and outbox folder. */
export async function startAdminHarness(prefix: string, env: Record<string, string> = {}): Promise<TAdminHarness> {
  const environment = await createTestEnvironment(prefix);
  const outboxDir = await mkdtemp(join(tmpdir(), `admin-outbox-${prefix}-`));
  const mediaDir = await mkdtemp(join(tmpdir(), `admin-media-${prefix}-`));
  const config = loadAdminConfig({ ...environment.env, APP_BASE_URL: 'https://app.platform.test', MAIL_OUTBOX_DIR: outboxDir, MEDIA_DIR: mediaDir, ...env });
  const service = await start(config);
  const adminId = randomUUID();
  const signer = await createTokenSigner({ privateKeyPem: environment.keys.privateKeyPem, audience: config.JWT_AUDIENCE, issuer: config.JWT_ISSUER });
  return {
    service,
    config,
    environment,
    outboxDir,
    adminId,
    adminToken: await signer.sign({ id: adminId, role: 'admin' }),
    sign: (id, role) => signer.sign({ id, role }),
    employeeToken: await signer.sign({ id: randomUUID(), role: 'employee' }),
    async close() {
      await service.stop();
      await deleteBrokerObjects(config);
      await environment.cleanup();
      await rm(outboxDir, { recursive: true, force: true });
      await rm(mediaDir, { recursive: true, force: true });
    },
  };
}

export interface TEml {
  file: string;
  raw: string;
  headers: Record<string, string>;
  /** Every text part of the message, transfer-decoded and joined, with LF line ends. */
  body: string;
}

function decodeQuotedPrintable(value: string): string {
  const bytes: number[] = [];
  const soft = value.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i += 1) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (`=?UTF-8?B?...?=`, `=?UTF-8?Q?...?=`) decoded; adjacent encoded words join without the space between them. */
export function decodeHeaderWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_all, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

/** A small reader for the .eml files the mailer writes: top-level headers (encoded words decoded) and decoded text parts. */
export function parseEml(file: string, raw: string): TEml {
  const lf = raw.replace(/\r\n/g, '\n');
  const [head = '', ...rest] = lf.split(/\n\n/);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = decodeHeaderWords(line.slice(at + 1).trim());
  }
  const parts = lf.split(/\r?\n--[^\r\n]+\r?\n/).map((part) => {
    const [partHead = '', ...partBody] = part.split(/\r?\n\r?\n/);
    const body = partBody.join('\n\n');
    if (/content-transfer-encoding:\s*quoted-printable/i.test(partHead)) return decodeQuotedPrintable(body);
    if (/content-transfer-encoding:\s*base64/i.test(partHead)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    return body;
  });
  return { file, raw, headers, body: parts.join('\n') || rest.join('\n\n') };
}

export async function readOutbox(dir: string): Promise<TEml[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(files.map(async (f) => parseEml(f, await readFile(join(dir, f), 'utf8'))));
}

/** A connection to the test broker for publishing as another service's relay would. */
export interface TTestBroker {
  /** Publishes envelopes to the file's exchange with publisher confirms. */
  publish(...events: TEventEnvelope[]): Promise<void>;
  /** Waits until the service consumes from the queue (named without QUEUE_PREFIX). */
  waitForConsumer(queue: string): Promise<void>;
  close(): Promise<void>;
}

export async function connectTestBroker(config: TAdminConfig): Promise<TTestBroker> {
  const amqp = createAmqpConnection({ url: TEST_RABBITMQ_URL, exchange: config.EVENTS_EXCHANGE, logger: createLogger({ service: 'test', level: 'silent' }) });
  await amqp.waitUntilConnected();
  return {
    async publish(...events) {
      const ch = await amqp.createConfirmChannel();
      try {
        for (const event of events) {
          ch.publish(config.EVENTS_EXCHANGE, event.type, Buffer.from(JSON.stringify(event)), { persistent: true, messageId: event.id, contentType: 'application/json' });
        }
        await ch.waitForConfirms();
      } finally {
        await ch.close();
      }
    },
    async waitForConsumer(queue) {
      const name = `${config.QUEUE_PREFIX}${queue}`;
      await eventually(
        async () => {
          const ch = await amqp.createChannel();
          try {
            return (await ch.checkQueue(name)).consumerCount > 0;
          } finally {
            await ch.close().catch(() => undefined);
          }
        },
        { what: `a consumer on ${name}` },
      );
    },
    close: () => amqp.close(),
  };
}

/** A JSON call to the service with the admin's token unless another (or null: none) is given. */
export async function callApi(h: TAdminHarness, method: string, path: string, options: { body?: unknown; token?: string | null } = {}) {
  const token = options.token === undefined ? h.adminToken : options.token;
  const res = await fetch(`${h.service.url}${path}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await res.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test answers are asserted field by field
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as any };
}
