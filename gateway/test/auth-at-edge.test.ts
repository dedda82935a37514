import { createHmac, randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { createRedis, createTokenSigner, revokeAllTokensOfUser, revokeToken, type Redis } from '@platform/service-kit';
import { generateTestKeys } from '@platform/service-kit/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { claimsOf, startEchoUpstream, startGateway, type TEchoUpstream, type TGatewayHarness } from './helpers.js';

let auth: TEchoUpstream;
let admin: TEchoUpstream;
let gw: TGatewayHarness;
let redis: Redis;

beforeAll(async () => {
  [auth, admin] = await Promise.all([startEchoUpstream(), startEchoUpstream()]);
  gw = await startGateway('gateway_auth', { AUTH_SERVICE_URL: auth.url, ADMIN_SERVICE_URL: admin.url });
  redis = createRedis(gw.env.env.REDIS_URL!, gw.env.redisPrefix);
});

afterAll(async () => {
  redis?.disconnect();
  await gw?.stop();
  await Promise.all([auth?.close(), admin?.close()]);
});

beforeEach(() => {
  auth.seen.length = 0;
  admin.seen.length = 0;
});

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function claims(overrides: Record<string, unknown> = {}) {
  const now = Math.floor(Date.now() / 1000);
  return { sub: randomUUID(), role: 'admin', jti: randomUUID(), iat: now, exp: now + 3600, aud: 'platform-api', iss: 'platform-auth', ...overrides };
}

async function get(path: string, token?: string) {
  return fetch(`${gw.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
}

describe('GET /api/user/me (a route needing a token)', () => {
  it('when the token is valid, then the request reaches the auth service with the authorization header unchanged', async () => {
    const token = await gw.tokenFor('employee');
    const res = await get('/api/user/me', token);
    expect(res.status).toBe(200);
    const echoed = (await res.json()) as { url: string; headers: Record<string, string> };
    expect(echoed.url).toBe('/api/user/me');
    expect(echoed.headers.authorization).toBe(`Bearer ${token}`);
  });

  const badTokens: [string, () => Promise<string | undefined>][] = [
    ['no token', async () => undefined],
    ['a malformed token', async () => 'not-a-jwt'],
    ['alg none', async () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims())}.`],
    [
      'an HS256 token signed with the public key as the secret',
      async () => {
        const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims())}`;
        return `${head}.${createHmac('sha256', gw.env.keys.publicKeyPem).update(head).digest('base64url')}`;
      },
    ],
    [
      'a token signed with another key',
      async () => (await createTokenSigner({ privateKeyPem: generateTestKeys().privateKeyPem, audience: 'platform-api', issuer: 'platform-auth' })).sign({ id: randomUUID(), role: 'admin' }),
    ],
    [
      'an expired token',
      async () => (await createTokenSigner({ privateKeyPem: gw.env.keys.privateKeyPem, audience: 'platform-api', issuer: 'platform-auth', ttlSeconds: -60 })).sign({ id: randomUUID(), role: 'admin' }),
    ],
    [
      'a token for another audience',
      async () => (await createTokenSigner({ privateKeyPem: gw.env.keys.privateKeyPem, audience: 'other-api', issuer: 'platform-auth' })).sign({ id: randomUUID(), role: 'admin' }),
    ],
    [
      'a revoked token (logout)',
      async () => {
        const token = await gw.tokenFor('admin');
        await revokeToken(redis, claimsOf(token));
        return token;
      },
    ],
    [
      'a token of a user whose tokens were all revoked (ban, password change)',
      async () => {
        const token = await gw.tokenFor('admin');
        await revokeAllTokensOfUser(redis, claimsOf(token).sub);
        return token;
      },
    ],
  ];

  for (const [what, makeToken] of badTokens) {
    it(`when the request carries ${what}, then 401 {message, code} and the service is never called`, async () => {
      const token = await makeToken();
      for (const path of ['/api/user/me', '/api/admin/email-templates']) {
        const res = await get(path, token);
        expect(res.status).toBe(401);
        const body = (await res.json()) as { message: string; code: string };
        expect(body.code).toMatch(/^AUTH\./);
        expect(body.message).toBeTruthy();
      }
      expect(auth.seen).toHaveLength(0);
      expect(admin.seen).toHaveLength(0);
    });
  }
});

describe('/api/admin/*', () => {
  it('when an employee calls an admin route, then 403 and the admin service is never called', async () => {
    const res = await get('/api/admin/email-templates', await gw.tokenFor('employee'));
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: 'Admin access required', code: 'AUTH.FORBIDDEN' });
    expect(admin.seen).toHaveLength(0);
  });

  it('when an admin calls an admin route, then the admin service answers', async () => {
    const res = await get('/api/admin/email-templates/welcome?lang=en', await gw.tokenFor('admin'));
    expect(res.status).toBe(200);
    expect(admin.seen.map((r) => r.url)).toEqual(['/api/admin/email-templates/welcome?lang=en']);
    expect(auth.seen).toHaveLength(0);
  });
});

describe('public routes', () => {
  for (const path of ['/api/auth/login', '/api/auth/register', '/api/auth/forgot-password', '/api/auth/validate-reset-token', '/api/auth/reset-password']) {
    it(`when POST ${path} has no token, then it reaches the auth service`, async () => {
      const res = await fetch(`${gw.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: `${randomUUID()}@example.com` }) });
      expect(res.status).toBe(200);
      expect(auth.seen.map((r) => r.url)).toEqual([path]);
    });
  }

  it('when a path only looks like a public one (/api/auth/loginx, /api/auth/me), then a token is still required', async () => {
    expect((await get('/api/auth/loginx')).status).toBe(401);
    expect((await get('/api/auth/me')).status).toBe(401);
    expect(auth.seen).toHaveLength(0);
  });
});

describe('unknown paths', () => {
  it('when a path under /api has no owner, then 404 {message, code}', async () => {
    for (const path of ['/api', '/api/nothing-here', '/api/authors', '/api/admin/nothing-here']) {
      const res = await get(path, await gw.tokenFor('admin'));
      expect(res.status).toBe(404);
      expect(((await res.json()) as { code: string }).code).toBe('NOT_FOUND');
    }
    expect(auth.seen).toHaveLength(0);
    expect(admin.seen).toHaveLength(0);
  });

  it('when a path tries to climb out of a public prefix (dot segments, encoded slashes, backslash, NUL), then 400 and nothing is proxied', async () => {
    for (const path of ['/api/auth/login/../../admin/email-templates', '/api/auth/login/%2e%2e/%2e%2e/admin/email-templates', '/api/auth/login%2F..%2Fme', '/api/auth/login%5c..%5cme', '/api/auth/login%00']) {
      // node:http sends the path as written (fetch would normalise the dot segments away).
      const status = await new Promise<number>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port: new URL(gw.url).port, path, method: 'POST' }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
      expect(status).toBe(400);
    }
    expect(auth.seen).toHaveLength(0);
    expect(admin.seen).toHaveLength(0);
  });
});
