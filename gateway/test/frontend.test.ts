import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEchoUpstream, startGateway, type TEchoUpstream, type TGatewayHarness } from './helpers.js';

let upstream: TEchoUpstream;
let gw: TGatewayHarness;
let dist: string;

const VIDEO = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3, 4]);
const INDEX = '<!doctype html><html><body><div id="root"></div><script src="/assets/index-abc123.js"></script></body></html>';

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'gateway-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("app");');
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dist, 'clip.webm'), VIDEO);
  upstream = await startEchoUpstream();
  gw = await startGateway('gateway_frontend', { AUTH_SERVICE_URL: upstream.url, ADMIN_SERVICE_URL: upstream.url, FRONTEND_DIST: dist, WELCOME_VIDEO_FILE: join(dist, 'clip.webm') });
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
    expect(await res.text()).toBe('console.log("app");');
  });

  it('when the welcome video is requested, then the configured clip is served as video', async () => {
    const res = await fetch(`${gw.url}/assets/welcome-video`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/webm');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(VIDEO);
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
