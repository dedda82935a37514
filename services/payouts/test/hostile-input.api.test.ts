import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, findFieldsAcceptingHostileText, fingerprintTables, probeHostileInput, recordRouteTables, type TRecordedRoute } from '@platform/service-kit/testing';
import { ETH_ADDRESS, startPayoutsHarness, type TPayoutsHarness, type TTestUser } from './helpers.js';

let h: TPayoutsHarness;
let routes: TRecordedRoute[];
let worker: TTestUser;
beforeAll(async () => {
  const recorder = recordRouteTables();
  try {
    h = await startPayoutsHarness('payouts_hostile');
    routes = recorder.routesServedAt(h.service.url);
  } finally {
    recorder.stop();
  }
  // A known, funded worker: a body that is valid but for the probe's one field would be accepted.
  worker = await h.newUser();
  await h.publish(
    h.envelope('user.registered', {
      userId: worker.id, email: `probe.${worker.id}@example.com`, firstName: 'Ada', lastName: 'Lovelace', role: 'employee', referralSource: null, registeredAt: new Date().toISOString(),
    }),
  );
  await eventually(async () => (await h.query('SELECT 1 FROM ledger_accounts WHERE user_id = $1', [worker.id])).length > 0, { what: 'the worker account' });
  await h.fund(worker.id, '1000.00');
});
afterAll(async () => {
  await h?.close();
});

describe('hostile input on every route of the payouts service', () => {
  it('when the route table is read, then it has the routes this file knows of (and any added later)', () => {
    const names = routes.map((r) => `${r.method} ${r.url}`);
    expect(names).toEqual(expect.arrayContaining(['POST /api/withdrawals', 'POST /api/user/payout-wallets', 'PATCH /api/admin/users/:id/balance', 'GET /api/ledger/statement']));
  });

  it('when any text field of any route is given a NUL, a control character or a lone surrogate on its own, then its schema refuses it', () => {
    const accepting = routes.flatMap((r) =>
      (['body', 'querystring', 'params'] as const).flatMap((part) => findFieldsAcceptingHostileText(r.schema[part]).map((field) => `${r.method} ${r.url} ${part}.${field}`)),
    );
    expect(accepting).toEqual([]);
  });

  it('when a wallet label has a NUL, then 400 naming the field and no wallet is saved', async () => {
    const res = await h.api('POST', '/api/user/payout-wallets', { token: worker.token, body: { currency: 'ETH', address: ETH_ADDRESS, label: 'Main\u0000' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'Label must not contain control characters', code: 'REQUEST.VALIDATION', field: 'label' });
    expect(await h.query('SELECT id FROM payout_wallets')).toEqual([]);
  });

  it('when every route gets NUL, lone surrogates, a BOM, 10 MB, a 301-character or malformed path parameter, then 4xx {message, code} and nothing is written', async () => {
    const before = await fingerprintTables(h.service.pool);
    const answers = await probeHostileInput({
      baseUrl: h.service.url,
      routes,
      // /internal/stats/* (the admin dashboard) and auth's balance adjustment answer admins only, as /api/admin/ does.
      tokenFor: (route) =>
        route.url.startsWith('/api/admin/') || route.url.startsWith('/internal/stats/') || route.url === '/internal/users/:id/balance' ? h.admin.token : worker.token,
      headers: { 'POST /api/withdrawals': { 'idempotency-key': randomUUID() } },
      samples: {
        'POST /api/withdrawals': { amount: '10.00', currency: 'ETH', walletAddress: ETH_ADDRESS },
        'POST /api/user/payout-wallets': { currency: 'ETH', address: ETH_ADDRESS, label: 'Main' },
        'PATCH /api/admin/withdrawals/:id': { status: 'rejected', adminComment: 'Wrong address', txReference: 'tx-1' },
        'PATCH /api/admin/users/:id/balance': { balance: '20.00', reason: 'Bonus' },
        'PATCH /internal/users/:id/balance': { balance: '20.00', reason: 'Bonus' },
      },
    });
    expect(answers.length).toBeGreaterThan(routes.length * 3);
    expect(answers.filter((a) => a.problem)).toEqual([]);
    expect(await fingerprintTables(h.service.pool)).toEqual(before);
  });
});
