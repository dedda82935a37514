import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_COMPRESSION_THRESHOLD_BYTES } from '../src/proxy.js';
import { startEchoUpstream, startGateway, type TEchoUpstream, type TGatewayHarness } from './helpers.js';

let upstream: TEchoUpstream;
let gw: TGatewayHarness;
let token: string;

beforeAll(async () => {
  upstream = await startEchoUpstream();
  gw = await startGateway('gateway_compression', { AUTH_SERVICE_URL: upstream.url, ADMIN_SERVICE_URL: upstream.url });
  token = await gw.tokenFor('employee');
});

afterAll(async () => {
  await gw?.stop();
  await upstream?.close();
});

/** An answer of the service whose JSON is exactly `bytes` long. */
function answerOfSize(path: string, bytes: number): string {
  const body = { data: 'x'.repeat(bytes - '{"data":""}'.length) };
  upstream.answer(path, 200, body);
  return JSON.stringify(body);
}

/** A raw request (undici's fetch would decode the body and hide what was sent). */
async function get(path: string, acceptEncoding?: string) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (acceptEncoding !== undefined) headers['accept-encoding'] = acceptEncoding;
  const res = await request(`${gw.url}${path}`, { headers });
  return { status: res.statusCode, headers: res.headers, body: Buffer.from(await res.body.arrayBuffer()) };
}

describe('API answers: compressed above the threshold, when accepted', () => {
  it('when an answer of the threshold or more is asked with br, then it comes in br with Vary, smaller, decoding to the same JSON', async () => {
    for (const size of [API_COMPRESSION_THRESHOLD_BYTES, 20_000, 200_000]) {
      const json = answerOfSize(`/api/user/big-${size}`, size);
      const res = await get(`/api/user/big-${size}`, 'gzip, deflate, br');
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.body.length).toBeLessThan(size / 4);
      expect(brotliDecompressSync(res.body).toString()).toBe(json);
    }
  });

  it('when gzip is accepted and br is not (or refused with q=0), then gzip', async () => {
    const json = answerOfSize('/api/user/big-gzip', 20_000);
    for (const accept of ['gzip', 'br;q=0, gzip']) {
      const res = await get('/api/user/big-gzip', accept);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(res.body).toString()).toBe(json);
    }
  });

  it('when no encoding is accepted, then the answer comes as the service sent it', async () => {
    const json = answerOfSize('/api/user/big-plain', 20_000);
    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const res = await get('/api/user/big-plain', accept);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-length']).toBe(String(json.length));
      expect(res.body.toString()).toBe(json);
    }
  });

  it('when an answer is smaller than the threshold, then it is never compressed', async () => {
    const json = answerOfSize('/api/user/small', API_COMPRESSION_THRESHOLD_BYTES - 1);
    const res = await get('/api/user/small', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-length']).toBe(String(json.length));
    expect(res.body.toString()).toBe(json);
  });

  it('when a large error answer is compressed, then its status is kept', async () => {
    upstream.answer('/api/user/big-error', 422, { message: 'y'.repeat(5000), code: 'AUTH.SOMETHING' });
    const res = await get('/api/user/big-error', 'br');
    expect(res.status).toBe(422);
    expect(res.headers['content-encoding']).toBe('br');
    expect((JSON.parse(brotliDecompressSync(res.body).toString()) as { code: string }).code).toBe('AUTH.SOMETHING');
  });
});
