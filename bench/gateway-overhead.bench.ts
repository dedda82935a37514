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
import { comparisonRows, formatTable, machineLine, measureAlternating, settingsFromEnv, settingsLine, type TRun } from './lib/load.js';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
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

const SETTINGS = settingsFromEnv({ rate: 500, connections: 10, durationSeconds: 20, rounds: 4, warmupSeconds: 3 });

// ---------------------------------------------------------------------------------------------------------------
// Child processes: `--role=upstream` (a tiny service with one authenticated route) and `--role=gateway`.

async function runUpstream(): Promise<void> {
  const redis = createRedis(process.env.REDIS_URL ?? TEST_REDIS_URL, process.env.REDIS_PREFIX ?? '');
  const verifier = await createTokenVerifier({ publicKeyPem: process.env.JWT_PUBLIC_KEY!, audience: 'platform-api', issuer: 'platform-auth', redis });
  const { authenticate } = createAuthHooks(verifier);
  const app = createHttpServer({ logger: createLogger({ service: 'bench-upstream', level: 'silent' }), metrics: createMetrics('bench-upstream') });
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

function report(direct: TRun, viaGateway: TRun): string {
  return [
    `Gateway overhead: GET ${PATH} with a bearer token (verified by the gateway, then again by the service)`,
    machineLine(),
    settingsLine(SETTINGS),
    '',
    ...formatTable(comparisonRows(direct, viaGateway)),
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
    const gateway = await spawnRole('gateway', { ...common, PORT: '0', INTERNAL_PORT: '0', AUTH_SERVICE_URL: upstream.url, ADMIN_SERVICE_URL: upstream.url });
    children.push(gateway.child);

    const token = await (await createTokenSigner({ privateKeyPem: keys.privateKeyPem, audience: 'platform-api', issuer: 'platform-auth' })).sign({ id: crypto.randomUUID(), role: 'employee' });
    for (const url of [upstream.url, gateway.url]) {
      const res = await fetch(`${url}${PATH}`, { headers: { authorization: `Bearer ${token}` } });
      if (res.status !== 200) throw new Error(`${url}${PATH} answered ${res.status}: ${await res.text()}`);
    }

    const request = (url: string) => () => ({ url: `${url}${PATH}`, headers: { authorization: `Bearer ${token}` } });
    const [direct, viaGateway] = (await measureAlternating(
      [
        { name: 'direct', options: request(upstream.url) },
        { name: 'gateway', options: request(gateway.url) },
      ],
      SETTINGS,
    )) as [TRun, TRun];

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
