import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestService, uniqueEmail, type TTestService } from './helpers.js';

/**
 * A tiny real HTTP server standing in for the payouts service's internal API (another service's API, so it is
 * simulated at the network boundary): GET /internal/balances/{userId} and GET /internal/balances?userIds=a,b.
 */
interface TPayoutsStub {
  url: string;
  mode: 'ok' | 'slow' | 'error' | 'garbage';
  balances: Map<string, { available: string; held: string }>;
  requests: { path: string; authorization: string | undefined }[];
  close(): Promise<void>;
}

async function startPayoutsStub(): Promise<TPayoutsStub> {
  const held: ServerResponse[] = [];
  const stub: Omit<TPayoutsStub, 'url' | 'close'> = { mode: 'ok', balances: new Map(), requests: [] };
  const balanceOf = (id: string) => stub.balances.get(id) ?? { available: '0.00', held: '0.00' };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    stub.requests.push({ path: req.url ?? '', authorization: req.headers.authorization });
    if (stub.mode === 'slow') {
      held.push(res); // never answered until the stub closes
      return;
    }
    if (stub.mode === 'error') {
      res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'boom', code: 'INTERNAL' }));
      return;
    }
    if (stub.mode === 'garbage') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"available": 12');
      return;
    }
    const url = new URL(req.url ?? '/', 'http://stub');
    const one = /^\/internal\/balances\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && one) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(balanceOf(decodeURIComponent(one[1]!))));
      return;
    }
    if (req.method === 'GET' && url.pathname === '/internal/balances' && url.searchParams.has('userIds')) {
      const ids = url.searchParams.get('userIds')!.split(',').filter(Boolean);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(Object.fromEntries(ids.map((id) => [id, balanceOf(id)]))));
      return;
    }
    if (req.method === 'GET' && url.pathname === '/internal/stats/balance-total') {
      const all = [...stub.balances.values()];
      const cents = (field: 'available' | 'held') => all.reduce((sum, b) => sum + Math.round(Number(b[field]) * 100), 0);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ available: (cents('available') / 100).toFixed(2), held: (cents('held') / 100).toFixed(2), accounts: all.length }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(stub, {
    url: `http://127.0.0.1:${port}`,
    async close() {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}

const TIMEOUT_MS = 400;
let payouts: TPayoutsStub;
let t: TTestService;

beforeAll(async () => {
  payouts = await startPayoutsStub();
  t = await startTestService('auth_balances', { PAYOUTS_INTERNAL_URL: `${payouts.url}/`, INTERNAL_API_TIMEOUT_MS: String(TIMEOUT_MS) });
});
afterAll(async () => {
  await t?.close();
  await payouts?.close();
});
beforeEach(() => {
  payouts.mode = 'ok';
  payouts.requests.length = 0;
});

/** Registers a worker whose balance payouts will report. */
async function workerWithBalance(available: string, held: string, overrides: Record<string, unknown> = {}) {
  const email = (overrides.email as string | undefined) ?? uniqueEmail();
  const worker = await t.registerWorker({ email, ...overrides });
  payouts.balances.set(worker.user.id, { available, held });
  return worker;
}

async function signedInAdmin() {
  const admin = await t.registerWorker({ email: uniqueEmail('admin'), firstName: 'Root', lastName: 'Admin' });
  await t.service.pool.query("UPDATE users SET role = 'admin' WHERE id = $1", [admin.user.id]);
  const login = await t.api('POST', '/api/auth/login', { body: { email: admin.email, password: admin.password } });
  expect(login.status).toBe(200);
  return { ...admin, token: login.body.token as string };
}

describe('balances on the user (GET /api/auth/me, login, register, documents-completed)', () => {
  it('when payouts answers, then balance and heldBalance are its available and held, read with the user\'s own token', async () => {
    const worker = await workerWithBalance('120.50', '30.00');
    payouts.requests.length = 0;
    const me = await t.api('GET', '/api/auth/me', { token: worker.token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: worker.user.id, balance: '120.50', heldBalance: '30.00' });
    expect(payouts.requests).toEqual([{ path: `/internal/balances/${worker.user.id}`, authorization: `Bearer ${worker.token}` }]);
  });

  it('when the balance changes in payouts (the user\'s own withdrawal), then the very next read shows it (nothing cached)', async () => {
    const worker = await workerWithBalance('100.00', '0.00');
    expect((await t.api('GET', '/api/auth/me', { token: worker.token })).body.balance).toBe('100.00');
    payouts.balances.set(worker.user.id, { available: '40.00', held: '60.00' });
    expect((await t.api('GET', '/api/auth/me', { token: worker.token })).body).toMatchObject({ balance: '40.00', heldBalance: '60.00' });
  });

  it('when a user registers and logs in, then both answers carry the balances, read with the token just issued', async () => {
    payouts.balances.clear();
    const email = uniqueEmail();
    const registered = await t.api('POST', '/api/auth/register', {
      body: { email, password: 'Secret123', confirmPassword: 'Secret123', firstName: 'Ada', lastName: 'Lovelace' },
    });
    expect(registered.status).toBe(201);
    expect(registered.body.user).toMatchObject({ balance: '0.00', heldBalance: '0.00' });
    expect(payouts.requests.at(-1)).toEqual({ path: `/internal/balances/${registered.body.user.id}`, authorization: `Bearer ${registered.body.token}` });

    payouts.balances.set(registered.body.user.id, { available: '5.00', held: '1.00' });
    const login = await t.api('POST', '/api/auth/login', { body: { email, password: 'Secret123' } });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ balance: '5.00', heldBalance: '1.00' });
    expect(payouts.requests.at(-1)!.authorization).toBe(`Bearer ${login.body.token}`);
  });

  it('when documents are completed, then the answer carries the balances too', async () => {
    const worker = await workerWithBalance('7.25', '0.00');
    const res = await t.api('POST', '/api/user/documents-completed', { token: worker.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ documentsAccepted: true, balance: '7.25', heldBalance: '0.00' });
  });

  it('when payouts is slow, then /me answers in time with null balances (never "0.00", never a 500)', async () => {
    const worker = await workerWithBalance('9.99', '0.00');
    payouts.mode = 'slow';
    const started = Date.now();
    const me = await t.api('GET', '/api/auth/me', { token: worker.token });
    const elapsed = Date.now() - started;
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: worker.user.id, balance: null, heldBalance: null });
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(elapsed).toBeLessThan(TIMEOUT_MS + 3_000);

    const login = await t.api('POST', '/api/auth/login', { body: { email: worker.email, password: worker.password } });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ balance: null, heldBalance: null });
  });

  it.each(['error', 'garbage'] as const)('when payouts answers %s, then null balances and a 200', async (mode) => {
    const worker = await workerWithBalance('9.99', '0.00');
    payouts.mode = mode;
    const me = await t.api('GET', '/api/auth/me', { token: worker.token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ balance: null, heldBalance: null });
  });
});

describe('payouts down', () => {
  it('when nothing listens at PAYOUTS_INTERNAL_URL, then /me and the admin list answer 200 with null balances', async () => {
    const down = await startPayoutsStub();
    const downUrl = down.url;
    await down.close();
    const other = await startTestService('auth_balances_down', { PAYOUTS_INTERNAL_URL: downUrl, INTERNAL_API_TIMEOUT_MS: String(TIMEOUT_MS) });
    try {
      const worker = await other.registerWorker();
      expect(worker.user).toMatchObject({ balance: null, heldBalance: null });
      const me = await other.api('GET', '/api/auth/me', { token: worker.token });
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ balance: null, heldBalance: null });

      await other.service.pool.query("UPDATE users SET role = 'admin' WHERE id = $1", [worker.user.id]);
      const login = await other.api('POST', '/api/auth/login', { body: { email: worker.email, password: worker.password } });
      const list = await other.api('GET', '/api/admin/users', { token: login.body.token });
      expect(list.status).toBe(200);
      expect(list.body.items[0]).toMatchObject({ balance: null, heldBalance: null });
      const stats = await other.api('GET', '/api/admin/users/stats', { token: login.body.token });
      expect(stats.body).toEqual({ total: 1, verified: 0, active: 1, totalBalance: null });
    } finally {
      await other.close();
    }
  });
});

describe('GET /api/admin/users', () => {
  it('when an admin lists users, then every user (no password) with balances from ONE batch call with the admin\'s token; the four stats are their own call', async () => {
    await t.service.pool.query('DELETE FROM users');
    payouts.balances.clear();
    const admin = await signedInAdmin();
    payouts.balances.set(admin.user.id, { available: '0.00', held: '0.00' });
    const ada = await workerWithBalance('100.10', '20.00', { firstName: 'Ada', lastName: 'Lovelace', email: uniqueEmail('ada.l') });
    const grace = await workerWithBalance('0.05', '0.00', { firstName: 'Grace', lastName: 'Hopper', email: uniqueEmail('g.hopper') });
    const alan = await workerWithBalance('50.00', '0.00', { firstName: 'Alan', lastName: 'Turing', email: uniqueEmail('alan') });
    await t.service.pool.query('UPDATE users SET is_verified = true WHERE id = ANY($1)', [[ada.user.id, grace.user.id]]);
    await t.service.pool.query('UPDATE users SET is_active = false WHERE id = $1', [alan.user.id]);
    payouts.requests.length = 0;

    const res = await t.api('GET', '/api/admin/users', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.items.map((u: { id: string }) => u.id)).toEqual([alan.user.id, grace.user.id, ada.user.id, admin.user.id]);
    expect(res.body.items[2]).toEqual({
      id: ada.user.id,
      email: ada.email.toLowerCase(),
      firstName: 'Ada',
      lastName: 'Lovelace',
      telegramUsername: null,
      role: 'employee',
      isActive: true,
      isVerified: true,
      verificationStatus: 'approved',
      welcomeVideoShown: false,
      documentsAccepted: false,
      documentsAcceptedAt: null,
      referralSource: null,
      createdAt: expect.any(String),
      language: 'en',
      updatedAt: expect.any(String),
      balance: '100.10',
      heldBalance: '20.00',
    });
    // One batch call for the page's balances, and nothing over all users: a page costs the same at any volume.
    const calls = () => payouts.requests.map((r) => ({ url: new URL(r.path, 'http://stub'), authorization: r.authorization }));
    const batches = calls().filter((c) => c.url.pathname === '/internal/balances');
    expect(batches).toHaveLength(1);
    expect(batches[0]!.url.searchParams.get('userIds')!.split(',').sort()).toEqual([admin.user.id, ada.user.id, grace.user.id, alan.user.id].sort());
    expect(calls()).toHaveLength(1);

    // The stat cards: counted in auth, the balance total from payouts (one call, with the admin's token).
    payouts.requests.length = 0;
    const stats = await t.api('GET', '/api/admin/users/stats', { token: admin.token });
    expect(stats.status).toBe(200);
    expect(stats.body).toEqual({ total: 4, verified: 2, active: 3, totalBalance: '150.15' });
    expect(calls().map((c) => c.url.pathname)).toEqual(['/internal/stats/balance-total']);
    expect(calls().every((c) => c.authorization === `Bearer ${admin.token}`)).toBe(true);
  });

  it.each([
    ['LOVELACE', ['Ada']],
    ['ada love', ['Ada']],
    ['g.HOPPER', ['Grace']],
    ['a', ['Root', 'Alan', 'Grace', 'Ada']],
    ['%', []],
    ['nobody-at-all', []],
  ])('when the search is %j, then the users whose e-mail or full name contains it (any letter case): %j', async (search, names) => {
    const admin = await signedInAdmin();
    await t.service.pool.query('DELETE FROM users WHERE id <> $1 AND first_name = $2', [admin.user.id, 'Root']);
    const res = await t.api('GET', `/api/admin/users?search=${encodeURIComponent(search)}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.items.map((u: { firstName: string }) => u.firstName)).toEqual(names);
    expect(res.body.total).toBe(names.length);
    await t.service.pool.query('DELETE FROM users WHERE id = $1', [admin.user.id]);
  });

  it('when a worker or nobody asks, then 403 and 401', async () => {
    const worker = await t.registerWorker();
    expect((await t.api('GET', '/api/admin/users', { token: worker.token })).status).toBe(403);
    expect((await t.api('GET', '/api/admin/users/stats', { token: worker.token })).status).toBe(403);
    expect((await t.api('GET', `/api/admin/users/${worker.user.id}`, { token: worker.token })).status).toBe(403);
    expect((await t.api('GET', '/api/admin/users')).status).toBe(401);
  });

  it('when the query has an unknown field, then 400', async () => {
    const admin = await signedInAdmin();
    const res = await t.api('GET', '/api/admin/users?order=email', { token: admin.token });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Unknown field(s): order');
  });
});

describe('GET /api/admin/users/{id}', () => {
  it('when the user exists, then the user with balances read with the admin\'s token; an unknown or malformed id is 404', async () => {
    const admin = await signedInAdmin();
    const worker = await workerWithBalance('3.00', '2.00');
    payouts.requests.length = 0;
    const res = await t.api('GET', `/api/admin/users/${worker.user.id}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: worker.user.id, email: worker.email.toLowerCase(), balance: '3.00', heldBalance: '2.00', updatedAt: expect.any(String) });
    expect(res.body).not.toHaveProperty('passwordHash');
    expect(payouts.requests).toEqual([{ path: `/internal/balances/${worker.user.id}`, authorization: `Bearer ${admin.token}` }]);

    for (const id of [randomUUID(), 'not-a-uuid']) {
      const missing = await t.api('GET', `/api/admin/users/${id}`, { token: admin.token });
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ message: 'User not found', code: 'AUTH.USER_NOT_FOUND' });
    }
  });
});
