import { recordRouteTables, type TRouteRecorder } from '@platform/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assembleDocument } from '../gateway/src/api-docs.js';
import { requiresAdmin, resolveRoute, type TServiceName } from '../gateway/src/routes.js';
import { SERVICE_NAMES, startServicesForDocuments, type TDocumentServices } from './service-documents.js';

/**
 * Every route in every service's REAL route table (recordRouteTables: Fastify's own, as the hostile-input probe reads
 * it) is in that service's OpenAPI document, and every public one survives the gateway's assembly (routed to that
 * service by gateway/src/routes.ts). Services are found by folder, so a new service or route is covered unasked.
 * (`npm run lint:openapi` lints the same assembled document with Redocly's recommended rules.)
 */
let recorder: TRouteRecorder;
let services: TDocumentServices;

beforeAll(async () => {
  recorder = recordRouteTables();
  services = await startServicesForDocuments('oa');
}, 120_000);

afterAll(async () => {
  recorder?.stop();
  await services?.stop();
});

describe('the OpenAPI documents against the route tables', () => {
  it('when a route is in a service route table, then it is in the service document, and every public one in the gateway document', async () => {
    expect(services.started.map((s) => s.name).sort()).toEqual([...SERVICE_NAMES].sort());
    const documents = await services.documents();
    let publicRoutes = 0;
    for (const service of services.started) {
      const name = service.name;
      const document = documents[name as TServiceName]!;
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

  it('when assembled, then every operation states its access: `security: []` on a public one, the bearer token (and its 401) on every other', async () => {
    const assembled = assembleDocument(await services.documents());
    let publicOperations = 0;
    for (const [path, item] of Object.entries(assembled.paths)) {
      const concrete = path.replace(/\{[^}]+\}/g, 'x');
      const entry = resolveRoute(concrete)!;
      for (const [method, operation] of Object.entries(item)) {
        const where = `${method.toUpperCase()} ${path}`;
        expect(operation.operationId, where).toMatch(/^\w+$/);
        expect(operation.summary, where).toBeTruthy();
        expect(Object.keys(operation.responses).some((code) => code.startsWith('4')), `${where} documents no refusal`).toBe(true);
        if (entry.access === 'public' && !requiresAdmin(concrete, entry)) {
          publicOperations += 1;
          expect(operation.security, where).toEqual([]);
        } else {
          expect(operation.security, where).toEqual([{ bearerAuth: [] }]);
          expect(operation.responses['401'], where).toBeDefined();
        }
      }
    }
    expect(publicOperations).toBeGreaterThanOrEqual(9);
  });
});
