import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createHttpServer, createLogger, createMetrics, listen, type TApp } from '../src/index.js';

/** Sends raw bytes and reads the whole answer until the server closes the connection. */
function rawRequest(url: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(bytes));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

function bodyOf(answer: string): unknown {
  return JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
}

describe('framework errors in our {message, code} shape', () => {
  let app: TApp;
  let url: string;
  let calls = 0;

  beforeAll(async () => {
    app = createHttpServer({ logger: createLogger({ service: 'test', level: 'silent' }), metrics: createMetrics('test') });
    app.get('/things/:id', { schema: { params: z.strictObject({ id: z.string() }) } }, async (request) => {
      calls += 1;
      return { id: request.params.id };
    });
    app.post('/things', async () => {
      calls += 1;
      return { ok: true };
    });
    url = await listen(app, '127.0.0.1', 0);
  });
  afterAll(async () => app.close());

  it('when a path parameter is longer than 100 characters, then 414 REQUEST.URL_TOO_LONG and the handler never runs', async () => {
    const before = calls;
    const res = await fetch(`${url}/things/${'a'.repeat(301)}`);
    expect(res.status).toBe(414);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ message: 'A part of the address is too long', code: 'REQUEST.URL_TOO_LONG' });
    expect(calls).toBe(before);
  });

  it('when a path has malformed percent-encoding, then 400 REQUEST.BAD_URL and the handler never runs', async () => {
    const before = calls;
    for (const path of ['/things/%E0%A4%A', '/things/%', '/things/a%ZZ']) {
      const res = await fetch(`${url}${path}`);
      expect(res.status, path).toBe(400);
      expect(await res.json(), path).toEqual({ message: 'The address is not valid (malformed percent-encoding)', code: 'REQUEST.BAD_URL' });
    }
    expect(calls).toBe(before);
  });

  it('when the content type is not one the server reads, then 415 in our shape', async () => {
    const res = await fetch(`${url}/things`, { method: 'POST', headers: { 'content-type': 'application/x-unknown' }, body: 'x' });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ message: 'Unsupported content type', code: 'REQUEST.UNSUPPORTED_MEDIA_TYPE' });
  });

  it('when the request is not valid HTTP, then 400 REQUEST.MALFORMED and the connection is closed', async () => {
    const answer = await rawRequest(url, 'THIS IS NOT HTTP\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(bodyOf(answer)).toEqual({ message: 'The request is not valid HTTP', code: 'REQUEST.MALFORMED' });
  });

  it('when the headers are over the size limit, then 431 REQUEST.HEADERS_TOO_LARGE', async () => {
    const answer = await rawRequest(url, `GET /things/a HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(bodyOf(answer)).toEqual({ message: 'The request headers are too large', code: 'REQUEST.HEADERS_TOO_LARGE' });
  });
});
