import { randomUUID } from 'node:crypto';
import { createRedis, type Redis } from '@platform/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEchoUpstream, startGateway, type TEchoUpstream, type TGatewayHarness } from './helpers.js';

let auth: TEchoUpstream;
let gw: TGatewayHarness;
let redis: Redis;

beforeAll(async () => {
  auth = await startEchoUpstream();
  gw = await startGateway('gateway_limits', {
    AUTH_SERVICE_URL: auth.url,
    ADMIN_SERVICE_URL: auth.url,
    RATE_LIMIT_LOGIN_PER_ADDRESS: '6/15m',
    RATE_LIMIT_LOGIN_PER_ACCOUNT_AND_ADDRESS: '3/15m',
    RATE_LIMIT_LOGIN_PER_ACCOUNT: '5/1h',
    RATE_LIMIT_REGISTER_PER_ADDRESS: '2/1h',
    RATE_LIMIT_FORGOT_PASSWORD_PER_ADDRESS: '10/1h',
    RATE_LIMIT_FORGOT_PASSWORD_PER_ACCOUNT: '2/1h',
  });
  redis = createRedis(gw.env.env.REDIS_URL!, '');
});

afterAll(async () => {
  redis?.disconnect();
  await gw?.stop();
  await auth?.close();
});

/** The test client connects from 127.0.0.1, a trusted proxy, so X-Forwarded-For picks the client address. */
function post(path: string, body: unknown, address: string) {
  return fetch(`${gw.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(body),
  });
}

const email = () => `${randomUUID()}@example.com`;

describe('POST /api/auth/login', () => {
  it('when one account fails too often from one address, then 429 with Retry-After there, while another account from the same address still passes', async () => {
    auth.answer('/api/auth/login', 401, { message: 'Invalid email or password', code: 'AUTH.INVALID_CREDENTIALS' });
    const victim = email();
    for (let i = 0; i < 3; i++) expect((await post('/api/auth/login', { email: victim, password: 'x' }, '10.0.0.1')).status).toBe(401);

    const limited = await post('/api/auth/login', { email: victim.toUpperCase(), password: 'x' }, '10.0.0.1');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(800);
    expect(await limited.json()).toEqual({
      message: 'Too many login attempts. Please try again in 15 minutes.',
      code: 'REQUEST.RATE_LIMITED',
      params: { what: 'login attempts', minutes: 15 },
    });

    expect((await post('/api/auth/login', { email: email(), password: 'x' }, '10.0.0.1')).status).toBe(401);
  });

  it('when a guesser at one address has failed for an account, then the owner at another address still logs in', async () => {
    auth.answer('/api/auth/login', 401, { message: 'Invalid email or password', code: 'AUTH.INVALID_CREDENTIALS' });
    const owner = email();
    for (let i = 0; i < 3; i++) expect((await post('/api/auth/login', { email: owner, password: 'guess' }, '10.0.5.1')).status).toBe(401);
    expect((await post('/api/auth/login', { email: owner, password: 'guess' }, '10.0.5.1')).status).toBe(429);

    auth.answer('/api/auth/login', 200, { token: 't' });
    expect((await post('/api/auth/login', { email: owner, password: 'right' }, '10.0.5.2')).status).toBe(200);
    // The guesser's own counter is not forgiven by the owner's success.
    expect((await post('/api/auth/login', { email: owner, password: 'guess' }, '10.0.5.1')).status).toBe(429);
  });

  it('when guesses for one account come from many addresses, then the account ceiling stops them all', async () => {
    auth.answer('/api/auth/login', 401, { message: 'Invalid email or password', code: 'AUTH.INVALID_CREDENTIALS' });
    const target = email();
    for (let i = 0; i < 5; i++) expect((await post('/api/auth/login', { email: target, password: 'guess' }, `10.0.6.${i + 1}`)).status).toBe(401);
    const limited = await post('/api/auth/login', { email: target, password: 'guess' }, '10.0.6.99');
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      message: 'Too many login attempts. Please try again in 60 minutes.',
      code: 'REQUEST.RATE_LIMITED',
      params: { what: 'login attempts', minutes: 60 },
    });
  });

  it('when one address tries too many accounts, then 429 for that address only', async () => {
    auth.answer('/api/auth/login', 401, { message: 'Invalid email or password', code: 'AUTH.INVALID_CREDENTIALS' });
    for (let i = 0; i < 6; i++) expect((await post('/api/auth/login', { email: email(), password: 'x' }, '10.0.1.1')).status).toBe(401);

    const limited = await post('/api/auth/login', { email: email(), password: 'x' }, '10.0.1.1');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
    expect(((await limited.json()) as { message: string }).message).toMatch(/^Too many login attempts\. Please try again in \d+ minutes?\.$/);

    expect((await post('/api/auth/login', { email: email(), password: 'x' }, '10.0.1.2')).status).toBe(401);
  });

  it('when a login succeeds, then the failures counted for that account are forgotten', async () => {
    const user = email();
    auth.answer('/api/auth/login', 401, { message: 'Invalid email or password', code: 'AUTH.INVALID_CREDENTIALS' });
    for (let i = 0; i < 2; i++) expect((await post('/api/auth/login', { email: user, password: 'x' }, '10.0.2.1')).status).toBe(401);
    auth.answer('/api/auth/login', 200, { token: 't' });
    expect((await post('/api/auth/login', { email: user, password: 'right' }, '10.0.2.2')).status).toBe(200);
    auth.answer('/api/auth/login', 401, { message: 'Invalid email or password', code: 'AUTH.INVALID_CREDENTIALS' });
    for (let i = 0; i < 3; i++) expect((await post('/api/auth/login', { email: user, password: 'x' }, '10.0.2.3')).status).toBe(401);
    expect((await post('/api/auth/login', { email: user, password: 'x' }, '10.0.2.3')).status).toBe(429);
  });

  it('then the counters live under the configured Redis prefix, without the e-mail in clear', async () => {
    const keys = await redis.keys(`${gw.env.redisPrefix}ratelimit:*`);
    expect(keys.some((k) => k.startsWith(`${gw.env.redisPrefix}ratelimit:login:address:`))).toBe(true);
    expect(keys.some((k) => k.startsWith(`${gw.env.redisPrefix}ratelimit:login:account:`))).toBe(true);
    expect(keys.some((k) => k.startsWith(`${gw.env.redisPrefix}ratelimit:login:account-address:`))).toBe(true);
    expect(keys.every((k) => !k.includes('@'))).toBe(true);
  });
});

describe('POST /api/auth/register', () => {
  it('when one address registers too often, then 429 with the registration wording; another address still passes', async () => {
    for (let i = 0; i < 2; i++) expect((await post('/api/auth/register', { email: email() }, '10.0.3.1')).status).toBe(200);
    const limited = await post('/api/auth/register', { email: email() }, '10.0.3.1');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
    expect(await limited.json()).toEqual({
      message: 'Too many registration attempts. Please try again in 60 minutes.',
      code: 'REQUEST.RATE_LIMITED',
      params: { what: 'registration attempts', minutes: 60 },
    });
    expect((await post('/api/auth/register', { email: email() }, '10.0.3.2')).status).toBe(200);
  });
});

describe('POST /api/auth/forgot-password', () => {
  it('when one account asks too often, then 429 even from other addresses; another account is not affected', async () => {
    const user = email();
    expect((await post('/api/auth/forgot-password', { email: user }, '10.0.4.1')).status).toBe(200);
    expect((await post('/api/auth/forgot-password', { email: user }, '10.0.4.2')).status).toBe(200);
    const limited = await post('/api/auth/forgot-password', { email: user }, '10.0.4.3');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
    expect(((await limited.json()) as { message: string }).message).toBe('Too many password reset requests. Please try again in 60 minutes.');
    expect((await post('/api/auth/forgot-password', { email: email() }, '10.0.4.3')).status).toBe(200);
  });

  it('when the body is not JSON, then the gateway refuses it with 400 and nothing reaches the service uncounted', async () => {
    auth.seen.length = 0;
    const res = await fetch(`${gw.url}/api/auth/forgot-password`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.0.4.9' }, body: '{not json' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'The request body is not valid JSON', code: 'REQUEST.MALFORMED_JSON' });
    expect(auth.seen).toHaveLength(0);
  });
});

describe('addresses compared as addresses', () => {
  it('when one IPv6 client registers under five spellings of its address and other hosts of its /64, then the address limit counts them all', async () => {
    auth.answer('/api/auth/register', 201, { ok: true });
    const spellings = ['2001:db8:26:8::1', '2001:DB8:26:8::1', '2001:0db8:0026:0008:0000:0000:0000:0001', '2001:db8:26:8::0:1', '2001:db8:26:8:ffff::9'];
    const statuses: number[] = [];
    for (const address of spellings) statuses.push((await post('/api/auth/register', { email: email() }, address)).status);
    // RATE_LIMIT_REGISTER_PER_ADDRESS is 2/1h: two pass, the other three spellings are the same client.
    expect(statuses).toEqual([201, 201, 429, 429, 429]);
    // Another /64 and an IPv4 client are counted on their own.
    expect((await post('/api/auth/register', { email: email() }, '2001:db8:26:9::1')).status).toBe(201);
    expect((await post('/api/auth/register', { email: email() }, '192.0.2.26')).status).toBe(201);
    expect((await post('/api/auth/register', { email: email() }, '192.0.2.26')).status).toBe(201);
    expect((await post('/api/auth/register', { email: email() }, '::ffff:192.0.2.26')).status).toBe(429);
  });

  it('when the client address is an unusual spelling, then the service is told its one normal spelling', async () => {
    const res = await fetch(`${gw.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '2001:0DB8:0000:0000:0000:0000:0000:0001' },
      body: JSON.stringify({ email: email(), password: 'x' }),
    });
    expect(res.status).toBeLessThan(500);
    const seen = auth.seen.at(-1)!;
    expect(seen.headers['x-forwarded-for']).toBe('2001:db8::1');
  });
});
