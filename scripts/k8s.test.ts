import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { ROOT } from './stack.js';

/**
 * The Kubernetes manifests (infra/k8s: a kustomize base and a production overlay), rendered here by a small renderer
 * of the kustomize features they use (resources, namespace, labels, images, replicas, strategic-merge patches) and,
 * where kubectl exists, by `kubectl kustomize` too (both must agree). Every rendered manifest of a built-in kind is
 * validated against the Kubernetes schemas (kubernetes-models); the operators' kinds (CloudNativePG Cluster,
 * RabbitmqCluster) are checked for what the platform needs of them. Then the shape the issue asks for: a Deployment
 * per service with probes on the internal port and resources, autoscaling for the gateway, chat and work, disruption
 * budgets, network policies, migration Jobs, Secrets referenced and never written.
 */

// Manifests are read as plain YAML and their fields asserted on directly (a typed model per kind would add nothing).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type TManifest = { apiVersion: string; kind: string; metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> }; spec?: any; data?: any };
type TKustomization = {
  resources?: string[];
  namespace?: string;
  labels?: { pairs: Record<string, string>; includeSelectors?: boolean }[];
  images?: { name: string; newName?: string; newTag?: string }[];
  replicas?: { name: string; count: number }[];
  patches?: { path: string }[];
};

const K8S = join(ROOT, 'infra', 'k8s');
const CLUSTER_SCOPED = new Set(['Namespace', 'ClusterRole', 'ClusterRoleBinding', 'PersistentVolume', 'StorageClass', 'CustomResourceDefinition']);

function readYaml(path: string): TManifest[] {
  return parseAllDocuments(readFileSync(path, 'utf8'))
    .map((doc) => doc.toJS() as TManifest | null)
    .filter((doc): doc is TManifest => doc !== null);
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Strategic merge as kustomize does it for these patches: maps merge, lists of named items merge by name, other lists are replaced. */
function merge(target: unknown, patch: unknown): unknown {
  if (isObject(target) && isObject(patch)) {
    const out: Record<string, unknown> = { ...target };
    for (const [key, value] of Object.entries(patch)) out[key] = key in target ? merge(target[key], value) : value;
    return out;
  }
  if (Array.isArray(target) && Array.isArray(patch) && patch.every((item) => isObject(item) && typeof item.name === 'string')) {
    const out = [...target];
    for (const item of patch as Record<string, unknown>[]) {
      const index = out.findIndex((existing) => isObject(existing) && existing.name === item.name);
      if (index >= 0) out[index] = merge(out[index], item);
      else out.push(item);
    }
    return out;
  }
  return patch;
}

/** Renders a kustomization directory (the subset of kustomize infra/k8s uses). */
function render(dir: string): TManifest[] {
  const kustomization = readYaml(join(dir, 'kustomization.yaml'))[0] as unknown as TKustomization;
  let manifests: TManifest[] = [];
  for (const resource of kustomization.resources ?? []) {
    const path = join(dir, resource);
    manifests.push(...(statSync(path).isDirectory() ? render(path) : readYaml(path)));
  }
  for (const { path } of kustomization.patches ?? []) {
    for (const patch of readYaml(join(dir, path))) {
      const index = manifests.findIndex((m) => m.kind === patch.kind && m.metadata.name === patch.metadata.name);
      if (index < 0) throw new Error(`patch ${path}: no ${patch.kind} ${patch.metadata.name}`);
      manifests[index] = merge(manifests[index], patch) as TManifest;
    }
  }
  for (const { name, count } of kustomization.replicas ?? []) {
    const target = manifests.find((m) => ['Deployment', 'StatefulSet'].includes(m.kind) && m.metadata.name === name);
    if (!target) throw new Error(`replicas: no ${name}`);
    target.spec.replicas = count;
  }
  manifests = manifests.map((manifest) => {
    const text = JSON.stringify(manifest);
    let replaced = text;
    for (const image of kustomization.images ?? []) {
      replaced = replaced.replace(new RegExp(`"image":"${image.name.replace(/[.*+?^$()|[\]\\/]/g, '\\$&')}(?::[^"]*)?"`, 'g'), () => `"image":"${image.newName ?? image.name}:${image.newTag ?? 'latest'}"`);
    }
    return JSON.parse(replaced) as TManifest;
  });
  if (kustomization.namespace) {
    for (const manifest of manifests) if (!CLUSTER_SCOPED.has(manifest.kind)) manifest.metadata.namespace = kustomization.namespace;
  }
  for (const { pairs } of kustomization.labels ?? []) {
    for (const manifest of manifests) manifest.metadata.labels = { ...manifest.metadata.labels, ...pairs };
  }
  return manifests;
}

const hasKubectl = spawnSync('kubectl', ['version', '--client'], { stdio: 'ignore' }).status === 0;

function kubectlKustomize(dir: string): TManifest[] {
  const result = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`kubectl kustomize ${dir}: ${result.stderr}`);
  return parseAllDocuments(result.stdout).map((doc) => doc.toJS() as TManifest);
}

/** The kubernetes-models class for a built-in kind, or undefined for an operator's kind. */
async function modelFor(apiVersion: string, kind: string): Promise<(new (data: unknown) => { validate(): void }) | undefined> {
  const path = join(dirname(createRequire(import.meta.url).resolve('kubernetes-models/package.json')), apiVersion, `${kind}.js`);
  if (!existsSync(path)) return undefined;
  const module = (await import(`kubernetes-models/${apiVersion}/${kind}`)) as Record<string, new (data: unknown) => { validate(): void }>;
  return module[kind];
}

const serviceFolders = readdirSync(join(ROOT, 'services'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(ROOT, 'services', entry.name, 'package.json')))
  .map((entry) => entry.name);

const renderings = {
  base: render(join(K8S, 'base')),
  production: render(join(K8S, 'overlays', 'production')),
};

function find(manifests: TManifest[], kind: string, name: string): TManifest {
  const found = manifests.find((m) => m.kind === kind && m.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name}`);
  return found;
}

describe.each(Object.entries(renderings))('infra/k8s %s', (variant, manifests) => {
  it.skipIf(!hasKubectl)('when kubectl kustomize builds it, then it renders the same manifests as this renderer', () => {
    const built = kubectlKustomize(variant === 'base' ? join(K8S, 'base') : join(K8S, 'overlays', 'production'));
    const key = (m: TManifest) => `${m.kind}/${m.metadata.name}`;
    expect(built.map(key).sort()).toEqual(manifests.map(key).sort());
    for (const manifest of built) expect(manifest, key(manifest)).toEqual(find(manifests, manifest.kind, manifest.metadata.name));
  });

  it('when each manifest of a built-in kind is validated against the Kubernetes schemas, then it is valid; the operators kinds are the only others', async () => {
    const others = new Set<string>();
    for (const manifest of manifests) {
      const Model = await modelFor(manifest.apiVersion, manifest.kind);
      if (!Model) {
        others.add(`${manifest.apiVersion} ${manifest.kind}`);
        continue;
      }
      expect(() => new Model(manifest).validate(), `${manifest.kind} ${manifest.metadata.name}`).not.toThrow();
    }
    expect([...others].sort()).toEqual(['postgresql.cnpg.io/v1 Cluster', 'rabbitmq.com/v1beta1 RabbitmqCluster']);
    expect(manifests.filter((m) => m.kind === 'Secret')).toEqual([]);
  });

  it('when rendered, then every service and the gateway have a Deployment probed on the internal port, with resources, a Service and a disruption budget', () => {
    for (const name of [...serviceFolders, 'gateway']) {
      const deployment = find(manifests, 'Deployment', name);
      const [container] = deployment.spec.template.spec.containers;
      expect(container.ports).toEqual(expect.arrayContaining([{ name: 'internal', containerPort: 9464 }]));
      expect(container.readinessProbe.httpGet).toEqual({ path: '/ready', port: 'internal' });
      expect(container.livenessProbe.httpGet).toEqual({ path: '/health', port: 'internal' });
      expect(container.resources.requests.cpu && container.resources.limits.memory, name).toBeTruthy();
      expect(deployment.spec.template.spec.securityContext.runAsNonRoot).toBe(true);
      expect(deployment.spec.template.metadata.annotations['prometheus.io/port']).toBe('9464');
      expect(find(manifests, 'Service', name).spec.selector).toEqual({ 'app.kubernetes.io/name': name });
      expect(find(manifests, 'PodDisruptionBudget', name).spec.selector.matchLabels).toEqual({ 'app.kubernetes.io/name': name });
      // Every Secret a pod reads is referenced by name (infra/k8s/README.md lists them), never written in the manifests.
      for (const env of container.env) if (env.valueFrom) expect(env.valueFrom.secretKeyRef?.name, `${name} ${env.name}`).toBeTruthy();
      if (name !== 'gateway') {
        const job = find(manifests, 'Job', `${name}-migrate`);
        expect(job.spec.template.spec.containers[0].command).toEqual(['node', '--enable-source-maps', 'packages/service-kit/dist/migrate.cli.js', name, `services/${name}/src/data-access/migrations`]);
        expect(existsSync(join(ROOT, 'services', name, 'src', 'data-access', 'migrations')), `${name} migrations`).toBe(true);
        expect(find(manifests, 'Cluster', `postgres-${name}`).spec.bootstrap.initdb.database).toBe(`platform_${name}`);
        expect(container.env.find((e: { name: string }) => e.name === 'DATABASE_URL').valueFrom.secretKeyRef).toEqual({ name: `postgres-${name}-app`, key: 'uri' });
      }
    }
    const readme = readFileSync(join(K8S, 'README.md'), 'utf8');
    const secrets = new Set(manifests.flatMap((m) => [...JSON.stringify(m).matchAll(/"secretKeyRef":\{"name":"([^"]+)"/g)].map((match) => match[1]!)));
    for (const secret of secrets) expect(readme, `README names the secret ${secret}`).toContain(secret);
  });

  it('when rendered, then the gateway, chat and work autoscale, and only the gateway is reachable from outside', () => {
    expect(manifests.filter((m) => m.kind === 'HorizontalPodAutoscaler').map((m) => m.spec.scaleTargetRef.name).sort()).toEqual(['chat', 'gateway', 'work']);
    const policies = manifests.filter((m) => m.kind === 'NetworkPolicy');
    expect(find(policies, 'NetworkPolicy', 'default-deny-ingress').spec).toEqual({ podSelector: {}, policyTypes: ['Ingress'] });
    const fromOutside = policies.filter((p) => JSON.stringify(p.spec.ingress ?? []).includes('ingress-nginx'));
    expect(fromOutside.map((p) => p.spec.podSelector.matchLabels)).toEqual([{ 'app.kubernetes.io/name': 'gateway' }]);
    expect(manifests.filter((m) => m.kind === 'Ingress').map((m) => m.spec.rules[0].http.paths[0].backend.service.name)).toEqual(['gateway']);
    const services = find(policies, 'NetworkPolicy', 'services-from-gateway-and-each-other');
    expect(services.spec.ingress[0].from).toContainEqual({ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'gateway' } } });
  });

  it('when rendered, then RabbitMQ is a three-node RabbitmqCluster with quorum queues, PostgreSQL CloudNativePG Clusters, Redis with Sentinel', () => {
    const rabbit = find(manifests, 'RabbitmqCluster', 'rabbitmq');
    expect(rabbit.spec.replicas).toBe(3);
    expect(rabbit.spec.rabbitmq.additionalConfig).toMatch(/^default_queue_type = quorum$/m);
    const redis = find(manifests, 'StatefulSet', 'redis');
    expect(redis.spec.replicas).toBe(3);
    expect(redis.spec.template.spec.containers.map((c: { name: string }) => c.name)).toEqual(['redis', 'sentinel']);
    expect(find(manifests, 'ConfigMap', 'redis-scripts').data['sentinel.sh']).toMatch(/sentinel monitor mymaster \$MASTER 6379 2/);
    for (const deployment of manifests.filter((m) => m.kind === 'Deployment')) {
      const redisUrl = deployment.spec.template.spec.containers[0].env.find((e: { name: string }) => e.name === 'REDIS_URL');
      expect(redisUrl?.value, deployment.metadata.name).toBe('redis+sentinel://:$(REDIS_PASSWORD)@redis-sentinel:26379/mymaster');
    }
    const clusters = manifests.filter((m) => m.kind === 'Cluster');
    expect(clusters.map((c) => c.metadata.name).sort()).toEqual(serviceFolders.map((s) => `postgres-${s}`).sort());
    for (const cluster of clusters) expect(cluster.spec.instances).toBe(variant === 'production' ? 3 : 2);
  });
});

describe('infra/k8s production overlay', () => {
  it('when rendered, then images are pinned from the registry, never :latest, and the money path has more replicas', () => {
    const images = renderings.production.flatMap((m) => [...JSON.stringify(m).matchAll(/"image":"([^"]+)"/g)].map((match) => match[1]!));
    expect(images.filter((image) => image.startsWith('platform/') || image.endsWith(':latest'))).toEqual([]);
    expect(find(renderings.production, 'Deployment', 'payouts').spec.template.spec.containers[0].image).toBe('registry.example.com/platform/payouts:1.0.0');
    expect(find(renderings.production, 'Deployment', 'payouts').spec.replicas).toBe(3);
    expect(find(renderings.production, 'HorizontalPodAutoscaler', 'gateway').spec.minReplicas).toBe(3);
    expect(renderings.production.every((m) => m.kind === 'Namespace' || m.metadata.namespace === 'platform')).toBe(true);
  });
});
