/**
 * Withdrawal requests under load: POST /api/withdrawals (a ledger hold in one transaction, with an idempotency key).
 * 1. The SQL round trips of one withdrawal (counted in-process, service-kit testing recordQueries).
 * 2. Capacity: closed-loop saturation directly on the payouts service against pgbench TPC-B (-M prepared) on a scratch
 *    database of the same PostgreSQL, and against pgbench replaying the withdrawal's own SQL (lib/withdrawal-sql.ts),
 *    in alternating rounds, with the load average and the CPU per withdrawal of each process (/proc): every service
 *    instance and the gateway, RabbitMQ, Redis, each service's PostgreSQL backends, PostgreSQL's background processes,
 *    the load generator, their sum and the whole machine (/proc/stat). A round's meters stop once every consumer of
 *    withdrawal.requested has taken every withdrawal's event (their inboxes), so what the event costs downstream is
 *    counted with the withdrawal that caused it.
 * 3. A fixed rate through the gateway and directly, open loop (lib/open-loop.ts: latencies of a paced load).
 * Then the ledger's invariants, printed beside the figures.
 * Run: `npx tsx bench/withdrawals.bench.ts` (about 2.5 minutes). Writes bench/results/withdrawals.txt and .json.
 *
 * The whole stack runs as separate processes (scripts/stack.ts) under its own namespace; workers are registered
 * and credited by an admin adjustment through the real API, then share the load round-robin.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type autocannon from 'autocannon';
import pg from 'pg';
import { createPool } from '@platform/service-kit';
import { recordQueries, TEST_POSTGRES_URL, uniqueName } from '@platform/service-kit/testing';
import { findAccountsBreakingInvariant } from '../services/payouts/src/data-access/ledger.repository.js';
import { loadPayoutsConfig, start as startPayouts } from '../services/payouts/src/index.js';
import { DEV_ADMIN, startStack } from '../scripts/stack.js';
import { comparisonRows, formatTable, machineLine, measureAlternating, settingsFromEnv, settingsLine, type TRun } from './lib/load.js';
import type { TOpenLoopRequest } from './lib/open-loop.js';
import { createScratchDatabase, type TPgbenchResult } from './lib/pgbench.js';
import { loadLine, meterBackends, meterMachine, meterProcesses, pidByCommand, pidListeningOn, postgresBackgroundPids } from './lib/proc.js';
import { saturate, type TSaturation } from './lib/saturate.js';
import { prepareWithdrawalReplica, WITHDRAWAL_SQL_SCRIPT } from './lib/withdrawal-sql.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const SETTINGS = settingsFromEnv({ rate: 100, connections: 10, durationSeconds: 20, rounds: 4, warmupSeconds: 2 });
const WORKERS = Number(process.env.BENCH_WORKERS ?? 40);
/** Capacity: connections (= pgbench clients and scale), rounds and seconds per round of each. */
const CAPACITY = {
  connections: Number(process.env.BENCH_CAPACITY_CONNECTIONS ?? 10),
  rounds: Number(process.env.BENCH_CAPACITY_ROUNDS ?? 2),
  seconds: Number(process.env.BENCH_CAPACITY_SECONDS ?? 10),
};
const STARTING_BALANCE = '1000000.00';
const AMOUNT = '50.00';
const WALLET = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

async function call<T>(url: string, method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

async function main(): Promise<void> {
  const namespace = uniqueName('bench_wd');
  console.log(`starting the stack (${namespace})...`);
  const keysDir = mkdtempSync(join(tmpdir(), 'bench-wd-keys-'));
  const stack = await startStack({
    namespace,
    keysDir,
    seed: true,
    ephemeral: true,
    logLevel: 'warn',
    // Production refuses to start without the keys that seal identity images (issue 15) and assistants' provider
    // keys (issue 13): fresh ones per run.
    env: { NODE_ENV: 'production', VERIFICATION_MASTER_KEY: randomBytes(32).toString('base64'), CHAT_SECRETS_KEY: randomBytes(32).toString('base64'), RATE_LIMIT_REGISTER_PER_ADDRESS: '10000/1h', RATE_LIMIT_LOGIN_PER_ADDRESS: '10000/15m' },
  });
  const pool = createPool(stack.databaseUrls.payouts!, { max: 2 });
  const admin = new pg.Pool({ connectionString: TEST_POSTGRES_URL, max: 2 });
  const cleanups: (() => Promise<unknown>)[] = [];
  try {
    const gateway = stack.baseUrl;
    const adminLogin = await call<{ token: string }>(gateway, 'POST', '/api/auth/login', undefined, DEV_ADMIN);
    console.log(`registering and crediting ${WORKERS} workers...`);
    const tokens: string[] = [];
    for (let i = 0; i < WORKERS; i++) {
      const { token, user } = await call<{ token: string; user: { id: string } }>(gateway, 'POST', '/api/auth/register', undefined, {
        email: `bench-${i}-${namespace}@example.com`,
        password: 'bench-password',
        firstName: 'Bench',
        lastName: `Worker ${i}`,
      });
      // payouts opens the account when it hears user.registered: until then the adjustment is 404 (user not found).
      for (let attempt = 0; ; attempt += 1) {
        try {
          await call(gateway, 'PATCH', `/api/admin/users/${user.id}/balance`, adminLogin.token, { balance: STARTING_BALANCE, reason: 'Benchmark funds' });
          break;
        } catch (error) {
          if (attempt >= 100 || !String(error).includes('answered 404')) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      tokens.push(token);
    }

    let next = 0;
    const body = JSON.stringify({ amount: AMOUNT, currency: 'BTC', walletAddress: WALLET });
    const request = (url: string) => (): autocannon.Options => ({
      url: `${url}/api/withdrawals`,
      requests: [
        {
          method: 'POST',
          setupRequest: (req: autocannon.Request) => ({
            ...req,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[next++ % tokens.length]}`, 'idempotency-key': randomUUID() },
            body,
          }),
        },
      ],
    });
    const paced = (): TOpenLoopRequest => ({
      method: 'POST',
      path: '/api/withdrawals',
      headers: { authorization: `Bearer ${tokens[next++ % tokens.length]}`, 'idempotency-key': randomUUID() },
      body: () => body,
    });
    console.log('counting the round trips of one withdrawal (in-process payouts on the same database)...');
    const roundTrips = await countRoundTrips(stack.databaseUrls.payouts!, namespace, readFileSync(join(keysDir, 'jwt-public.pem'), 'utf8'), tokens[0]!, body);

    console.log(`capacity: ${CAPACITY.rounds} alternating rounds of ${CAPACITY.seconds} s, withdrawals (closed loop, ${CAPACITY.connections} connections) and pgbench TPC-B (-c ${CAPACITY.connections})...`);
    // What each withdrawal costs, process by process: payouts (the request) and what its event causes elsewhere (the
    // other services' consumers of withdrawal.requested and the rest, the gateway), RabbitMQ, Redis, each service's
    // PostgreSQL backends and PostgreSQL's own background processes; and the whole machine (/proc/stat), which also
    // counts whatever else runs on it.
    const processes = new Map<string, number>();
    for (const [name, urls] of Object.entries(stack.serviceUrls)) {
      for (const [i, url] of urls.split(',').entries()) {
        const pid = pidListeningOn(Number(new URL(url).port));
        if (pid !== undefined && ![...processes.values()].includes(pid)) processes.set(i === 0 ? name : `${name}-${i + 1}`, pid);
      }
    }
    const rabbitPid = pidByCommand('beam.smp');
    if (rabbitPid) processes.set('RabbitMQ', rabbitPid);
    const redisPid = pidByCommand('redis-server');
    if (redisPid) processes.set('Redis', redisPid);
    const databases = Object.fromEntries(Object.entries(stack.databaseUrls).map(([name, url]) => [name, decodeURIComponent(new URL(url).pathname.slice(1))]));
    const inboxes = Object.entries(stack.databaseUrls).filter(([name]) => name !== 'payouts').map(([, url]) => new pg.Pool({ connectionString: url, max: 1 }));
    cleanups.push(() => Promise.all(inboxes.map((p) => p.end())));
    /**
     * Waits until every consumer of withdrawal.requested (in any service's inbox) has taken every withdrawal's event;
     * how long that took after the load stopped (ms). Gives up after a minute (then NaN).
     */
    const drain = async (): Promise<number> => {
      const started = Date.now();
      while (Date.now() - started < 60_000) {
        const { rows: [w] } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM withdrawals');
        const counts = await Promise.all(
          inboxes.map(async (db) => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM inbox WHERE event_type = 'withdrawal.requested' GROUP BY consumer`)).rows.map((r) => r.n)),
        );
        if (counts.flat().every((n) => n >= w!.n)) return Date.now() - started;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return Number.NaN;
    };
    const scratch = await createScratchDatabase(TEST_POSTGRES_URL, uniqueName('bench_tpcb'), { tpcbScale: CAPACITY.connections });
    const replica = await createScratchDatabase(TEST_POSTGRES_URL, uniqueName('bench_wdsql'));
    await prepareWithdrawalReplica(replica.url);
    const replicaRounds: TPgbenchResult[] = [];
    const withdrawalRounds: TWithdrawalRound[] = [];
    const tpcbMachineMs: number[] = [];
    const pgbenchRounds: TPgbenchResult[] = [];
    const capacityLoads: string[] = [];
    try {
      const saturated = (): autocannon.Options => ({ ...request(stack.serviceUrls.payouts!)() });
      await saturate(saturated(), CAPACITY.connections, 2); // warm-up
      await drain();
      for (let round = 1; round <= CAPACITY.rounds; round++) {
        const processCpu = [...processes].map(([name, pid]) => [name, meterProcesses([pid])] as const);
        const databaseCpu = Object.entries(databases).map(([name, db]) => [name, meterBackends(admin, [db])] as const);
        const backgroundCpu = meterProcesses(await postgresBackgroundPids(admin));
        const machineCpu = meterMachine();
        const benchCpu = process.cpuUsage();
        const r = await saturate(saturated(), CAPACITY.connections, CAPACITY.seconds);
        // The events of the round's withdrawals are consumed before the meters stop: their cost is the withdrawal's.
        const drainMs = await drain();
        const bench = process.cpuUsage(benchCpu);
        const perRequest = (seconds: number) => (seconds * 1000) / Math.max(1, r.ok);
        const cpuMs: Record<string, number> = { 'load generator (this process)': perRequest((bench.user + bench.system) / 1e6) };
        for (const [name, meter] of processCpu) cpuMs[`${name} process`] = perRequest(await meter.stop());
        for (const [name, meter] of databaseCpu) cpuMs[`PostgreSQL backends of ${name}`] = perRequest(await meter.stop());
        cpuMs['PostgreSQL background (WAL writer, checkpointer...)'] = perRequest(await backgroundCpu.stop());
        withdrawalRounds.push({ ...r, cpuMs, machineCpuMs: perRequest(await machineCpu.stop()), drainMs });
        const tpcbMachine = meterMachine();
        pgbenchRounds.push(await scratch.bench({ clients: CAPACITY.connections, seconds: CAPACITY.seconds }));
        tpcbMachineMs.push((await tpcbMachine.stop()) * 1000 / Math.max(1, pgbenchRounds.at(-1)!.transactions));
        replicaRounds.push(await replica.bench({ clients: CAPACITY.connections, seconds: CAPACITY.seconds, scripts: { 'withdrawal.sql': WITHDRAWAL_SQL_SCRIPT } }));
        capacityLoads.push(loadLine());
        console.log(`round ${round}: ${r.perSecond.toFixed(1)} withdrawals/s, TPC-B ${pgbenchRounds.at(-1)!.tps.toFixed(1)} tps, withdrawal SQL ${replicaRounds.at(-1)!.tps.toFixed(1)} tps (${capacityLoads.at(-1)})`);
      }
    } finally {
      await scratch.drop();
      await replica.drop();
    }

    console.log('paced load, direct and through the gateway...');
    const [direct, viaGateway] = (await measureAlternating(
      [
        { name: 'direct', origin: stack.serviceUrls.payouts!, request: paced },
        { name: 'gateway', origin: gateway, request: paced },
      ],
      SETTINGS,
    )) as [TRun, TRun];

    console.log('checking the ledger...');
    const broken = await findAccountsBreakingInvariant(pool);
    const { rows: [counts] } = await pool.query<{ accounts: number; negative: number; entries: number; holds: number; pending: number }>(`
      SELECT (SELECT count(*)::int FROM ledger_accounts) AS accounts,
             (SELECT count(*)::int FROM ledger_accounts WHERE available < 0 OR held < 0) AS negative,
             (SELECT count(*)::int FROM ledger_entries) AS entries,
             (SELECT count(*)::int FROM ledger_entries WHERE kind = 'withdrawal_hold') AS holds,
             (SELECT count(*)::int FROM withdrawals WHERE status = 'pending') AS pending`);
    const chains = await Promise.all(tokens.map((token) => call<{ valid: boolean; entries: number }>(gateway, 'GET', '/api/ledger/verify', token)));
    const chainsValid = chains.filter((c) => c.valid).length;
    const accepted = direct.ok + viaGateway.ok;
    const invariant = {
      accountsChecked: counts!.accounts,
      accountsBreakingInvariant: broken.length,
      negativeBalances: counts!.negative,
      acceptedInMeasuredRounds: accepted,
      holds: counts!.holds,
      pendingWithdrawals: counts!.pending,
      chainsValid: `${chainsValid}/${chains.length}`,
    };

    const text = [
      `Withdrawals: POST /api/withdrawals of ${AMOUNT} (hold in one transaction, Idempotency-Key per request), ${WORKERS} workers round-robin`,
      machineLine(),
      '',
      `Paced: ${settingsLine(SETTINGS)}`,
      '',
      ...formatTable(comparisonRows(direct, viaGateway)),
      '',
      ...capacityLines(withdrawalRounds, pgbenchRounds, replicaRounds, capacityLoads, tpcbMachineMs),
      '',
      `SQL round trips of one accepted withdrawal (in-process count): ${roundTrips.roundTrips}, ${roundTrips.statements.length} statements, ${roundTrips.statements.filter((x) => x.named).length} of them prepared (named).`,
      '',
      `Invariant check after the run: ${counts!.accounts} accounts, ${broken.length} breaking "entries sum to available + held",`,
      `${counts!.negative} negative balances, ${counts!.entries} entries (${counts!.holds} holds = ${counts!.pending} pending withdrawals, warm-up included),`,
      `hash chains verified through GET /api/ledger/verify: ${chainsValid}/${chains.length} valid.`,
      broken.length === 0 && counts!.negative === 0 && chainsValid === chains.length && counts!.holds === counts!.pending ? 'RESULT: ledger sound' : 'RESULT: LEDGER BROKEN',
      '',
    ].join('\n');
    console.log(`\n${text}`);
    mkdirSync(join(HERE, 'results'), { recursive: true });
    writeFileSync(join(HERE, 'results', 'withdrawals.txt'), text);
    writeFileSync(
      join(HERE, 'results', 'withdrawals.json'),
      `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: cpus().length, loadavg: loadavg(), settings: SETTINGS, capacity: { ...CAPACITY, withdrawalRounds, pgbenchRounds, tpcbMachineMs, replicaRounds, loads: capacityLoads }, roundTrips: { roundTrips: roundTrips.roundTrips, statements: roundTrips.statements }, workers: WORKERS, direct, viaGateway, invariant, counts }, null, 2)}\n`,
    );
    if (broken.length || counts!.negative || chainsValid !== chains.length) process.exitCode = 1;
  } finally {
    for (const cleanup of cleanups) await cleanup();
    await pool.end();
    await admin.end();
    await stack.stop();
    rmSync(keysDir, { recursive: true, force: true });
  }
}

/** One withdrawal through an in-process payouts instance on the stack's database, its SQL recorded. */
async function countRoundTrips(databaseUrl: string, namespace: string, publicKeyPem: string, token: string, body: string) {
  const ns = namespace.replace(/[^a-z0-9_]/gi, '_').toLowerCase();
  const service = await startPayouts(
    loadPayoutsConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: '0',
      INTERNAL_PORT: '0',
      DATABASE_URL: databaseUrl,
      EVENTS_EXCHANGE: `${ns}.events`,
      QUEUE_PREFIX: `${ns}.`,
      REDIS_PREFIX: `${ns}:`,
      JWT_PUBLIC_KEY: publicKeyPem,
      CONSUMERS_ENABLED: 'false',
    }),
  );
  const requestId = `bench-rt-${randomUUID()}`;
  const recording = recordQueries(requestId);
  try {
    const res = await fetch(`${service.url}/api/withdrawals`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': randomUUID(), 'x-request-id': requestId },
      body,
    });
    if (res.status !== 201) throw new Error(`the counted withdrawal answered ${res.status}: ${await res.text()}`);
    return { roundTrips: recording.roundTrips, statements: recording.statements };
  } finally {
    recording.stop();
    await service.stop();
  }
}

/** A capacity round of withdrawals, with the CPU each part of the machine spent per accepted withdrawal (ms). */
type TWithdrawalRound = TSaturation & {
  /** Per part of the stack (a process, a service's PostgreSQL backends...). */
  cpuMs: Record<string, number>;
  machineCpuMs: number;
  /** How long the consumers took to catch up after the load stopped (ms; metered with the round). */
  drainMs: number;
};

function capacityLines(withdrawals: TWithdrawalRound[], pgbench: TPgbenchResult[], replica: TPgbenchResult[], loads: string[], tpcbMachineMs: number[]): string[] {
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const wd = mean(withdrawals.map((r) => r.perSecond));
  const tps = mean(pgbench.map((r) => r.tps));
  const sql = mean(replica.map((r) => r.tps));
  const f = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : 'n/a');
  return [
    `Capacity, same run: closed loop, ${CAPACITY.connections} connections / pgbench -c ${CAPACITY.connections} -j 2 -M prepared, ${CAPACITY.rounds} alternating rounds of ${CAPACITY.seconds} s`,
    ...formatTable([
      ['', 'withdrawals (HTTP, direct)', 'pgbench TPC-B', 'withdrawal SQL (pgbench)'],
      ['per second, each round', withdrawals.map((r) => f(r.perSecond)).join(' / '), pgbench.map((r) => f(r.tps)).join(' / '), replica.map((r) => f(r.tps)).join(' / ')],
      ['per second, mean', f(wd), f(tps), f(sql)],
      ['ratio to TPC-B (target >= 0.5)', f(wd / tps, 3), '1', f(sql / tps, 3)],
      ['latency p50 / p99 (ms)', `${f(mean(withdrawals.map((r) => r.latencyMs.p50)))} / ${f(mean(withdrawals.map((r) => r.latencyMs.p99)))}`, `${f(mean(pgbench.map((r) => r.latencyMs)), 2)} (mean)`, `${f(mean(replica.map((r) => r.latencyMs)), 2)} (mean)`],
      ['PostgreSQL CPU ms per txn', f(mean(withdrawals.map((r) => r.cpuMs['PostgreSQL backends of payouts'] ?? Number.NaN)), 3), f(mean(pgbench.map((r) => r.cpuMsPerTransaction)), 3), f(mean(replica.map((r) => r.cpuMsPerTransaction)), 3)],
      ['load generator CPU ms', f(mean(withdrawals.map((r) => r.cpuMs['load generator (this process)'] ?? Number.NaN)), 3), 'not measured', 'not measured'],
      ['whole machine CPU ms per txn', f(mean(withdrawals.map((r) => r.machineCpuMs)), 3), f(mean(tpcbMachineMs), 3), ''],
      ['2xx / non-2xx / errors', `${withdrawals.reduce((a, r) => a + r.ok, 0)} / ${withdrawals.reduce((a, r) => a + r.non2xx, 0)} / ${withdrawals.reduce((a, r) => a + r.errors, 0)}`, `${pgbench.reduce((a, r) => a + r.transactions, 0)} txns`, `${replica.reduce((a, r) => a + r.transactions, 0)} txns`],
    ]),
    ...loads.map((l, i) => `after capacity round ${i + 1}: ${l}`),
    '',
    ...breakdownLines(withdrawals),
  ];
}

/** The CPU of one withdrawal, part by part (largest first), their sum, and what the machine spent besides. */
function breakdownLines(withdrawals: TWithdrawalRound[]): string[] {
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const f = (n: number) => (Number.isFinite(n) ? n.toFixed(3) : 'n/a');
  const parts = [...new Set(withdrawals.flatMap((r) => Object.keys(r.cpuMs)))]
    .map((part) => ({ part, each: withdrawals.map((r) => r.cpuMs[part] ?? 0) }))
    .sort((a, b) => mean(b.each) - mean(a.each));
  const sums = withdrawals.map((r) => Object.values(r.cpuMs).reduce((a, b) => a + b, 0));
  return [
    `CPU per withdrawal, part by part (ms; the events consumed before the meters stop: ${withdrawals.map((r) => `${f(r.drainMs / 1000)} s`).join(' / ')} after the load)`,
    ...formatTable([
      ['', 'each round', 'mean'],
      ...parts.map(({ part, each }) => [part, each.map(f).join(' / '), f(mean(each))]),
      ['the stack (sum of the parts)', sums.map(f).join(' / '), f(mean(sums))],
      ['rest of the machine (other processes)', withdrawals.map((r, i) => f(r.machineCpuMs - sums[i]!)).join(' / '), f(mean(withdrawals.map((r, i) => r.machineCpuMs - sums[i]!)))],
      ['whole machine (/proc/stat)', withdrawals.map((r) => f(r.machineCpuMs)).join(' / '), f(mean(withdrawals.map((r) => r.machineCpuMs)))],
    ]),
  ];
}

await main();
