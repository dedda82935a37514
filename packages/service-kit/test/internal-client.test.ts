import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runWithContext } from '../src/context.js';
import { SERVICE_UNAVAILABLE_MESSAGE } from '../src/dependency-errors.js';
import { AppError } from '../src/errors.js';
import { createInternalClient, INTERNAL_API_TIMEOUT_MS, ServiceUnavailableError, type TInternalClient } from '../src/internal-client.js';
import { startTraceCollector, type TTraceCollector } from '../src/testing.js';
import { otelContext, otelTrace, startTracing, withSpan } from '../src/tracing.js';

/**
 * The door to another service (internal-client.ts) against a real node:http server standing in for the owner:
 * what it forwards (request id, trace context, token, body), what it refuses to call (anything but /internal/), and
 * how every failure of the owner becomes 503 SERVICE.UNAVAILABLE while the owner's refusal is passed on as it said it.
 */
interface TReceived {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

type TMode = 'ok' | 'slow' | 'error' | 'garbage' | 'refusal' | 'bare-404' | 'echo';

let server: Server;
let baseUrl: string;
let mode: TMode = 'ok';
const received: TReceived[] = [];
const held: ServerResponse[] = [];

const ZThingSchema = z.object({ id: z.string(), count: z.number() });
const TIMEOUT_MS = 300;

function client(options: Partial<Parameters<typeof createInternalClient>[0]> = {}): TInternalClient {
  return createInternalClient({ service: 'owner', baseUrl, timeoutMs: TIMEOUT_MS, ...options });
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (mode === 'slow') return void held.push(res); // never answered until the test ends
      if (mode === 'error') return json(500, { message: 'boom', code: 'INTERNAL' });
      if (mode === 'garbage') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"id": "a", "count": ');
      if (mode === 'refusal') {
        return json(400, { message: 'Reason is required for a balance change', code: 'FIELD.REQUIRED', field: 'reason', params: { field: 'reason' } });
      }
      if (mode === 'bare-404') return void res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
      if (mode === 'echo') return json(200, { id: req.method ?? '', count: chunks.length });
      return json(200, { id: 'thing-1', count: 3 });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const res of held) res.destroy();
  server?.closeAllConnections();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
});

beforeEach(() => {
  mode = 'ok';
  received.length = 0;
});

/** The error a call rejects with (fails the test when it resolves). */
async function failureOf(call: Promise<unknown>): Promise<unknown> {
  try {
    await call;
  } catch (error) {
    return error;
  }
  throw new Error('the call succeeded');
}

describe('createInternalClient: what it sends', () => {
  it('when called inside a request, then the owner receives the request id, the bearer token and JSON, and the answer is parsed', async () => {
    const answer = await runWithContext({ requestId: 'req-internal-1' }, () => client().get('/internal/things/1?x=1', { token: 'tok-123', answer: ZThingSchema }));
    expect(answer).toEqual({ id: 'thing-1', count: 3 });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: 'GET', url: '/internal/things/1?x=1', body: '' });
    expect(received[0]!.headers).toMatchObject({ 'x-request-id': 'req-internal-1', authorization: 'Bearer tok-123', accept: 'application/json' });
    // Tracing is off in this process so far: nothing is invented.
    expect(received[0]!.headers.traceparent).toBeUndefined();
  });

  it('when a body is given, then it is sent as JSON with the method asked; without a request context or token, no such header', async () => {
    mode = 'echo';
    expect(await client().request('PATCH', '/internal/users/u1/balance', { body: { balance: '1.00', reason: 'r' }, answer: ZThingSchema })).toMatchObject({ id: 'PATCH' });
    expect(received[0]).toMatchObject({ method: 'PATCH', body: JSON.stringify({ balance: '1.00', reason: 'r' }) });
    expect(received[0]!.headers['content-type']).toBe('application/json');
    expect(received[0]!.headers).not.toHaveProperty('x-request-id');
    expect(received[0]!.headers).not.toHaveProperty('authorization');
  });

  it('when the base URL has a path or a trailing slash, then the route is under it', async () => {
    await client({ baseUrl: `${baseUrl}/owner/` }).get('/internal/things', { answer: ZThingSchema });
    expect(received[0]!.url).toBe('/owner/internal/things');
  });
});

describe('createInternalClient: only /internal/ routes', () => {
  it.each([
    '/api/admin/users/1/balance',
    '/internal',
    'internal/things',
    '/internal/../api/admin/users/1/balance',
    '/internal/%2e%2e/api/admin/users',
    '/internal/..\\api\\x',
    '//evil.example/internal/things',
    'http://evil.example/internal/things',
  ])('when the path is %j, then the call is refused before anything is sent', async (path) => {
    const error = await failureOf(client().get(path, { answer: ZThingSchema }));
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(AppError);
    expect((error as Error).message).toMatch(/calls only \/internal\/ routes; refused/);
    expect(received).toEqual([]);
  });

  it('when the owner is not configured, then a public path is still refused as such and an internal one is 503 without a request', async () => {
    const none = client({ baseUrl: undefined });
    expect(none.configured).toBe(false);
    expect(((await failureOf(none.get('/api/x', { answer: ZThingSchema }))) as Error).message).toMatch(/calls only \/internal\/ routes/);
    const error = await failureOf(none.get('/internal/things', { answer: ZThingSchema }));
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect(error).toMatchObject({ status: 503, code: 'SERVICE.UNAVAILABLE', service: 'owner', reason: 'not configured' });
  });
});

describe('createInternalClient: failures are 503 SERVICE.UNAVAILABLE, refusals pass on', () => {
  it('when the owner does not answer within the timeout, then 503 SERVICE.UNAVAILABLE at the timeout, naming the owner', async () => {
    mode = 'slow';
    const started = Date.now();
    const error = await failureOf(client().get('/internal/things', { answer: ZThingSchema }));
    const elapsed = Date.now() - started;
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect(error).toMatchObject({ status: 503, code: 'SERVICE.UNAVAILABLE', message: SERVICE_UNAVAILABLE_MESSAGE, service: 'owner', reason: `no answer within ${TIMEOUT_MS} ms` });
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
    expect(elapsed).toBeLessThan(TIMEOUT_MS + 2_000);
  });

  it('when nothing listens at the base URL (connection refused), then 503', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const deadUrl = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const error = await failureOf(client({ baseUrl: deadUrl }).get('/internal/things', { answer: ZThingSchema }));
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect(error).toMatchObject({ status: 503, code: 'SERVICE.UNAVAILABLE' });
  });

  it.each([
    ['error', 'answered 500'],
    ['garbage', 'Unexpected end of JSON input'],
    ['bare-404', 'Unexpected token'],
  ] as const)('when the owner answers %s, then 503 (never guessed)', async (given, reason) => {
    mode = given;
    const error = await failureOf(client().get('/internal/things', { answer: ZThingSchema }));
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect(error).toMatchObject({ status: 503, code: 'SERVICE.UNAVAILABLE' });
    expect((error as ServiceUnavailableError).reason).toContain(reason);
  });

  it('when a 2xx answer is not in the expected shape, then 503', async () => {
    const error = await failureOf(client().get('/internal/things', { answer: z.object({ other: z.string() }) }));
    expect(error).toMatchObject({ status: 503, code: 'SERVICE.UNAVAILABLE' });
    expect((error as ServiceUnavailableError).reason).toMatch(/^answered 200 in an unexpected shape/);
  });

  it("when the owner refuses in the platform's shape, then that refusal as it said it: status, code, message, field, parameters", async () => {
    mode = 'refusal';
    const error = await failureOf(client().request('PATCH', '/internal/users/u1/balance', { body: {}, answer: ZThingSchema }));
    expect(error).toBeInstanceOf(AppError);
    expect(error).not.toBeInstanceOf(ServiceUnavailableError);
    expect(error).toMatchObject({ status: 400, code: 'FIELD.REQUIRED', message: 'Reason is required for a balance change', field: 'reason', params: { field: 'reason' } });
  });

  it('when no timeout is given, then the one default applies', () => {
    expect(INTERNAL_API_TIMEOUT_MS).toBe(5_000);
  });
});

describe('createInternalClient with tracing on', () => {
  let collector: TTraceCollector;
  beforeAll(async () => {
    collector = await startTraceCollector();
    // The exporter reads its endpoint from the environment.
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = collector.url;
    await startTracing('internal-client-test', { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_BSP_SCHEDULE_DELAY: '100' });
  });
  afterAll(async () => {
    delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
    await collector?.stop();
  });

  it("when called inside a traced piece of work, then the owner receives a traceparent of the caller's trace, with the request id", async () => {
    let traceId = '';
    await withSpan('caller', {}, async () => {
      traceId = otelTrace.getSpan(otelContext.active())!.spanContext().traceId;
      await runWithContext({ requestId: 'req-traced' }, () => client().get('/internal/things', { answer: ZThingSchema }));
    });
    const traceparent = received[0]!.headers.traceparent as string | undefined;
    expect(traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]$/);
    expect(traceparent!.split('-')[1]).toBe(traceId);
    expect(received[0]!.headers['x-request-id']).toBe('req-traced');
  });
});
