/**
 * pgbench as the same-run reference of the database benchmarks: a scratch database on the same PostgreSQL, TPC-B
 * (`pgbench -i`, then `-M prepared`) or custom scripts, with the backends' CPU from /proc.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { meterBackends } from './proc.js';

const run = promisify(execFile);

export interface TPgbenchResult {
  tps: number;
  transactions: number;
  latencyMs: number;
  /** PostgreSQL backend CPU per transaction, ms. */
  cpuMsPerTransaction: number;
  clients: number;
  seconds: number;
}

/** libpq environment for pgbench and psql from a postgres:// URL (host, port, user, password). */
function libpqEnv(url: URL): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PGHOST: url.hostname,
    PGPORT: url.port || '5432',
    PGUSER: decodeURIComponent(url.username || 'postgres'),
    ...(url.password ? { PGPASSWORD: decodeURIComponent(url.password) } : {}),
  };
}

export interface TScratchDatabase {
  name: string;
  url: string;
  /** Runs pgbench against it; `script` (file contents) instead of the built-in TPC-B. */
  bench(options: { clients: number; seconds: number; scripts?: Record<string, string>; extraArgs?: string[] }): Promise<TPgbenchResult>;
  query(sql: string): Promise<void>;
  drop(): Promise<void>;
}

/** Creates a scratch database (dropped by drop()); `tpcb` initialises pgbench's tables at the given scale. */
export async function createScratchDatabase(adminUrl: string, name: string, options: { tpcbScale?: number } = {}): Promise<TScratchDatabase> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`bad database name ${name}`);
  const url = new URL(adminUrl);
  const env = libpqEnv(url);
  const admin = new pg.Pool({ connectionString: adminUrl, max: 2 });
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${name}`;
  const db = new pg.Pool({ connectionString: dbUrl.toString(), max: 1 });
  if (options.tpcbScale) await run('pgbench', ['-i', '-q', '-s', String(options.tpcbScale), name], { env });
  const dir = mkdtempSync(join(tmpdir(), 'pgbench-'));
  return {
    name,
    url: dbUrl.toString(),
    async bench({ clients, seconds, scripts, extraArgs = [] }) {
      const files = Object.entries(scripts ?? {}).map(([file, text]) => {
        const path = join(dir, file);
        writeFileSync(path, text);
        return path;
      });
      const meter = meterBackends(admin, [name]);
      const args = ['-n', '-M', 'prepared', '-c', String(clients), '-j', String(Math.min(2, clients)), '-T', String(seconds), ...files.flatMap((f) => ['-f', f]), ...extraArgs, name];
      const { stdout } = await run('pgbench', args, { env, maxBuffer: 10_000_000 });
      const cpuSeconds = await meter.stop();
      const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(stdout)?.[1]);
      const transactions = Number(/number of transactions actually processed: (\d+)/.exec(stdout)?.[1]);
      const latencyMs = Number(/latency average = ([\d.]+) ms/.exec(stdout)?.[1]);
      return { tps, transactions, latencyMs, cpuMsPerTransaction: (cpuSeconds * 1000) / Math.max(1, transactions), clients, seconds };
    },
    async query(sql) {
      await db.query(sql);
    },
    async drop() {
      await db.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await admin.end();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
