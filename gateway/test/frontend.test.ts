import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEchoUpstream, startGateway, type TEchoUpstream, type TGatewayHarness } from './helpers.js';

let upstream: TEchoUpstream;
let gw: TGatewayHarness;
let dist: string;

const SCRIPT = `console.log(${JSON.stringify('app '.repeat(200))});`;
const INDEX = '<!doctype html><html><body><div id="root"></div><script src="/assets/index-abc123.js"></script></body></html>';

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'gateway-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), SCRIPT);
  // What the build writes beside each text file (frontend/vite.config.ts).
  writeFileSync(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(SCRIPT));
  writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(INDEX));
  writeFileSync(join(dist, 'index.html.gz'), gzipSync(INDEX));
  mkdirSync(join(dist, 'icons'));
  writeFileSync(join(dist, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  upstream = await startEchoUpstream();
  gw = await startGateway('gateway_frontend', { AUTH_SERVICE_URL: upstream.url, ADMIN_SERVICE_URL: upstream.url, FRONTEND_DIST: dist });
});

afterAll(async () => {
  await gw?.stop();
  await upstream?.close();
  rmSync(dist, { recursive: true, force: true });
});

const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

describe('the built frontend (FRONTEND_DIST)', () => {
  it('when / is requested, then index.html is served with no-cache', async () => {
    const res = await fetch(`${gw.url}/`, { headers: html });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toBe(INDEX);
  });

  it('when a hashed asset is requested, then it is cached for a year as immutable', async () => {
    const res = await fetch(`${gw.url}/assets/index-abc123.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe(SCRIPT);
  });

  it('when an unhashed image is requested, then it is cached for a week', async () => {
    const res = await fetch(`${gw.url}/icons/icon-192.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=604800');
  });

  it('when sw.js or index.html is requested by name, then no-cache', async () => {
    for (const path of ['/sw.js', '/index.html']) {
      const res = await fetch(`${gw.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('when a client-side route is loaded as a page, then index.html is served (SPA fallback)', async () => {
    for (const path of ['/login', '/admin/users/42', '/reset-password?token=abc']) {
      const res = await fetch(`${gw.url}${path}`, { headers: html });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toBe(INDEX);
    }
  });

  it('when a missing file is requested without accepting HTML, then 404 JSON rather than the page', async () => {
    const res = await fetch(`${gw.url}/assets/missing-123.js`, { headers: { accept: 'application/javascript' } });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: string }).code).toBe('NOT_FOUND');
  });

  it('when an unknown /api or /ws path is loaded as a page, then 404 JSON, never index.html', async () => {
    for (const path of ['/api/nothing', '/ws']) {
      const res = await fetch(`${gw.url}${path}`, { headers: html });
      expect(res.status).toBe(404);
      expect(((await res.json()) as { code: string }).code).toBe('NOT_FOUND');
    }
  });
});

/** A raw request: undici's fetch would decode the body and hide what was sent. */
async function get(path: string, headers: Record<string, string>, method: 'GET' | 'HEAD' = 'GET') {
  const res = await request(`${gw.url}${path}`, { method, headers });
  const body = Buffer.from(await res.body.arrayBuffer());
  return { status: res.statusCode, headers: res.headers, body };
}

describe('precompressed files (Accept-Encoding)', () => {
  const asset = '/assets/index-abc123.js';

  it('when the client accepts br, then the .br file is sent with Content-Encoding br and Vary', async () => {
    const res = await get(asset, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 4);
    expect(brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
  });

  it('when the client accepts only gzip, then the .gz file is sent with Content-Encoding gzip and Vary', async () => {
    const res = await get(asset, { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(res.body).toString()).toBe(SCRIPT);
  });

  it('when the client accepts no encoding, then the plain file is sent, still with Vary', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
      const res = await get(asset, headers);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.body.toString()).toBe(SCRIPT);
    }
  });

  it('when br is refused with q=0, then gzip is sent; when both are, the plain file', async () => {
    const gzip = await get(asset, { 'accept-encoding': 'br;q=0, gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(SCRIPT);
    const plain = await get(asset, { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it('when a file has no compressed copy, then the plain file is sent whatever is accepted', async () => {
    const res = await get('/sw.js', { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toBe('self.addEventListener("fetch", () => {});');
  });

  it('when a page is loaded (SPA fallback) accepting br, then the compressed index.html is sent with no-cache', async () => {
    const res = await get('/login', { ...html, 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.body).toString()).toBe(INDEX);
  });

  it('when HEAD is asked, then the headers of the GET come without a body', async () => {
    const getRes = await get(asset, { 'accept-encoding': 'br' });
    const head = await get(asset, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(getRes.headers['content-length']);
    expect(head.headers.etag).toBe(getRes.headers.etag);
  });

  it('when the same file is asked in two encodings, then their ETags differ (a cache never mixes them)', async () => {
    const br = await get(asset, { 'accept-encoding': 'br' });
    const plain = await get(asset, {});
    expect(br.headers.etag).toBeTruthy();
    expect(br.headers.etag).not.toBe(plain.headers.etag);
  });
});

describe('the welcome video (sent by the admin service, issue 28)', () => {
  it('when /assets/welcome-video is asked, then it goes to the admin service without a token, with its Range and validators', async () => {
    const res = await get('/assets/welcome-video', { range: 'bytes=100-199', 'if-none-match': 'W/"abc"' });
    expect(res.status).toBe(200);
    const seen = JSON.parse(res.body.toString()) as { method: string; url: string; headers: Record<string, string> };
    expect(seen).toMatchObject({ method: 'GET', url: '/assets/welcome-video', headers: { range: 'bytes=100-199', 'if-none-match': 'W/"abc"' } });
    expect(seen.headers.authorization).toBeUndefined();
  });

  it('when the admin service answers a range, then 206, its Content-Range and the bytes pass through uncompressed', async () => {
    const bytes = Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 251));
    const video = createServer((req, res) => {
      res.writeHead(206, { 'content-type': 'video/webm', 'content-range': `bytes 0-4095/9000`, 'content-length': String(bytes.length), etag: 'W/"v2"', 'cache-control': 'public, max-age=604800' });
      res.end(req.method === 'HEAD' ? undefined : bytes);
    });
    await new Promise<void>((resolve) => video.listen(0, '127.0.0.1', resolve));
    const port = (video.address() as AddressInfo).port;
    const viaGateway = await startGateway('gateway_video', { AUTH_SERVICE_URL: upstream.url, ADMIN_SERVICE_URL: `http://127.0.0.1:${port}` });
    try {
      const res = await request(`${viaGateway.url}/assets/welcome-video`, { headers: { range: 'bytes=0-4095', 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode).toBe(206);
      expect(res.headers['content-range']).toBe('bytes 0-4095/9000');
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.etag).toBe('W/"v2"');
      expect(Buffer.from(await res.body.arrayBuffer())).toEqual(bytes);
    } finally {
      await viaGateway.stop();
      video.close();
    }
  });
});

describe('without FRONTEND_DIST', () => {
  it('when / is requested, then a small HTML page says the frontend is not built', async () => {
    const bare = await startGateway('gateway_nofrontend', { AUTH_SERVICE_URL: upstream.url, ADMIN_SERVICE_URL: upstream.url });
    try {
      const res = await fetch(`${bare.url}/`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await res.text()).toContain('The frontend is not built');
      expect((await fetch(`${bare.url}/login`, { headers: html })).status).toBe(404);
    } finally {
      await bare.stop();
    }
  });
});

describe('the platform name on the first paint (issue 28)', () => {
  const BRANDED_INDEX =
    '<!doctype html><html><head><title>Task Portal</title></head><body><div id="root"><div class="auth-page boot-shell">' +
    '<header class="auth-brand"><img src="/icons/icon-192.png" alt="" width="40" height="40"/><span>Task Portal</span></header>' +
    '<main class="auth-main"></main></div></div></body></html>';

  it('when an admin has named the platform, then the title and the sign-in shell say that name, escaped, in every encoding, with an ETag', async () => {
    const brandedDist = mkdtempSync(join(tmpdir(), 'gateway-branded-'));
    writeFileSync(join(brandedDist, 'index.html'), BRANDED_INDEX);
    writeFileSync(join(brandedDist, 'index.html.br'), brotliCompressSync(BRANDED_INDEX));
    writeFileSync(join(brandedDist, 'index.html.gz'), gzipSync(BRANDED_INDEX));
    const platformName = 'Acme <Work> & Co';
    const admin = createServer((req, res) => {
      if (req.url === '/health' || req.url === '/ready') return void res.end('ok');
      res.setHeader('content-type', 'application/json');
      res.end(req.url === '/api/public/branding' ? JSON.stringify({ platformName }) : '{}');
    });
    await new Promise<void>((resolve) => admin.listen(0, '127.0.0.1', resolve));
    const adminUrl = `http://127.0.0.1:${(admin.address() as AddressInfo).port}`;
    const branded = await startGateway('gateway_frontend_brand', { AUTH_SERVICE_URL: upstream.url, ADMIN_SERVICE_URL: adminUrl, FRONTEND_DIST: brandedDist });
    try {
      // The name is read in the background: the first page may still be the build's.
      const page = async (encoding?: string) =>
        request(`${branded.url}/login`, { headers: { ...html, ...(encoding ? { 'accept-encoding': encoding } : {}) } });
      let text = '';
      for (let i = 0; i < 50 && !text.includes('Acme'); i += 1) {
        text = await (await page()).body.text();
        if (!text.includes('Acme')) await new Promise((r) => setTimeout(r, 100));
      }
      expect(text).toContain('<title>Acme &lt;Work&gt; &amp; Co</title>');
      expect(text).toContain('<span>Acme &lt;Work&gt; &amp; Co</span></header>');
      expect(text).not.toContain('Task Portal');

      const br = await page('gzip, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/Accept-Encoding/i);
      expect(br.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(Buffer.from(await br.body.arrayBuffer())).toString()).toBe(text);
      const gz = await page('gzip, br;q=0');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(Buffer.from(await gz.body.arrayBuffer())).toString()).toBe(text);
      const etag = br.headers.etag as string;
      expect(etag).toMatch(/^".+"$/);
      const again = await request(`${branded.url}/`, { headers: { ...html, 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      await again.body.dump();

    } finally {
      await branded.stop();
      admin.close();
      rmSync(brandedDist, { recursive: true, force: true });
    }
  });

  it('when the name source says the build name or nothing, then the built file is sent', async () => {
    const { createBrandedIndex } = await import('../src/branded-index.js');
    const brandedDist = mkdtempSync(join(tmpdir(), 'gateway-branded-'));
    writeFileSync(join(brandedDist, 'index.html'), BRANDED_INDEX);
    try {
      for (const name of [undefined, 'Task Portal']) {
        const send = createBrandedIndex(brandedDist, { current: () => name });
        expect(send({ headers: {} } as never, {} as never)).toBeUndefined();
      }
    } finally {
      rmSync(brandedDist, { recursive: true, force: true });
    }
  });
});
