/**
 * Shared by the load benchmarks: drive targets in alternating rounds at a fixed rate with the open-loop generator
 * (open-loop.ts), summarise them, and print a direct-versus-gateway table.
 */
import { fmt, percentile, runOpenLoop, type TOpenLoopRequest, type TOpenLoopResult } from './open-loop.js';

export { fmt, formatTable, machineLine, percentile } from './open-loop.js';

export interface TLoadSettings {
  rate: number;
  connections: number;
  durationSeconds: number;
  rounds: number;
  warmupSeconds: number;
}

export interface TRun {
  target: string;
  url: string;
  requestsPerSecond: number;
  ok: number;
  non2xx: number;
  errors: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
}

/**
 * Warm-up of each target, then rounds alternating between them (so a load change on the machine during the run
 * hits both alike), each an open-loop paced run (open-loop.ts: requests leave at their scheduled times whatever
 * the answers, latency counted from the scheduled time); returns one summary per target.
 */
export async function measureAlternating(
  targets: { name: string; origin: string; request: () => TOpenLoopRequest }[],
  settings: TLoadSettings,
  log: (line: string) => void = console.log,
): Promise<TRun[]> {
  const run = (target: (typeof targets)[number], seconds: number) =>
    runOpenLoop({ origin: target.origin, request: target.request, rate: settings.rate, durationSeconds: seconds, connections: settings.connections });
  log('warming up...');
  for (const target of targets) await run(target, settings.warmupSeconds);
  const samples = targets.map(() => [] as TOpenLoopResult[]);
  const roundSeconds = Math.max(1, Math.round(settings.durationSeconds / settings.rounds));
  for (let round = 1; round <= settings.rounds; round++) {
    log(`round ${round}/${settings.rounds}: ${roundSeconds} s on each of ${targets.map((t) => t.name).join(', ')}...`);
    for (const [i, target] of targets.entries()) samples[i]!.push(await run(target, roundSeconds));
  }
  return targets.map((target, i) => summarise(target.name, target.origin, samples[i]!));
}

export function summarise(target: string, url: string, samples: TOpenLoopResult[]): TRun {
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
    latencyMs: { p50: percentile(latencies, 50), p90: percentile(latencies, 90), p99: percentile(latencies, 99), max: latencies.at(-1) ?? Number.NaN, mean },
  };
}

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

export function settingsLine(settings: TLoadSettings): string {
  return `open loop, paced at ${settings.rate} req/s (latency from each request's scheduled time), up to ${settings.connections} connections, unpipelined, ${settings.durationSeconds} s per target in ${settings.rounds} alternating rounds, after ${settings.warmupSeconds} s warm-up`;
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
