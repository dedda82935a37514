/**
 * What the gateway costs, measured against references in the same run. Run: `npm run bench:gateway`.
 *
 * Processes (each its own, as in production): a bare node:http server and a bare Fastify server answering the same
 * JSON (the ceilings of this machine), a small service built with service-kit (createHttpServer + the token check,
 * one GET and one POST route: "direct"), the real gateway in front of that service ("via gateway"), and a bare proxy
 * in front of it (node:http + undici, nothing checked: the floor of one proxy hop in Node, "via bare proxy"). The load
 * generator (bench/lib/open-loop.ts) runs in this process: open-loop, paced, latency from the scheduled time.
 *
 * 1. Capacity of each target: the highest rate with p99 <= P99_BOUND_MS and every answer 2xx.
 * 2. At half the gateway's capacity, GET and POST directly and through the gateway, alternating: added latency
 *    (p50, p99) and the CPU each process spends per request (from /proc).
 * Writes bench/results/gateway.txt and .json. See bench/README.md.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { Pool as UndiciPool } from 'undici';
import { z } from 'zod';
import { authUserOf, createAuthHooks, createHttpServer, createLogger, createMetrics, createRedis, createTokenSigner, createTokenVerifier, listen } from '@platform/service-kit';
import { generateTestKeys, TEST_REDIS_URL, uniqueName } from '@platform/service-kit/testing';
import { start as startGateway, ZGatewayConfigSchema } from '../gateway/src/index.js';
import { findCapacity, fmt, formatTable, machineLine, runOpenLoop, withCpu, type TCapacity, type TOpenLoopRequest, type TOpenLoopResult } from './lib/open-loop.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const RESULTS_DIR = join(HERE, 'results');
const GET_PATH = '/api/user/me';
const POST_PATH = '/api/user/notes';
const ANSWER = { id: '6f2b1a7e-0c3d-4e5f-8a9b-1c2d3e4f5a6b', role: 'employee', email: 'worker@example.com', firstName: 'Bench', lastName: 'Worker' };
/** A list answer of about 9 KiB (40 tasks), asked for as a browser does (Accept-Encoding: gzip, deflate, br). */
const LIST_PATH = '/api/user/list';
const LIST_ANSWER = {
  items: Array.from({ length: 40 }, (_, i) => ({
    id: `6f2b1a7e-0c3d-4e5f-8a9b-${String(i).padStart(12, '0')}`,
    title: `Task number ${i}: test the checkout flow of a shop on a phone`,
    status: i % 3 ? 'open' : 'approved',
    reward: { amount: `${10 + i}.50`, currency: 'USD' },
    createdAt: new Date(Date.UTC(2026, 10, 1, 12, i)).toISOString(),
  })),
  total: 40,
};

const P99_BOUND_MS = Number(process.env.BENCH_P99_BOUND_MS ?? 25);
const PROBE_SECONDS = Number(process.env.BENCH_PROBE_SECONDS ?? 4);
const MEASURE_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

// ---------------------------------------------------------------------------------------------------------------
// Child processes.

async function runBareHttp(): Promise<void> {
  const body = JSON.stringify(ANSWER);
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  process.once('SIGTERM', () => server.close(() => process.exit(0)));
  process.stdout.write(`READY http://127.0.0.1:${port}\n`);
}

async function runBareFastify(): Promise<void> {
  const app = Fastify({ logger: false });
  app.get(GET_PATH, async () => ANSWER);
  app.post(POST_PATH, async () => ({ ok: true }));
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  process.once('SIGTERM', () => void app.close().finally(() => process.exit(0)));
  process.stdout.write(`READY ${url}\n`);
}

/**
 * The floor of one proxy hop in Node on this machine: node:http in front, undici's keep-alive pool behind (what the
 * gateway's proxy uses), the request and the answer passed through as they are. No route table, token check, rate
 * limit, security headers, request id or metrics.
 */
async function runBareProxy(): Promise<void> {
  const pool = new UndiciPool(process.env.BARE_PROXY_UPSTREAM!, { connections: 128, pipelining: 1, keepAliveTimeout: 30_000 });
  const server = createServer((req, res) => {
    const headers: Record<string, string | string[] | undefined> = { ...req.headers };
    for (const name of HOP_BY_HOP) delete headers[name];
    const bodyless = req.method === 'GET' || req.method === 'HEAD';
    pool
      .request({ method: req.method as 'GET' | 'POST', path: req.url!, headers, body: bodyless ? null : req })
      .then(({ statusCode, headers: answer, body }) => {
        for (const name of HOP_BY_HOP) delete answer[name];
        res.writeHead(statusCode, answer as Record<string, string | string[]>);
        body.pipe(res);
      })
      .catch(() => {
        res.writeHead(502).end();
      });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  process.once('SIGTERM', () => server.close(() => process.exit(0)));
  process.stdout.write(`READY http://127.0.0.1:${port}\n`);
}
const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'host', 'upgrade', 'proxy-connection'];

async function runService(): Promise<void> {
  const redis = createRedis(process.env.REDIS_URL ?? TEST_REDIS_URL, process.env.REDIS_PREFIX ?? '');
  const verifier = await createTokenVerifier({ publicKeyPem: process.env.JWT_PUBLIC_KEY!, audience: 'platform-api', issuer: 'platform-auth', redis });
  const { authenticate } = createAuthHooks(verifier);
  const app = createHttpServer({ logger: createLogger({ service: 'bench-service', level: 'silent' }), metrics: createMetrics('bench-service') });
  app.get(GET_PATH, { onRequest: authenticate }, async (request) => ({ ...ANSWER, id: authUserOf(request).userId }));
  app.post(POST_PATH, { onRequest: authenticate, schema: { body: z.strictObject({ note: z.string().max(200) }) } }, async () => ({ ok: true }));
  app.get(LIST_PATH, { onRequest: authenticate }, async () => LIST_ANSWER);
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
  // BENCH_PROFILE=<role> (gateway, service...): that process writes a V8 CPU profile to bench/results/profiles/.
  const profile = process.env.BENCH_PROFILE === role ? ['--cpu-prof', `--cpu-prof-dir=${join(RESULTS_DIR, 'profiles')}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', fileURLToPath(import.meta.url), `--role=${role}`], {
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

interface TPaced {
  name: string;
  result: TOpenLoopResult;
  cpuMsPerRequest: Record<string, number>;
}

async function main(): Promise<void> {
  const keys = generateTestKeys();
  const redisPrefix = `bench:${uniqueName('gateway')}:`;
  const common = { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: redisPrefix, JWT_PUBLIC_KEY: keys.publicKeyPem, LOG_LEVEL: 'info', NODE_ENV: 'production' };
  const children: ChildProcess[] = [];
  const log = (line: string) => console.log(line);
  try {
    const bareHttp = await spawnRole('bare-http', common);
    const bareFastify = await spawnRole('bare-fastify', common);
    const service = await spawnRole('service', common);
    const gateway = await spawnRole('gateway', { ...common, PORT: '0', INTERNAL_PORT: '0', AUTH_SERVICE_URL: service.url, ADMIN_SERVICE_URL: service.url });
    const bareProxy = await spawnRole('bare-proxy', { ...common, BARE_PROXY_UPSTREAM: service.url });
    children.push(bareHttp.child, bareFastify.child, service.child, gateway.child, bareProxy.child);

    const token = await (await createTokenSigner({ privateKeyPem: keys.privateKeyPem, audience: 'platform-api', issuer: 'platform-auth' })).sign({ id: crypto.randomUUID(), role: 'employee' });
    const headers = { authorization: `Bearer ${token}` };
    const get: TOpenLoopRequest = { path: GET_PATH, headers };
    const post: TOpenLoopRequest = { method: 'POST', path: POST_PATH, headers, body: () => '{"note":"hello from the benchmark"}' };
    const list: TOpenLoopRequest = { path: LIST_PATH, headers: { ...headers, 'accept-encoding': 'gzip, deflate, br' } };
    for (const url of [service.url, gateway.url, bareProxy.url]) {
      const res = await fetch(`${url}${GET_PATH}`, { headers });
      if (res.status !== 200) throw new Error(`${url}${GET_PATH} answered ${res.status}: ${await res.text()}`);
    }
    // Warm-up (JIT, connection pools, the verifier's memory).
    for (const url of [bareHttp.url, bareFastify.url, service.url, gateway.url, bareProxy.url]) await runOpenLoop({ origin: url, request: get, rate: 300, durationSeconds: 2 });

    // BENCH_FIXED_RATE=<req/s>: only the paced rounds at that rate, printed and not written (to compare two builds).
    const fixedRate = Number(process.env.BENCH_FIXED_RATE ?? 0);
    if (!fixedRate) log(`\nCapacity: highest rate with p99 <= ${P99_BOUND_MS} ms and every answer 2xx (${PROBE_SECONDS} s probes)`);
    const capacities: Record<string, TCapacity> = {};
    for (const [name, url] of fixedRate ? [] : [
      ['bare node:http', bareHttp.url],
      ['bare Fastify', bareFastify.url],
      ['service (direct)', service.url],
      ['via bare proxy', bareProxy.url],
      ['via gateway', gateway.url],
    ] as const) {
      log(`${name}:`);
      capacities[name] = await findCapacity({ origin: url, request: get, startRate: 500, p99BoundMs: P99_BOUND_MS, probeSeconds: PROBE_SECONDS, connections: 64 }, log);
    }

    const half = fixedRate || Math.max(50, Math.round(capacities['via gateway']!.rate / 2));
    const pids = { gateway: gateway.child.pid!, bareProxy: bareProxy.child.pid!, service: service.child.pid! };
    const paced: TPaced[] = [];
    log(`\nPaced at ${half} req/s (half the gateway's capacity), ${ROUNDS} alternating rounds of ${MEASURE_SECONDS} s`);
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [name, url, request] of [
        ['GET direct', service.url, get],
        ['GET via bare proxy', bareProxy.url, get],
        ['GET via gateway', gateway.url, get],
        ['POST direct', service.url, post],
        ['POST via bare proxy', bareProxy.url, post],
        ['POST via gateway', gateway.url, post],
        ['GET 9 KiB direct', service.url, list],
        ['GET 9 KiB via gateway', gateway.url, list],
      ] as const) {
        const { result, cpuMsPerRequest } = await withCpu(pids, () => runOpenLoop({ origin: url, request, rate: half, durationSeconds: MEASURE_SECONDS, connections: 64 }));
        log(`  round ${round} ${name}: p50 ${fmt(result.p50, 3)} ms, p99 ${fmt(result.p99, 3)} ms, ${result.ok}/${result.scheduled} ok, gateway CPU ${fmt(cpuMsPerRequest.gateway!, 3)} ms/req, bare proxy CPU ${fmt(cpuMsPerRequest.bareProxy!, 3)} ms/req, service CPU ${fmt(cpuMsPerRequest.service!, 3)} ms/req`);
        paced.push({ name, result, cpuMsPerRequest });
      }
    }

    const merged = (name: string) => {
      const runs = paced.filter((p) => p.name === name);
      const latencies = runs.flatMap((r) => r.result.latencies).sort((a, b) => a - b);
      const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.ceil((q / 100) * latencies.length) - 1)] ?? Number.NaN;
      const ok = runs.reduce((s, r) => s + r.result.ok, 0);
      const scheduled = runs.reduce((s, r) => s + r.result.scheduled, 0);
      const cpu = (proc: string) => runs.reduce((s, r) => s + r.cpuMsPerRequest[proc]! * r.result.ok, 0) / Math.max(1, ok);
      return { p50: at(50), p99: at(99), ok, scheduled, gatewayCpu: cpu('gateway'), bareProxyCpu: cpu('bareProxy'), serviceCpu: cpu('service') };
    };
    const getDirect = merged('GET direct');
    const getGateway = merged('GET via gateway');
    const postDirect = merged('POST direct');
    const postGateway = merged('POST via gateway');
    const getBare = merged('GET via bare proxy');
    const postBare = merged('POST via bare proxy');
    const listDirect = merged('GET 9 KiB direct');
    const listGateway = merged('GET 9 KiB via gateway');
    if (fixedRate) {
      log(`GET gateway CPU ${fmt(getGateway.gatewayCpu, 3)} ms/req (bare proxy ${fmt(getBare.bareProxyCpu, 3)}), POST ${fmt(postGateway.gatewayCpu, 3)} ms/req (bare proxy ${fmt(postBare.bareProxyCpu, 3)}), 9 KiB GET (br accepted) ${fmt(listGateway.gatewayCpu, 3)} ms/req; adds GET p50 +${fmt(getGateway.p50 - getDirect.p50, 3)} p99 +${fmt(getGateway.p99 - getDirect.p99, 3)} ms`);
      return;
    }
    const cap = (name: string) => capacities[name]!.rate;

    const lines = [
      'Gateway: what one hop costs, beside references measured in the same run',
      machineLine(),
      `open-loop paced load (latency from each request's scheduled time), 64 keep-alive connections, capacity = highest rate with p99 <= ${P99_BOUND_MS} ms and all 2xx`,
      '',
      ...formatTable([
        ['capacity (authenticated GET)', 'req/s', 'ratio'],
        ['bare node:http (no auth)', String(cap('bare node:http')), ''],
        ['bare Fastify (no auth)', String(cap('bare Fastify')), `${fmt(cap('bare Fastify') / cap('bare node:http'), 2)} of node:http`],
        ['service, direct (Fastify + token check)', String(cap('service (direct)')), `${fmt(cap('service (direct)') / cap('bare Fastify'), 2)} of bare Fastify`],
        ['via bare proxy (node:http + undici, no checks)', String(cap('via bare proxy')), `${fmt(cap('via bare proxy') / cap('service (direct)'), 2)} of direct`],
        ['via gateway', String(cap('via gateway')), `${fmt(cap('via gateway') / cap('service (direct)'), 2)} of direct (target >= 0.5)`],
      ]),
      '',
      `Paced at ${half} req/s (half the gateway's capacity), ${ROUNDS} x ${MEASURE_SECONDS} s per target, alternating:`,
      ...formatTable([
        ['', 'p50 ms', 'p99 ms', 'ok/scheduled', 'hop CPU ms/req', 'service CPU ms/req'],
        ['GET direct', fmt(getDirect.p50, 3), fmt(getDirect.p99, 3), `${getDirect.ok}/${getDirect.scheduled}`, '', fmt(getDirect.serviceCpu, 3)],
        ['GET via bare proxy', fmt(getBare.p50, 3), fmt(getBare.p99, 3), `${getBare.ok}/${getBare.scheduled}`, fmt(getBare.bareProxyCpu, 3), fmt(getBare.serviceCpu, 3)],
        ['GET via gateway', fmt(getGateway.p50, 3), fmt(getGateway.p99, 3), `${getGateway.ok}/${getGateway.scheduled}`, fmt(getGateway.gatewayCpu, 3), fmt(getGateway.serviceCpu, 3)],
        ['POST direct', fmt(postDirect.p50, 3), fmt(postDirect.p99, 3), `${postDirect.ok}/${postDirect.scheduled}`, '', fmt(postDirect.serviceCpu, 3)],
        ['POST via bare proxy', fmt(postBare.p50, 3), fmt(postBare.p99, 3), `${postBare.ok}/${postBare.scheduled}`, fmt(postBare.bareProxyCpu, 3), fmt(postBare.serviceCpu, 3)],
        ['POST via gateway', fmt(postGateway.p50, 3), fmt(postGateway.p99, 3), `${postGateway.ok}/${postGateway.scheduled}`, fmt(postGateway.gatewayCpu, 3), fmt(postGateway.serviceCpu, 3)],
        ['GET 9 KiB direct', fmt(listDirect.p50, 3), fmt(listDirect.p99, 3), `${listDirect.ok}/${listDirect.scheduled}`, '', fmt(listDirect.serviceCpu, 3)],
        ['GET 9 KiB via gateway (br)', fmt(listGateway.p50, 3), fmt(listGateway.p99, 3), `${listGateway.ok}/${listGateway.scheduled}`, fmt(listGateway.gatewayCpu, 3), fmt(listGateway.serviceCpu, 3)],
      ]),
      '',
      ...formatTable([
        ['target', 'measured', 'target'],
        ['gateway adds, GET p50', `+${fmt(getGateway.p50 - getDirect.p50, 3)} ms`, '<= 1 ms'],
        ['gateway adds, GET p99', `+${fmt(getGateway.p99 - getDirect.p99, 3)} ms`, '<= 5 ms'],
        ['gateway CPU per proxied GET', `${fmt(getGateway.gatewayCpu, 3)} ms`, `<= 0.25 ms   (bare proxy ${fmt(getBare.bareProxyCpu, 3)} ms)`],
        ['gateway CPU per proxied POST', `${fmt(postGateway.gatewayCpu, 3)} ms`, `<= 0.4 ms    (bare proxy ${fmt(postBare.bareProxyCpu, 3)} ms)`],
        ['gateway CPU per 9 KiB GET, br accepted', `${fmt(listGateway.gatewayCpu, 3)} ms`, '(compressed to br at quality 3 since issue 27)'],
        ['capacity via gateway / direct', fmt(cap('via gateway') / cap('service (direct)'), 2), `>= 0.5        (bare proxy ${fmt(cap('via bare proxy') / cap('service (direct)'), 2)}; gateway / bare proxy ${fmt(cap('via gateway') / cap('via bare proxy'), 2)})`],
      ]),
      '',
    ];
    const text = lines.join('\n');
    console.log(`\n${text}`);
    mkdirSync(RESULTS_DIR, { recursive: true });
    writeFileSync(join(RESULTS_DIR, 'gateway.txt'), text);
    const strip = (c: TCapacity) => ({ rate: c.rate, probes: c.probes });
    writeFileSync(
      join(RESULTS_DIR, 'gateway.json'),
      `${JSON.stringify({ date: new Date().toISOString(), p99BoundMs: P99_BOUND_MS, capacities: Object.fromEntries(Object.entries(capacities).map(([k, v]) => [k, strip(v)])), half, getDirect, getBare, getGateway, postDirect, postBare, postGateway, listDirect, listGateway }, null, 2)}\n`,
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
if (role === 'bare-http') await runBareHttp();
else if (role === 'bare-fastify') await runBareFastify();
else if (role === 'service') await runService();
else if (role === 'gateway') await runGateway();
else if (role === 'bare-proxy') await runBareProxy();
else await main();
