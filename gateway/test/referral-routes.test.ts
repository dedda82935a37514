import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEchoUpstream, startGateway, type TEchoUpstream, type TGatewayHarness } from './helpers.js';

/** Issue 16 at the edge: the visitor's referral and landing calls need no token; the click is rate-limited per address. */
let auth: TEchoUpstream;
let admin: TEchoUpstream;
let gw: TGatewayHarness;

beforeAll(async () => {
  auth = await startEchoUpstream();
  admin = await startEchoUpstream();
  gw = await startGateway('gateway_referral', { AUTH_SERVICE_URL: auth.url, ADMIN_SERVICE_URL: admin.url, RATE_LIMIT_REFERRAL_CLICK_PER_ADDRESS: '3/1h' });
});
afterAll(async () => {
  await gw?.stop();
  await auth?.close();
  await admin?.close();
});

/** The test client connects from 127.0.0.1, a trusted proxy, so X-Forwarded-For picks the client address. */
function click(code: string, address: string) {
  return fetch(`${gw.url}/api/referral/${code}/track-click`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address, 'user-agent': 'Mozilla/5.0 (Phone)' },
    body: JSON.stringify({ timestamp: new Date().toISOString() }),
  });
}

describe('referral and landing routes', () => {
  it('when a visitor without a token looks up a code, reads a landing page or the figures, then each reaches its service', async () => {
    expect((await fetch(`${gw.url}/api/referral/abc123`)).status).toBe(200);
    expect((await fetch(`${gw.url}/api/public/landing-pages/crypto-gaming`)).status).toBe(200);
    expect((await fetch(`${gw.url}/api/public/figures`)).status).toBe(200);
    expect(auth.seen.map((r) => r.url)).toEqual(expect.arrayContaining(['/api/referral/abc123', '/api/public/landing-pages/crypto-gaming']));
    expect(admin.seen.map((r) => r.url)).toContain('/api/public/figures');
  });

  it('when the admin routes are called without a token, then 401 at the gateway', async () => {
    for (const path of ['/api/admin/referral-links', '/api/admin/referral-stats', '/api/admin/landing-pages']) {
      expect((await fetch(`${gw.url}${path}`)).status).toBe(401);
    }
  });

  it('when one address clicks past its limit, then 429, while another address still passes; the service sees the real address', async () => {
    for (let i = 0; i < 3; i++) expect((await click('abc123', '198.51.100.9')).status).toBe(200);
    const limited = await click('abc123', '198.51.100.9');
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { code: string }).code).toBe('REQUEST.RATE_LIMITED');
    expect((await click('abc123', '198.51.100.10')).status).toBe(200);
    const forwarded = auth.seen.filter((r) => r.url === '/api/referral/abc123/track-click').map((r) => r.headers['x-forwarded-for']);
    expect(forwarded).toEqual(['198.51.100.9', '198.51.100.9', '198.51.100.9', '198.51.100.10']);
  });
});
