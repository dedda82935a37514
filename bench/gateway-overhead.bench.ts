/**
 * What the gateway costs: the same authenticated GET measured directly on a service and through the gateway, at
 * a fixed request rate, unpipelined, with a fixed number of connections. Run: `npx tsx bench/gateway-overhead.bench.ts`.
 *
 * The service and the gateway each run in their own process (as in production); autocannon runs in this one.
 * Writes bench/results/gateway-overhead.txt and .json. See bench/README.md for how to read the figures.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import {
  authUserOf,
  createAuthHooks,
  createHttpServer,
  createLogger,
  createMetrics,
  createRedis,
  createTokenSigner,
  createTokenVerifier,
  listen,
} from '@platform/service-kit';
import { generateTestKeys, TEST_REDIS_URL, uniqueName } from '@platform/service-kit/testing';
import { start as startGateway, ZGatewayConfigSchema } from '../gateway/src/index.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const RESULTS_DIR = join(HERE, 'results');
const PATH = '/api/user/me';

const SETTINGS = {
  rate: Number(process.env.BENCH_RATE ?? 500),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
  /** Measured seconds per target, split in rounds that alternate direct and gateway (so a load change on the
   * machine during the run hits both alike). */
  durationSeconds: Number(process.env.BENCH_DURATION ?? 20),
  rounds: Number(process.env.BENCH_ROUNDS ?? 4),
  warmupSeconds: Number(process.env.BENCH_WARMUP ?? 3),
};

// ---------------------------------------------------------------------------------------------------------------
// Child processes: `--role=upstream` (a tiny service with one authenticated route) and `--role=gateway`.

async function runUpstream(): Promise<void> {
  const redis = createRedis(process.env.REDIS_URL ?? TEST_REDIS_URL, process.env.REDIS_PREFIX ?? '');
  const verifier = await createTokenVerifier({ publicKeyPem: process.env.JWT_PUBLIC_KEY!, audience: 'platform-api', issuer: 'platform-auth', redis });
  const { authenticate } = createAuthHooks(verifier);
  const app = createHttpServer({ logger: createLogger({ service: 'bench-upstream', level: 'silent' }), metrics: createMetrics('bench-upstream'), readiness: [] });
  app.get(PATH, { preHandler: authenticate }, async (request) => {
    const user = authUserOf(request);
    return { id: user.userId, role: user.role, email: 'worker@example.com', firstName: 'Bench', lastName: 'Worker' };
  });
  const url = await listen(app, '127.0.0.1', 0);
  process.once('SIGTERM', () => void app.close().finally(() => process.exit(0)));
  process.stdout.write(`READY ${url}\n`);
}

async function runGateway(): Promise<void> {
  const gateway = await startGateway(ZGatewayConfigSchema.parse(process.env));
  process.once('SIGTERM', () => void gateway.stop().finally(() => process.exit(0)));
  process.stdout.write(`READY ${gateway.url}\n`);
}

function spawnRole(role: string, env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), `--role=${role}`], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let buffered = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const match = /READY (\S+)/.exec(buffered);
      if (match) resolve({ child, url: match[1]! });
    });
    child.on('exit', (code) => reject(new Error(`${role} exited with ${code} before it was ready`)));
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The measurement.

interface TRun {
  target: string;
  url: string;
  requestsPerSecond: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

interface TSample {
  latencies: number[];
  seconds: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

async function sample(url: string, token: string, durationSeconds: number): Promise<TSample> {
  const latencies: number[] = [];
  let finish: (result: autocannon.Result) => void = () => undefined;
  let fail: (error: unknown) => void = () => undefined;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const instance = autocannon(
    {
      url: `${url}${PATH}`,
      headers: { authorization: `Bearer ${token}` },
      connections: SETTINGS.connections,
      pipelining: 1,
      overallRate: SETTINGS.rate,
      duration: durationSeconds,
    },
    (error, result) => (error ? fail(error) : finish(result)),
  );
  // autocannon's own histogram keeps whole milliseconds; the per-response times are fractional.
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
  });
  const result = await done;
  return { latencies, seconds: result.duration, non2xx: result.non2xx, errors: result.errors, timeouts: result.timeouts };
}

function summarise(target: string, url: string, samples: TSample[]): TRun {
  const latencies = samples.flatMap((x) => x.latencies).sort((a, b) => a - b);
  const seconds = samples.reduce((sum, x) => sum + x.seconds, 0);
  const mean = latencies.reduce((sum, v) => sum + v, 0) / (latencies.length || 1);
  return {
    target,
    url,
    requestsPerSecond: latencies.length / seconds,
    ok: latencies.length,
    non2xx: samples.reduce((sum, x) => sum + x.non2xx, 0),
    errors: samples.reduce((sum, x) => sum + x.errors, 0),
    timeouts: samples.reduce((sum, x) => sum + x.timeouts, 0),
    latencyMs: { p50: percentile(latencies, 50), p90: percentile(latencies, 90), p99: percentile(latencies, 99), max: latencies.at(-1) ?? Number.NaN, mean },
  };
}

const fmt = (n: number, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');

function report(direct: TRun, viaGateway: TRun): string {
  const rows: [string, string, string, string][] = [
    ['', 'direct', 'via gateway', 'gateway adds'],
    ['req/s (2xx)', fmt(direct.requestsPerSecond, 1), fmt(viaGateway.requestsPerSecond, 1), `ratio ${fmt(viaGateway.requestsPerSecond / direct.requestsPerSecond, 3)}`],
    ['latency p50 (ms)', fmt(direct.latencyMs.p50, 3), fmt(viaGateway.latencyMs.p50, 3), `+${fmt(viaGateway.latencyMs.p50 - direct.latencyMs.p50, 3)}`],
    ['latency p90 (ms)', fmt(direct.latencyMs.p90, 3), fmt(viaGateway.latencyMs.p90, 3), `+${fmt(viaGateway.latencyMs.p90 - direct.latencyMs.p90, 3)}`],
    ['latency p99 (ms)', fmt(direct.latencyMs.p99, 3), fmt(viaGateway.latencyMs.p99, 3), `+${fmt(viaGateway.latencyMs.p99 - direct.latencyMs.p99, 3)}`],
    ['latency max (ms)', fmt(direct.latencyMs.max, 3), fmt(viaGateway.latencyMs.max, 3), ''],
    ['2xx / non-2xx / errors', `${direct.ok} / ${direct.non2xx} / ${direct.errors}`, `${viaGateway.ok} / ${viaGateway.non2xx} / ${viaGateway.errors}`, ''],
  ];
  const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('   ');
  return [
    `Gateway overhead: GET ${PATH} with a bearer token (verified by the gateway, then again by the service)`,
    `${new Date().toISOString()}  node ${process.version}  ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}  load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`,
    `fixed rate ${SETTINGS.rate} req/s overall, ${SETTINGS.connections} connections, unpipelined, ${SETTINGS.durationSeconds} s per target in ${SETTINGS.rounds} alternating rounds, after ${SETTINGS.warmupSeconds} s warm-up`,
    '',
    line(rows[0]!),
    ...rows.slice(1).map(line),
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const keys = generateTestKeys();
  const redisPrefix = `bench:${uniqueName('gateway')}:`;
  const common = { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: redisPrefix, JWT_PUBLIC_KEY: keys.publicKeyPem, LOG_LEVEL: 'silent', NODE_ENV: 'production' };
  const children: ChildProcess[] = [];
  try {
    const upstream = await spawnRole('upstream', common);
    children.push(upstream.child);
    const gateway = await spawnRole('gateway', { ...common, PORT: '0', AUTH_SERVICE_URL: upstream.url, ADMIN_SERVICE_URL: upstream.url });
    children.push(gateway.child);

    const token = await (await createTokenSigner({ privateKeyPem: keys.privateKeyPem, audience: 'platform-api', issuer: 'platform-auth' })).sign({ id: crypto.randomUUID(), role: 'employee' });
    for (const url of [upstream.url, gateway.url]) {
      const res = await fetch(`${url}${PATH}`, { headers: { authorization: `Bearer ${token}` } });
      if (res.status !== 200) throw new Error(`${url}${PATH} answered ${res.status}: ${await res.text()}`);
    }

    console.log('warming up...');
    await sample(upstream.url, token, SETTINGS.warmupSeconds);
    await sample(gateway.url, token, SETTINGS.warmupSeconds);
    const directSamples: TSample[] = [];
    const gatewaySamples: TSample[] = [];
    const roundSeconds = Math.max(1, Math.round(SETTINGS.durationSeconds / SETTINGS.rounds));
    for (let round = 1; round <= SETTINGS.rounds; round++) {
      console.log(`round ${round}/${SETTINGS.rounds}: ${roundSeconds} s direct, then ${roundSeconds} s through the gateway...`);
      directSamples.push(await sample(upstream.url, token, roundSeconds));
      gatewaySamples.push(await sample(gateway.url, token, roundSeconds));
    }
    const direct = summarise('direct', upstream.url, directSamples);
    const viaGateway = summarise('gateway', gateway.url, gatewaySamples);

    const text = report(direct, viaGateway);
    console.log(`\n${text}`);
    mkdirSync(RESULTS_DIR, { recursive: true });
    writeFileSync(join(RESULTS_DIR, 'gateway-overhead.txt'), text);
    writeFileSync(
      join(RESULTS_DIR, 'gateway-overhead.json'),
      `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: cpus().length, loadavg: loadavg(), settings: SETTINGS, direct, viaGateway }, null, 2)}\n`,
    );
  } finally {
    for (const child of children) child.kill('SIGTERM');
    const redis = new Redis(TEST_REDIS_URL);
    const found = await redis.keys(`${redisPrefix}*`);
    if (found.length) await redis.del(...found);
    redis.disconnect();
  }
}

const role = process.argv.find((a) => a.startsWith('--role='))?.slice('--role='.length);
if (role === 'upstream') await runUpstream();
else if (role === 'gateway') await runGateway();
else await main();
