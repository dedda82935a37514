import { afterAll, beforeAll, describe, expect, it } from 'vitest';

type TBody = { message: string; code: string; checks: Record<string, string> };
const json = async (res: Response): Promise<TBody> => (await res.json()) as TBody;
import { z } from 'zod';
import { ZIdParamsSchema } from '@platform/contracts';
import { AppError, createHttpServer, createInternalServer, createLogger, createMetrics, getContext, listen, SERVICE_NO_STORE_PREFIXES, type TApp } from '../src/index.js';

describe('createHttpServer', () => {
  let app: TApp;
  let url: string;
  let writes = 0;

  beforeAll(async () => {
    app = createHttpServer({
      logger: createLogger({ service: 'test', level: 'silent' }),
      metrics: createMetrics('test'),
      bodyLimit: 1024,
    });
    app.post('/things', { schema: { body: z.strictObject({ name: z.string().min(1, 'Name is required') }) } }, async (request) => {
      writes += 1;
      return { name: request.body.name, requestId: getContext()?.requestId };
    });
    app.get('/boom', async () => {
      throw new Error('secret internal detail');
    });
    app.get('/conflict', async () => {
      throw new AppError('WORK.TASK_ALREADY_TAKEN', 409, 'Thing already exists');
    });
    app.get('/things/:id', { schema: { params: ZIdParamsSchema(() => new AppError('WORK.TASK_NOT_FOUND', 404, 'Thing not found')) } }, async (request) => ({
      id: request.params.id,
    }));
    url = await listen(app, '127.0.0.1', 0);
  });
  afterAll(async () => app.close());

  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${url}/things`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

  it('when the body is valid, then the handler runs inside the request context', async () => {
    const res = await post(JSON.stringify({ name: 'a' }), { 'x-request-id': 'req-123456789' });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('req-123456789');
    expect(await json(res)).toEqual({ name: 'a', requestId: 'req-123456789' });
  });

  it('when no request id arrives, then one is made and returned', async () => {
    const res = await post(JSON.stringify({ name: 'a' }));
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('when the JSON is malformed, then 400 with a clear message and the handler never runs', async () => {
    const before = writes;
    const res = await post('{"name": ');
    expect(res.status).toBe(400);
    expect(await json(res)).toEqual({ message: 'The request body is not valid JSON', code: 'REQUEST.MALFORMED_JSON' });
    expect(writes).toBe(before);
  });

  it('when the body starts with a byte-order mark, then 400 and the handler never runs (the gateway reads it the same way)', async () => {
    const before = writes;
    const res = await fetch(`${url}/things`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify({ name: 'a' }))]),
    });
    expect(res.status).toBe(400);
    expect(await json(res)).toEqual({ message: 'The request body must not start with a byte order mark', code: 'REQUEST.MALFORMED_JSON' });
    expect(writes).toBe(before);
  });

  it('when the body is not valid UTF-8 or poisons a prototype, then 400 and the handler never runs', async () => {
    const before = writes;
    const notUtf8 = await fetch(`${url}/things`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]),
    });
    expect(notUtf8.status).toBe(400);
    expect(await json(notUtf8)).toEqual({ message: 'The request body is not valid UTF-8', code: 'REQUEST.MALFORMED_JSON' });
    const poisoned = await post('{"name":"a","__proto__":{"admin":true}}');
    expect(poisoned.status).toBe(400);
    expect(writes).toBe(before);
  });

  it('when the body has an unknown field, then 400 naming it', async () => {
    const res = await post(JSON.stringify({ name: 'a', role: 'admin' }));
    expect(res.status).toBe(400);
    const body = await json(res);
    expect(body.code).toBe('REQUEST.VALIDATION');
    expect(body.message).toBe('Unknown field(s): role');
  });

  it('when a field fails its rule, then 400 with the rule message', async () => {
    const res = await post(JSON.stringify({ name: '' }));
    expect(res.status).toBe(400);
    expect((await json(res)).message).toBe('Name is required');
  });

  it('when a required field is missing, then 400 naming the field', async () => {
    const res = await post(JSON.stringify({}));
    expect(res.status).toBe(400);
    expect((await json(res)).message).toBe('name is required');
  });

  it('when the body is larger than the limit, then 413', async () => {
    const res = await post(JSON.stringify({ name: 'x'.repeat(5000) }));
    expect(res.status).toBe(413);
    expect((await json(res)).code).toBe('REQUEST.TOO_LARGE');
  });

  it('when the content type is not supported, then 415', async () => {
    const res = await fetch(`${url}/things`, { method: 'POST', headers: { 'content-type': 'text/xml' }, body: '<a/>' });
    expect(res.status).toBe(415);
  });

  it('when a handler throws an unexpected error, then 500 without its details', async () => {
    const res = await fetch(`${url}/boom`);
    expect(res.status).toBe(500);
    const body = await json(res);
    expect(body.code).toBe('INTERNAL');
    expect(JSON.stringify(body)).not.toContain('secret');
  });

  it('when a handler throws an AppError, then its status, code and message', async () => {
    const res = await fetch(`${url}/conflict`);
    expect(res.status).toBe(409);
    expect(await json(res)).toEqual({ message: 'Thing already exists', code: 'WORK.TASK_ALREADY_TAKEN' });
  });

  it('when an id path parameter is not a uuid, then the record\'s 404; a control character in it is 400; a uuid comes lower-cased', async () => {
    for (const id of ['not-a-uuid', 'a'.repeat(100), '12345678-1234-1234-1234-1234567890ab-x']) {
      const res = await fetch(`${url}/things/${id}`);
      expect(res.status).toBe(404);
      expect(await json(res)).toEqual({ message: 'Thing not found', code: 'WORK.TASK_NOT_FOUND' });
    }
    const nul = await fetch(`${url}/things/a%00b`);
    expect(nul.status).toBe(400);
    expect((await json(nul)).message).toBe('Id must not contain control characters');
    const ok = await fetch(`${url}/things/ABCDEF01-2345-6789-ABCD-EF0123456789`);
    expect(await ok.json()).toEqual({ id: 'abcdef01-2345-6789-abcd-ef0123456789' });
  });

  it('when the route does not exist, then 404 JSON', async () => {
    const res = await fetch(`${url}/nope`);
    expect(res.status).toBe(404);
    expect((await json(res)).code).toBe('NOT_FOUND');
  });

  it('when /ready or /metrics is asked for on the public port, then 404: they are on the internal port only', async () => {
    expect((await fetch(`${url}/ready`)).status).toBe(404);
    expect((await fetch(`${url}/metrics`)).status).toBe(404);
    expect((await fetch(`${url}/health`)).status).toBe(200);
  });
});

describe('createHttpServer with noStorePrefixes (every service: SERVICE_NO_STORE_PREFIXES)', () => {
  let app: TApp;
  let url: string;

  beforeAll(async () => {
    app = createHttpServer({ logger: createLogger({ service: 'test', level: 'silent' }), metrics: createMetrics('test_no_store'), noStorePrefixes: SERVICE_NO_STORE_PREFIXES });
    app.get('/api/thing', async () => ({ ok: true }));
    app.get('/internal/thing', async () => ({ ok: true }));
    app.get('/api/file', async (_request, reply) => reply.header('cache-control', 'private, max-age=60').send({ ok: true }));
    app.get('/elsewhere', async () => ({ ok: true }));
    url = await listen(app, '127.0.0.1', 0);
  });
  afterAll(async () => app.close());

  it('when an /api/ or /internal/ route sets no cache-control, then it answers no-store; one it sets is kept; other paths get none', async () => {
    expect((await fetch(`${url}/api/thing`)).headers.get('cache-control')).toBe('no-store');
    expect((await fetch(`${url}/internal/thing`)).headers.get('cache-control')).toBe('no-store');
    expect((await fetch(`${url}/api/file`)).headers.get('cache-control')).toBe('private, max-age=60');
    expect((await fetch(`${url}/elsewhere`)).headers.get('cache-control')).toBeNull();
  });
});

describe('createInternalServer', () => {
  const metrics = createMetrics('test_internal');
  let ready = true;
  let internal: TApp;
  let url: string;

  beforeAll(async () => {
    internal = createInternalServer({
      logger: createLogger({ service: 'test', level: 'silent' }),
      metrics,
      readiness: [{ name: 'dependency', check: async () => { if (!ready) throw new Error('connection refused'); } }],
    });
    url = await listen(internal, '127.0.0.1', 0);
  });
  afterAll(async () => internal.close());

  it('when a dependency is down, then /ready answers 503 naming it while /health stays ok', async () => {
    ready = false;
    const res = await fetch(`${url}/ready`);
    expect(res.status).toBe(503);
    expect((await json(res)).checks.dependency).toMatch(/^down: connection refused/);
    expect((await fetch(`${url}/health`)).status).toBe(200);
    ready = true;
    expect((await fetch(`${url}/ready`)).status).toBe(200);
  });

  it('exposes Prometheus metrics including request durations', async () => {
    metrics.httpDuration.labels('GET', '/x', '200').observe(0.01);
    const text = await (await fetch(`${url}/metrics`)).text();
    expect(text).toContain('http_request_duration_seconds_bucket');
    expect(text).toContain('process_cpu_user_seconds_total');
  });
});

describe('createHttpServer with requestContext off (the gateway)', () => {
  it('when a request is handled, then it answers with its x-request-id and runs outside any request context', async () => {
    const app = createHttpServer({ logger: createLogger({ service: 'test', level: 'silent' }), metrics: createMetrics('test'), requestContext: false });
    app.get('/context', async () => ({ context: getContext() ?? null }));
    const url = await listen(app, '127.0.0.1', 0);
    try {
      const res = await fetch(`${url}/context`, { headers: { 'x-request-id': 'req-abcdefgh1' } });
      expect(res.headers.get('x-request-id')).toBe('req-abcdefgh1');
      expect(await res.json()).toEqual({ context: null });
    } finally {
      await app.close();
    }
  });
});
