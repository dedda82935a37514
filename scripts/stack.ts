import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDatabase } from '@platform/service-kit';
import amqp from 'amqplib';
import { Redis } from 'ioredis';
import pg from 'pg';
import { freePort, INFRA } from './infra.js';

export const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));

/**
 * The processes of the stack, in start order (payouts before auth, which asks it for balances); the gateway last.
 * Chat runs as two instances (`chat` and `chat-2`, one database): the gateway balances sockets and requests over
 * them and a message reaches the sockets of both through Redis, as it would on many machines.
 */
export const SERVICES = [
  { name: 'payouts', entry: 'services/payouts/src/main.ts', database: true, instances: 1 },
  // Work before auth: auth asks work (and payouts) what an account has pending before deleting it.
  { name: 'work', entry: 'services/work/src/main.ts', database: true, instances: 1 },
  { name: 'auth', entry: 'services/auth/src/main.ts', database: true, instances: 1 },
  // After auth, work and payouts: the dashboard reads their /internal/stats APIs.
  { name: 'admin', entry: 'services/admin/src/main.ts', database: true, instances: 1 },
  { name: 'chat', entry: 'services/chat/src/main.ts', database: true, instances: 2 },
] as const;

export interface TStackOptions {
  /** Names the databases (`<ns>_auth`...), the exchange, queue and Redis key prefixes of this stack. */
  namespace: string;
  gatewayPort?: number;
  /** The built frontend the gateway serves; default frontend/dist when it exists. */
  frontendDist?: string;
  /** Where the stack keeps its files (uploads; the outbox unless outboxDir is given). Default .dev/<namespace>. */
  dataDir?: string;
  /** Where .eml files go when no SMTP server is configured. */
  outboxDir?: string;
  /** Where the JWT key pair is kept; default: a fresh pair in memory. */
  keysDir?: string;
  /** Seed the development admin and documents. */
  seed?: boolean;
  logLevel?: string;
  /** Extra environment for every process (e.g. rate limits in tests). */
  env?: Record<string, string>;
  /**
   * On stop, remove everything the stack made on the shared servers: its databases, Redis keys, queues and
   * exchange (tests and benchmarks; never for `npm start`).
   */
  ephemeral?: boolean;
  /** Receives every output line of every process, prefixed with its name. */
  onLog?: (line: string) => void;
}

export interface TStack {
  baseUrl: string;
  outboxDir: string;
  /** Each process's public port, by name (`chat` is the first chat instance, `chat-2` the second). */
  serviceUrls: Record<string, string>;
  /** Each process's internal port (/health, /ready, /metrics), by name (the services and `gateway`). */
  internalUrls: Record<string, string>;
  databaseUrls: Record<string, string>;
  /**
   * Ends one process (`payouts`, `chat-2`, `gateway`...) with the signal (SIGKILL: no shutdown at all, as a crash)
   * and waits until it has exited. Fault injection for the reliability suite.
   */
  kill(name: string, signal?: NodeJS.Signals): Promise<void>;
  /** Starts a killed process again on the same port, with the same environment; resolves when it is ready. */
  relaunch(name: string): Promise<void>;
  stop(): Promise<void>;
}

export const DEV_ADMIN = { email: 'admin@platform.local', password: 'Admin123!' };

function keyPair(keysDir?: string): { privateKeyPem: string; publicKeyPem: string } {
  if (keysDir) {
    const privatePath = join(keysDir, 'jwt-private.pem');
    const publicPath = join(keysDir, 'jwt-public.pem');
    if (existsSync(privatePath) && existsSync(publicPath)) {
      return { privateKeyPem: readFileSync(privatePath, 'utf8'), publicKeyPem: readFileSync(publicPath, 'utf8') };
    }
  }
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const pair = {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
  if (keysDir) {
    mkdirSync(keysDir, { recursive: true });
    writeFileSync(join(keysDir, 'jwt-private.pem'), pair.privateKeyPem, { mode: 0o600 });
    writeFileSync(join(keysDir, 'jwt-public.pem'), pair.publicKeyPem);
  }
  return pair;
}

/** The URL of a database on the local PostgreSQL server (databases are named `<namespace>_<service>`). */
export function databaseUrl(name: string): string {
  const url = new URL(INFRA.postgres.url);
  url.pathname = `/${name}`;
  return url.toString();
}

async function waitReady(name: string, url: string, child: ChildProcess, output: string[], timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`${name} exited with code ${child.exitCode} while starting:\n${output.slice(-30).join('\n')}`);
    }
    try {
      const res = await fetch(`${url}/ready`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${name} did not become ready at ${url}/ready within ${timeoutMs / 1000} s:\n${output.slice(-30).join('\n')}`);
}

/** Drops the stack's databases, deletes its Redis keys, queues and exchange. */
async function removeNamespace(ns: string, databases: string[]): Promise<void> {
  const admin = new pg.Client({ connectionString: INFRA.postgres.url });
  await admin.connect();
  try {
    for (const url of databases) await admin.query(`DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
  const redis = new Redis(INFRA.redis.url);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${ns}:*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  // Queue names are only listed by the broker's own tool; where it is missing, the queues stay (harmless).
  let queues: string[];
  try {
    queues = execFileSync('rabbitmqctl', ['-q', 'list_queues', 'name'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
      .split('\n')
      .map((line) => line.trim())
      .filter((name) => name.startsWith(`${ns}.`));
  } catch {
    return;
  }
  const connection = await amqp.connect(INFRA.rabbitmq.url);
  try {
    const channel = await connection.createChannel();
    for (const queue of queues) await channel.deleteQueue(queue);
    await channel.deleteExchange(`${ns}.events`);
  } finally {
    await connection.close();
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolveStop) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolveStop();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Starts the whole stack as separate processes (each service, then the gateway), each on its own port, against
 * the local PostgreSQL, RabbitMQ and Redis. Used by `npm start` and by the browser tests.
 */
export async function startStack(options: TStackOptions): Promise<TStack> {
  const ns = options.namespace.replace(/[^a-z0-9_]/gi, '_').toLowerCase();
  const keys = keyPair(options.keysDir);
  const dataDir = resolve(options.dataDir ?? join(ROOT, '.dev', ns));
  const outboxDir = resolve(options.outboxDir ?? join(dataDir, 'outbox'));
  mkdirSync(outboxDir, { recursive: true });
  const gatewayPort = options.gatewayPort ?? (await freePort());
  const baseUrl = `http://localhost:${gatewayPort}`;
  const frontendDist = options.frontendDist ?? join(ROOT, 'frontend', 'dist');
  const children: ChildProcess[] = [];
  const serviceUrls: Record<string, string> = {};
  const internalUrls: Record<string, string> = {};
  const databaseUrls: Record<string, string> = {};
  const common: Record<string, string> = {
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    LOG_LEVEL: options.logLevel ?? 'info',
    RABBITMQ_URL: INFRA.rabbitmq.url,
    EVENTS_EXCHANGE: `${ns}.events`,
    QUEUE_PREFIX: `${ns}.`,
    REDIS_URL: INFRA.redis.url,
    REDIS_PREFIX: `${ns}:`,
    // Development: every process believes X-Forwarded-For from loopback only (the services from the gateway, the
    // gateway from the browser tests naming their clients). The production default (compose, images) believes
    // nobody until the operator names the proxy in front.
    TRUST_PROXY: process.env.TRUST_PROXY ?? '127.0.0.1',
    JWT_PUBLIC_KEY: keys.publicKeyPem,
    APP_BASE_URL: baseUrl,
    ...options.env,
  };

  const stopAll = async () => {
    await Promise.all([...children].reverse().map(stopChild));
    if (options.ephemeral) await removeNamespace(ns, Object.values(databaseUrls));
  };

  const launched = new Map<string, { entry: string; env: Record<string, string>; child: ChildProcess }>();
  const launch = async (name: string, entry: string, env: Record<string, string>) => {
    const output: string[] = [];
    // /health, /ready and /metrics are on an internal port of each process, never through the gateway.
    const internalPort = await freePort();
    internalUrls[name] = `http://127.0.0.1:${internalPort}`;
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, entry)], {
      cwd: ROOT,
      env: { ...process.env, ...common, INTERNAL_HOST: '127.0.0.1', INTERNAL_PORT: String(internalPort), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    launched.set(name, { entry, env, child });
    const onData = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) {
        if (!line.trim()) continue;
        output.push(line);
        if (output.length > 200) output.shift();
        options.onLog?.(`[${name}] ${line}`);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    const url = `http://127.0.0.1:${env.PORT}`;
    await waitReady(name, internalUrls[name], child, output);
    return url;
  };

  try {
    const instanceUrls: Record<string, string[]> = {};
    // Auth assembles a user's data export (issue 15) from admin and chat too, which start after it: their first
    // instance's port is chosen now.
    const exportPorts: Record<string, number> = { admin: await freePort(), chat: await freePort() };
    for (const service of SERVICES) {
      const env: Record<string, string> = {};
      if (service.database) {
        env.DATABASE_URL = databaseUrl(`${ns}_${service.name}`);
        await ensureDatabase(env.DATABASE_URL);
        databaseUrls[service.name] = env.DATABASE_URL;
      }
      if (service.name === 'auth') {
        env.JWT_PRIVATE_KEY = keys.privateKeyPem;
        env.USER_EXPORT_SOURCES = `work=${serviceUrls.work!},admin=http://127.0.0.1:${exportPorts.admin},chat=http://127.0.0.1:${exportPorts.chat}`;
        env.PAYOUTS_INTERNAL_URL = serviceUrls.payouts!;
        env.WORK_INTERNAL_URL = serviceUrls.work!;
      }
      if (service.name === 'admin') {
        env.MAIL_OUTBOX_DIR = outboxDir;
        env.AUTH_INTERNAL_URL = serviceUrls.auth!;
        env.WORK_INTERNAL_URL = serviceUrls.work!;
        env.PAYOUTS_INTERNAL_URL = serviceUrls.payouts!;
      }
      if (service.name === 'work') env.UPLOAD_DIR = join(dataDir, 'uploads');
      // Names of users who registered before chat heard of them: read with their own token from auth.
      if (service.name === 'chat') env.AUTH_SERVICE_URL = serviceUrls.auth!;
      const urls: string[] = [];
      instanceUrls[service.name] = urls;
      for (let instance = 1; instance <= service.instances; instance += 1) {
        const name = instance === 1 ? service.name : `${service.name}-${instance}`;
        const port = instance === 1 && service.name in exportPorts ? exportPorts[service.name]! : await freePort();
        serviceUrls[name] = await launch(name, service.entry, { ...env, PORT: String(port) });
        urls.push(serviceUrls[name]);
      }
    }
    if (options.seed && databaseUrls.auth) {
      const { seedDevelopmentDatabase } = await import('./seed.js');
      await seedDevelopmentDatabase(databaseUrls.auth);
    }
    serviceUrls.gateway = await launch('gateway', 'gateway/src/main.ts', {
      PORT: String(gatewayPort),
      HOST: process.env.GATEWAY_HOST ?? '0.0.0.0',
      AUTH_SERVICE_URL: serviceUrls.auth!,
      ADMIN_SERVICE_URL: serviceUrls.admin!,
      WORK_SERVICE_URL: serviceUrls.work!,
      PAYOUTS_SERVICE_URL: serviceUrls.payouts!,
      CHAT_SERVICE_URL: instanceUrls.chat!.join(','),
      WELCOME_VIDEO_FILE: join(ROOT, 'frontend', 'media', 'welcome-video.webm'),
      ...(existsSync(join(frontendDist, 'index.html')) ? { FRONTEND_DIST: frontendDist } : {}),
    });
  } catch (error) {
    await stopAll();
    throw error;
  }
  const kill = async (name: string, signal: NodeJS.Signals = 'SIGKILL') => {
    const proc = launched.get(name);
    if (!proc) throw new Error(`No process named ${name} in this stack`);
    const { child } = proc;
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise<void>((resolveExit) => {
        child.once('exit', () => resolveExit());
        child.kill(signal);
      });
    }
    children.splice(children.indexOf(child), 1);
  };
  const relaunch = async (name: string) => {
    const proc = launched.get(name);
    if (!proc) throw new Error(`No process named ${name} in this stack`);
    if (proc.child.exitCode === null && proc.child.signalCode === null) throw new Error(`${name} is still running`);
    await launch(name, proc.entry, proc.env);
  };
  return { baseUrl, outboxDir, serviceUrls, internalUrls, databaseUrls, kill, relaunch, stop: stopAll };
}
