import { randomUUID } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZBaseConfigSchema, type TBaseConfig } from '../src/config.js';
import { withTransaction } from '../src/db.js';
import { defineJob } from '../src/jobs.js';
import { writeEvent } from '../src/outbox.js';
import { createServiceRuntime, type TServiceRuntime } from '../src/service-runtime.js';
import { createTestEnvironment, eventually, startTraceCollector, type TCollectedSpan, type TTestEnvironment, type TTraceCollector } from '../src/testing.js';
import { startTracing, tracingEnabled, withSpan } from '../src/tracing.js';

/**
 * Tracing in one process, against the real servers and a real OTLP/HTTP receiver: off (nothing patched) without
 * OTEL_EXPORTER_OTLP_ENDPOINT; with it, one request's trace runs through HTTP in and out, PostgreSQL, Redis, the
 * outbox, the relay's publish (context in the message's traceparent header) and the consumer's handler; a BullMQ job
 * is a span of its own. The request id is an attribute of the spans.
 */
let env: TTestEnvironment;
let config: TBaseConfig;
let migrationsDir: string;
let collector: TTraceCollector;
let runtime: TServiceRuntime;
let url: string;
const handled: string[] = [];
const jobsRun: string[] = [];

const PROBE = defineJob({
  name: 'trace-probe',
  payload: z.object({ marker: z.string() }),
  async handle({ marker }) {
    jobsRun.push(marker);
    return { marker };
  },
});

beforeAll(async () => {
  env = await createTestEnvironment('kit_tracing');
  config = ZBaseConfigSchema.parse(env.env);
  migrationsDir = await mkdtemp(join(tmpdir(), 'tracing-migrations-'));
  await writeFile(join(migrationsDir, '0001_things.sql'), 'CREATE TABLE things (id uuid PRIMARY KEY);');
  collector = await startTraceCollector();
});

afterAll(async () => {
  await runtime?.stop();
  delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  delete process.env.OTEL_BSP_SCHEDULE_DELAY;
  await collector?.stop();
  await env?.cleanup();
});

describe('tracing off', () => {
  it('when OTEL_EXPORTER_OTLP_ENDPOINT is not set, then a service starts without tracing: nothing patched, no traceparent sent on', async () => {
    const queryBefore = pg.Client.prototype.query;
    const sendBefore = Redis.prototype.sendCommand;
    const off = await createServiceRuntime(config, { name: 'traced', migrationsDir, broker: false });
    try {
      expect(tracingEnabled()).toBe(false);
      expect(await startTracing('untraced', {})).toBeUndefined();
      expect(pg.Client.prototype.query).toBe(queryBefore);
      expect(Redis.prototype.sendCommand).toBe(sendBefore);
      let seen: string | undefined;
      off.app.get('/api/seen', async (request) => ({ traceparent: (seen = request.headers.traceparent as string | undefined) ?? null }));
      const base = await off.listen();
      const res = await fetch(`${base}/api/seen`);
      expect(res.status).toBe(200);
      expect(seen).toBeUndefined();
    } finally {
      await off.stop();
    }
  });
});

describe('tracing on', () => {
  beforeAll(async () => {
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = collector.url;
    process.env.OTEL_BSP_SCHEDULE_DELAY = '100';
    runtime = await createServiceRuntime(config, { name: 'traced', migrationsDir });
    const { app, pool, redis } = runtime;
    app.get('/api/inner', async () => ({ value: await redis.get('trace-probe') }));
    app.post('/api/things', async (request, reply) => {
      const id = randomUUID();
      await withTransaction(pool, async (client) => {
        await client.query('INSERT INTO things (id) VALUES ($1)', [id]);
        await writeEvent(client, 'password_reset.completed', { userId: id, completedAt: new Date().toISOString() });
      });
      // HTTP out: another service's API (here our own), with the trace context in its headers.
      const inner = await fetch(`http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/inner`, { headers: { 'x-request-id': request.id } });
      await inner.body?.cancel();
      return reply.status(201).send({ id });
    });
    const consumer = runtime.consume({
      queue: 'tracing.things',
      routingKeys: ['password_reset.completed'],
      handler: async (event, client) => {
        await client.query('SELECT 1 AS handled');
        handled.push((event.data as { userId: string }).userId);
      },
    });
    runtime.startRelay();
    url = await runtime.listen();
    await eventually(async () => consumer.isConsuming(), { what: 'the consumer to subscribe' });
  });

  it('when a request writes an event, then one trace runs from its server span through pg, the outbox, the publish and the consumer handler', async () => {
    const requestId = `trace-${randomUUID()}`;
    const res = await fetch(`${url}/api/things`, { method: 'POST', headers: { 'x-request-id': requestId } });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    await eventually(async () => handled.includes(id), { what: 'the consumer to handle the event' });

    const find = (predicate: (s: TCollectedSpan) => boolean) => collector.spans().find(predicate);
    const server = await eventually(async () => find((s) => s.name === 'POST /api/things' && s.attributes['request.id'] === requestId), { what: 'the server span' });
    expect(server).toMatchObject({ service: 'traced', kind: 2, parentSpanId: undefined });
    const consumed = await eventually(async () => find((s) => s.traceId === server.traceId && s.name === 'process password_reset.completed'), { what: 'the consumer span' });
    const spans = await eventually(async () => {
      const inTrace = collector.trace(server.traceId);
      return inTrace.some((s) => s.name === 'pg SELECT' && s.parentSpanId === consumed.spanId) && inTrace.some((s) => s.name === 'GET /api/inner') ? inTrace : undefined;
    }, { what: 'every span of the trace' });

    const insert = spans.find((s) => s.name === 'pg INSERT' && String(s.attributes['db.query.text']).includes('things'));
    expect(insert && collector.descendsFrom(insert, server)).toBe(true);
    const publish = spans.find((s) => s.name === 'publish password_reset.completed');
    expect(publish).toMatchObject({ kind: 4, attributes: { 'request.id': requestId, 'messaging.system': 'rabbitmq' } });
    expect(collector.descendsFrom(publish!, server)).toBe(true);
    expect(consumed).toMatchObject({ kind: 5, parentSpanId: publish!.spanId, attributes: { 'request.id': requestId } });
    // HTTP out and back in: a client span, and the inner server span under it, with the Redis command under that.
    const client = spans.find((s) => s.kind === 3 && s.name.startsWith('GET http://127.0.0.1'));
    const inner = spans.find((s) => s.name === 'GET /api/inner');
    expect(client?.parentSpanId).toBe(server.spanId);
    expect(inner?.parentSpanId).toBe(client!.spanId);
    expect(spans.find((s) => s.name === 'redis get')?.parentSpanId).toBe(inner!.spanId);
  });

  it('when a BullMQ job runs, then it is a span with its queue and job id', async () => {
    const jobs = await runtime.startJobs([PROBE]);
    const marker = randomUUID();
    await jobs.enqueue(PROBE, { marker });
    await eventually(async () => jobsRun.includes(marker), { what: 'the job to run' });
    const span = await eventually(async () => collector.spans().find((s) => s.name === 'job trace-probe'), { what: 'the job span' });
    expect(span).toMatchObject({ kind: 5, parentSpanId: undefined, attributes: { 'messaging.system': 'bullmq', 'messaging.destination.name': 'traced-jobs' } });

    // Enqueued inside traced work (here a span of the test's own), the run continues that trace; the payload is as sent.
    const second = randomUUID();
    let enqueuer: string | undefined;
    await withSpan('enqueue in a request', {}, async (parent) => {
      enqueuer = parent?.spanContext().spanId;
      await jobs.enqueue(PROBE, { marker: second });
    });
    await eventually(async () => jobsRun.includes(second), { what: 'the second job to run' });
    const continued = await eventually(async () => collector.spans().find((s) => s.name === 'job trace-probe' && s.parentSpanId !== undefined), { what: 'the continued job span' });
    expect(continued.parentSpanId).toBe(enqueuer);
  });
});
