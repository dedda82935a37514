import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { createAnswerChecker, eventually, startTraceCollector, type TAnswerChecker, type TCollectedSpan, type TTraceCollector } from '@platform/service-kit/testing';
import type { TOpenApiDocument } from '@platform/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEV_ADMIN, startStack, type TStack } from '../../scripts/stack.js';
import type { TAssembledDocument } from '../src/api-docs.js';

/**
 * Operations against the whole stack as `npm start` runs it (each service its own process, chat twice, the gateway in
 * front), with every process exporting traces to an OTLP/HTTP receiver in this test:
 * - the API documentation at /api/docs: one OpenAPI 3.1 document with every public route of every service, and every
 *   answer of a scripted journey validating against the schema documented for it;
 * - one trace from the gateway through payouts' outbox to the admin service's consumer for a withdrawal decision;
 * - the metrics each process serves on its internal port, after that journey.
 */
let stack: TStack;
let collector: TTraceCollector;
let base: string;
let document: TAssembledDocument;
let checker: TAnswerChecker;
const problems: string[] = [];
let checkedAnswers = 0;
let decisionRequestId: string;

const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const CLIENT_ADDRESS = '203.0.113.77';

beforeAll(async () => {
  collector = await startTraceCollector();
  stack = await startStack({
    namespace: `ops_${Date.now().toString(36)}`,
    ephemeral: true,
    seed: true,
    logLevel: 'warn',
    frontendDist: join(tmpdir(), 'no-frontend-here'),
    env: { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_BSP_SCHEDULE_DELAY: '200' },
  });
  base = stack.baseUrl;
}, 180_000);

afterAll(async () => {
  await stack?.stop();
  await collector?.stop();
});

interface TAnswer {
  status: number;
  body: Record<string, unknown> & { token?: string; id?: string };
  headers: Headers;
}

/** A call through the gateway; its answer is checked against the documented schema (once the document is read). */
async function api(method: string, path: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<TAnswer> {
  const headers: Record<string, string> = { 'x-forwarded-for': CLIENT_ADDRESS, ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const text = await res.text();
  const body = text && res.headers.get('content-type')?.includes('json') ? (JSON.parse(text) as TAnswer['body']) : {};
  if (checker && path.startsWith('/api/') && !path.startsWith('/api/docs')) {
    problems.push(...checker.check(method, path, res.status, text ? body : undefined));
    checkedAnswers += 1;
  }
  return { status: res.status, body, headers: res.headers };
}

describe('API documentation', () => {
  it('when /api/docs is opened, then Swagger UI is served from our origin (files from the package, started by a script file) under the CSP', async () => {
    const page = await fetch(`${base}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).not.toMatch(/<script>[^<]/);
    const scripts = [...html.matchAll(/src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts).toEqual(['/api/docs/swagger-ui-bundle.js', '/api/docs/swagger-initializer.js']);
    for (const file of [...scripts, '/api/docs/swagger-ui.css']) {
      const res = await fetch(`${base}${file}`);
      expect(res.status, file).toBe(200);
      expect((await res.arrayBuffer()).byteLength, file).toBeGreaterThan(10);
    }
    expect((await fetch(`${base}/api/docs/../../etc/passwd`)).status).toBe(404);
    expect((await fetch(`${base}/api/docs/package.json`)).status).toBe(404);
  });

  it('when /api/docs/openapi.json is read, then it is OpenAPI 3.1 with every public route of every service, each reachable through the gateway', async () => {
    const res = await fetch(`${base}/api/docs/openapi.json`);
    expect(res.status).toBe(200);
    document = (await res.json()) as TAssembledDocument;
    expect(document.openapi).toBe('3.1.0');
    expect(document['x-missing-services']).toBeUndefined();
    // A service route the gateway does not send to that service would be unreachable: listed here, it fails the test.
    expect(document['x-unrouted'] ?? []).toEqual([]);
    let publicRoutes = 0;
    for (const service of ['auth', 'admin', 'work', 'payouts', 'chat']) {
      const own = (await (await fetch(`${stack.serviceUrls[service]}/internal/openapi.json`)).json()) as TOpenApiDocument;
      for (const [path, item] of Object.entries(own.paths)) {
        for (const [method, operation] of Object.entries(item)) {
          if (!path.startsWith('/api/') || operation['x-internal']) continue;
          publicRoutes += 1;
          expect(document.paths[path]?.[method]?.operationId, `${service}: ${method.toUpperCase()} ${path}`).toBe(operation.operationId);
        }
      }
    }
    expect(publicRoutes).toBeGreaterThan(60);
    expect(document.paths['/api/admin/withdrawals/{id}']?.patch?.security).toEqual([{ bearerAuth: [] }]);
    expect(document.paths['/api/auth/login']?.post?.security).toEqual([]);
    checker = createAnswerChecker(document);
  });
});

describe('a withdrawal journey through the gateway', () => {
  it('when a worker registers, is funded, withdraws and an admin approves, then every answer matches its documented schema', async () => {
    expect(checker).toBeDefined();
    const email = `ops-${randomUUID().slice(0, 8)}@example.com`;
    const registered = await api('POST', '/api/auth/register', { body: { email, password: 'Correct-Horse-42', firstName: 'Olga', lastName: 'Ops' } });
    expect(registered.status).toBe(201);
    const worker = { token: registered.body.token!, id: (registered.body.user as { id: string }).id };
    const adminLogin = await api('POST', '/api/auth/login', { body: DEV_ADMIN });
    expect(adminLogin.status).toBe(200);
    const admin = adminLogin.body.token!;

    expect((await api('GET', '/api/auth/me', { token: worker.token })).status).toBe(200);
    expect((await api('GET', '/api/settings/public', { token: worker.token })).status).toBe(200);
    expect((await api('GET', '/api/tasks', { token: worker.token })).status).toBe(200);
    expect((await api('GET', '/api/tasks/completed?pageSize=5', { token: worker.token })).status).toBe(200);
    expect((await api('GET', '/api/chat/unread', { token: worker.token })).status).toBe(200);
    expect((await api('GET', '/api/user/payout-wallets', { token: worker.token })).status).toBe(200);
    expect((await api('POST', '/api/user/payout-wallets', { token: worker.token, body: { currency: 'BTC', address: BTC_ADDRESS, label: 'Main' } })).status).toBe(201);
    expect((await api('GET', '/api/admin/audit-log', { token: admin })).status).toBe(200);
    expect((await api('GET', '/api/admin/settings', { token: admin })).status).toBe(200);
    // The work service's paged admin lists (contracts paging.ts).
    expect((await api('GET', '/api/admin/tasks?pageSize=5', { token: admin })).status).toBe(200);
    expect((await api('GET', '/api/admin/task-requests?status=pending', { token: admin })).status).toBe(200);
    expect((await api('GET', '/api/admin/task-packages', { token: admin })).status).toBe(200);
    expect((await api('GET', '/api/admin/tasks?pageSize=500', { token: admin })).status).toBe(400);
    // Refusals are documented too: no token, and a bad body.
    expect((await api('GET', '/api/ledger/balance')).status).toBe(401);
    expect((await api('POST', '/api/user/payout-wallets', { token: worker.token, body: { currency: '', address: '' } })).status).toBe(400);

    // payouts opens the account when it hears of the registration; then the admin funds it.
    await eventually(async () => (await api('PATCH', `/api/admin/users/${worker.id}/balance`, { token: admin, body: { balance: '150.00', reason: 'Operations test' } })).status === 200, {
      timeoutMs: 15_000,
      what: 'the worker to be funded',
    });
    expect((await api('GET', '/api/ledger/balance', { token: worker.token })).body).toEqual({ available: '150.00', held: '0.00' });
    const withdrawal = await api('POST', '/api/withdrawals', { token: worker.token, body: { amount: '100', currency: 'BTC', walletAddress: BTC_ADDRESS }, headers: { 'idempotency-key': randomUUID() } });
    expect(withdrawal.status).toBe(201);
    expect((await api('GET', '/api/withdrawals', { token: worker.token })).status).toBe(200);
    // The worker's paged lists (issue 25), their answers checked against the documented page schemas.
    expect((await api('GET', '/api/withdrawals?status=pending&pageSize=5', { token: worker.token })).body).toMatchObject({ total: 1, totalExact: true, nextCursor: null });
    expect((await api('GET', '/api/ledger/statement?pageSize=1', { token: worker.token })).body).toMatchObject({ total: 2, totalExact: true, nextCursor: expect.any(String) });
    expect((await api('GET', '/api/withdrawals?pageSize=101', { token: worker.token })).status).toBe(400);
    expect((await api('GET', '/api/admin/withdrawals', { token: admin })).status).toBe(200);

    decisionRequestId = `ops-decision-${randomUUID()}`;
    const decided = await api('PATCH', `/api/admin/withdrawals/${withdrawal.body.id}`, {
      token: admin,
      body: { status: 'approved', txReference: 'tx-ops-1' },
      headers: { 'x-request-id': decisionRequestId },
    });
    expect(decided.status).toBe(200);
    expect(decided.headers.get('x-request-id')).toBe(decisionRequestId);
    expect((await api('GET', '/api/ledger/balance', { token: worker.token })).body).toEqual({ available: '50.00', held: '0.00' });

    expect(checkedAnswers).toBeGreaterThan(15);
    expect(problems).toEqual([]);
  });

  it('when the withdrawal is decided, then one trace runs from the gateway through payouts and its outbox to the admin consumer', async () => {
    expect(decisionRequestId).toBeDefined();
    const find = (predicate: (s: TCollectedSpan) => boolean) => collector.spans().find(predicate);
    const edge = await eventually(async () => find((s) => s.service === 'gateway' && s.kind === 2 && s.attributes['request.id'] === decisionRequestId), {
      timeoutMs: 15_000,
      what: "the gateway's span of the decision",
    });
    expect(edge.parentSpanId).toBeUndefined();
    const consumed = await eventually(async () => find((s) => s.traceId === edge.traceId && s.service === 'admin' && s.name === 'process withdrawal.decided'), {
      timeoutMs: 15_000,
      what: "the admin service's consumer span in the same trace",
    });
    // Each process exports its spans in batches (every second): payouts' server span ends when the answer is sent,
    // which can be after its relay's publish span went out in an earlier batch, so it is waited for too.
    const payoutsServer = await eventually(
      async () => find((s) => s.traceId === edge.traceId && s.service === 'payouts' && s.kind === 2 && s.name === 'PATCH /api/admin/withdrawals/:id'),
      { timeoutMs: 15_000, what: "payouts' server span in the same trace" },
    );
    const published = await eventually(async () => find((s) => s.traceId === edge.traceId && s.service === 'payouts' && s.name === 'publish withdrawal.decided'), {
      timeoutMs: 15_000,
      what: "the relay's publish span in the same trace",
    });
    const spans = collector.trace(edge.traceId);
    expect(collector.descendsFrom(payoutsServer, edge)).toBe(true);
    expect(payoutsServer.attributes['request.id']).toBe(decisionRequestId);
    expect(collector.descendsFrom(published, payoutsServer)).toBe(true);
    expect(consumed.parentSpanId).toBe(published.spanId);
    expect(consumed.attributes['request.id']).toBe(decisionRequestId);
    expect(spans.some((s) => s.service === 'payouts' && s.name.startsWith('pg ') && collector.descendsFrom(s, payoutsServer))).toBe(true);
    expect(spans.some((s) => s.service === 'admin' && s.name.startsWith('pg ') && collector.descendsFrom(s, consumed))).toBe(true);
  });
});

describe('metrics on the internal ports', () => {
  function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
    for (const line of text.split('\n')) {
      if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
      if (!Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) continue;
      return Number(line.slice(line.lastIndexOf(' ') + 1));
    }
    return undefined;
  }

  it('when scraped after the journey, then each named metric is there with a plausible value', async () => {
    // A live socket held open while chat is scraped.
    const socket = new WebSocket(`${base.replace('http', 'ws')}/ws`);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    try {
      const scrape = async (name: string) => {
        const res = await fetch(`${stack.internalUrls[name]}/metrics`);
        expect(res.status, name).toBe(200);
        return res.text();
      };
      const payouts = await scrape('payouts');
      // Per route rate, errors and latency: the histogram's count by route and status, and its buckets.
      expect(sample(payouts, 'http_request_duration_seconds_count', { route: '/api/withdrawals', method: 'POST', status: '201' })).toBeGreaterThanOrEqual(1);
      expect(sample(payouts, 'http_request_duration_seconds_bucket', { route: '/api/admin/withdrawals/:id', le: '+Inf' })).toBeGreaterThanOrEqual(1);
      expect(sample(payouts, 'outbox_unpublished_events')).toBeGreaterThanOrEqual(0);
      expect(sample(payouts, 'outbox_lag_seconds')).toBeLessThan(60);
      expect(sample(payouts, 'events_published_total', { type: 'withdrawal.decided' })).toBeGreaterThanOrEqual(1);
      expect(sample(payouts, 'pg_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
      expect(sample(payouts, 'pg_pool_connections', { state: 'waiting' })).toBe(0);

      const admin = await scrape('admin');
      expect(sample(admin, 'events_consumed_total', { type: 'withdrawal.decided', outcome: 'applied' })).toBeGreaterThanOrEqual(1);
      expect(sample(admin, 'consumer_retries_total')).toBe(0);
      expect(sample(admin, 'consumer_dead_letter_messages')).toBe(0);

      const gateway = await scrape('gateway');
      expect(sample(gateway, 'http_request_duration_seconds_count', { status: '401' })).toBeGreaterThanOrEqual(1);

      const chat = await eventually(async () => {
        const text = await scrape('chat');
        const other = await scrape('chat-2');
        const open = (sample(text, 'chat_ws_connections', { state: 'pending' }) ?? 0) + (sample(other, 'chat_ws_connections', { state: 'pending' }) ?? 0);
        return open >= 1 ? text : undefined;
      }, { what: 'the open socket to be counted' });
      expect(sample(chat, 'job_queue_jobs', { state: 'failed' })).toBe(0);
      expect(sample(chat, 'job_queue_jobs', { state: 'waiting' })).toBeGreaterThanOrEqual(0);
    } finally {
      socket.close();
    }
  });
});
