import { mkdtempSync, readdirSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TOpenApiDocument } from '@platform/service-kit';
import { createTestEnvironment, recordRouteTables, type TRouteRecorder, type TTestEnvironment } from '@platform/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assembleDocument } from '../gateway/src/api-docs.js';
import type { TServiceName } from '../gateway/src/routes.js';
import { ROOT } from './stack.js';

/**
 * Every route in every service's REAL route table (recordRouteTables: Fastify's own, as the hostile-input probe reads
 * it) is in that service's OpenAPI document, and every public one survives the gateway's assembly (routed to that
 * service by gateway/src/routes.ts). Services are found by folder, so a new service or route is covered unasked.
 */
type TStarted = { url: string; stop(): Promise<void> };
type TServiceModule = Record<string, unknown> & { start: (config: unknown) => Promise<TStarted> };

const serviceNames = readdirSync(join(ROOT, 'services'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(ROOT, 'services', entry.name, 'src', 'index.ts')))
  .map((entry) => entry.name);

let recorder: TRouteRecorder;
const environments: TTestEnvironment[] = [];
const started: { name: string; service: TStarted }[] = [];
let files: string;

beforeAll(async () => {
  recorder = recordRouteTables();
  files = mkdtempSync(join(tmpdir(), 'openapi-routes-'));
  await Promise.all(
    serviceNames.map(async (name) => {
      const module = (await import(`../services/${name}/src/index.ts`)) as TServiceModule;
      const configModule = (await import(`../services/${name}/src/config.ts`)) as Record<string, unknown>;
      const loadConfig = Object.entries(configModule).find(([key, value]) => /^load\w*Config$/.test(key) && typeof value === 'function')?.[1] as
        | ((env: Record<string, string>) => unknown)
        | undefined;
      if (!loadConfig) throw new Error(`services/${name}/src/config.ts exports no load...Config`);
      const environment = await createTestEnvironment(`oa_${name}`);
      environments.push(environment);
      const config = loadConfig({
        ...environment.env,
        // Only the HTTP routes are needed here.
        CONSUMERS_ENABLED: 'false',
        JOBS_ENABLED: 'false',
        OUTBOX_RELAY_ENABLED: 'false',
        MAIL_OUTBOX_DIR: join(files, `${name}-mail`),
        UPLOAD_DIR: join(files, `${name}-uploads`),
        MEDIA_DIR: join(files, `${name}-media`),
      });
      started.push({ name, service: await module.start(config) });
    }),
  );
}, 120_000);

afterAll(async () => {
  recorder?.stop();
  await Promise.all(started.map(({ service }) => service.stop()));
  await Promise.all(environments.map((environment) => environment.cleanup()));
  if (files) rmSync(files, { recursive: true, force: true });
});

describe('the OpenAPI documents against the route tables', () => {
  it('when a route is in a service route table, then it is in the service document, and every public one in the gateway document', async () => {
    expect(started.map((s) => s.name).sort()).toEqual([...serviceNames].sort());
    const documents: Partial<Record<TServiceName, TOpenApiDocument>> = {};
    let publicRoutes = 0;
    for (const { name, service } of started) {
      const res = await fetch(`${service.url}/internal/openapi.json`);
      expect(res.status, name).toBe(200);
      const document = (await res.json()) as TOpenApiDocument;
      documents[name as TServiceName] = document;
      const routes = recorder.routesServedAt(service.url).filter((route) => route.url !== '/internal/openapi.json');
      expect(routes.length, name).toBeGreaterThan(3);
      for (const route of routes) {
        const path = route.url.replace(/:([A-Za-z0-9_]+)(\([^)]*\))?/g, '{$1}').replace(/\*$/, '{wildcard}');
        expect(document.paths[path]?.[route.method.toLowerCase()], `${name}: ${route.method} ${route.url} is not documented`).toBeDefined();
        if (route.url.startsWith('/api/')) publicRoutes += 1;
      }
    }
    const assembled = assembleDocument(documents);
    expect(assembled['x-unrouted'] ?? [], 'public routes the gateway does not send to their service').toEqual([]);
    const assembledOperations = Object.values(assembled.paths).flatMap((item) => Object.keys(item));
    expect(assembledOperations.length).toBe(publicRoutes);
  });
});
