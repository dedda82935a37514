/**
 * Closed-loop saturation with autocannon: `connections` requests always in flight, each sent as soon as the previous
 * answer on its connection arrives, for the capacity of a target (its throughput when nothing waits for a schedule),
 * the same way pgbench -c N measures a database. Latencies here are service times under saturation, not a paced load's.
 */
import autocannon from 'autocannon';

export interface TSaturation {
  ok: number;
  non2xx: number;
  errors: number;
  seconds: number;
  perSecond: number;
  latencyMs: { p50: number; p99: number };
}

export async function saturate(options: autocannon.Options, connections: number, seconds: number): Promise<TSaturation> {
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ ...options, connections, pipelining: 1, duration: seconds }, (error, r) => (error ? reject(error) : resolve(r)));
  });
  const ok = result['2xx'];
  return {
    ok,
    non2xx: result.non2xx,
    errors: result.errors,
    seconds: result.duration,
    perSecond: ok / result.duration,
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99 },
  };
}
