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
  const consumerRetries = new client.Counter({
    name: 'consumer_retries_total',
    help: 'Events a consumer sent to its retry queue after a failed handler',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  // Read when scraped (onScrape): what the service's dependencies hold right now.
  const outboxUnpublished = new client.Gauge({ name: 'outbox_unpublished_events', help: 'Outbox events written but not yet published', registers: [registry] });
  const outboxLag = new client.Gauge({ name: 'outbox_lag_seconds', help: 'Age of the oldest unpublished outbox event (0 when none)', registers: [registry] });
  const deadLetterDepth = new client.Gauge({ name: 'consumer_dead_letter_messages', help: "Messages in a consumer's dead-letter queue", labelNames: ['queue'] as const, registers: [registry] });
  const jobQueueJobs = new client.Gauge({ name: 'job_queue_jobs', help: 'BullMQ jobs by state (waiting, active, delayed, failed, completed)', labelNames: ['queue', 'state'] as const, registers: [registry] });
  const pgPool = new client.Gauge({ name: 'pg_pool_connections', help: 'PostgreSQL pool connections: total, idle, and requests waiting for one', labelNames: ['state'] as const, registers: [registry] });
  const scrapeProbes: { name: string; probe: () => Promise<void> | void }[] = [];
  const scrapeErrors = new client.Counter({ name: 'metrics_probe_errors_total', help: 'Scrape-time probes that failed (the metric keeps its last value)', labelNames: ['probe'] as const, registers: [registry] });
  /** Registers a probe run before each scrape (e.g. counting the outbox); a failing or slow one is counted and skipped. */
  const onScrape = (name: string, probe: () => Promise<void> | void) => void scrapeProbes.push({ name, probe });
  /** Runs every probe (each within 2 s), then the registry's text. */
  const scrape = async (): Promise<string> => {
    await Promise.all(
      scrapeProbes.map(async ({ name, probe }) => {
        let timer: NodeJS.Timeout | undefined;
        try {
          await Promise.race([
            Promise.resolve().then(probe),
            new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('probe timed out')), 2_000))),
          ]);
        } catch {
          scrapeErrors.labels(name).inc();
        } finally {
          clearTimeout(timer);
        }
      }),
    );
    return registry.metrics();
  };
  /** A service's own gauge on this registry (read when scraped with onScrape), e.g. payouts' withdrawals_overdue. */
  const gauge = (name: string, help: string) => new client.Gauge({ name, help, registers: [registry] });
  return { registry, gauge, httpDuration, eventsPublished, eventsConsumed, jobsRun, consumerRetries, outboxUnpublished, outboxLag, deadLetterDepth, jobQueueJobs, pgPool, onScrape, scrape };
}
