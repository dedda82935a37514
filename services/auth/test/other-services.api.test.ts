import { randomUUID } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SERVICE_UNAVAILABLE_MESSAGE } from '@platform/service-kit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestService, type TTestService } from './helpers.js';
import { adminTokenOf } from './paging-helpers.js';

/**
 * Auth's doors to the other services (data-access/payouts.client.ts, work.client.ts, user-export.client.ts, all
 * service-kit's internal client) and the door it opens for chat (GET /internal/users/{id}/profile). The other
 * services are one real node:http server standing in for them at the network boundary: payouts under /payouts,
 * work under /work; chat's export source is an address nothing listens at.
 */
interface TCall {
  method: string;
  path: string;
  authorization: string | undefined;
  requestId: string | undefined;
  body: unknown;
}

const stub = {
  available: '5.00',
  workMode: 'ok' as 'ok' | 'slow',
  adjustMode: 'ok' as 'ok' | 'refuse' | 'fail',
  calls: [] as TCall[],
};
const held: ServerResponse[] = [];
let server: Server;
let stubUrl: string;
let t: TTestService;
const TIMEOUT_MS = 400;

async function startStub(): Promise<void> {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://stub').pathname;
      const text = Buffer.concat(chunks).toString('utf8');
      stub.calls.push({
        method: req.method ?? '',
        path: req.url ?? '',
        authorization: req.headers.authorization,
        requestId: req.headers['x-request-id'] as string | undefined,
        body: text ? JSON.parse(text) : undefined,
      });
      const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      const user = /^\/(payouts|work)\/internal\/users\/([^/]+)\/([a-z-]+)$/.exec(path);
      const balance = /^\/payouts\/internal\/balances\/([^/]+)$/.exec(path);
      if (balance) return json(200, { available: stub.available, held: '0.00' });
      if (!user) return json(404, { message: 'Not found', code: 'NOT_FOUND', params: { what: 'route' } });
      const [, service, userId, what] = user;
      if (what === 'export') return json(200, { service, userId, records: { [`${service}Things`]: [{ id: 1 }] } });
      if (service === 'payouts' && what === 'holdings') return json(200, { available: stub.available, held: '0.00', pendingWithdrawals: 0 });
      if (service === 'payouts' && what === 'balance' && req.method === 'PATCH') {
        if (stub.adjustMode === 'refuse') return json(400, { message: 'Reason must not contain control characters', code: 'REQUEST.VALIDATION', field: 'reason' });
        if (stub.adjustMode === 'fail') return json(500, { message: 'Something went wrong. Please try again later.', code: 'INTERNAL' });
        const before = stub.available;
        stub.available = (JSON.parse(text) as { balance: string }).balance;
        return json(200, { userId, before, after: stub.available, amount: '7.50', held: '0.00', entryId: randomUUID() });
      }
      if (service === 'work' && what === 'pending-work') {
        if (stub.workMode === 'slow') return void held.push(res);
        return json(200, { activeAssignments: 0, submissionsUnderReview: 0, pendingTaskRequests: 0 });
      }
      return json(404, { message: 'Not found', code: 'NOT_FOUND', params: { what: 'route' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stubUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** An address nothing listens at (a port just given up). */
async function deadUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return url;
}

beforeAll(async () => {
  await startStub();
  t = await startTestService('auth_other_services', {
    PAYOUTS_INTERNAL_URL: `${stubUrl}/payouts`,
    WORK_INTERNAL_URL: `${stubUrl}/work`,
    USER_EXPORT_SOURCES: `work=${stubUrl}/work,chat=${await deadUrl()}`,
    INTERNAL_API_TIMEOUT_MS: String(TIMEOUT_MS),
  });
});

afterAll(async () => {
  for (const res of held) res.destroy();
  // The 503s asked for below are answers, not server errors: only they are let through.
  if (t) {
    expect(t.serverErrors.every((line) => line.endsWith('-> 503'))).toBe(true);
    t.serverErrors.length = 0;
  }
  await t?.close();
  server?.closeAllConnections();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
});

beforeEach(() => {
  stub.available = '5.00';
  stub.workMode = 'ok';
  stub.adjustMode = 'ok';
  stub.calls.length = 0;
});

describe('GET /internal/users/{id}/profile (chat asks for an author it has no copy of)', () => {
  it('when the user asks for themself or an admin for anyone, then names, role and standing; another user is 403, an unknown id 404', async () => {
    const worker = await t.registerWorker({ firstName: 'Grace', lastName: 'Hopper' });
    const other = await t.registerWorker();
    const adminToken = await adminTokenOf(t);
    const own = await t.api('GET', `/internal/users/${worker.user.id}/profile`, { token: worker.token });
    expect(own.status).toBe(200);
    expect(own.body).toEqual({ firstName: 'Grace', lastName: 'Hopper', role: 'employee', isActive: true });
    expect((await t.api('GET', `/internal/users/${worker.user.id}/profile`, { token: other.token })).status).toBe(403);
    expect((await t.api('GET', `/internal/users/${worker.user.id}/profile`)).status).toBe(401);

    await t.service.pool.query('UPDATE users SET is_active = false WHERE id = $1', [worker.user.id]);
    expect((await t.api('GET', `/internal/users/${worker.user.id}/profile`, { token: adminToken })).body).toMatchObject({ isActive: false });
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const missing = await t.api('GET', `/internal/users/${id}/profile`, { token: adminToken });
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ message: 'User not found', code: 'AUTH.USER_NOT_FOUND' });
    }
  });
});

describe('POST /api/user/export through the doors', () => {
  it("when one source answers and one is down, then the answering parts are in the file, the other is missing, and each was asked with the user's token and the request id", async () => {
    const worker = await t.registerWorker();
    stub.calls.length = 0;
    const requestId = `export-${randomUUID()}`;
    const ticket = await t.api('POST', '/api/user/export', { token: worker.token, headers: { 'x-request-id': requestId } });
    expect(ticket.status).toBe(201);
    expect(ticket.body.missing).toEqual(['chat']);
    const file = await t.api('GET', `/api/user/export/${ticket.body.id}`, { token: worker.token });
    expect(file.body.services).toMatchObject({ work: { workThings: [{ id: 1 }] }, payouts: { payoutsThings: [{ id: 1 }] } });
    const asked = stub.calls.filter((c) => c.path.endsWith('/export'));
    expect(asked.map((c) => c.path).sort()).toEqual([`/payouts/internal/users/${worker.user.id}/export`, `/work/internal/users/${worker.user.id}/export`]);
    for (const call of asked) expect(call).toMatchObject({ authorization: `Bearer ${worker.token}`, requestId });
  });
});

describe('deletion and balance edits through the doors', () => {
  it('when payouts holds money, then the deletion is refused with the reason; when work does not answer in time, then 503 SERVICE.UNAVAILABLE', async () => {
    const adminToken = await adminTokenOf(t);
    const worker = await t.registerWorker();
    stub.available = '7.25';
    stub.calls.length = 0;
    const eligibility = await t.api('GET', `/api/admin/users/${worker.user.id}/deletion`, { token: adminToken, headers: { 'x-request-id': 'deletion-check-1' } });
    expect(eligibility.body).toEqual({ allowed: false, reasons: [{ code: 'available_balance', message: 'The available balance is $7.25; it must be $0.00', params: { amount: '7.25' } }] });
    expect(stub.calls.map((c) => [c.path, c.authorization, c.requestId]).sort()).toEqual([
      [`/payouts/internal/users/${worker.user.id}/holdings`, `Bearer ${adminToken}`, 'deletion-check-1'],
      [`/work/internal/users/${worker.user.id}/pending-work`, `Bearer ${adminToken}`, 'deletion-check-1'],
    ]);

    stub.workMode = 'slow';
    const started = Date.now();
    const blind = await t.api('DELETE', `/api/admin/users/${worker.user.id}`, { token: adminToken });
    expect(blind.status).toBe(503);
    expect(blind.body).toEqual({ message: SERVICE_UNAVAILABLE_MESSAGE, code: 'SERVICE.UNAVAILABLE' });
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 3_000);
    expect((await t.service.pool.query('SELECT deleted_at FROM users WHERE id = $1', [worker.user.id])).rows[0].deleted_at).toBeNull();
  });

  it("when an admin sets a balance, then payouts' internal adjustment is called with the reason; its refusal comes back naming balanceReason, its failure as 503", async () => {
    const adminToken = await adminTokenOf(t);
    const worker = await t.registerWorker();
    stub.calls.length = 0;
    const edit = await t.api('PATCH', `/api/admin/users/${worker.user.id}`, { token: adminToken, body: { balance: '12.50', balanceReason: 'Bonus for the pilot' } });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ id: worker.user.id, balance: '12.50' });
    const adjustment = stub.calls.find((c) => c.method === 'PATCH');
    expect(adjustment).toMatchObject({
      path: `/payouts/internal/users/${worker.user.id}/balance`,
      authorization: `Bearer ${adminToken}`,
      body: { balance: '12.50', reason: 'Bonus for the pilot' },
    });
    // Nothing reaches payouts' public admin route any more.
    expect(stub.calls.every((c) => c.path.startsWith('/payouts/internal/'))).toBe(true);

    stub.adjustMode = 'refuse';
    const refused = await t.api('PATCH', `/api/admin/users/${worker.user.id}`, { token: adminToken, body: { balance: '20.00', balanceReason: 'Bonus' } });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: 'Reason must not contain control characters', code: 'REQUEST.VALIDATION', field: 'balanceReason' });

    stub.adjustMode = 'fail';
    const failed = await t.api('PATCH', `/api/admin/users/${worker.user.id}`, { token: adminToken, body: { balance: '20.00', balanceReason: 'Bonus' } });
    expect(failed.status).toBe(503);
    expect(failed.body).toEqual({ message: SERVICE_UNAVAILABLE_MESSAGE, code: 'SERVICE.UNAVAILABLE' });
  });
});
