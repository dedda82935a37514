/**
 * The event backbone under load, against bare amqplib in the same run:
 * 1. Drain: BENCH_EVENTS (5,000) events committed to the outbox, then the relay (windows of publishes, then their
 *    confirms) and a consumer (prefetched batches, one transaction and one inbox insert each, a handler writing one row
 *    per event) until every event is applied; against bare amqplib publishing as many persistent messages with
 *    confirms in windows of the same size to a durable queue and consuming them (prefetch and acks as the consumer).
 *    Alternating rounds; events per second, and CPU per event of this process (relay and consumer, or the bare
 *    publisher and consumer), the PostgreSQL backends of its database and RabbitMQ (/proc), with the load average.
 * 2. Commit-to-handler: events written one per transaction at a paced rate while relay and consumer run; the time from
 *    each writer's COMMIT returning to the handler starting on that event (p50, p99, max); against bare amqplib at the
 *    same pace, from each publish to its delivery (the broker's own share on this machine).
 * Run: `npx tsx bench/outbox.bench.ts` or `npm run bench:outbox` (about 1.5 minutes). Writes bench/results/outbox.txt
 * and .json. Settings: BENCH_EVENTS (5000), BENCH_ROUNDS (3), BENCH_WINDOW (relay batch = bare window, 500),
 * BENCH_PREFETCH (100), BENCH_LATENCY_RATE (200 events/s), BENCH_LATENCY_SECONDS (10).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ConsumeMessage } from 'amqplib';
import pg from 'pg';
import {
  createAmqpConnection,
  createLogger,
  createPool,
  KIT_MIGRATIONS_DIR,
  runMigrations,
  startConsumer,
  startOutboxRelay,
  withTransaction,
  writeEvent,
  type TAmqpConnection,
} from '@platform/service-kit';
import { createTestEnvironment, TEST_POSTGRES_URL } from '@platform/service-kit/testing';
import { loadLine, meterBackends, meterProcesses, pidByCommand } from './lib/proc.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const EVENTS = Number(process.env.BENCH_EVENTS ?? 5_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WINDOW = Number(process.env.BENCH_WINDOW ?? 500);
const PREFETCH = Number(process.env.BENCH_PREFETCH ?? 100);
const LATENCY_RATE = Number(process.env.BENCH_LATENCY_RATE ?? 200);
const LATENCY_SECONDS = Number(process.env.BENCH_LATENCY_SECONDS ?? 10);
const TYPE = 'password_reset.completed';

interface TDrain {
  seconds: number;
  perSecond: number;
  cpuMsPerEvent: { process: number; postgres: number; rabbitmq: number };
  load: string;
}

const now = () => performance.timeOrigin + performance.now();
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;

async function measure(run: () => Promise<number>, pids: { beam?: number }, admin: pg.Pool, database: string): Promise<TDrain> {
  const own = process.cpuUsage();
  const postgres = meterBackends(admin, [database], 100);
  const rabbit = meterProcesses(pids.beam ? [pids.beam] : []);
  const seconds = await run();
  const mine = process.cpuUsage(own);
  const perEvent = (cpuSeconds: number) => (cpuSeconds * 1000) / EVENTS;
  return {
    seconds,
    perSecond: EVENTS / seconds,
    cpuMsPerEvent: { process: perEvent((mine.user + mine.system) / 1e6), postgres: perEvent(await postgres.stop()), rabbitmq: perEvent(await rabbit.stop()) },
    load: loadLine(),
  };
}

async function main(): Promise<void> {
  const env = await createTestEnvironment('bench_outbox');
  const logger = createLogger({ service: 'bench-outbox', level: 'warn' });
  // As a service's pool (createServiceRuntime): 10 connections, pipelined.
  const pool = createPool(env.database.url, { max: 10, logger, pipeline: true });
  const admin = new pg.Pool({ connectionString: TEST_POSTGRES_URL, max: 2 });
  const database = env.database.name;
  const beam = pidByCommand('beam.smp');
  let amqp: TAmqpConnection | undefined;
  const queues: string[] = [];
  try {
    await runMigrations(pool, [{ name: 'kit', dir: KIT_MIGRATIONS_DIR }]);
    await pool.query('CREATE TABLE effects (event_id uuid PRIMARY KEY, at timestamptz NOT NULL DEFAULT now())');
    amqp = createAmqpConnection({ url: env.env.RABBITMQ_URL!, exchange: env.exchange, logger });
    await amqp.waitUntilConnected();
    const broker = amqp;

    // The outbox path: relay and consumer as a service runs them (service-kit defaults but the window).
    let applied = 0;
    const startedAt = new Map<string, number>();
    const handlerStarts = new Map<string, number>();
    const outboxQueue = `${env.queuePrefix}bench.outbox`;
    queues.push(outboxQueue);
    const consumer = startConsumer({
      pool,
      amqp: broker,
      queue: outboxQueue,
      routingKeys: [TYPE],
      logger,
      prefetch: PREFETCH,
      queueExpiresMs: 300_000,
      handler: async (event, client) => {
        handlerStarts.set(event.id, now());
        await client.query({ name: 'bench_effect', text: 'INSERT INTO effects (event_id) VALUES ($1)', values: [event.id] });
      },
    });
    // Counted once committed: the inbox rows of the run (polled; the handler may still roll back).
    const waitApplied = async (target: number) => {
      for (;;) {
        const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM effects');
        applied = rows[0]!.n;
        if (applied >= target) return;
        await new Promise((r) => setTimeout(r, 5));
      }
    };
    while (!consumer.isConsuming()) await new Promise((r) => setTimeout(r, 50));

    const writeOutbox = async (n: number) => {
      // Committed in transactions of 500, as a busy service would have them waiting.
      for (let done = 0; done < n; done += 500) {
        await withTransaction(pool, async (client) => {
          for (let i = done; i < Math.min(n, done + 500); i++) await writeEvent(client, TYPE, { userId: randomUUID(), completedAt: new Date().toISOString() });
        });
      }
    };

    const outboxDrain = async (): Promise<number> => {
      await pool.query('TRUNCATE effects');
      await writeOutbox(EVENTS);
      const start = now();
      const relay = startOutboxRelay({ pool, amqp: broker, logger, batchSize: WINDOW });
      await waitApplied(EVENTS);
      const seconds = (now() - start) / 1000;
      await relay.stop();
      return seconds;
    };

    // Bare amqplib: the same number of persistent messages, windows of publishes then their confirms, one consumer
    // with the same prefetch acking each message.
    const bareQueue = `${env.queuePrefix}bench.bare`;
    queues.push(bareQueue);
    const bareDrain = async (): Promise<number> => {
      const ch = await broker.createConfirmChannel();
      const consumeCh = await broker.createChannel();
      await ch.assertQueue(bareQueue, { durable: true, arguments: { 'x-expires': 300_000 } });
      await ch.bindQueue(bareQueue, env.exchange, 'bare.happened');
      await consumeCh.prefetch(PREFETCH);
      let received = 0;
      const done = new Promise<void>((resolve) => {
        void consumeCh.consume(bareQueue, (m: ConsumeMessage | null) => {
          if (!m) return;
          JSON.parse(m.content.toString('utf8'));
          consumeCh.ack(m);
          if (++received === EVENTS) resolve();
        });
      });
      const start = now();
      for (let sent = 0; sent < EVENTS; sent += WINDOW) {
        for (let i = sent; i < Math.min(EVENTS, sent + WINDOW); i++) {
          const id = randomUUID();
          const body = { id, type: 'bare.happened', version: 1, occurredAt: new Date().toISOString(), correlationId: null, causationId: null, data: { userId: randomUUID(), completedAt: new Date().toISOString() } };
          ch.publish(env.exchange, 'bare.happened', Buffer.from(JSON.stringify(body)), { persistent: true, messageId: id, contentType: 'application/json' });
        }
        await ch.waitForConfirms();
      }
      await done;
      const seconds = (now() - start) / 1000;
      await consumeCh.close();
      await ch.close();
      return seconds;
    };

    console.log('warming up...');
    await bareDrain();
    await outboxDrain();
    const outbox: TDrain[] = [];
    const bare: TDrain[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      bare.push(await measure(bareDrain, { beam }, admin, database));
      outbox.push(await measure(outboxDrain, { beam }, admin, database));
      console.log(`round ${round}/${ROUNDS}: outbox ${outbox.at(-1)!.perSecond.toFixed(0)} events/s, bare amqplib ${bare.at(-1)!.perSecond.toFixed(0)} (${outbox.at(-1)!.load})`);
    }

    console.log(`commit-to-handler: ${LATENCY_RATE} events/s for ${LATENCY_SECONDS} s, one per transaction...`);
    const relay = startOutboxRelay({ pool, amqp: broker, logger, batchSize: WINDOW });
    await pool.query('TRUNCATE effects');
    handlerStarts.clear();
    const total = LATENCY_RATE * LATENCY_SECONDS;
    const begin = now();
    const writes: Promise<void>[] = [];
    for (let i = 0; i < total; i++) {
      const due = begin + (i * 1000) / LATENCY_RATE;
      const wait = due - now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      writes.push(
        withTransaction(pool, (client) => writeEvent(client, TYPE, { userId: randomUUID(), completedAt: new Date().toISOString() })).then((event) => {
          startedAt.set(event.id, now());
        }),
      );
    }
    await Promise.all(writes);
    await waitApplied(total);
    const latencyLoad = loadLine();
    await relay.stop();
    await consumer.stop();
    const latencies = [...startedAt].map(([id, committed]) => (handlerStarts.get(id) ?? NaN) - committed).filter(Number.isFinite).sort((a, b) => a - b);

    console.log(`bare amqplib at the same pace: publish (persistent, confirm awaited in the background) to delivery...`);
    const bareLatencies = await (async () => {
      const ch = await broker.createConfirmChannel();
      const consumeCh = await broker.createChannel();
      await ch.assertQueue(bareQueue, { durable: true, arguments: { 'x-expires': 300_000 } });
      await consumeCh.prefetch(PREFETCH);
      const published = new Map<string, number>();
      const delivered: number[] = [];
      let done: () => void = () => undefined;
      const all = new Promise<void>((resolve) => (done = resolve));
      await consumeCh.consume(bareQueue, (m: ConsumeMessage | null) => {
        if (!m) return;
        const at = now();
        delivered.push(at - (published.get(String(m.properties.messageId)) ?? NaN));
        consumeCh.ack(m);
        if (delivered.length === total) done();
      });
      const t0 = now();
      const confirms: Promise<void>[] = [];
      for (let i = 0; i < total; i++) {
        const wait = t0 + (i * 1000) / LATENCY_RATE - now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const id = randomUUID();
        published.set(id, now());
        confirms.push(new Promise((resolve) => ch.publish(env.exchange, 'bare.happened', Buffer.from(JSON.stringify({ id })), { persistent: true, messageId: id }, () => resolve())));
      }
      await Promise.all(confirms);
      await all;
      await consumeCh.close();
      await ch.close();
      return delivered.filter(Number.isFinite).sort((a, b) => a - b);
    })();
    const bareLoad = loadLine();

    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
    const f = (n: number, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : 'n/a');
    const ratio = mean(outbox.map((r) => r.perSecond)) / mean(bare.map((r) => r.perSecond));
    const rows = [
      ['', 'outbox (relay + consumer)', 'bare amqplib', 'ratio (target >= 0.6)'],
      ['events/s, each round', outbox.map((r) => f(r.perSecond)).join(' / '), bare.map((r) => f(r.perSecond)).join(' / '), outbox.map((r, i) => f(r.perSecond / bare[i]!.perSecond, 2)).join(' / ')],
      ['events/s, mean', f(mean(outbox.map((r) => r.perSecond))), f(mean(bare.map((r) => r.perSecond))), f(ratio, 3)],
      ['CPU ms/event, this process', f(mean(outbox.map((r) => r.cpuMsPerEvent.process)), 3), f(mean(bare.map((r) => r.cpuMsPerEvent.process)), 3), ''],
      ['CPU ms/event, PostgreSQL', f(mean(outbox.map((r) => r.cpuMsPerEvent.postgres)), 3), f(mean(bare.map((r) => r.cpuMsPerEvent.postgres)), 3), ''],
      ['CPU ms/event, RabbitMQ', f(mean(outbox.map((r) => r.cpuMsPerEvent.rabbitmq)), 3), f(mean(bare.map((r) => r.cpuMsPerEvent.rabbitmq)), 3), ''],
    ];
    const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
    const table = rows.map((r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('   '));
    const text = [
      `Outbox drain of ${EVENTS} events (committed first, then relay windows of ${WINDOW} with confirms, consumer prefetch ${PREFETCH} in batches, one row written per event)`,
      `against bare amqplib (persistent, confirms per window of ${WINDOW}, prefetch ${PREFETCH}, ack per message), ${ROUNDS} alternating rounds`,
      `${new Date().toISOString()}  node ${process.version}  ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}`,
      '',
      ...table,
      ...outbox.map((r, i) => `after round ${i + 1}: ${r.load}`),
      '',
      `Commit-to-handler, ${total} events written one per transaction at ${LATENCY_RATE}/s while relay and consumer run (target p99 <= 10 ms):`,
      `  outbox, commit to handler:      p50 ${f(percentile(latencies, 50), 2)} ms, p90 ${f(percentile(latencies, 90), 2)} ms, p99 ${f(percentile(latencies, 99), 2)} ms, max ${f(latencies.at(-1) ?? NaN, 2)} ms (${latencies.length} events; ${latencyLoad})`,
      `  bare amqplib, publish to consume: p50 ${f(percentile(bareLatencies, 50), 2)} ms, p90 ${f(percentile(bareLatencies, 90), 2)} ms, p99 ${f(percentile(bareLatencies, 99), 2)} ms, max ${f(bareLatencies.at(-1) ?? NaN, 2)} ms (${bareLatencies.length} messages; ${bareLoad})`,
      '',
    ].join('\n');
    console.log(`\n${text}`);
    mkdirSync(join(HERE, 'results'), { recursive: true });
    writeFileSync(join(HERE, 'results', 'outbox.txt'), text);
    writeFileSync(
      join(HERE, 'results', 'outbox.json'),
      `${JSON.stringify({ date: new Date().toISOString(), node: process.version, events: EVENTS, window: WINDOW, prefetch: PREFETCH, outbox, bare, ratio, latency: { rate: LATENCY_RATE, seconds: LATENCY_SECONDS, p50: percentile(latencies, 50), p90: percentile(latencies, 90), p99: percentile(latencies, 99), max: latencies.at(-1), load: latencyLoad }, bareLatency: { p50: percentile(bareLatencies, 50), p90: percentile(bareLatencies, 90), p99: percentile(bareLatencies, 99), max: bareLatencies.at(-1), load: bareLoad } }, null, 2)}\n`,
    );
  } finally {
    if (amqp) {
      const ch = await amqp.createChannel().catch(() => undefined);
      for (const q of queues) for (const name of [q, `${q}.retry`, `${q}.dlq`]) await ch?.deleteQueue(name).catch(() => undefined);
      await ch?.close().catch(() => undefined);
      await amqp.close();
    }
    await pool.end();
    await admin.end();
    await env.cleanup();
  }
}

await main();
