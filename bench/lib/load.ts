/**
 * Shared by the load benchmarks: drive one target with autocannon at a fixed rate (unpipelined), keep the
 * fractional per-response times, summarise samples, and print a direct-versus-gateway table.
 */
import { cpus, loadavg } from 'node:os';
import autocannon from 'autocannon';

export interface TLoadSettings {
  rate: number;
  connections: number;
  durationSeconds: number;
  rounds: number;
  warmupSeconds: number;
}

export interface TSample {
  latencies: number[];
  seconds: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

export interface TRun {
  target: string;
  url: string;
  requestsPerSecond: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** One timed run against a target; `options` carries url, method, headers, body or per-request setup. */
export async function sample(options: autocannon.Options, settings: TLoadSettings, durationSeconds: number): Promise<TSample> {
  const latencies: number[] = [];
  let finish: (result: autocannon.Result) => void = () => undefined;
  let fail: (error: unknown) => void = () => undefined;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const instance = autocannon(
    { ...options, connections: settings.connections, pipelining: 1, overallRate: settings.rate, duration: durationSeconds },
    (error, result) => (error ? fail(error) : finish(result)),
  );
  // autocannon's own histogram keeps whole milliseconds; the per-response times are fractional.
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
  });
  const result = await done;
  return { latencies, seconds: result.duration, non2xx: result.non2xx, errors: result.errors, timeouts: result.timeouts };
}

/**
 * Warm-up of each target, then rounds alternating between them (so a load change on the machine during the run
 * hits both alike); returns one summary per target.
 */
export async function measureAlternating(
  targets: { name: string; options: () => autocannon.Options }[],
  settings: TLoadSettings,
  log: (line: string) => void = console.log,
): Promise<TRun[]> {
  log('warming up...');
  for (const target of targets) await sample(target.options(), settings, settings.warmupSeconds);
  const samples = targets.map(() => [] as TSample[]);
  const roundSeconds = Math.max(1, Math.round(settings.durationSeconds / settings.rounds));
  for (let round = 1; round <= settings.rounds; round++) {
    log(`round ${round}/${settings.rounds}: ${roundSeconds} s on each of ${targets.map((t) => t.name).join(', ')}...`);
    for (const [i, target] of targets.entries()) samples[i]!.push(await sample(target.options(), settings, roundSeconds));
  }
  return targets.map((target, i) => summarise(target.name, String(target.options().url), samples[i]!));
}

export function summarise(target: string, url: string, samples: TSample[]): TRun {
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

export const fmt = (n: number, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');

/** The direct-versus-gateway rows: req/s with their ratio, latency percentiles with what the gateway adds. */
export function comparisonRows(direct: TRun, viaGateway: TRun): string[][] {
  return [
    ['', 'direct', 'via gateway', 'gateway adds'],
    ['req/s (2xx)', fmt(direct.requestsPerSecond, 1), fmt(viaGateway.requestsPerSecond, 1), `ratio ${fmt(viaGateway.requestsPerSecond / direct.requestsPerSecond, 3)}`],
    ['latency p50 (ms)', fmt(direct.latencyMs.p50, 3), fmt(viaGateway.latencyMs.p50, 3), `+${fmt(viaGateway.latencyMs.p50 - direct.latencyMs.p50, 3)}`],
    ['latency p90 (ms)', fmt(direct.latencyMs.p90, 3), fmt(viaGateway.latencyMs.p90, 3), `+${fmt(viaGateway.latencyMs.p90 - direct.latencyMs.p90, 3)}`],
    ['latency p99 (ms)', fmt(direct.latencyMs.p99, 3), fmt(viaGateway.latencyMs.p99, 3), `+${fmt(viaGateway.latencyMs.p99 - direct.latencyMs.p99, 3)}`],
    ['latency max (ms)', fmt(direct.latencyMs.max, 3), fmt(viaGateway.latencyMs.max, 3), ''],
    ['2xx / non-2xx / errors', `${direct.ok} / ${direct.non2xx} / ${direct.errors}`, `${viaGateway.ok} / ${viaGateway.non2xx} / ${viaGateway.errors}`, ''],
  ];
}

export function formatTable(rows: string[][]): string[] {
  const columns = Math.max(...rows.map((r) => r.length));
  const widths = Array.from({ length: columns }, (_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows.map((r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('   '));
}

/** Date, Node version, CPUs and load average: figures are comparable only between runs under similar load. */
export function machineLine(): string {
  return `${new Date().toISOString()}  node ${process.version}  ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}  load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`;
}

export function settingsLine(settings: TLoadSettings): string {
  return `fixed rate ${settings.rate} req/s overall, ${settings.connections} connections, unpipelined, ${settings.durationSeconds} s per target in ${settings.rounds} alternating rounds, after ${settings.warmupSeconds} s warm-up`;
}

export function settingsFromEnv(defaults: TLoadSettings): TLoadSettings {
  return {
    rate: Number(process.env.BENCH_RATE ?? defaults.rate),
    connections: Number(process.env.BENCH_CONNECTIONS ?? defaults.connections),
    durationSeconds: Number(process.env.BENCH_DURATION ?? defaults.durationSeconds),
    rounds: Number(process.env.BENCH_ROUNDS ?? defaults.rounds),
    warmupSeconds: Number(process.env.BENCH_WARMUP ?? defaults.warmupSeconds),
  };
}
