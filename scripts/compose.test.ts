import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMetrics } from '@platform/service-kit';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from './stack.js';

/**
 * The compose stack (docker-compose.yml) as `docker compose` renders it: every service of the repository is in it
 * (a new folder under services/ that nobody adds fails here), chat twice behind the gateway, health checks,
 * depends_on conditions, restart policies and named volumes; Prometheus scrapes every Node process and the Grafana
 * dashboard shows metrics the processes really export; the images are multi-stage, non-root, production-only.
 * Where a `docker compose` (or docker-compose) binary exists, `config` must accept the file too.
 */

type TService = {
  image?: string;
  build?: { context: string; dockerfile: string };
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  restart?: string;
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
  ports?: string[];
};
type TCompose = { services: Record<string, TService>; volumes: Record<string, unknown> };

/** Values for the variables compose reads from .env: .env.example with a key pair filled in. */
function exampleEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of readFileSync(join(ROOT, '.env.example'), 'utf8').split('\n')) {
    const match = /^([A-Z0-9_]+)=(.*)$/.exec(line);
    if (match) env[match[1]!] = match[2]!;
  }
  env.JWT_PUBLIC_KEY = '-----BEGIN PUBLIC KEY-----\\nexample\\n-----END PUBLIC KEY-----';
  env.JWT_PRIVATE_KEY = '-----BEGIN PRIVATE KEY-----\\nexample\\n-----END PRIVATE KEY-----';
  env.CHAT_SECRETS_KEY = 'ab'.repeat(32);
  return env;
}

/** Compose's interpolation: ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error}, ${VAR?error}, and $$. */
function interpolate(text: string, env: Record<string, string>): string {
  return text.replace(/\$\$|\$\{([A-Z0-9_]+)(?:(:?)([-?])([^}]*))?\}/g, (whole, name: string | undefined, colon: string, op: string, arg: string) => {
    if (whole === '$$') return '$';
    const value = env[name!];
    const missing = value === undefined || (colon === ':' && value === '');
    if (op === '-') return missing ? arg : value!;
    if (op === '?') {
      if (missing) throw new Error(`${name} is required: ${arg}`);
      return value!;
    }
    return value ?? '';
  });
}

function render(env = exampleEnv()): TCompose {
  return parse(interpolate(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), env), { merge: true }) as TCompose;
}

const serviceFolders = readdirSync(join(ROOT, 'services'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(ROOT, 'services', entry.name, 'package.json')))
  .map((entry) => entry.name);

describe('docker-compose.yml', () => {
  const compose = render();
  const nodeServices = Object.entries(compose.services).filter(([, s]) => s.build);

  it('when rendered, then every service of the repository and the gateway run from their own Dockerfile, chat twice behind the gateway', () => {
    expect(serviceFolders.length).toBeGreaterThanOrEqual(5);
    for (const name of serviceFolders) {
      expect(compose.services[name]?.build, `services/${name} is not in docker-compose.yml`).toEqual({ context: '.', dockerfile: `services/${name}/Dockerfile` });
      expect(existsSync(join(ROOT, 'services', name, 'Dockerfile')), `services/${name}/Dockerfile`).toBe(true);
    }
    expect(compose.services.gateway?.build).toEqual({ context: '.', dockerfile: 'gateway/Dockerfile' });
    expect(compose.services['chat-2']?.build).toEqual(compose.services.chat?.build);
    expect(compose.services['chat-2']?.environment).toEqual(compose.services.chat?.environment);
    expect(compose.services.gateway?.environment?.CHAT_SERVICE_URL?.split(',')).toEqual(['http://chat:4004', 'http://chat-2:4004']);
    for (const engine of ['postgres', 'rabbitmq', 'redis', 'jaeger', 'prometheus', 'grafana']) expect(compose.services[engine]?.image, engine).toBeTruthy();
  });

  it('when rendered, then every container has a health check and a restart policy, every dependency a condition, every named volume is declared', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      expect(service.healthcheck?.test?.length, `${name} health check`).toBeGreaterThan(0);
      expect(service.restart, `${name} restart policy`).toBe('unless-stopped');
      for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {})) {
        expect(compose.services[dependency], `${name} depends on ${dependency}`).toBeDefined();
        expect(['service_healthy', 'service_started', 'service_completed_successfully'], `${name} -> ${dependency}`).toContain(condition);
      }
      for (const volume of service.volumes ?? []) {
        const source = volume.split(':')[0]!;
        if (source.startsWith('.') || source.startsWith('/')) expect(existsSync(join(ROOT, source)), `${name}: ${source}`).toBe(true);
        else expect(Object.keys(compose.volumes), `${name}: volume ${source}`).toContain(source);
      }
    }
    for (const [name, service] of nodeServices) {
      if (name === 'gateway') continue;
      expect(service.depends_on, name).toMatchObject({ postgres: { condition: 'service_healthy' }, rabbitmq: { condition: 'service_healthy' }, redis: { condition: 'service_healthy' } });
      expect(service.environment?.OTEL_EXPORTER_OTLP_ENDPOINT, name).toBe('http://jaeger:4318');
      expect(service.environment?.INTERNAL_PORT, name).toBe('9464');
      expect(compose.services.gateway?.depends_on?.[name], `the gateway waits for ${name}`).toEqual({ condition: 'service_healthy' });
    }
    expect(compose.services.pgdata).toBeUndefined();
    expect(Object.keys(compose.volumes)).toEqual(expect.arrayContaining(['pgdata', 'rabbitmq-data', 'prometheus-data', 'grafana-data']));
  });

  it('when a required secret is missing from .env, then rendering says which', () => {
    const env = exampleEnv();
    delete env.JWT_PUBLIC_KEY;
    expect(() => render(env)).toThrow(/JWT_PUBLIC_KEY is required: run npm run keys first/);
  });

  it('when Prometheus is configured, then it scrapes the internal port of every Node process of the stack', () => {
    const prometheus = parse(readFileSync(join(ROOT, 'infra/prometheus/prometheus.yml'), 'utf8')) as { scrape_configs: { job_name: string; static_configs: { targets: string[] }[] }[] };
    const targets = prometheus.scrape_configs.flatMap((job) => job.static_configs.flatMap((c) => c.targets));
    for (const [name] of nodeServices) expect(targets, name).toContain(`${name}:9464`);
    parse(readFileSync(join(ROOT, 'infra/prometheus/alerts.yml'), 'utf8'));
  });

  it('when the Grafana dashboard is read, then each panel queries metrics the processes export, and every metric the issue names is shown', async () => {
    const dashboard = JSON.parse(readFileSync(join(ROOT, 'infra/grafana/dashboards/platform.json'), 'utf8')) as { panels: { type: string; title: string; targets?: { expr: string }[] }[] };
    const exported = new Set(
      (await createMetrics('probe').registry.getMetricsAsJSON()).flatMap((m) => (String(m.type) === 'histogram' ? [`${m.name}_bucket`, `${m.name}_count`, `${m.name}_sum`] : [m.name])),
    );
    exported.add('chat_ws_connections'); // registered by the chat service's socket server
    const queried = new Set<string>();
    for (const panel of dashboard.panels.filter((p) => p.type !== 'row')) {
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      for (const { expr } of panel.targets!) {
        for (const [name] of expr.matchAll(/\b[a-z_]+(?:_total|_seconds(?:_bucket|_count|_sum)?|_bytes|_events|_messages|_connections|_jobs)\b/g)) queried.add(name);
      }
    }
    for (const name of queried) expect(exported.has(name), `${name} is not exported by any process`).toBe(true);
    for (const name of [
      'http_request_duration_seconds_count',
      'http_request_duration_seconds_bucket',
      'outbox_unpublished_events',
      'outbox_lag_seconds',
      'consumer_retries_total',
      'consumer_dead_letter_messages',
      'chat_ws_connections',
      'job_queue_jobs',
      'pg_pool_connections',
    ]) {
      expect(queried.has(name), `the dashboard does not show ${name}`).toBe(true);
    }
  });

  it('when the images are built, then each is multi-stage, installs production dependencies only and runs as a non-root user', () => {
    for (const [name, service] of nodeServices) {
      const dockerfile = readFileSync(join(ROOT, service.build!.dockerfile), 'utf8');
      const stages = dockerfile.split(/^FROM /m).slice(1);
      expect(stages.length, name).toBeGreaterThanOrEqual(2);
      const final = stages.at(-1)!;
      expect(final, name).toMatch(/^USER node$/m);
      expect(final, `${name}: the final stage installs nothing itself`).not.toMatch(/npm (ci|install)/);
      expect(dockerfile, name).toMatch(/npm ci --workspace @platform\/\S+ --omit=dev/);
      expect(final, name).toMatch(/HEALTHCHECK/);
    }
  });

  const composeBinary = (['docker compose', 'docker-compose'] as const).find((command) => {
    const [bin, ...args] = command.split(' ');
    return spawnSync(bin!, [...args, 'version'], { stdio: 'ignore' }).status === 0;
  });
  it.skipIf(!composeBinary)(`when ${composeBinary ?? 'docker compose'} config reads the file, then it accepts it`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'compose-env-'));
    try {
      const envFile = join(dir, '.env');
      writeFileSync(envFile, Object.entries(exampleEnv()).map(([k, v]) => `${k}="${v}"`).join('\n'));
      const [bin, ...args] = composeBinary!.split(' ');
      const result = spawnSync(bin!, [...args, '--env-file', envFile, '-f', join(ROOT, 'docker-compose.yml'), 'config', '--quiet'], { encoding: 'utf8' });
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
