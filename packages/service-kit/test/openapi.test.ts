import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createHttpServer, listen, type TApp } from '../src/http.js';
import { createLogger } from '../src/logger.js';
import { createMetrics } from '../src/metrics.js';
import { OPENAPI_PATH, openApiPath, type TOpenApiDocument } from '../src/openapi.js';
import { createAnswerChecker, recordRouteTables, type TRouteRecorder } from '../src/testing.js';

/**
 * A service's OpenAPI document is built from its route table: every route the table has is in it (routes added in
 * plugins too), parameters, bodies and answers come from the zod schemas, and what a route really sends validates
 * against the documented answer schema (JSON Schema 2020-12, checked with ajv).
 */
const ZNode: z.ZodType<{ name: string; children: unknown[] }> = z.lazy(() => z.object({ name: z.string(), children: z.array(ZNode) }));
const ZThing = z.object({ id: z.uuid(), title: z.string().min(1), createdAt: z.iso.datetime(), note: z.string().nullable() });

let app: TApp;
let url: string;
let recorder: TRouteRecorder;
let document: TOpenApiDocument;

beforeAll(async () => {
  recorder = recordRouteTables();
  app = createHttpServer({ logger: createLogger({ service: 'docs', level: 'silent' }), metrics: createMetrics('docs'), openApiService: 'docs' });
  app.get('/api/things/:id', { schema: { params: z.object({ id: z.uuid() }), response: { 200: ZThing } } }, async (request) => ({
    id: request.params.id,
    title: 'A thing',
    createdAt: '2030-01-01T00:00:00.000Z',
    note: null,
  }));
  app.get('/api/things', { schema: { querystring: z.object({ page: z.coerce.number().int().min(1).default(1), q: z.string().optional() }), response: { 200: z.array(ZThing) } } }, async () => []);
  app.post('/api/things', { schema: { body: z.object({ title: z.string().min(1) }), response: { 201: ZThing } } }, async (request, reply) =>
    reply.status(201).send({ id: '3f0b7a4e-7f9c-4c33-9a55-2d2a7e8b1c01', title: request.body.title, createdAt: new Date().toISOString(), note: 'new' }),
  );
  app.get('/api/tree', { schema: { response: { 200: ZNode } } }, async () => ({ name: 'root', children: [{ name: 'leaf', children: [] }] }));
  await app.register(
    async (scoped) => {
      scoped.delete('/api/scoped/:itemId', async (_request, reply) => reply.status(204).send());
    },
    { prefix: '' },
  );
  app.get('/internal/secret-things', async () => ({ ok: true }));
  url = await listen(app, '127.0.0.1', 0);
  const res = await fetch(`${url}${OPENAPI_PATH}`);
  expect(res.status).toBe(200);
  document = (await res.json()) as TOpenApiDocument;
});

afterAll(async () => {
  recorder?.stop();
  await app?.close();
});

describe('a service OpenAPI document', () => {
  it('when a route is in the route table, then it is in the document (the document is OpenAPI 3.1)', () => {
    expect(document.openapi).toBe('3.1.0');
    const routes = recorder.routesServedAt(url).filter((r) => r.url !== OPENAPI_PATH);
    expect(routes.length).toBe(6);
    for (const route of routes) {
      expect(document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()], `${route.method} ${route.url}`).toBeDefined();
    }
    expect(document.paths['/internal/secret-things']?.get?.['x-internal']).toBe(true);
  });

  it('when a route has params, a query or a body schema, then they are its parameters and request body', () => {
    const read = document.paths['/api/things/{id}']!.get!;
    expect(read.parameters).toEqual([{ name: 'id', in: 'path', required: true, schema: expect.objectContaining({ type: 'string', format: 'uuid' }) }]);
    const list = document.paths['/api/things']!.get!;
    expect(list.parameters?.map((p) => [p.name, p.in, p.required])).toEqual([
      ['page', 'query', false],
      ['q', 'query', false],
    ]);
    const create = document.paths['/api/things']!.post!;
    expect(create.requestBody?.content['application/json']?.schema).toMatchObject({ type: 'object', required: ['title'] });
    expect(Object.keys(create.responses)).toEqual(['201', '4XX']);
    expect(document.paths['/api/scoped/{itemId}']!.delete!.parameters).toEqual([{ name: 'itemId', in: 'path', required: true, schema: { type: 'string' } }]);
  });

  it('when the routes answer, then each answer validates against its documented schema (recursive ones through components)', async () => {
    const checker = createAnswerChecker(document);
    const cases: [string, number, RequestInit?][] = [
      ['/api/things/3f0b7a4e-7f9c-4c33-9a55-2d2a7e8b1c01', 200],
      ['/api/things', 201, { method: 'POST', body: JSON.stringify({ title: 'New' }), headers: { 'content-type': 'application/json' } }],
      ['/api/tree', 200],
      // A refusal has the documented error shape.
      ['/api/things/not-a-uuid', 400],
    ];
    for (const [path, status, init] of cases) {
      const res = await fetch(`${url}${path}`, init);
      expect(res.status).toBe(status);
      expect(checker.check(init?.method ?? 'GET', path, status, await res.json())).toEqual([]);
    }
    expect(checker.templateOf('GET', '/api/things/abc')).toBe('/api/things/{id}');
  });

  it('when the documented schema disagrees with the answer, then the check fails (the check can fail)', () => {
    const checker = createAnswerChecker(document);
    expect(checker.check('GET', '/api/things/x', 200, { id: 'nope', title: '', createdAt: 5, note: null })[0]).toMatch(/GET \/api\/things\/\{id\} 200: /);
    expect(checker.check('GET', '/api/nowhere', 200, {})).toEqual(['GET /api/nowhere is not in the document']);
    expect(checker.check('POST', '/api/things', 200, {})[0]).toMatch(/answered 200, which the document does not list/);
  });
});
