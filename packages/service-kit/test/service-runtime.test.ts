import { randomUUID } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAmqpConnection, type TAmqpConnection } from '../src/amqp.js';
import { ZBaseConfigSchema, type TBaseConfig } from '../src/config.js';
import { deadLetterQueueName, retryQueueName } from '../src/consumer.js';
import { createLogger } from '../src/logger.js';
import { createServiceRuntime, type TServiceRuntime } from '../src/service-runtime.js';
import { createTestEnvironment, eventually, TEST_RABBITMQ_URL, type TTestEnvironment } from '../src/testing.js';

type TReady = { status: string; checks: Record<string, string> };

let env: TTestEnvironment;
let config: TBaseConfig;
let migrationsDir: string;
let checker: TAmqpConnection;
let db: pg.Pool;
const QUEUE = 'runtime.things';

beforeAll(async () => {
  env = await createTestEnvironment('kit_runtime');
  config = ZBaseConfigSchema.parse(env.env);
  migrationsDir = await mkdtemp(join(tmpdir(), 'runtime-migrations-'));
  await writeFile(join(migrationsDir, '0001_things.sql'), 'CREATE TABLE things (id serial PRIMARY KEY, event_id uuid NOT NULL);');
  checker = createAmqpConnection({ url: TEST_RABBITMQ_URL, exchange: env.exchange, logger: createLogger({ service: 'checker', level: 'silent' }) });
  await checker.waitUntilConnected();
  db = new pg.Pool({ connectionString: env.database.url, max: 2 });
});

afterAll(async () => {
  await db?.end();
  if (checker) {
    const ch = await checker.createChannel();
    const queue = `${env.queuePrefix}${QUEUE}`;
    for (const name of [queue, retryQueueName(queue), deadLetterQueueName(queue)]) await ch.deleteQueue(name);
    await ch.deleteExchange(env.exchange);
    await ch.close();
    await checker.close();
  }
  await env?.cleanup();
});

async function ready(url: string): Promise<{ status: number; body: TReady }> {
  const res = await fetch(`${url}/ready`);
  return { status: res.status, body: (await res.json()) as TReady };
}

/** A migrations folder of its own (a runtime's name is its migrations' scope). */
async function markerMigrations(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'runtime-marker-'));
  await writeFile(join(dir, '0001_marker.sql'), 'SELECT 1;');
  return dir;
}

/** Connections the runtime called `name` holds to this file's database. */
async function connectionsOf(name: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND application_name = $2', [
    env.database.name,
    name,
  ]);
  return rows[0]?.n ?? -1;
}

describe('createServiceRuntime', () => {
  it('when started, then the migrations are applied and /ready on the internal port checks postgres, redis, rabbitmq and the extra checks', async () => {
    let extraUp = true;
    const runtime = await createServiceRuntime(config, {
      name: 'runtime',
      migrationsDir,
      readiness: [{ name: 'extra', check: async () => { if (!extraUp) throw new Error('extra is down'); } }],
    });
    try {
      const publicUrl = await runtime.listen();
      expect((await fetch(`${publicUrl}/ready`)).status).toBe(404);
      expect((await fetch(`${publicUrl}/metrics`)).status).toBe(404);
      const url = runtime.internalUrl();
      expect(url).not.toBe(publicUrl);
      const applied = await runtime.pool.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
      expect(applied.rows.map((r) => r.name)).toContain('runtime/0001_things.sql');
      expect(applied.rows.some((r) => r.name.startsWith('service-kit/'))).toBe(true);

      const up = await eventually(async () => {
        const answer = await ready(url);
        return answer.status === 200 && answer;
      }, { what: '/ready to answer 200' });
      expect(up.body).toEqual({ status: 'ready', checks: { postgres: 'ok', redis: 'ok', rabbitmq: 'ok', extra: 'ok' } });

      extraUp = false;
      const down = await ready(url);
      expect(down.status).toBe(503);
      expect(down.body.checks).toEqual({ postgres: 'ok', redis: 'ok', rabbitmq: 'ok', extra: 'down: extra is down' });
    } finally {
      await runtime.stop();
    }
  });

  it('when an event the consumer binds is published by the relay, then consume() receives it on QUEUE_PREFIX + queue', async () => {
    const runtime = await createServiceRuntime(config, { name: 'runtime', migrationsDir });
    try {
      const consumer = runtime.consume({
        queue: QUEUE,
        routingKeys: ['thing.happened'] as const,
        handler: async (event, client) => {
          await client.query('INSERT INTO things (event_id) VALUES ($1)', [event.id]);
        },
      });
      runtime.startRelay();
      await eventually(async () => consumer.isConsuming(), { what: 'the consumer to subscribe' });

      const event = { id: randomUUID(), type: 'thing.happened', version: 1, occurredAt: new Date().toISOString(), correlationId: null, causationId: null, data: {} };
      await runtime.pool.query('INSERT INTO outbox (id, type, payload) VALUES ($1, $2, $3)', [event.id, event.type, JSON.stringify(event)]);
      await runtime.pool.query("SELECT pg_notify('outbox_new', '')");

      await eventually(async () => (await runtime.pool.query('SELECT 1 FROM things WHERE event_id = $1', [event.id])).rowCount === 1, {
        what: 'the handler to apply the event',
      });
      const inbox = await runtime.pool.query<{ consumer: string }>('SELECT consumer FROM inbox WHERE event_id = $1', [event.id]);
      expect(inbox.rows).toEqual([{ consumer: `${env.queuePrefix}${QUEUE}` }]);
      const ch = await checker.createChannel();
      try {
        expect((await ch.checkQueue(`${env.queuePrefix}${QUEUE}`)).queue).toBe(`${env.queuePrefix}${QUEUE}`);
      } finally {
        await ch.close();
      }
    } finally {
      await runtime.stop();
    }
  });

  it('when stopped, then HTTP closes first, then the steps in reverse order of start, then RabbitMQ, Redis and the pool; stopping again does nothing more', async () => {
    const runtime: TServiceRuntime = await createServiceRuntime(config, { name: 'runtime', migrationsDir });
    const seen: string[] = [];
    const refused = (url: string) => fetch(`${url}/health`).then(() => 'http open', () => 'http closed');
    let url = '';
    runtime.onStop(async () => {
      const pool = await runtime.pool.query('SELECT 1').then(() => 'pool open', () => 'pool ended');
      seen.push(`first added: consumer ${consumer.isConsuming() ? 'running' : 'stopped'}, ${pool}, redis ${runtime.redis.status}, rabbitmq ${runtime.amqp?.isConnected() ? 'connected' : 'closed'}`);
    });
    const consumer = runtime.consume({ queue: QUEUE, routingKeys: ['thing.happened'], handler: async () => undefined });
    runtime.onStop(async () => void seen.push(`last added: ${await refused(url)}`));
    url = await runtime.listen();
    await eventually(async () => consumer.isConsuming(), { what: 'the consumer to subscribe' });

    await Promise.all([runtime.stop(), runtime.stop()]);
    await runtime.stop();

    expect(seen).toEqual(['last added: http closed', 'first added: consumer stopped, pool open, redis ready, rabbitmq connected']);
    expect(runtime.pool.ended).toBe(true);
    // QUIT is answered before the socket closes.
    await eventually(async () => runtime.redis.status === 'end', { what: 'the Redis connection to end' });
    expect(runtime.amqp?.isConnected()).toBe(false);
    await eventually(async () => (await connectionsOf('runtime')) === 0, { what: 'the pool connections to close' });
  });

  it('when the service fails after the runtime started but before listen(), then stop() closes everything it opened', async () => {
    const runtime = await createServiceRuntime(config, { name: 'runtime_own_failure', migrationsDir: await markerMigrations() });
    runtime.startRelay();
    await expect(
      (async () => {
        try {
          throw new Error('the service could not set itself up');
        } catch (error) {
          await runtime.stop();
          throw error;
        }
      })(),
    ).rejects.toThrow('the service could not set itself up');
    expect(runtime.pool.ended).toBe(true);
    expect(runtime.amqp?.isConnected()).toBe(false);
    await eventually(async () => runtime.redis.status === 'end', { what: 'the Redis connection to end' });
    await eventually(async () => (await connectionsOf('runtime_own_failure')) === 0, { what: 'the pool connections to close' });
  });

  it('when a migration fails, then start-up throws it and leaves no connection open', async () => {
    const broken = await mkdtemp(join(tmpdir(), 'runtime-broken-'));
    await writeFile(join(broken, '0001_broken.sql'), 'SELECT nonsense FROM nowhere;');
    await expect(createServiceRuntime(config, { name: 'runtime_broken', migrationsDir: broken })).rejects.toThrow(/Migration runtime_broken\/0001_broken.sql failed/);
    await eventually(async () => (await connectionsOf('runtime_broken')) === 0, { what: 'the pool connections to close' });
  });

  it('when the token key is invalid, then start-up throws after the migrations and leaves no connection open', async () => {
    const start = createServiceRuntime({ ...config, JWT_PUBLIC_KEY: 'not a key' }, { name: 'runtime_bad_key', migrationsDir: await markerMigrations() });
    await expect(start).rejects.toThrow(/spki/i);
    expect((await db.query("SELECT 1 FROM schema_migrations WHERE name = 'runtime_bad_key/0001_marker.sql'")).rowCount).toBe(1);
    await eventually(async () => (await connectionsOf('runtime_bad_key')) === 0, { what: 'the pool connections to close' });
  });

  it('when started with broker: false, then there is no RabbitMQ connection, no rabbitmq check, and consume() refuses', async () => {
    const runtime = await createServiceRuntime(config, { name: 'runtime', migrationsDir, broker: false });
    try {
      await runtime.listen();
      const url = runtime.internalUrl();
      expect(runtime.amqp).toBeUndefined();
      expect(await ready(url)).toEqual({ status: 200, body: { status: 'ready', checks: { postgres: 'ok', redis: 'ok' } } });
      expect(() => runtime.consume({ queue: QUEUE, routingKeys: ['thing.happened'], handler: async () => undefined })).toThrow(/broker: false/);
      expect(() => runtime.startRelay()).toThrow(/broker: false/);
    } finally {
      await runtime.stop();
    }
  });
});
