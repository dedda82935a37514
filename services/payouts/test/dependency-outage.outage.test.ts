import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { connect } from 'amqplib';
import { Redis } from 'ioredis';
import pg from 'pg';
import { SERVICE_UNAVAILABLE_MESSAGE } from '@platform/service-kit';
import { eventually, TEST_POSTGRES_URL, TEST_RABBITMQ_URL } from '@platform/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkNothingLostOrDoubled, startPayoutsProcess, startWithdrawalLoad, unexpectedAnswers, type TAttempt, type TPayoutsProcess, type TUser } from './outage-support.js';

/**
 * Issue 8, item 11: the payouts service, as its own process, under a burst of withdrawals while a server it depends on
 * goes away: its Redis (a private redis-server this file starts and kills, so no other test loses the shared one),
 * RabbitMQ (`rabbitmqctl stop_app`) and PostgreSQL (one restart of the cluster). The process never exits, no answer
 * is a 500 or hangs, it answers again without a restart, and nothing is lost, doubled or half-applied.
 * Runs alone: `npm run test:outage` (restarting PostgreSQL blips every other connection on the machine).
 */
const run = promisify(execFile);
const POSTGRES_VERSION = readdirSync('/etc/postgresql')[0]!;
/** Longest acceptable answer while a server is away: Redis gives up after 2 s, a PostgreSQL connect after 5 s. */
const NO_HANG_MS = 8_000;

/** The private redis-server listens on a Unix socket of this file's own: restarted, it is found at the same place. */
const redisDir = mkdtempSync(join(tmpdir(), 'payouts-outage-redis-'));
const redisSocket = join(redisDir, 'redis.sock');
let redisServer: ChildProcess | undefined;

async function startRedis(): Promise<void> {
  redisServer = spawn('redis-server', ['--port', '0', '--unixsocket', redisSocket, '--unixsocketperm', '700', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  await eventually(
    async () => {
      const probe = new Redis({ path: redisSocket, lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false });
      probe.on('error', () => undefined); // refused until the server listens: the connect() rejection says so
      try {
        await probe.connect();
        return (await probe.ping()) === 'PONG';
      } finally {
        probe.disconnect();
      }
    },
    { timeoutMs: 20_000, what: 'the private redis-server' },
  );
}

async function killRedis(): Promise<void> {
  const server = redisServer;
  redisServer = undefined;
  if (!server || server.exitCode !== null) return;
  const ended = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGKILL');
  await ended;
}

async function postgresAccepts(): Promise<boolean> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Starts PostgreSQL if it is down (a no-op otherwise) and waits until it accepts connections. */
async function ensurePostgres(): Promise<void> {
  if (!(await postgresAccepts())) await run('pg_ctlcluster', ['--skip-systemctl-redirect', POSTGRES_VERSION, 'main', 'start'], { timeout: 120_000 }).catch(() => undefined);
  await eventually(postgresAccepts, { timeoutMs: 120_000, intervalMs: 200, what: 'PostgreSQL to accept connections' });
}

/** Starts the RabbitMQ application (a no-op if it runs) and waits until it accepts AMQP connections. */
async function ensureBroker(): Promise<void> {
  await run('rabbitmqctl', ['start_app'], { timeout: 120_000 });
  await eventually(
    async () => {
      const connection = await connect(TEST_RABBITMQ_URL);
      await connection.close();
      return true;
    },
    { timeoutMs: 60_000, intervalMs: 200, what: 'RabbitMQ to accept connections' },
  );
}

let p: TPayoutsProcess;

/** Fresh funded workers for one test: the checks look at their withdrawals only. */
function fundedWorkers(): Promise<TUser[]> {
  return Promise.all(Array.from({ length: 8 }, () => p.fundedWorker()));
}

beforeAll(async () => {
  await startRedis();
  p = await startPayoutsProcess('payouts_outage', { REDIS_URL: `unix://${redisSocket}` });
});

afterAll(async () => {
  // Whatever happened above, every shared server must be running again for everyone else.
  await ensurePostgres();
  await ensureBroker();
  await p?.close();
  await killRedis();
  rmSync(redisDir, { recursive: true, force: true });
});

function expectNoHangNor500(attempts: TAttempt[]): void {
  expect(p.exit(), p.output().slice(-20).join('\n')).toBeUndefined();
  expect(unexpectedAnswers(attempts)).toEqual([]);
  expect(Math.max(...attempts.map((a) => a.ms))).toBeLessThan(NO_HANG_MS);
  for (const attempt of attempts.filter((a) => a.status === 503)) expect(attempt.body).toEqual({ message: SERVICE_UNAVAILABLE_MESSAGE, code: 'SERVICE.UNAVAILABLE' });
}

describe('the payouts process while a server it depends on goes away', () => {
  it('when Redis dies mid-request, then the token check answers 503 (not 500, no hang), nothing is applied for them, and requests succeed again once Redis is back', async () => {
    const users = await fundedWorkers();
    const load = startWithdrawalLoad(p, users, 12);
    let killedAt = 0;
    try {
      await load.acceptedMore(30);
      killedAt = Date.now();
      await killRedis();
      await eventually(async () => load.attempts.filter((a) => a.status === 503 && a.at > killedAt).length >= 10, { timeoutMs: 30_000, what: '503s while Redis is away' });
      await startRedis();
      await load.acceptedMore(30);
    } finally {
      await load.stop();
    }
    const attempts = load.attempts;
    expectNoHangNor500(attempts);
    const outcome = await checkNothingLostOrDoubled(p, users, attempts);
    expect(outcome.appliedDespite503).toBe(0); // refused at the token check: before any database work
    console.info(`redis outage: ${outcome.requests} requests, ${outcome.accepted} accepted, ${outcome.unavailable} answered 503 (slowest answer ${Math.max(...attempts.map((a) => a.ms))} ms); ${outcome.stored} stored once each after the retries, holds match, ledger verified`);
  });

  it('when RabbitMQ stops mid-burst, then withdrawals are still accepted (events wait in the outbox) and every event is published once it is back', async () => {
    const users = await fundedWorkers();
    const load = startWithdrawalLoad(p, users, 12);
    let unsentDuringOutage: number | undefined;
    try {
      await load.acceptedMore(20);
      try {
        await run('rabbitmqctl', ['stop_app'], { timeout: 120_000 });
        await load.acceptedMore(40);
        unsentDuringOutage = Number((await p.pool.query<{ n: string }>('SELECT count(*) AS n FROM outbox WHERE sent_at IS NULL')).rows[0]!.n);
      } finally {
        await ensureBroker();
      }
      await load.acceptedMore(20);
    } finally {
      await load.stop();
    }
    const attempts = load.attempts;
    expectNoHangNor500(attempts);
    expect(attempts.filter((a) => a.status !== 201)).toEqual([]);
    expect(unsentDuringOutage).toBeGreaterThanOrEqual(40);
    await eventually(async () => (await p.pool.query('SELECT 1 FROM outbox WHERE sent_at IS NULL')).rowCount === 0, { timeoutMs: 60_000, what: 'the outbox published' });
    const outcome = await checkNothingLostOrDoubled(p, users, attempts);
    console.info(`broker outage: ${outcome.requests} requests, all accepted; ${unsentDuringOutage} events waited in the outbox and were published after the restart; ledger verified`);
  });

  it('when PostgreSQL restarts mid-burst, then the process lives on, requests get 503 meanwhile, it answers again without a restart, and every withdrawal exists once with its hold, the ledger verifying', async () => {
    const users = await fundedWorkers();
    const load = startWithdrawalLoad(p, users, 12);
    let restartMs: number | undefined;
    try {
      await load.acceptedMore(30);
      const startedAt = Date.now();
      try {
        await run('pg_ctlcluster', ['--skip-systemctl-redirect', POSTGRES_VERSION, 'main', 'restart'], { timeout: 120_000 });
      } finally {
        await ensurePostgres();
      }
      restartMs = Date.now() - startedAt;
      await load.acceptedMore(30, 60_000);
    } finally {
      await load.stop();
    }
    const attempts = load.attempts;
    expectNoHangNor500(attempts);
    expect(attempts.filter((a) => a.status === 503).length).toBeGreaterThan(0);
    const outcome = await checkNothingLostOrDoubled(p, users, attempts);
    console.info(
      `postgres restart (${restartMs} ms): ${outcome.requests} requests, ${outcome.accepted} accepted, ${outcome.unavailable} answered 503 ` +
        `(${outcome.appliedDespite503} of them had committed; replayed with their key), ${outcome.stored} withdrawals stored once each, holds match, ledger verified`,
    );
  });
});
