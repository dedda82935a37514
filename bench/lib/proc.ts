/**
 * CPU used by processes, from /proc (Linux): a process by pid, RabbitMQ's beam.smp, and the PostgreSQL backends
 * serving given databases (polled from pg_stat_activity, so backends that come and go during a run are counted up to
 * their last sample, at most one poll interval short).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import type pg from 'pg';

const TICKS_PER_SECOND = 100;

/** CPU seconds a process has used (user + system), from /proc/<pid>/stat; undefined once it is gone. */
export function cpuSecondsOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may contain spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** The pid of the first process whose command name is `comm` (e.g. beam.smp), if any. */
export function pidByCommand(comm: string): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === comm) return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  return undefined;
}

export interface TCpuMeter {
  /** CPU seconds used since start. */
  stop(): Promise<number>;
}

/** CPU of fixed processes (by pid) from now until stop(). */
export function meterProcesses(pids: number[]): TCpuMeter {
  const start = pids.map((pid) => cpuSecondsOf(pid) ?? 0);
  return {
    async stop() {
      return pids.reduce((sum, pid, i) => sum + ((cpuSecondsOf(pid) ?? start[i]!) - start[i]!), 0);
    },
  };
}

/**
 * CPU of the PostgreSQL backends connected to these databases from now until stop(): pg_stat_activity is polled
 * every pollMs, and each backend's CPU read from /proc (the server runs on this machine).
 */
export function meterBackends(admin: pg.Pool | pg.Client, databases: string[], pollMs = 250): TCpuMeter {
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  let known: number[] = [];
  const sample = () => {
    for (const pid of known) {
      const cpu = cpuSecondsOf(pid);
      if (cpu === undefined) continue;
      if (!first.has(pid)) first.set(pid, cpu);
      last.set(pid, cpu);
    }
  };
  const refresh = async () => {
    const { rows } = await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = ANY($1::text[]) AND pid <> pg_backend_pid()', [databases]);
    const fresh = rows.map((r) => r.pid).filter((pid) => !first.has(pid));
    // A backend first seen during the run started during it (or was idle until now): count it from zero.
    for (const pid of fresh) first.set(pid, 0);
    known = rows.map((r) => r.pid);
    sample();
  };
  const ready = admin
    .query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = ANY($1::text[]) AND pid <> pg_backend_pid()', [databases])
    .then(({ rows }) => {
      known = rows.map((r) => r.pid);
      sample();
    });
  let polling = true;
  const loop = (async () => {
    await ready;
    while (polling) {
      await new Promise((r) => setTimeout(r, pollMs));
      await refresh().catch(() => undefined);
    }
  })();
  return {
    async stop() {
      polling = false;
      await loop;
      sample();
      let total = 0;
      for (const [pid, end] of last) total += end - (first.get(pid) ?? end);
      return total;
    },
  };
}

/** PostgreSQL's own processes serving no database (WAL writer, checkpointer, background writer...) on this machine. */
export async function postgresBackgroundPids(admin: pg.Pool | pg.Client): Promise<number[]> {
  const { rows } = await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname IS NULL');
  return rows.map((r) => r.pid);
}

/** Busy CPU seconds of the whole machine (every core: user, nice, system, irq, softirq, steal) from /proc/stat. */
export function machineBusySeconds(): number {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
  return (user + nice + system + irq + softirq + steal) / TICKS_PER_SECOND;
}

/** The whole machine's busy CPU from now until stop(). */
export function meterMachine(): TCpuMeter {
  const start = machineBusySeconds();
  return { stop: async () => machineBusySeconds() - start };
}

export function loadLine(): string {
  return `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;
}

/** The pid of the process listening on this TCP port on this machine (from `ss -ltnp`), if any. */
export function pidListeningOn(port: number): number | undefined {
  const out = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
  const match = /pid=(\d+)/.exec(out);
  return match ? Number(match[1]) : undefined;
}

/** What meterStack reads: the stack's processes by name (scripts/stack.ts) and each service's database URL. */
export interface TMeteredStack {
  processes: Record<string, { pid: number }>;
  databaseUrls: Record<string, string>;
}

/**
 * CPU seconds of every part of a running stack from now until stop(): each process of the stack by its name, RabbitMQ,
 * Redis, the PostgreSQL backends of each service's database, PostgreSQL's background processes, this process (the load
 * generator) and the whole machine (/proc/stat, which also counts whatever else runs on it).
 */
export async function meterStack(admin: pg.Pool | pg.Client, stack: TMeteredStack): Promise<{ stop(): Promise<Record<string, number>> }> {
  const meters: [string, TCpuMeter][] = Object.entries(stack.processes).map(([name, p]) => [name, meterProcesses([p.pid])]);
  for (const [name, comm] of [['RabbitMQ', 'beam.smp'], ['Redis', 'redis-server']] as const) {
    const pid = pidByCommand(comm);
    if (pid !== undefined) meters.push([name, meterProcesses([pid])]);
  }
  for (const [name, url] of Object.entries(stack.databaseUrls)) meters.push([`PostgreSQL (${name})`, meterBackends(admin, [decodeURIComponent(new URL(url).pathname.slice(1))])]);
  meters.push(['PostgreSQL background', meterProcesses(await postgresBackgroundPids(admin))]);
  const self = process.cpuUsage();
  const machine = meterMachine();
  return {
    async stop() {
      const used = process.cpuUsage(self);
      const seconds: Record<string, number> = {};
      for (const [name, meter] of meters) seconds[name] = await meter.stop();
      seconds['load generator (bench)'] = (used.user + used.system) / 1e6;
      seconds['whole machine'] = await machine.stop();
      return seconds;
    },
  };
}
