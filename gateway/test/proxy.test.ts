import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventually } from '@platform/service-kit/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { ZGatewayConfigSchema } from '../src/index.js';
import { closedPortUrl, startEchoUpstream, startGateway, type TEchoUpstream, type TGatewayHarness } from './helpers.js';

let auth: TEchoUpstream;
let admin: TEchoUpstream;
let chat: TEchoUpstream;
let gw: TGatewayHarness;
let token: string;

type TEcho = { method: string; url: string; headers: Record<string, string>; bodyLength: number; bodySha256: string; bodyText: string };

beforeAll(async () => {
  [auth, admin, chat] = await Promise.all([startEchoUpstream(), startEchoUpstream(), startEchoUpstream({ websocket: true })]);
  // The echo standing for auth also stands for work, whose submission route is the upload route.
  gw = await startGateway('gateway_proxy', { AUTH_SERVICE_URL: auth.url, ADMIN_SERVICE_URL: admin.url, WORK_SERVICE_URL: auth.url, CHAT_SERVICE_URL: chat.url, UPSTREAM_TIMEOUT_MS: '500' });
  token = await gw.tokenFor('employee');
});

afterAll(async () => {
  await gw?.stop();
  await Promise.all([auth?.close(), admin?.close(), chat?.close()]);
});

beforeEach(() => {
  auth.seen.length = 0;
});

describe('proxying to the owning service', () => {
  it('when the client sends a valid x-request-id, then the service receives it and the client gets it back', async () => {
    const res = await fetch(`${gw.url}/api/user/me`, { headers: { authorization: `Bearer ${token}`, 'x-request-id': 'client-chosen-id-123' } });
    expect(res.headers.get('x-request-id')).toBe('client-chosen-id-123');
    expect(((await res.json()) as TEcho).headers['x-request-id']).toBe('client-chosen-id-123');
  });

  it('when the x-request-id is absent or invalid, then the gateway makes one, forwards it and returns it', async () => {
    const variants: Record<string, string>[] = [{}, { 'x-request-id': 'bad id with spaces' }];
    for (const headers of variants) {
      const res = await fetch(`${gw.url}/api/user/me`, { headers: { authorization: `Bearer ${token}`, ...headers } });
      const id = res.headers.get('x-request-id');
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(((await res.json()) as TEcho).headers['x-request-id']).toBe(id);
    }
  });

  it('when the client sends identity or forwarding headers, then they are dropped and x-forwarded-for is the client address', async () => {
    const res = await fetch(`${gw.url}/api/user/me`, {
      headers: { authorization: `Bearer ${token}`, 'x-user-id': 'someone-else', 'x-user-role': 'admin', 'x-internal-token': 'x', 'x-real-ip': '6.6.6.6' },
    });
    const { headers } = (await res.json()) as TEcho;
    expect(headers['x-user-id']).toBeUndefined();
    expect(headers['x-user-role']).toBeUndefined();
    expect(headers['x-internal-token']).toBeUndefined();
    expect(headers['x-real-ip']).toBeUndefined();
    expect(headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(headers.authorization).toBe(`Bearer ${token}`);
  });

  it('when a JSON body and a query string are sent, then the service receives them byte for byte (not re-serialised)', async () => {
    const body = '{"b": 2,   "a": [1, 2, 3], "text": "caf\\u00e9"}';
    const res = await fetch(`${gw.url}/api/documents/accept?x=1&y=%20two&x=3`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body,
    });
    const echo = (await res.json()) as TEcho;
    expect(echo.method).toBe('PUT');
    expect(echo.url).toBe('/api/documents/accept?x=1&y=%20two&x=3');
    expect(echo.bodyText).toBe(body);
    expect(echo.headers['content-type']).toBe('application/json');
  });

  it('when a multi-megabyte multipart body is uploaded to the upload route, then the service receives exactly the same bytes', async () => {
    const file = randomBytes(12 * 1024 * 1024);
    const form = new FormData();
    form.append('file', new Blob([file], { type: 'application/octet-stream' }), 'scan.bin');
    const request = new Request(`${gw.url}/api/tasks/42/submit`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    const sent = Buffer.from(await request.clone().arrayBuffer());
    const res = await fetch(request);
    expect(res.status).toBe(200);
    const echo = (await res.json()) as TEcho;
    expect(echo.bodyLength).toBe(sent.length);
    expect(echo.bodySha256).toBe(createHash('sha256').update(sent).digest('hex'));
    expect(echo.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  });

  it('when the service answers an error, then status and body pass through unchanged', async () => {
    auth.answer('/api/user/missing', 404, { message: 'User not found', code: 'AUTH.USER_NOT_FOUND' });
    const res = await fetch(`${gw.url}/api/user/missing`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'User not found', code: 'AUTH.USER_NOT_FOUND' });
  });

  it('when the service does not answer in time, then 504 JSON instead of a hang', async () => {
    auth.hold('/api/user/slow');
    try {
      const res = await fetch(`${gw.url}/api/user/slow`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(504);
      expect(await res.json()).toEqual({ message: 'The service took too long to answer. Please try again.', code: 'GATEWAY.UPSTREAM_TIMEOUT' });
    } finally {
      auth.release();
    }
  });
});

/** The probe's query strings (issue 26 item 11): each was a 500 at the gateway on every service. */
const MALFORMED_QUERIES = ['x=%%%', 'cursor=%%%', 'q=%E0%A4%A', 'q=%E0%A4', 'q=%', '%zz=1', 'status=open&q=%FF'];
const QUERY_ROUTES: [string, string, 'employee' | 'admin'][] = [
  ['GET', '/api/user/me', 'employee'],
  ['GET', '/api/tasks', 'employee'],
  ['GET', '/api/admin/settings', 'admin'],
  ['GET', '/api/chat/messages', 'employee'],
  ['PUT', '/api/documents/accept', 'employee'],
  ['GET', '/api/public/landing-pages/x', 'employee'],
];

describe('the query string', () => {
  it.each(QUERY_ROUTES)('when %s %s has a malformed percent-escape in its query, then 400 REQUEST.BAD_QUERY and the service is not called', async (method, path, role) => {
    const bearer = role === 'admin' ? await gw.tokenFor('admin') : token;
    const before = auth.seen.length + admin.seen.length + chat.seen.length;
    for (const query of MALFORMED_QUERIES) {
      const res = await fetch(`${gw.url}${path}?${query}`, { method, headers: { authorization: `Bearer ${bearer}` } });
      expect(res.status, query).toBe(400);
      expect(await res.json(), query).toEqual({
        code: 'REQUEST.BAD_QUERY',
        message: 'The query string is not allowed: malformed percent-encoding',
        params: { reason: 'malformed percent-encoding' },
      });
    }
    expect(auth.seen.length + admin.seen.length + chat.seen.length).toBe(before);
  });

  it('when the query is well formed (escapes, plus, an encoded NUL the service judges), then the service receives it as sent', async () => {
    for (const query of ['x=1', 'q=caf%C3%A9+au+lait', 'next=%2Fhome', 'status=a%00', 'q=100%25']) {
      const res = await fetch(`${gw.url}/api/user/me?${query}`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status, query).toBe(200);
      expect(((await res.json()) as TEcho).url).toBe(`/api/user/me?${query}`);
    }
  });
});

describe("the service's answer passed on", () => {
  it('when the answer is small or larger than the buffered size (64 KiB), then both arrive byte for byte with their length', async () => {
    for (const size of [10, 200_000]) {
      auth.answer(`/api/user/sized-${size}`, 200, { data: 'x'.repeat(size) });
      // identity: a compressed answer's length is that of the encoded bytes (compression.test.ts).
      const res = await fetch(`${gw.url}/api/user/sized-${size}`, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' } });
      const text = await res.text();
      expect(res.status).toBe(200);
      expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(text));
      expect(JSON.parse(text)).toEqual({ data: 'x'.repeat(size) });
    }
  });

  it('when the request is HEAD, then the status and length come back without a body', async () => {
    const res = await fetch(`${gw.url}/api/user/me`, { method: 'HEAD', headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('content-length'))).toBeGreaterThan(0);
    expect(await res.text()).toBe('');
  });

  it('when the service breaks off an answer shorter than it declared, then 502 JSON, not a cut connection', async () => {
    const broken = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"partial":');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    await new Promise<void>((resolve) => broken.listen(0, '127.0.0.1', resolve));
    const brokenGw = await startGateway('gateway_proxy_broken', { AUTH_SERVICE_URL: auth.url, ADMIN_SERVICE_URL: `http://127.0.0.1:${(broken.address() as AddressInfo).port}` });
    try {
      const adminToken = await brokenGw.tokenFor('admin');
      const res = await fetch(`${brokenGw.url}/api/admin/settings`, { headers: { authorization: `Bearer ${adminToken}` } });
      expect(res.status).toBe(502);
      expect(await res.json()).toEqual({ message: 'The service sent an invalid answer. Please try again shortly.', code: 'GATEWAY.BAD_GATEWAY' });
    } finally {
      await brokenGw.stop();
      broken.close();
    }
  });
});

describe('when the owning service is down', () => {
  it('then 503 {message, code} promptly, for GET and POST', async () => {
    const down = await startGateway('gateway_down', { AUTH_SERVICE_URL: await closedPortUrl(), ADMIN_SERVICE_URL: admin.url });
    try {
      const started = Date.now();
      for (const method of ['GET', 'POST']) {
        const res = await fetch(`${down.url}/api/auth/login`, { method, ...(method === 'POST' ? { body: '{"email":"a@b.c"}', headers: { 'content-type': 'application/json' } } : {}) });
        expect(res.status).toBe(503);
        expect(await res.json()).toEqual({ message: 'The service is temporarily unavailable. Please try again shortly.', code: 'SERVICE.UNAVAILABLE' });
      }
      expect(Date.now() - started).toBeLessThan(5_000);
      const ready = await fetch(`${down.internalUrl}/ready`);
      expect(ready.status).toBe(503);
      const checks = ((await ready.json()) as { checks: Record<string, string> }).checks;
      expect(checks.redis).toBe('ok');
      expect(checks.admin).toBe('ok');
      expect(checks.auth).toMatch(/^down/);
    } finally {
      await down.stop();
    }
  });
});

describe('TRUST_PROXY', () => {
  it('when it is not set, then nobody is believed: the service is told the connecting address, not X-Forwarded-For', async () => {
    expect(ZGatewayConfigSchema.parse({ ...gw.env.env, TRUST_PROXY: undefined, AUTH_SERVICE_URL: auth.url, ADMIN_SERVICE_URL: admin.url }).TRUST_PROXY).toBe(false);
    const strict = await startGateway('gateway_trust', { TRUST_PROXY: '', AUTH_SERVICE_URL: auth.url, ADMIN_SERVICE_URL: admin.url });
    try {
      const res = await fetch(`${strict.url}/api/user/me`, { headers: { authorization: `Bearer ${await strict.tokenFor('employee')}`, 'x-forwarded-for': '203.0.113.9' } });
      expect(((await res.json()) as TEcho).headers['x-forwarded-for']).toBe('127.0.0.1');
    } finally {
      await strict.stop();
    }
  });
});

describe('/health, /ready, /metrics', () => {
  it('when Redis and every upstream answer, then /ready on the internal port is 200 listing each check', async () => {
    const res = await fetch(`${gw.internalUrl}/ready`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ready', checks: { redis: 'ok', auth: 'ok', admin: 'ok', work: 'ok', chat: 'ok' } });
    expect((await fetch(`${gw.internalUrl}/health`)).status).toBe(200);
    expect(await (await fetch(`${gw.internalUrl}/metrics`)).text()).toContain('http_request_duration_seconds');
  });

  it('when /ready or /metrics is asked for on the public port, then 404 (only /health answers there)', async () => {
    for (const path of ['/ready', '/metrics', '/metrics?x=1', '/ready/']) {
      for (const accept of ['*/*', 'text/html', 'text/plain']) {
        const res = await fetch(`${gw.url}${path}`, { headers: { accept } });
        expect(res.status, `${path} ${accept}`).toBe(404);
        expect(await res.text()).not.toMatch(/http_request_duration|"checks"/);
      }
    }
    expect((await fetch(`${gw.url}/health`)).status).toBe(200);
  });
});

describe('/ws (WebSocket to chat)', () => {
  it('when a client opens /ws, then the connection is proxied to chat both ways', async () => {
    const socket = new WebSocket(`${gw.url.replace('http', 'ws')}/ws?token=abc`);
    const received: string[] = [];
    socket.on('message', (data) => received.push(String(data)));
    await eventually(async () => socket.readyState === WebSocket.OPEN, { what: 'the socket to open' });
    socket.send('ping');
    await eventually(async () => received.includes('echo:ping'), { what: 'the echo' });
    expect(received[0]).toBe('hello /ws?token=abc');
    socket.close();
  });

  it('when chat is not configured, then /ws answers 404 JSON and an upgrade is refused', async () => {
    const noChat = await startGateway('gateway_nochat', { AUTH_SERVICE_URL: auth.url, ADMIN_SERVICE_URL: admin.url });
    try {
      const res = await fetch(`${noChat.url}/ws`);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { code: string }).code).toBe('NOT_FOUND');
      const socket = new WebSocket(`${noChat.url.replace('http', 'ws')}/ws`);
      const outcome = await new Promise<string>((resolve) => {
        socket.on('unexpected-response', (_req, response) => resolve(`status ${response.statusCode}`));
        socket.on('error', (error) => resolve(`error ${error.message}`));
        socket.on('open', () => resolve('open'));
      });
      expect(outcome).not.toBe('open');
      socket.terminate();
    } finally {
      await noChat.stop();
    }
  });
});
