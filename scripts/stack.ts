import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDatabase, waitForListening } from '@platform/service-kit';
import amqp from 'amqplib';
import { Redis } from 'ioredis';
import pg from 'pg';
import { compiledPath } from './compiled.js';
import { INFRA } from './infra.js';

export const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));

/**
 * The processes of the stack, in start order; the gateway last. Every process listens on port 0 and reports the
 * port the system gave it (service-kit's runUntilSignalled), and the stack wires the others from those reports.
 * Auth and the others need each other's addresses (auth assembles a user's data export from admin and chat; admin
 * and chat call auth): auth's socket is bound first by the stack and handed to it (LISTEN_FD), and auth starts
 * last, when every address it needs is known. Chat runs as two instances (`chat` and `chat-2`, one database): the
 * gateway balances sockets and requests over them and a message reaches the sockets of both through Redis, as it
 * would on many machines.
 */
export const SERVICES = [
  { name: 'payouts', entry: 'services/payouts/src/main.ts', database: true, instances: 1 },
  { name: 'work', entry: 'services/work/src/main.ts', database: true, instances: 1 },
  // The dashboard reads auth's, work's and payouts' /internal/stats APIs when asked, not at start.
  { name: 'admin', entry: 'services/admin/src/main.ts', database: true, instances: 1 },
  { name: 'chat', entry: 'services/chat/src/main.ts', database: true, instances: 2 },
  // Asks work and payouts what an account has pending before deleting it; exports from admin and chat too.
  { name: 'auth', entry: 'services/auth/src/main.ts', database: true, instances: 1 },
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
  /** With seed: also the development content a newcomer sees (tasks, news, documents and landing pages per language); `npm start`. */
  devContent?: boolean;
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
  /**
   * How each process runs: `tsx` (default), the TypeScript sources through tsx, as in development; `compiled`, the
   * bundles of `npm run build:services` (`services/<name>/dist/main.js`, `gateway/dist/main.js`) under
   * `node --enable-source-maps`, as the images run them. bench/start.bench.ts compares the two.
   */
  runtime?: 'tsx' | 'compiled';
  /** With runtime `compiled`: the tree holding the compiled programs at the same paths (default: the repository). */
  compiledRoot?: string;
}

/** One process of the stack as started: its process id and how long it took from spawn to ready. */
export interface TStackProcess {
  pid: number;
  /** From spawn to its report of the addresses it listens on (its start() resolved: migrations, consumers, HTTP). */
  listeningMs: number;
  /** From spawn to its first 200 on /ready (every dependency reachable), polled every 20 ms. */
  readyMs: number;
}

export interface TStack {
  baseUrl: string;
  outboxDir: string;
  /** Each process's public port, by name (`chat` is the first chat instance, `chat-2` the second). */
  serviceUrls: Record<string, string>;
  /** Each process's internal port (/health, /ready, /metrics), by name (the services and `gateway`). */
  internalUrls: Record<string, string>;
  databaseUrls: Record<string, string>;
  /** Each process as last started, by name. */
  processes: Record<string, TStackProcess>;
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
      // not ready yet (its dependencies, or a consumer still binding)
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${name} did not become ready at ${url}/ready within ${timeoutMs / 1000} s:\n${output.slice(-30).join('\n')}`);
}

/**
 * A listening socket for a process that others must know the address of before it starts (the gateway: the
 * platform's public address; auth: see SERVICES). The stack holds it from the bind until the process inherits it,
 * so nothing else can take the port in between; a connection that arrives before that is closed.
 */
async function bindSocket(host: string, port: number, what: string): Promise<net.Server> {
  const server = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolveBind, rejectBind) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      rejectBind(
        error.code === 'EADDRINUSE'
          ? new Error(`Port ${port} (${what}) is already in use by another program on this machine. Stop that program, or choose another port (npm start: PORT=8081 npm start).`)
          : error,
      );
    });
    server.listen({ host, port }, () => resolveBind());
  });
  return server;
}

function portOf(server: net.Server): number {
  return (server.address() as net.AddressInfo).port;
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
 * Starts the whole stack as separate processes (each service, then the gateway), against the local PostgreSQL,
 * RabbitMQ and Redis. Every process takes its own ports (port 0) and reports them; the gateway's public socket is
 * bound first (options.gatewayPort, or any free one) and handed to it. Used by `npm start`, the tests and benches.
 */
export async function startStack(options: TStackOptions): Promise<TStack> {
  const ns = options.namespace.replace(/[^a-z0-9_]/gi, '_').toLowerCase();
  const keys = keyPair(options.keysDir);
  const dataDir = resolve(options.dataDir ?? join(ROOT, '.dev', ns));
  const outboxDir = resolve(options.outboxDir ?? join(dataDir, 'outbox'));
  mkdirSync(outboxDir, { recursive: true });
  const gatewayHost = process.env.GATEWAY_HOST ?? '0.0.0.0';
  const gatewaySocket = await bindSocket(gatewayHost, options.gatewayPort ?? 0, 'the gateway');
  const baseUrl = `http://localhost:${portOf(gatewaySocket)}`;
  const frontendDist = options.frontendDist ?? join(ROOT, 'frontend', 'dist');
  const children: ChildProcess[] = [];
  const serviceUrls: Record<string, string> = {};
  const internalUrls: Record<string, string> = {};
  const databaseUrls: Record<string, string> = {};
  const processes: Record<string, TStackProcess> = {};
  const compiledRoot = resolve(options.compiledRoot ?? ROOT);
  /** The arguments of node that run an entry point (`services/auth/src/main.ts`) in the chosen runtime. */
  const nodeArgs = (entry: string): string[] => {
    if (options.runtime !== 'compiled') return ['--import', 'tsx', join(ROOT, entry)];
    const compiled = join(compiledRoot, compiledPath(entry));
    if (!existsSync(compiled)) throw new Error(`No compiled ${compiledPath(entry)} in ${compiledRoot}: run npm run build:services first.`);
    return ['--enable-source-maps', compiled];
  };
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

  // Sockets bound here and not yet handed over (a start that fails part-way must not leave them open).
  const heldSockets = [gatewaySocket];
  const stopAll = async () => {
    for (const held of heldSockets) if (held.listening) held.close();
    await Promise.all([...children].reverse().map(stopChild));
    if (options.ephemeral) await removeNamespace(ns, Object.values(databaseUrls));
  };

  const launched = new Map<string, { entry: string; env: Record<string, string>; child: ChildProcess }>();
  /**
   * Starts one process on port 0 (or on the inherited socket) and waits until it has reported its addresses and
   * is ready; records them under its name and returns its public URL.
   */
  const launch = async (name: string, entry: string, env: Record<string, string>, socket?: net.Server) => {
    const output: string[] = [];
    const spawnedAt = performance.now();
    const child = spawn(process.execPath, nodeArgs(entry), {
      cwd: ROOT,
      env: { ...process.env, ...common, PORT: '0', INTERNAL_HOST: '127.0.0.1', INTERNAL_PORT: '0', ...env, ...(socket ? { LISTEN_FD: '4' } : {}) },
      // fd 3 carries the report of the addresses bound; fd 4 is the inherited listening socket, if any.
      stdio: ['ignore', 'pipe', 'pipe', 'ipc', ...(socket ? [(socket as unknown as { _handle: { fd: number } })._handle.fd] : [])],
    });
    // The child holds its own copy of the socket now; the stack's copy must not accept its connections.
    socket?.close();
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
    const reported = await waitForListening(child, { name, output: () => output });
    const listeningMs = performance.now() - spawnedAt;
    internalUrls[name] = reported.internalUrl;
    await waitReady(name, reported.internalUrl, child, output);
    processes[name] = { pid: child.pid!, listeningMs, readyMs: performance.now() - spawnedAt };
    // A process listening on every interface (the gateway) is reached on loopback here.
    const url = reported.url.replace('//0.0.0.0:', '//127.0.0.1:').replace('//[::]:', '//[::1]:');
    serviceUrls[name] = url;
    return url;
  };

  try {
    const instanceUrls: Record<string, string[]> = {};
    const authSocket = await bindSocket('127.0.0.1', 0, 'auth');
    heldSockets.push(authSocket);
    const authUrl = `http://127.0.0.1:${portOf(authSocket)}`;
    for (const service of SERVICES) {
      const env: Record<string, string> = {};
      if (service.database) {
        env.DATABASE_URL = databaseUrl(`${ns}_${service.name}`);
        await ensureDatabase(env.DATABASE_URL);
        databaseUrls[service.name] = env.DATABASE_URL;
      }
      if (service.name === 'auth') {
        env.JWT_PRIVATE_KEY = keys.privateKeyPem;
        env.USER_EXPORT_SOURCES = `work=${serviceUrls.work!},admin=${serviceUrls.admin!},chat=${serviceUrls.chat!}`;
        env.PAYOUTS_INTERNAL_URL = serviceUrls.payouts!;
        env.WORK_INTERNAL_URL = serviceUrls.work!;
      }
      if (service.name === 'admin') {
        env.MAIL_OUTBOX_DIR = outboxDir;
        env.MEDIA_DIR = join(dataDir, 'admin-media');
        env.WELCOME_VIDEO_DEFAULT_FILE = join(ROOT, 'frontend', 'media', 'welcome-video.webm');
        env.AUTH_INTERNAL_URL = authUrl;
        env.WORK_INTERNAL_URL = serviceUrls.work!;
        env.PAYOUTS_INTERNAL_URL = serviceUrls.payouts!;
      }
      if (service.name === 'work') env.UPLOAD_DIR = join(dataDir, 'uploads');
      // Names of users who registered before chat heard of them: read with their own token from auth.
      if (service.name === 'chat') env.AUTH_SERVICE_URL = authUrl;
      const urls: string[] = [];
      instanceUrls[service.name] = urls;
      for (let instance = 1; instance <= service.instances; instance += 1) {
        const name = instance === 1 ? service.name : `${service.name}-${instance}`;
        urls.push(await launch(name, service.entry, env, service.name === 'auth' ? authSocket : undefined));
      }
    }
    if (options.seed && databaseUrls.auth) {
      const { seedDevelopmentDatabase } = await import('./seed.js');
      await seedDevelopmentDatabase({ auth: databaseUrls.auth, work: databaseUrls.work, admin: databaseUrls.admin }, { content: options.devContent ?? false });
    }
    await launch(
      'gateway',
      'gateway/src/main.ts',
      {
        HOST: gatewayHost,
        AUTH_SERVICE_URL: serviceUrls.auth!,
        ADMIN_SERVICE_URL: serviceUrls.admin!,
        WORK_SERVICE_URL: serviceUrls.work!,
        PAYOUTS_SERVICE_URL: serviceUrls.payouts!,
        CHAT_SERVICE_URL: instanceUrls.chat!.join(','),
        ...(existsSync(join(frontendDist, 'index.html')) ? { FRONTEND_DIST: frontendDist } : {}),
      },
      gatewaySocket,
    );
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
    // The ports it had reported (the others reach it there): as a restarted container keeps its service address.
    await launch(name, proc.entry, { ...proc.env, PORT: new URL(serviceUrls[name]!).port, INTERNAL_PORT: new URL(internalUrls[name]!).port });
  };
  return { baseUrl, outboxDir, serviceUrls, internalUrls, databaseUrls, processes, kill, relaunch, stop: stopAll };
}
