import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenSigner } from '../src/auth.js';
import { createTokenVerifier } from '../src/token-verifier.js';
import { startConsumer } from '../src/consumer.js';
import { createPool, withTransaction, type Pool } from '../src/db.js';
import { SERVICE_UNAVAILABLE_MESSAGE } from '../src/dependency-errors.js';
import { toAppError } from '../src/errors.js';
import { writeEvent } from '../src/outbox.js';
import { createRedis, REDIS_COMMAND_TIMEOUT_MS } from '../src/redis.js';
import { startOutboxRelay } from '../src/relay.js';
import { eventually, generateTestKeys } from '../src/testing.js';
import { consumedCount, createBackbone, makeEnvelope, type TBackbone } from './events-support.js';

/**
 * PostgreSQL ending connections (pg_terminate_backend: what a restart or a failover does to them) inside this file's
 * own database only, and a Redis that cannot be reached. Before the fix, the first test ended the process: an
 * 'error' event without a listener on a client checked out of the pool. (Stopping the real servers: the payouts
 * service's *.outage.test.ts.)
 */
let bb: TBackbone;
let admin: Pool;

beforeAll(async () => {
  bb = await createBackbone('dbloss');
  admin = createPool(bb.env.database.url, { max: 2 });
});
afterAll(async () => {
  await admin?.end();
  await bb?.cleanup();
});

async function terminate(pid: number): Promise<void> {
  await admin.query('SELECT pg_terminate_backend($1)', [pid]);
  await eventually(async () => (await admin.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid])).rowCount === 0, { what: `backend ${pid} gone` });
}

async function effectsOf(eventId: string): Promise<number> {
  const { rows } = await bb.pool.query<{ n: string }>('SELECT count(*) AS n FROM effects WHERE event_id = $1', [eventId]);
  return Number(rows[0]?.n);
}

describe('withTransaction when PostgreSQL ends the connection', () => {
  it('when the connection of a transaction ends between two of its queries, then the process lives on, nothing is applied, the error answers 503 and the next transaction succeeds', async () => {
    const note = randomUUID();
    let failure: unknown;
    try {
      await withTransaction(bb.pool, async (client) => {
        await client.query("INSERT INTO effects (event_id, note) VALUES ($1, 'half')", [randomUUID()]);
        const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        // The connection ends while this client is checked out and idle: the error arrives with no query to fail.
        await terminate(rows[0]!.pid);
        await eventually(async () => (await admin.query('SELECT 1')).rowCount === 1, { what: 'one more round trip' });
        await client.query("INSERT INTO effects (event_id, note) VALUES ($1, 'never')", [randomUUID()]);
      });
    } catch (error) {
      failure = error;
    }
    expect((failure as Error).message).toBe('Client has encountered a connection error and is not queryable');
    expect(toAppError(failure)).toMatchObject({ status: 503, code: 'SERVICE.UNAVAILABLE', message: SERVICE_UNAVAILABLE_MESSAGE });
    expect((await bb.pool.query("SELECT 1 FROM effects WHERE note IN ('half', 'never')")).rowCount).toBe(0);

    await withTransaction(bb.pool, (client) => client.query('INSERT INTO effects (event_id, note) VALUES ($1, $2)', [randomUUID(), note]));
    expect((await bb.pool.query('SELECT 1 FROM effects WHERE note = $1', [note])).rowCount).toBe(1);
  });

  it('when the connection ends during a query, then that query fails with an error that answers 503', async () => {
    const failure = await withTransaction(bb.pool, async (client) => {
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      const slow = client.query('SELECT pg_sleep(30)');
      slow.catch(() => undefined); // it may fail before the await below is reached: not an unhandled rejection
      await eventually(async () => (await admin.query("SELECT 1 FROM pg_stat_activity WHERE pid = $1 AND query LIKE 'SELECT pg_sleep%'", [rows[0]!.pid])).rowCount === 1);
      await admin.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
      await slow;
    }).catch((error: unknown) => error);
    expect((failure as { code?: string }).code).toBe('57P01');
    expect(toAppError(failure)).toMatchObject({ status: 503, code: 'SERVICE.UNAVAILABLE' });
  });

  it('when PostgreSQL refuses the connection, then the error answers 503', async () => {
    const unreachable = createPool('postgres://postgres@127.0.0.1:1/none', { max: 1 });
    try {
      const failure = await unreachable.query('SELECT 1').catch((error: unknown) => error);
      expect((failure as { code?: string }).code).toBe('ECONNREFUSED');
      expect(toAppError(failure)).toMatchObject({ status: 503, code: 'SERVICE.UNAVAILABLE', message: SERVICE_UNAVAILABLE_MESSAGE });
    } finally {
      await unreachable.end();
    }
  });
});

describe('startConsumer when PostgreSQL ends the connection', () => {
  it('when the handler loses its connection more times than maxAttempts, then the event is retried until it applies once and is never dead-lettered', async () => {
    const queue = bb.queue('dbloss');
    let losses = 0;
    const consumer = startConsumer({
      pool: bb.pool,
      amqp: bb.amqp,
      queue,
      routingKeys: ['dbloss.happened'],
      logger: bb.logger,
      metrics: bb.metrics,
      maxAttempts: 2,
      backoffMs: 20,
      handler: async (event, client) => {
        await client.query('INSERT INTO effects (event_id) VALUES ($1)', [event.id]);
        if (losses < 4) {
          losses += 1;
          // Ends this very connection, as a database restart would, in the middle of the transaction.
          await client.query('SELECT pg_terminate_backend(pg_backend_pid())');
        }
      },
    });
    try {
      await eventually(async () => consumer.isConsuming(), { what: 'the consumer subscribed' });
      const applied = await consumedCount(bb.metrics, 'applied');
      const event = makeEnvelope('dbloss.happened');
      await bb.publishRaw(event.type, event);
      await eventually(async () => (await consumedCount(bb.metrics, 'applied')) === applied + 1, { what: 'the event applied' });
      expect(losses).toBe(4);
      expect(await effectsOf(event.id)).toBe(1);
      expect(await bb.messageCount(`${queue}.dlq`)).toBe(0);
    } finally {
      await consumer.stop();
    }
  });
});

describe('startOutboxRelay when PostgreSQL ends the connection', () => {
  it('when its LISTEN connection ends, then it listens again at once and publishes what is written next without waiting for a poll', async () => {
    const relay = startOutboxRelay({ pool: bb.pool, amqp: bb.amqp, logger: bb.logger, pollIntervalMs: 120_000 });
    try {
      const listenerPid = async () =>
        (await admin.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'")).rows[0]?.pid;
      const first = await eventually(listenerPid, { what: 'the relay listening' });
      await terminate(first);
      await eventually(async () => {
        const pid = await listenerPid();
        return pid !== undefined && pid !== first;
      }, { what: 'the relay listening again' });
      const { id } = await withTransaction(bb.pool, (client) => writeEvent(client, 'password_reset.completed', { userId: randomUUID(), completedAt: new Date().toISOString() }));
      await eventually(async () => (await bb.pool.query('SELECT 1 FROM outbox WHERE id = $1 AND sent_at IS NOT NULL', [id])).rowCount === 1, { what: 'the event published' });
    } finally {
      await relay.stop();
    }
  });
});

describe('createTokenVerifier when Redis cannot be reached', () => {
  it('when the revocation check cannot reach Redis, then verification fails within the command timeout with an error that answers 503, not 500', async () => {
    const keys = generateTestKeys();
    const options = { audience: 'platform-api', issuer: 'platform-auth' };
    const redis = createRedis('redis://127.0.0.1:1', 'test:unreachable:', { logger: bb.logger });
    try {
      const verifier = await createTokenVerifier({ publicKeyPem: keys.publicKeyPem, redis, ...options });
      const token = await (await createTokenSigner({ privateKeyPem: keys.privateKeyPem, ...options })).sign({ id: randomUUID(), role: 'employee' });
      const startedAt = Date.now();
      const failure = await verifier.verify(token).catch((error: unknown) => error);
      expect(Date.now() - startedAt).toBeLessThanOrEqual(REDIS_COMMAND_TIMEOUT_MS + 500);
      expect(toAppError(failure)).toMatchObject({ status: 503, code: 'SERVICE.UNAVAILABLE', message: SERVICE_UNAVAILABLE_MESSAGE });
    } finally {
      redis.disconnect();
    }
  });
});
