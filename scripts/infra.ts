import pg from 'pg';
import { Redis } from 'ioredis';
import amqp from 'amqplib';

/** The three servers the stack needs, how to reach them, and how to start each one when it is down. */
export const INFRA = {
  postgres: {
    name: 'PostgreSQL',
    url: process.env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    howToStart: 'sudo pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start   (or: docker compose up -d postgres)',
  },
  rabbitmq: {
    name: 'RabbitMQ',
    url: process.env.RABBITMQ_URL ?? 'amqp://guest:guest@127.0.0.1:5672',
    howToStart: 'sudo rabbitmq-server -detached   (or: docker compose up -d rabbitmq)',
  },
  redis: {
    name: 'Redis',
    url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    howToStart: 'redis-server --daemonize yes --bind 127.0.0.1 --port 6379   (or: docker compose up -d redis)',
  },
} as const;

async function checkPostgres(): Promise<void> {
  const client = new pg.Client({ connectionString: INFRA.postgres.url, connectionTimeoutMillis: 3_000 });
  await client.connect();
  await client.query('SELECT 1');
  await client.end();
}

async function checkRabbit(): Promise<void> {
  const connection = await amqp.connect(INFRA.rabbitmq.url, { timeout: 3_000 });
  await connection.close();
}

async function checkRedis(): Promise<void> {
  const redis = new Redis(INFRA.redis.url, { lazyConnect: true, connectTimeout: 3_000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  let cause: Error | undefined;
  redis.on('error', (error: Error) => {
    cause ??= error;
  });
  try {
    await redis.connect().catch((error: unknown) => {
      throw cause ?? error;
    });
    await redis.ping();
  } finally {
    redis.disconnect();
  }
}

function describe(error: unknown): string {
  const e = error as { code?: string; message?: string };
  return e.code ?? e.message ?? String(error);
}

/** Checks every server; returns one line per unreachable server, naming it and how to start it. */
export async function checkInfrastructure(): Promise<string[]> {
  const checks: [keyof typeof INFRA, () => Promise<void>][] = [
    ['postgres', checkPostgres],
    ['rabbitmq', checkRabbit],
    ['redis', checkRedis],
  ];
  const problems: string[] = [];
  await Promise.all(
    checks.map(async ([key, check]) => {
      try {
        await check();
      } catch (error) {
        const { name, url, howToStart } = INFRA[key];
        const where = new URL(url);
        problems.push(`${name} is not reachable at ${where.hostname}:${where.port} (${describe(error)}).\n    Start it with: ${howToStart}`);
      }
    }),
  );
  return problems;
}
