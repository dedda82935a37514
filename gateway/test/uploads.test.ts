import { once } from 'node:events';
import { connect } from 'node:net';
import { randomUUID } from 'node:crypto';
import { AppError, createHttpServer, createLogger, createMetrics, discardRefusedBody, listen } from '@platform/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEchoUpstream, startGateway, type TEchoUpstream, type TGatewayHarness } from './helpers.js';

/**
 * Issue 26 item 9: a 5 MB JSON body to /api/tasks/{id}/submit got 502 at the gateway and stalled that keep-alive
 * connection (4 of 8 runs) until the 10-minute timeout. Upload routes now answer a body that is not multipart 415 at
 * the edge, before forwarding any of it, and the connection answers the next request.
 */
let upstream: TEchoUpstream;
let gw: TGatewayHarness;
let token: string;
let refusing: { url: string; close(): Promise<void> };
let refusingGw: TGatewayHarness;

/**
 * A service that refuses every submission before reading it, the way work does (service-kit's HTTP server, a
 * preParsing refusal, discardRefusedBody up to the largest valid submission): stands in for a 413/429 from work.
 */
async function startRefusingService(drainLimit: number) {
  const app = createHttpServer({ logger: createLogger({ service: 'refusing', level: 'silent' }), metrics: createMetrics('refusing') });
  app.addContentTypeParser('multipart/form-data', (_request, payload, done) => done(null, payload));
  app.post('/api/tasks/:id/submit', {
    preParsing: async (request, reply) => {
      discardRefusedBody(request, reply, drainLimit);
      throw new AppError('WORK.FILE_TOO_LARGE', 413, 'Each file must be at most 50 MB', undefined, undefined, { maxMegabytes: 50 });
    },
  }, async () => ({}));
  const url = await listen(app as never, '127.0.0.1', 0);
  return { url, close: () => app.close() };
}

beforeAll(async () => {
  upstream = await startEchoUpstream();
  gw = await startGateway('gateway_uploads', { AUTH_SERVICE_URL: upstream.url, ADMIN_SERVICE_URL: upstream.url, WORK_SERVICE_URL: upstream.url });
  token = await gw.tokenFor('employee');
  refusing = await startRefusingService(10 * 50 * 1024 * 1024 + 1024 * 1024);
  refusingGw = await startGateway('gateway_uploads_refused', { AUTH_SERVICE_URL: upstream.url, ADMIN_SERVICE_URL: upstream.url, WORK_SERVICE_URL: refusing.url }, gw.env);
});
afterAll(async () => {
  await refusingGw?.stop();
  await gw?.stop();
  await refusing?.close();
  await upstream?.close();
});

/** A raw keep-alive connection: each request's answer is read by its Content-Length, the next goes over the same socket. */
async function rawConnection(baseUrl: string) {
  const { hostname, port } = new URL(baseUrl);
  const socket = connect(Number(port), hostname);
  await once(socket, 'connect');
  let buffered = Buffer.alloc(0);
  let closed = false;
  socket.on('data', (chunk: Buffer) => (buffered = Buffer.concat([buffered, chunk])));
  socket.on('close', () => (closed = true));
  socket.on('error', () => undefined);
  return {
    get closed() {
      return closed;
    },
    async request(path: string, headers: Record<string, string>, body: Buffer): Promise<{ status: number; text: string }> {
      const head = [`POST ${path} HTTP/1.1`, `host: ${hostname}:${port}`, `content-length: ${body.length}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), '', ''].join('\r\n');
      socket.write(head);
      socket.write(body);
      for (let waited = 0; waited < 15_000; waited += 10) {
        const end = buffered.indexOf('\r\n\r\n');
        if (end >= 0) {
          const headText = buffered.subarray(0, end).toString('latin1');
          const length = Number(/content-length: *(\d+)/i.exec(headText)?.[1] ?? 0);
          if (buffered.length >= end + 4 + length) {
            const text = buffered.subarray(end + 4, end + 4 + length).toString('utf8');
            buffered = buffered.subarray(end + 4 + length);
            return { status: Number(headText.split(' ')[1]), text };
          }
        }
        if (closed) throw new Error('the connection was closed before an answer');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error('no answer within 15 s');
    },
    close: () => socket.destroy(),
  };
}

describe('upload routes at the gateway', () => {
  it('when a 5 MB JSON body is sent to the submit route 8 times on one connection, then 415 each time, nothing is forwarded, and the connection answers the next request', async () => {
    const path = `/api/tasks/${randomUUID()}/submit`;
    const big = Buffer.from(JSON.stringify({ submission: 'x'.repeat(5 * 1024 * 1024) }));
    const connection = await rawConnection(gw.url);
    const seenBefore = upstream.seen.length;
    try {
      for (let run = 0; run < 8; run += 1) {
        const refused = await connection.request(path, { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, big);
        expect(refused.status).toBe(415);
        expect(JSON.parse(refused.text)).toEqual({ code: 'REQUEST.UNSUPPORTED_MEDIA_TYPE', message: 'Uploads must be sent as multipart/form-data' });
        // The same connection carries the next request to the service.
        const next = await connection.request('/api/user/me', { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, Buffer.from('{}'));
        expect(next.status).toBe(200);
      }
      expect(connection.closed).toBe(false);
    } finally {
      connection.close();
    }
    expect(upstream.seen.slice(seenBefore).map((s) => s.url)).toEqual(Array(8).fill('/api/user/me'));
  });

  it('when the verification upload is sent as JSON, then 415 at the edge too; a multipart upload still reaches the service', async () => {
    const refused = await fetch(`${gw.url}/api/user/verification`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{"a":1}' });
    expect(refused.status).toBe(415);
    const form = new FormData();
    form.append('fullName', 'Ada');
    const passed = await fetch(`${gw.url}/api/user/verification`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(passed.status).toBe(200);
    expect(((await passed.json()) as { headers: Record<string, string> }).headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  });

  it('when the service refuses a 1, 10 or 40 MB multipart upload before reading it, then the client gets its 413 through the gateway, never a 502 or a stall', async () => {
    const refusedToken = await refusingGw.tokenFor('employee');
    for (const megabytes of [1, 10, 40]) {
      const form = new FormData();
      form.append('submission', 'done');
      form.append('files', new Blob([new Uint8Array(megabytes * 1024 * 1024)], { type: 'video/mp4' }), 'clip.mp4');
      const res = await fetch(`${refusingGw.url}/api/tasks/${randomUUID()}/submit`, {
        method: 'POST',
        headers: { authorization: `Bearer ${refusedToken}` },
        body: form,
        signal: AbortSignal.timeout(60_000),
      });
      expect(res.status, `${megabytes} MB`).toBe(413);
      expect(await res.json()).toEqual({ code: 'WORK.FILE_TOO_LARGE', message: 'Each file must be at most 50 MB', params: { maxMegabytes: 50 } });
    }
  });
});
