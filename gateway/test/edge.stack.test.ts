import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractResetLink, waitForEmail } from '../../e2e/support/browser.js';
import { startStack, type TStack } from '../../scripts/stack.js';

/**
 * The public edge as an attacker with a browser and curl meets it: the real gateway in front of the real services
 * (each its own process, as `npm start` runs them), on a namespace of their own. Limits are the defaults where the
 * issue names them (ten failed logins of an account at one address), lower where a test must reach them quickly.
 */
let stack: TStack;
let outboxDir: string;
let base: string;

const PASSWORD = 'Correct-Horse-42';
const PAIR_LIMIT = 10;
const ACCOUNT_CEILING = 25;

beforeAll(async () => {
  outboxDir = mkdtempSync(join(tmpdir(), 'edge-outbox-'));
  stack = await startStack({
    namespace: `edge_${Date.now().toString(36)}`,
    ephemeral: true,
    seed: true,
    outboxDir,
    logLevel: 'warn',
    frontendDist: join(tmpdir(), 'no-frontend-here'),
    env: {
      RATE_LIMIT_LOGIN_PER_ADDRESS: '1000/15m',
      RATE_LIMIT_LOGIN_PER_ACCOUNT_AND_ADDRESS: `${PAIR_LIMIT}/15m`,
      RATE_LIMIT_LOGIN_PER_ACCOUNT: `${ACCOUNT_CEILING}/1h`,
      RATE_LIMIT_REGISTER_PER_ADDRESS: '4/1h',
      RATE_LIMIT_FORGOT_PASSWORD_PER_ADDRESS: '1000/1h',
      RATE_LIMIT_FORGOT_PASSWORD_PER_ACCOUNT: '4/1h',
    },
  });
  base = stack.baseUrl;
}, 180_000);

afterAll(async () => {
  await stack?.stop();
  rmSync(outboxDir, { recursive: true, force: true });
});

let addressCounter = 0;
/** A client address of its own (the gateway of the development stack believes X-Forwarded-For from loopback). */
const newAddress = () => `198.51.100.${++addressCounter}`;

interface TAnswer {
  status: number;
  body: { message?: string; code?: string; token?: string };
  headers: Headers;
}

async function send(method: string, path: string, options: { body?: unknown; raw?: Buffer | string; contentType?: string; address: string; token?: string }): Promise<TAnswer> {
  const headers: Record<string, string> = { 'x-forwarded-for': options.address };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: Buffer | string | undefined;
  if (options.raw !== undefined) body = options.raw;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['content-type'] = options.contentType ?? 'application/json';
  // fetch would normalise dot segments and some encodings away: node:http sends the path as written.
  return new Promise((resolve, reject) => {
    const url = new URL(base);
    const req = httpRequest({ host: url.hostname, port: url.port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: TAnswer['body'];
        try {
          parsed = JSON.parse(text) as TAnswer['body'];
        } catch {
          parsed = {};
        }
        const h = new Headers();
        for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string') h.set(name, value);
        resolve({ status: res.statusCode ?? 0, body: parsed, headers: h });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function registerWorker(): Promise<{ email: string }> {
  const email = `edge-${randomUUID()}@example.com`;
  const res = await send('POST', '/api/auth/register', { address: newAddress(), body: { email, password: PASSWORD, firstName: 'Edge', lastName: 'Worker' } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { email };
}

const login = (path: string, email: string, password: string, address: string) => send('POST', path, { address, body: { email, password } });

const LOGIN_VARIANTS = ['/api/auth/login', '/api/auth/logi%6e', '/api/auth/%6C%6F%67%69%6E', '/api/auth/login/', '/api/auth//login', '/api/%61uth/login', '/api/auth/login?x=1'];

describe('rate-limited routes, in every spelling', () => {
  it('when wrong passwords are sent through every spelling of the login path, then the eleventh attempt is 429 whatever the spelling, even with the right password', async () => {
    const { email } = await registerWorker();
    const attacker = newAddress();
    for (let i = 0; i < PAIR_LIMIT; i++) {
      const res = await login(LOGIN_VARIANTS[i % LOGIN_VARIANTS.length]!, email, `guess-${i}`, attacker);
      expect(res.status, LOGIN_VARIANTS[i % LOGIN_VARIANTS.length]).toBe(401);
    }
    for (const path of LOGIN_VARIANTS) {
      const res = await login(path, email, PASSWORD, attacker);
      expect(res.status, path).toBe(429);
      expect(res.body).toMatchObject({ code: 'REQUEST.RATE_LIMITED' });
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('when the path differs in case or carries encoded separators, dot segments or NUL, then it never reaches login', async () => {
    const { email } = await registerWorker();
    const address = newAddress();
    expect((await login('/api/auth/LOGIN', email, PASSWORD, address)).status).toBe(401); // under /api/auth, a token is needed
    expect((await login('//api/auth/login', email, PASSWORD, address)).status).toBe(404); // not under /api at all
    for (const path of ['/api/auth/login%2f', '/api/auth%2flogin', '/api/auth/x/%2e%2e/login', '/api/auth/login%00', '/api/auth\\login']) {
      const res = await login(path, email, PASSWORD, address);
      expect(res.status, path).toBe(400);
      expect(res.body.code).toBe('REQUEST.BAD_PATH');
    }
  });

  it('when the body starts with a byte-order mark or is not JSON, then 400 at the gateway and the service never logs anyone in', async () => {
    const { email } = await registerWorker();
    const address = newAddress();
    const json = JSON.stringify({ email, password: PASSWORD });
    const bom = await send('POST', '/api/auth/login', { address, raw: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(json)]) });
    expect(bom.status).toBe(400);
    expect(bom.body).toEqual({ message: 'The request body must not start with a byte order mark', code: 'REQUEST.MALFORMED_JSON' });
    expect(bom.body.token).toBeUndefined();
    const form = await send('POST', '/api/auth/login', { address, raw: `email=${email}&password=${PASSWORD}`, contentType: 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(415);
    const utf16 = await send('POST', '/api/auth/login', { address, raw: Buffer.from(json, 'utf16le') });
    expect(utf16.status).toBe(400);
    // The right password in a plain body still works: nothing above was counted as a failure.
    const ok = await login('/api/auth/login', email, PASSWORD, address);
    expect(ok.status).toBe(200);
    expect(typeof ok.body.token).toBe('string');
  });

  it('when registrations come through every spelling of the path, then the address limit counts them all', async () => {
    const address = newAddress();
    const variants = ['/api/auth/register', '/api/auth/registe%72', '/api/auth//register/', '/%61pi/auth/register'];
    for (const path of variants) {
      const res = await send('POST', path, { address, body: { email: `edge-${randomUUID()}@example.com`, password: PASSWORD, firstName: 'A', lastName: 'B' } });
      expect(res.status, path).toBe(201);
    }
    for (const path of variants) {
      expect((await send('POST', path, { address, body: { email: `edge-${randomUUID()}@example.com`, password: PASSWORD, firstName: 'A', lastName: 'B' } })).status, path).toBe(429);
    }
  });

  it('when reset e-mails are asked for through every spelling of the path, then the account limit counts them all', async () => {
    const { email } = await registerWorker();
    const variants = ['/api/auth/forgot-password', '/api/auth/forgot-passwor%64', '/api/auth/forgot-password/', '/api//auth/forgot-password'];
    for (const path of variants) expect((await send('POST', path, { address: newAddress(), body: { email } })).status, path).toBe(200);
    for (const path of variants) expect((await send('POST', path, { address: newAddress(), body: { email: ` ${email.toUpperCase()} ` } })).status, path).toBe(429);
  });
});

describe('locking an owner out', () => {
  it('when someone fails ten times from another address, then the owner still logs in', async () => {
    const { email } = await registerWorker();
    const attacker = newAddress();
    for (let i = 0; i < PAIR_LIMIT; i++) expect((await login('/api/auth/login', email, `wrong-${i}`, attacker)).status).toBe(401);
    expect((await login('/api/auth/login', email, 'wrong', attacker)).status).toBe(429);
    expect((await login('/api/auth/login', email, PASSWORD, newAddress())).status).toBe(200);
  });

  it('when guesses from many addresses reach the account ceiling, then a password reset lets the owner in again', async () => {
    const { email } = await registerWorker();
    for (let failed = 0; failed < ACCOUNT_CEILING; ) {
      const address = newAddress();
      for (let i = 0; i < PAIR_LIMIT && failed < ACCOUNT_CEILING; i++, failed++) expect((await login('/api/auth/login', email, `wrong-${failed}`, address)).status).toBe(401);
    }
    const owner = newAddress();
    expect((await login('/api/auth/login', email, PASSWORD, owner)).status).toBe(429);

    expect((await send('POST', '/api/auth/forgot-password', { address: owner, body: { email } })).status).toBe(200);
    const token = new URL(extractResetLink(await waitForEmail(outboxDir, email, (eml) => eml.includes('reset-password')))).searchParams.get('token');
    const reset = await send('POST', '/api/auth/reset-password', { address: owner, body: { token, newPassword: 'Brand-New-Pass-7' } });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect((await login('/api/auth/login', email, 'Brand-New-Pass-7', owner)).status).toBe(200);
  });
});

describe('oversized bodies', () => {
  const TEN_MB = Buffer.alloc(10 * 1024 * 1024, 'a');

  /** Sends on one kept-alive connection: the big body, then a small request; both answers are read. */
  async function bigThenSmall(path: string, token?: string): Promise<{ big: number; bigBody: unknown; small: number; sockets: number }> {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const url = new URL(base);
    let sockets = 0;
    const one = (method: string, p: string, body?: Buffer) =>
      new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = httpRequest(
          {
            host: url.hostname,
            port: url.port,
            path: p,
            method,
            agent,
            headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-length': body.length } : {}) },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
          },
        );
        req.on('socket', (socket) => {
          if (!(socket as { counted?: boolean }).counted) {
            (socket as { counted?: boolean }).counted = true;
            sockets += 1;
          }
        });
        req.on('error', reject);
        req.end(body);
      });
    try {
      const big = await one('POST', path, Buffer.concat([Buffer.from('{"x":"'), TEN_MB, Buffer.from('"}')]));
      const small = await one('GET', '/api/settings/public');
      return { big: big.status, bigBody: JSON.parse(big.text) as unknown, small: small.status, sockets };
    } finally {
      agent.destroy();
    }
  }

  it('when a 10 MB JSON body is sent to any JSON route, then 413 {message, code} and the same connection answers the next request', async () => {
    const { email } = await registerWorker();
    const token = (await login('/api/auth/login', email, PASSWORD, newAddress())).body.token!;
    for (const path of ['/api/auth/login', '/api/withdrawals', '/api/tasks', '/api/user/payout-wallets', '/api/admin/settings']) {
      const answer = await bigThenSmall(path, token);
      expect(answer.big, path).toBe(413);
      expect(answer.bigBody).toEqual({ message: 'The request body is too large', code: 'REQUEST.TOO_LARGE' });
      expect(answer.small, path).toBe(200); // answered on the same connection, not reset
      expect(answer.sockets, path).toBe(1);
    }
  });
});

describe('operational endpoints and headers', () => {
  it('when /metrics or /ready is asked for on the public port, then 404; each process serves them on its internal port', async () => {
    for (const path of ['/metrics', '/ready']) expect((await send('GET', path, { address: newAddress() })).status, path).toBe(404);
    for (const [name, url] of Object.entries(stack.internalUrls)) {
      const ready = await fetch(`${url}/ready`);
      expect(ready.status, name).toBe(200);
      expect(await (await fetch(`${url}/metrics`)).text(), name).toContain('http_request_duration_seconds');
    }
    expect(Object.keys(stack.internalUrls)).toEqual(expect.arrayContaining(['admin', 'auth', 'gateway', 'payouts', 'work']));
  });

  it('when the app or the API answers, then the security headers are present (no HSTS on plain HTTP)', async () => {
    for (const path of ['/', '/api/auth/me', '/api/nothing-here']) {
      const res = await send('GET', path, { address: newAddress() });
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("default-src 'self'");
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("object-src 'none'");
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), path).toBe('no-referrer');
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(res.headers.get('strict-transport-security'), path).toBeNull();
    }
  });
});
