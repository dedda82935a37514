import { randomUUID } from 'node:crypto';
import { eventually } from '@platform/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokenAccounts, ETH_ADDRESS, startPayoutsHarness, withdraw, type TPayoutsHarness, type TTestUser } from './helpers.js';

let h: TPayoutsHarness;
beforeAll(async () => {
  h = await startPayoutsHarness('payouts_admin_withdrawals');
});
afterAll(async () => {
  await h?.close();
});

/** A registered worker (names in the users copy) with a pending withdrawal of 60.00 out of 100.00. */
async function pendingWithdrawal(): Promise<{ worker: TTestUser; id: string }> {
  const worker = await h.newUser();
  await h.publish(h.envelope('user.registered', {
    userId: worker.id, email: `w.${worker.id}@example.com`, firstName: 'Ada', lastName: 'Lovelace', role: 'employee', referralSource: null, registeredAt: new Date().toISOString(),
  }));
  await eventually(async () => (await h.query('SELECT 1 FROM users WHERE id = $1', [worker.id])).length === 1, { what: 'the users copy' });
  await h.fund(worker.id, '100.00');
  const res = await withdraw(h, worker, { amount: '60.00', currency: 'ETH', walletAddress: ETH_ADDRESS });
  expect(res.status).toBe(201);
  return { worker, id: res.body.id };
}

function decide(id: string, body: unknown, token = h.admin.token) {
  return h.api('PATCH', `/api/admin/withdrawals/${id}`, { token, body });
}

async function decidedEvents(withdrawalId: string) {
  return (await h.query<{ payload: { data: Record<string, unknown> } }>(`SELECT payload FROM outbox WHERE type = 'withdrawal.decided' AND payload->'data'->>'withdrawalId' = $1`, [withdrawalId])).map((r) => r.payload.data);
}

describe('PATCH /api/admin/withdrawals/{id}', () => {
  it('when an admin approves with a transaction reference, then the hold is paid out and withdrawal.decided carries the e-mail', async () => {
    const { worker, id } = await pendingWithdrawal();
    const res = await decide(id, { status: 'approved', txReference: '0xabc123', adminComment: 'Paid' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, status: 'approved', txReference: '0xabc123', adminComment: 'Paid', reviewedBy: h.admin.id, userId: worker.id, user: { firstName: 'Ada', lastName: 'Lovelace', email: `w.${worker.id}@example.com` } });
    expect(res.body.reviewedAt).toEqual(expect.any(String));
    expect((await h.api('GET', '/api/ledger/balance', { token: worker.token })).body).toEqual({ available: '40.00', held: '0.00' });
    const mine = (await h.api('GET', '/api/withdrawals', { token: worker.token })).body.items;
    expect(mine[0]).toMatchObject({ id, status: 'approved', txReference: '0xabc123', adminComment: 'Paid', reviewedAt: res.body.reviewedAt });
    expect(await decidedEvents(id)).toEqual([
      {
        withdrawalId: id, userId: worker.id, amount: '60.00', currency: 'ETH', status: 'approved', adminComment: 'Paid', txReference: '0xabc123',
        decidedBy: h.admin.id, decidedAt: res.body.reviewedAt, email: `w.${worker.id}@example.com`, firstName: 'Ada',
      },
    ]);
    const last = await h.query<{ kind: string; amount: string; held_after: string }>('SELECT kind, amount::text, held_after::text FROM ledger_entries WHERE user_id = $1 ORDER BY seq DESC LIMIT 1', [worker.id]);
    expect(last).toEqual([{ kind: 'withdrawal_payout', amount: '-60.00', held_after: '0.00' }]);
  });

  it('when withdrawals are requested and decided, then withdrawal.requested and withdrawal.decided reach the events exchange (outbox relay)', async () => {
    const received = await h.listen('withdrawal.*');
    const { id } = await pendingWithdrawal();
    await decide(id, { status: 'approved', txReference: 'tx-relay' });
    const mine = await eventually(async () => {
      const events = received().filter((e) => (e.data as { withdrawalId: string }).withdrawalId === id);
      return events.length === 2 ? events : undefined;
    }, { what: 'both events on the exchange' });
    expect(mine.map((e) => e.type)).toEqual(['withdrawal.requested', 'withdrawal.decided']);
  });

  it('when an admin rejects with a comment, then the hold is released back to available', async () => {
    const { worker, id } = await pendingWithdrawal();
    const res = await decide(id, { status: 'rejected', adminComment: 'Wallet belongs to someone else' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'rejected', adminComment: 'Wallet belongs to someone else', txReference: null });
    expect((await h.api('GET', '/api/ledger/balance', { token: worker.token })).body).toEqual({ available: '100.00', held: '0.00' });
    expect(await decidedEvents(id)).toEqual([expect.objectContaining({ status: 'rejected', adminComment: 'Wallet belongs to someone else', txReference: null })]);
  });

  it('when approving without a transaction reference, then 400 "Transaction reference is required"', async () => {
    const { id } = await pendingWithdrawal();
    for (const body of [{ status: 'approved' }, { status: 'approved', txReference: '   ' }, { status: 'approved', txReference: null }]) {
      const res = await decide(id, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Transaction reference is required');
    }
  });

  it('when rejecting without a comment, then 400 "Comment is required to reject"', async () => {
    const { id } = await pendingWithdrawal();
    for (const body of [{ status: 'rejected' }, { status: 'rejected', adminComment: '  ' }]) {
      const res = await decide(id, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Comment is required to reject');
    }
    expect((await decide(id, { status: 'pending' })).body.message).toBe('Status must be approved or rejected');
  });

  it('when a decided withdrawal is decided again, then 409 "This withdrawal has already been processed" and nothing moves', async () => {
    const { worker, id } = await pendingWithdrawal();
    expect((await decide(id, { status: 'rejected', adminComment: 'No' })).status).toBe(200);
    const again = await decide(id, { status: 'approved', txReference: 'tx-1' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: 'This withdrawal has already been processed', code: 'PAYOUTS.ALREADY_PROCESSED' });
    expect((await h.api('GET', '/api/ledger/balance', { token: worker.token })).body).toEqual({ available: '100.00', held: '0.00' });
  });

  it('when two admins approve the same withdrawal at once, then one payout and one 409', async () => {
    const { worker, id } = await pendingWithdrawal();
    const secondAdmin = await h.newUser('admin');
    const results = await Promise.all([
      decide(id, { status: 'approved', txReference: 'tx-first' }),
      decide(id, { status: 'approved', txReference: 'tx-second' }, secondAdmin.token),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const payouts = await h.query('SELECT id FROM ledger_entries WHERE kind = $1 AND reference_id = $2', ['withdrawal_payout', id]);
    expect(payouts).toHaveLength(1);
    expect(await decidedEvents(id)).toHaveLength(1);
    expect((await h.api('GET', '/api/ledger/balance', { token: worker.token })).body).toEqual({ available: '40.00', held: '0.00' });
    expect(await brokenAccounts(h)).toEqual([]);
  });

  it('when one admin approves while another rejects, then exactly one decision stands and the money matches it', async () => {
    const { worker, id } = await pendingWithdrawal();
    const results = await Promise.all([decide(id, { status: 'approved', txReference: 'tx' }), decide(id, { status: 'rejected', adminComment: 'No' })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.status === 200)!.body.status;
    const balance = (await h.api('GET', '/api/ledger/balance', { token: worker.token })).body;
    expect(balance).toEqual(winner === 'approved' ? { available: '40.00', held: '0.00' } : { available: '100.00', held: '0.00' });
  });

  it('when the withdrawal does not exist, then 404', async () => {
    expect((await decide(randomUUID(), { status: 'approved', txReference: 'tx' })).status).toBe(404);
    expect((await decide('not-an-id', { status: 'approved', txReference: 'tx' })).status).toBe(404);
  });

  it('when a worker calls an admin route, then 403', async () => {
    const { worker, id } = await pendingWithdrawal();
    expect((await decide(id, { status: 'approved', txReference: 'tx' }, worker.token)).status).toBe(403);
    expect((await h.api('GET', '/api/admin/withdrawals', { token: worker.token })).status).toBe(403);
  });
});

describe('GET /api/admin/withdrawals', () => {
  it('when listed, then pending ones come by default and decided ones with ?status=decided, each with its owner', async () => {
    const decided = await pendingWithdrawal();
    await decide(decided.id, { status: 'approved', txReference: 'tx-list' });
    const pending = await pendingWithdrawal();
    const res = await h.api('GET', '/api/admin/withdrawals?pageSize=100', { token: h.admin.token });
    expect(res.status).toBe(200);
    expect(res.body.items.every((w: { status: string }) => w.status === 'pending')).toBe(true);
    const row = res.body.items.find((w: { id: string }) => w.id === pending.id);
    expect(row).toMatchObject({ userId: pending.worker.id, status: 'pending', networkFee: '0.005', user: { firstName: 'Ada', lastName: 'Lovelace', email: `w.${pending.worker.id}@example.com` } });
    const history = await h.api('GET', '/api/admin/withdrawals?status=decided&pageSize=100', { token: h.admin.token });
    expect(history.body.items.map((w: { id: string }) => w.id)).toContain(decided.id);
    expect(history.body.items.map((w: { id: string }) => w.id)).not.toContain(pending.id);
  });
});
