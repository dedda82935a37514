/**
 * An open-loop, paced load generator: request i is sent at its scheduled time (start + i / rate) whatever happened
 * to the earlier ones, and its latency is counted from that scheduled time, not from when a connection became free.
 * So queueing shows in the figures instead of being hidden (coordinated omission): a target that cannot keep up
 * gets longer and longer latencies, never a politely slower request stream.
 *
 * Also here: a capacity search (the highest rate a target holds with its p99 under a bound and no errors), the CPU a
 * process spent (from /proc/<pid>/stat), and the same-run summary helpers the benchmarks print.
 */
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { Pool } from 'undici';

export interface TOpenLoopRequest {
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  /** Made per request (e.g. a fresh idempotency key). */
  body?: () => string;
}

export interface TOpenLoopOptions {
  /** Base URL of the target (scheme, host, port). */
  origin: string;
  request: TOpenLoopRequest | (() => TOpenLoopRequest);
  /** Requests per second, sent on schedule. */
  rate: number;
  durationSeconds: number;
  /** Keep-alive connections the generator may open (requests beyond them queue, and the queueing is counted). */
  connections?: number;
  /** A request still unanswered this long after its scheduled time counts as a timeout. */
  timeoutMs?: number;
}

export interface TOpenLoopResult {
  rate: number;
  seconds: number;
  scheduled: number;
  ok: number;
  non2xx: number;
  errors: number;
  /** Latency of each 2xx answer, ms from its scheduled time, sorted. */
  latencies: number[];
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** 2xx answers per second of the run. */
  achieved: number;
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function runOpenLoop(options: TOpenLoopOptions): Promise<TOpenLoopResult> {
  const pool = new Pool(options.origin, { connections: options.connections ?? 64, pipelining: 1, keepAliveTimeout: 30_000 });
  const timeoutMs = options.timeoutMs ?? 10_000;
  const total = Math.max(1, Math.round(options.rate * options.durationSeconds));
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const inFlight: Promise<void>[] = [];
  const start = performance.now() + 20;

  const fire = (scheduledAt: number) => {
    const made = typeof options.request === 'function' ? options.request() : options.request;
    const body = made.body?.();
    const done = pool
      .request({
        method: made.method ?? 'GET',
        path: made.path,
        headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...made.headers },
        ...(body !== undefined ? { body } : {}),
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      })
      .then(async (res) => {
        await res.body.dump();
        const latency = performance.now() - scheduledAt;
        if (res.statusCode >= 200 && res.statusCode < 300 && latency <= timeoutMs) latencies.push(latency);
        else if (res.statusCode >= 200 && res.statusCode < 300) errors += 1;
        else non2xx += 1;
      })
      .catch(() => {
        errors += 1;
      });
    inFlight.push(done);
  };

  let sent = 0;
  while (sent < total) {
    const now = performance.now();
    const due = Math.min(total, Math.floor(((now - start) / 1000) * options.rate) + 1);
    while (sent < due) {
      fire(start + (sent / options.rate) * 1000);
      sent += 1;
    }
    if (sent < total) {
      const next = start + (sent / options.rate) * 1000;
      const wait = next - performance.now();
      await new Promise((r) => (wait > 1.5 ? setTimeout(r, Math.floor(wait - 0.5)) : setImmediate(r)));
    }
  }
  await Promise.all(inFlight);
  const seconds = (performance.now() - start) / 1000;
  await pool.close();
  latencies.sort((a, b) => a - b);
  return {
    rate: options.rate,
    seconds,
    scheduled: total,
    ok: latencies.length,
    non2xx,
    errors,
    latencies,
    p50: percentile(latencies, 50),
    p90: percentile(latencies, 90),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
    achieved: latencies.length / seconds,
  };
}

/** A run "holds" a rate when every request was answered 2xx in time and the p99 is under the bound. */
export function holds(result: TOpenLoopResult, p99BoundMs: number): boolean {
  return result.ok === result.scheduled && result.p99 <= p99BoundMs;
}

export interface TCapacity {
  /** The highest rate found that holds. */
  rate: number;
  /** The run at that rate. */
  atRate: TOpenLoopResult | undefined;
  /** Each probe: rate, p99, whether it held. */
  probes: { rate: number; p99: number; ok: number; scheduled: number; held: boolean }[];
}

/**
 * The highest rate with p99 <= bound and no errors: doubles from `startRate` until a rate fails (twice in a row),
 * then bisects `steps` times between the last that held and the first that failed. Short runs (`probeSeconds`) with a pause
 * between, so one probe's backlog does not spill into the next.
 */
export async function findCapacity(
  options: Omit<TOpenLoopOptions, 'rate' | 'durationSeconds'> & { startRate: number; p99BoundMs: number; probeSeconds?: number; steps?: number; maxRate?: number },
  log: (line: string) => void = () => undefined,
): Promise<TCapacity> {
  const probes: TCapacity['probes'] = [];
  const probe = async (rate: number) => {
    const result = await runOpenLoop({ ...options, rate, durationSeconds: options.probeSeconds ?? 4 });
    const held = holds(result, options.p99BoundMs);
    probes.push({ rate, p99: result.p99, ok: result.ok, scheduled: result.scheduled, held });
    log(`  ${rate} req/s: p99 ${result.p99.toFixed(2)} ms, ${result.ok}/${result.scheduled} ok${held ? '' : '  (does not hold)'}`);
    await new Promise((r) => setTimeout(r, 500));
    return { result, held };
  };
  // A rate fails only when a second probe confirms it: one hiccup on a shared two-core machine (a collection, another
  // process waking) must not end the search far below what the target holds.
  const probeConfirmed = async (rate: number) => {
    const first = await probe(rate);
    return first.held ? first : probe(rate);
  };
  let good: { rate: number; result: TOpenLoopResult } | undefined;
  let bad: number | undefined;
  for (let rate = options.startRate; rate <= (options.maxRate ?? 100_000); rate *= 2) {
    const { result, held } = await probeConfirmed(rate);
    if (!held) {
      bad = rate;
      break;
    }
    good = { rate, result };
  }
  let low = good?.rate ?? 0;
  let high = bad ?? low;
  for (let i = 0; i < (options.steps ?? 4) && high - low > Math.max(10, low * 0.05); i++) {
    const mid = Math.round((low + high) / 2);
    const { result, held } = await probeConfirmed(mid);
    if (held) {
      good = { rate: mid, result };
      low = mid;
    } else high = mid;
  }
  return { rate: good?.rate ?? 0, atRate: good?.result, probes };
}

/** CPU seconds a process has used (user + system), from /proc/<pid>/stat. */
export function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may contain spaces) start after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks / 100;
}

/** Measures the CPU each process spends during `run`, per 2xx answer, in ms. */
export async function withCpu<T extends { ok: number }>(pids: Record<string, number>, run: () => Promise<T>): Promise<{ result: T; cpuMsPerRequest: Record<string, number> }> {
  const before = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuSecondsOf(pid)]));
  const result = await run();
  const cpuMsPerRequest = Object.fromEntries(
    Object.entries(pids).map(([name, pid]) => [name, ((cpuSecondsOf(pid) - before[name]!) * 1000) / Math.max(1, result.ok)]),
  );
  return { result, cpuMsPerRequest };
}

export const fmt = (n: number, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');

/** Date, Node version, CPUs and load average: figures are comparable only between runs under similar load. */
export function machineLine(): string {
  return `${new Date().toISOString()}  node ${process.version}  ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}  load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`;
}

export function formatTable(rows: string[][]): string[] {
  const columns = Math.max(...rows.map((r) => r.length));
  const widths = Array.from({ length: columns }, (_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows.map((r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('   '));
}
