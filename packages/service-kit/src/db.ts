import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Logger } from './logger.js';
import { signalOutbox, takeOutboxWrite } from './outbox-signal.js';

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;
/** Anything that can run a query: the pool, or a client inside a transaction. */
export type Queryable = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;

/**
 * The pool of a process. Losing PostgreSQL (a restart, `pg_terminate_backend`, the network) never ends the process:
 * an idle client that loses its connection is dropped by the pool ('error' on the pool), and every client carries
 * its own 'error' listener for its whole life, because pg-pool removes its listener while a client is checked out
 * (a transaction, the relay's LISTEN, migrations) and an 'error' without a listener would be an uncaught exception.
 * The failure reaches the caller as the rejection of its query instead (503 through toAppError), release() drops the
 * broken client, and the next checkout opens a new connection once PostgreSQL is back.
 */
export function createPool(
  connectionString: string,
  options: { max?: number; applicationName?: string; logger?: Logger; pipeline?: boolean } = {},
): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    application_name: options.applicationName,
    // Pipeline mode: a query is written at once, even while earlier ones on the connection are unanswered, so
    // statements issued together (without awaiting each) share one round trip. Awaited one by one they behave as usual.
    pipeline: options.pipeline ?? false,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    // No statement may hang a request forever.
    statement_timeout: 15_000,
  });
  pool.on('error', (error) => options.logger?.warn({ err: error }, 'an idle PostgreSQL connection was lost; the pool replaces it'));
  pool.on('connect', (client) => {
    client.on('error', (error) => options.logger?.debug({ err: error }, 'a PostgreSQL connection was lost'));
    if (options.pipeline) coalesceWrites(client);
  });
  return pool;
}

/**
 * On a pipelined connection, the statements issued in one run of JavaScript (e.g. `Promise.all([...])`) leave in ONE
 * socket write instead of one each: the socket is corked at the first and uncorked in a microtask. On this machine
 * a loopback write costs tens of microseconds of kernel time, which made writev the largest item of a withdrawal's
 * profile before (bench/README.md). The query is looked up on the prototype at each call (test recorders patch it).
 */
function coalesceWrites(client: pg.PoolClient): void {
  const stream = (client as unknown as { connection?: { stream?: { cork?: () => void; uncork?: () => void } } }).connection?.stream;
  if (!stream?.cork || !stream.uncork) return;
  const { cork, uncork } = { cork: stream.cork.bind(stream), uncork: stream.uncork.bind(stream) };
  let corked = false;
  const flush = () => {
    corked = false;
    uncork();
  };
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = function query(this: pg.PoolClient, ...args: unknown[]) {
    if (!corked) {
      corked = true;
      cork();
      queueMicrotask(flush);
    }
    return (Object.getPrototypeOf(client) as { query: (...a: unknown[]) => unknown }).query.apply(client, args);
  } as never;
}

const BEGIN = { name: 'kit_begin', text: 'BEGIN' };
const COMMIT = { name: 'kit_commit', text: 'COMMIT' };

/**
 * Runs fn in one transaction: committed if it resolves, rolled back if it throws. When the connection is lost on the
 * way, PostgreSQL rolls the transaction back itself (nothing is half-applied) and the error is thrown; a client whose
 * ROLLBACK failed is not given back to the pool but closed. (A connection lost during COMMIT leaves the outcome unknown
 * to the caller, as with any database: a retry must be idempotent, e.g. with an Idempotency-Key.) After a commit
 * that wrote events (writeEvent), the outbox relay is woken (signalOutbox).
 */
export async function withTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    // Not awaited on its own: on a pipelined pool BEGIN travels with fn's first statements (one round trip less);
    // otherwise it is simply queued before them. A failed BEGIN fails fn's statements as well, and is thrown here.
    const begin = client.query(BEGIN);
    begin.catch(() => undefined);
    const result = await fn(client);
    await begin;
    if (!committedEarly.delete(client)) await client.query(COMMIT);
    if (takeOutboxWrite(client)) signalOutbox(pool);
    runCommitCallbacks(client);
    return result;
  } catch (error) {
    takeOutboxWrite(client);
    commitCallbacks.delete(client);
    committedEarly.delete(client);
    await client.query('ROLLBACK').catch((rollbackError: unknown) => {
      broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
    });
    throw error;
  } finally {
    client.release(broken);
  }
}

/** Clients whose transaction's COMMIT went out with its last statements (commitWith). */
const committedEarly = new WeakSet<pg.PoolClient>();

/**
 * The last statements of a withTransaction and its COMMIT in one round trip (on a pipelined pool): `writes` are the
 * statements already issued (not awaited), COMMIT is issued right behind them, and all are awaited; the first failure
 * is thrown (PostgreSQL then ends the transaction with a rollback, as every statement after a failed one fails, COMMIT
 * included). withTransaction does not commit again. Nothing may be queried on the client afterwards.
 */
export async function commitWith<T extends readonly unknown[]>(client: pg.PoolClient, writes: readonly [...{ [K in keyof T]: Promise<T[K]> }]): Promise<T> {
  committedEarly.add(client);
  const commit = client.query(COMMIT);
  const results = await Promise.allSettled([...writes, commit]);
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) throw failure.reason;
  if (/^ROLLBACK/.test((results.at(-1) as PromiseFulfilledResult<pg.QueryResult>).value.command ?? '')) throw new Error('the transaction was rolled back at its commit');
  return results.slice(0, -1).map((r) => (r as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

/** What to do once the open transaction of a client has committed (onCommit), in order; dropped on rollback. */
const commitCallbacks = new WeakMap<pg.PoolClient, (() => void)[]>();

/**
 * Runs fn once the transaction open on this client (withTransaction, the consumer's) has committed, never if it rolls
 * back: e.g. a copy kept in memory follows its table only with what was really written. fn must not throw.
 */
export function onCommit(client: pg.PoolClient, fn: () => void): void {
  const list = commitCallbacks.get(client);
  if (list) list.push(fn);
  else commitCallbacks.set(client, [fn]);
}

/** How many commit callbacks the client has (a savepoint's mark), and dropping those added after a mark (its rollback). */
export function commitCallbackMark(client: pg.PoolClient): number {
  return commitCallbacks.get(client)?.length ?? 0;
}
export function dropCommitCallbacksAfter(client: pg.PoolClient, mark: number): void {
  commitCallbacks.get(client)?.splice(mark);
}

function runCommitCallbacks(client: pg.PoolClient): void {
  const list = commitCallbacks.get(client);
  if (!list) return;
  commitCallbacks.delete(client);
  for (const fn of list) fn();
}

/** The service-kit's own tables (outbox, inbox), applied before every service's migrations. */
export const KIT_MIGRATIONS_DIR = fileURLToPath(new URL('../migrations', import.meta.url));

const MIGRATION_LOCK_ID = 724_100_311;

/**
 * Applies the `NNNN_name.sql` files of each folder in order, each in its own transaction, once. A PostgreSQL
 * advisory lock keeps two instances starting at once from applying the same migration twice.
 */
export async function runMigrations(pool: pg.Pool, dirs: { name: string; dir: string }[], logger?: Logger): Promise<string[]> {
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = new Set((await client.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name));
    for (const { name: scope, dir } of dirs) {
      const files = (await readdir(dir)).filter((f) => /^\d{4}_.+\.sql$/.test(f)).sort();
      for (const file of files) {
        const name = `${scope}/${file}`;
        if (done.has(name)) continue;
        const sql = await readFile(join(dir, file), 'utf8');
        try {
          await client.query('BEGIN');
          await client.query(sql);
          await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw new Error(`Migration ${name} failed: ${(error as Error).message}`, { cause: error });
        }
        applied.push(name);
        logger?.info({ migration: name }, 'migration applied');
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    client.release();
  }
  return applied;
}

/** Creates the database named in the URL when it does not exist yet (development and tests). */
export async function ensureDatabase(connectionString: string): Promise<void> {
  const url = new URL(connectionString);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Refusing to create a database with the name "${name}"`);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  client.on('error', () => undefined); // a lost connection rejects the query in flight instead
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) {
      await client.query(`CREATE DATABASE ${name}`).catch((error: { code?: string }) => {
        if (error.code !== '42P04' && error.code !== '23505') throw error; // created meanwhile by another process
      });
    }
  } finally {
    await client.end();
  }
}
