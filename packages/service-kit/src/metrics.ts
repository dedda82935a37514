import client from 'prom-client';

export type TMetrics = ReturnType<typeof createMetrics>;

/** A Prometheus registry per service: process metrics plus request counts and durations. */
export function createMetrics(service: string) {
  const registry = new client.Registry();
  registry.setDefaultLabels({ service });
  client.collectDefaultMetrics({ register: registry });
  const httpDuration = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration in seconds',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const eventsPublished = new client.Counter({
    name: 'events_published_total',
    help: 'Events published from the outbox',
    labelNames: ['type'] as const,
    registers: [registry],
  });
  const eventsConsumed = new client.Counter({
    name: 'events_consumed_total',
    help: 'Events handled by consumers, by outcome',
    labelNames: ['queue', 'type', 'outcome'] as const,
    registers: [registry],
  });
  const jobsRun = new client.Counter({
    name: 'jobs_run_total',
    help: 'Background job runs, by job and outcome',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  });
  return { registry, httpDuration, eventsPublished, eventsConsumed, jobsRun };
}
