import { randomUUID } from 'node:crypto';
import { eventually } from '@platform/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokenAccounts, ETH_ADDRESS, startPayoutsHarness, withdraw, type TPayoutsHarness, type TTestUser } from './helpers.js';

let h: TPayoutsHarness;
/** Accounts changed on purpose behind the append-only trigger. */
const tampered = { deleted: new Set<string>() };
beforeAll(async () => {
  h = await startPayoutsHarness('payouts_ledger');
});
afterAll(async () => {
  await h?.close();
});

function adjust(userId: string, body: unknown, token = h.admin.token) {
  return h.api('PATCH', `/api/admin/users/${userId}/balance`, { token, body });
}

/** A worker with a reward, an adjustment with a tricky reason, a paid and a rejected withdrawal. */
async function workerWithHistory(): Promise<TTestUser> {
  const worker = await h.newUser();
  await h.publish(h.envelope('submission.approved', { userId: worker.id, assignmentId: randomUUID(), taskId: randomUUID(), reward: '150.00', approvedAt: new Date().toISOString(), approvedBy: h.admin.id }));
  await eventually(async () => (await h.api('GET', '/api/ledger/balance', { token: worker.token })).body.available === '150.00', { what: 'the reward' });
  expect((await adjust(worker.id, { balance: '160.25', reason: '=HYPERLINK("http://evil"), bonus "for" March\nline two' })).status).toBe(200);
  const paid = await withdraw(h, worker, { amount: '60.00', currency: 'ETH', walletAddress: ETH_ADDRESS });
  const rejected = await withdraw(h, worker, { amount: '50.00', currency: 'ETH', walletAddress: ETH_ADDRESS });
  await h.api('PATCH', `/api/admin/withdrawals/${paid.body.id}`, { token: h.admin.token, body: { status: 'approved', txReference: 'tx-1' } });
  await h.api('PATCH', `/api/admin/withdrawals/${rejected.body.id}`, { token: h.admin.token, body: { status: 'rejected', adminComment: 'Try again' } });
  return worker;
}

describe('GET /api/ledger/statement', () => {
  it('when the worker has a history, then every entry is listed newest first with the running balances and its hash, chained', async () => {
    const worker = await workerWithHistory();
    const res = await h.api('GET', '/api/ledger/statement', { token: worker.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ userId: worker.id, from: null, to: null, nextCursor: null, total: 6, totalExact: true });
    expect(res.body.opening).toEqual({ available: '0.00', held: '0.00' });
    expect(res.body.closing).toEqual({ available: '100.25', held: '0.00' });
    expect(res.body.items.map((e: Record<string, unknown>) => [e.seq, e.kind, e.amount, e.availableAfter, e.heldAfter])).toEqual([
      [6, 'withdrawal_release', '50.00', '100.25', '0.00'],
      [5, 'withdrawal_payout', '-60.00', '50.25', '50.00'],
      [4, 'withdrawal_hold', '-50.00', '50.25', '110.00'],
      [3, 'withdrawal_hold', '-60.00', '100.25', '60.00'],
      [2, 'admin_adjustment', '10.25', '160.25', '0.00'],
      [1, 'task_reward', '150.00', '150.00', '0.00'],
    ]);
    const [second, first] = res.body.items.slice(-2);
    expect(first).toMatchObject({ referenceType: 'assignment', createdBy: h.admin.id, prevHash: '0'.repeat(64), hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(second).toMatchObject({ reason: '=HYPERLINK("http://evil"), bonus "for" March\nline two', prevHash: first.hash });
    expect((await h.api('GET', '/api/ledger/verify', { token: worker.token })).body).toEqual({ valid: true, entries: 6 });
  });

  it('when from and to are given, then only entries in that range are listed, with the opening balance before it', async () => {
    const worker = await workerWithHistory();
    const all = (await h.api('GET', '/api/ledger/statement', { token: worker.token })).body.items.reverse();
    const third = all[2];
    const res = await h.api('GET', `/api/ledger/statement?from=${encodeURIComponent(third.createdAt)}&to=${encodeURIComponent(all[3].createdAt)}`, { token: worker.token });
    expect(res.status).toBe(200);
    expect(res.body.items.map((e: { seq: number }) => e.seq)).toEqual([4, 3]);
    expect(res.body).toMatchObject({ total: 2, totalExact: true, from: third.createdAt, to: all[3].createdAt });
    expect(res.body.opening).toEqual({ available: all[1].availableAfter, held: all[1].heldAfter });
    expect(res.body.closing).toEqual({ available: all[3].availableAfter, held: all[3].heldAfter });
    const future = await h.api('GET', '/api/ledger/statement?from=2999-01-01', { token: worker.token });
    expect(future.body).toMatchObject({ items: [], total: 0, opening: { available: '100.25', held: '0.00' }, closing: { available: '100.25', held: '0.00' } });
    const past = await h.api('GET', '/api/ledger/statement?to=2000-01-01', { token: worker.token });
    expect(past.body).toMatchObject({ items: [], total: 0, opening: { available: '0.00', held: '0.00' }, closing: { available: '0.00', held: '0.00' } });
    const bad = await h.api('GET', '/api/ledger/statement?from=yesterday', { token: worker.token });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('querystring.from');
  });

  it('when format=csv, then a CSV attachment with escaped cells and formula injection neutralised', async () => {
    const worker = await workerWithHistory();
    const res = await h.api('GET', '/api/ledger/statement?format=csv', { token: worker.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="statement.csv"');
    const text = res.text.replace(/^\uFEFF/, '');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('seq,createdAt,kind,amount,availableAfter,heldAfter,referenceType,referenceId,reason,createdBy,prevHash,hash,description');
    expect(lines[1]).toMatch(/^1,[^,]+,task_reward,150\.00,150\.00,0\.00,assignment,/);
    // The reason starts with "=": prefixed with an apostrophe, then quoted because of the comma, quotes and line break.
    expect(text).toContain(`,"'=HYPERLINK(""http://evil""), bonus ""for"" March\nline two",`);
    // Negative amounts are plain numbers and stay numbers.
    expect(text).toContain(',withdrawal_hold,-60.00,100.25,60.00,withdrawal,');
  });

  it('when someone else asks, then they only ever see their own statement', async () => {
    const worker = await workerWithHistory();
    const other = await h.newUser();
    const res = await h.api('GET', '/api/ledger/statement', { token: other.token });
    expect(res.body).toMatchObject({ items: [], total: 0, nextCursor: null });
    expect((await h.api('GET', '/api/ledger/balance', { token: other.token })).status).toBe(404);
    expect((await h.api('GET', `/api/admin/users/${worker.id}/ledger`, { token: other.token })).status).toBe(403);
  });
});

describe('GET /api/admin/users/{id}/ledger', () => {
  it('when an admin asks, then a page of the user statement comes back, newest first (or the whole of it as CSV) and its chain can be verified', async () => {
    const worker = await workerWithHistory();
    const res = await h.api('GET', `/api/admin/users/${worker.id}/ledger`, { token: h.admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ userId: worker.id, total: 6, totalExact: true, nextCursor: null });
    expect(res.body.items.map((e: { seq: number }) => e.seq)).toEqual([6, 5, 4, 3, 2, 1]);
    const csv = await h.api('GET', `/api/admin/users/${worker.id}/ledger?format=csv`, { token: h.admin.token });
    expect(csv.text.split('\r\n').filter(Boolean)).toHaveLength(7);
    expect((await h.api('GET', `/api/admin/users/${worker.id}/ledger/verify`, { token: h.admin.token })).body).toEqual({ valid: true, entries: 6 });
  });
});

describe('ledger integrity (database)', () => {
  it('when an entry is updated or deleted, even with raw SQL, then the database refuses: the ledger is append-only', async () => {
    const worker = await workerWithHistory();
    await expect(h.query("UPDATE ledger_entries SET amount = 999 WHERE user_id = $1 AND seq = 1", [worker.id])).rejects.toThrow(/append-only/);
    await expect(h.query('DELETE FROM ledger_entries WHERE user_id = $1', [worker.id])).rejects.toThrow(/append-only/);
    await expect(h.query('TRUNCATE ledger_entries CASCADE')).rejects.toThrow(/append-only/);
  });

  it('when raw SQL tries to make a balance negative, then the CHECK constraints refuse it', async () => {
    const worker = await workerWithHistory();
    await expect(h.query('UPDATE ledger_accounts SET available = available - 1000 WHERE user_id = $1', [worker.id])).rejects.toThrow(/check constraint/);
    await expect(h.query('UPDATE ledger_accounts SET held = -0.01 WHERE user_id = $1', [worker.id])).rejects.toThrow(/check constraint/);
    await expect(
      h.query(
        `INSERT INTO ledger_entries (id, user_id, seq, kind, amount, available_after, held_after, created_at, prev_hash, hash)
         VALUES ($1, $2, 99, 'admin_adjustment', -1, -1, 0, now(), repeat('0', 64), repeat('0', 64))`,
        [randomUUID(), worker.id],
      ),
    ).rejects.toThrow(/check constraint/);
  });

  it('when raw SQL posts a second credit for the same assignment, then the unique index refuses it', async () => {
    const worker = await workerWithHistory();
    const [reward] = await h.query<{ reference_id: string }>("SELECT reference_id FROM ledger_entries WHERE user_id = $1 AND kind = 'task_reward'", [worker.id]);
    await expect(
      h.query(
        `INSERT INTO ledger_entries (id, user_id, seq, kind, amount, available_after, held_after, reference_type, reference_id, created_at, prev_hash, hash)
         VALUES ($1, $2, 99, 'task_reward', 150, 250.25, 0, 'assignment', $3, now(), repeat('0', 64), repeat('0', 64))`,
        [randomUUID(), worker.id, reward!.reference_id],
      ),
    ).rejects.toThrow(/ledger_entries_reference_once/);
  });

  it('when an entry is tampered with behind the trigger, then /api/ledger/verify names the broken entry', async () => {
    const worker = await workerWithHistory();
    const client = await h.service.pool.connect();
    try {
      await client.query('ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_append_only');
      await client.query("UPDATE ledger_entries SET reason = 'nothing to see' WHERE user_id = $1 AND seq = 2", [worker.id]);
    } finally {
      await client.query('ALTER TABLE ledger_entries ENABLE TRIGGER ledger_entries_append_only');
      client.release();
    }
    const res = await h.api('GET', '/api/ledger/verify', { token: worker.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ valid: false, entries: 6, brokenAt: 2, problem: 'hash does not match the entry' });
  });

  it('when an entry is deleted behind the trigger, then the chain is broken at the gap', async () => {
    const worker = await workerWithHistory();
    const client = await h.service.pool.connect();
    try {
      await client.query('ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_append_only');
      await client.query('DELETE FROM ledger_entries WHERE user_id = $1 AND seq = 5', [worker.id]);
      tampered.deleted.add(worker.id);
    } finally {
      await client.query('ALTER TABLE ledger_entries ENABLE TRIGGER ledger_entries_append_only');
      client.release();
    }
    expect((await h.api('GET', '/api/ledger/verify', { token: worker.token })).body).toMatchObject({ valid: false, brokenAt: 6 });
  });

  it('when all is done, then for every account the entries sum to available plus held and end at the account', async () => {
    await workerWithHistory();
    const broken = ((await brokenAccounts(h)) as { user_id: string }[]).map((b) => b.user_id);
    // Only the account whose entry was deleted on purpose (above) breaks the sums: the check can fail, and does only there.
    expect(broken).toEqual([...tampered.deleted]);
    const accounts = await h.query<{ n: string }>('SELECT count(*) AS n FROM ledger_accounts');
    expect(Number(accounts[0]!.n)).toBeGreaterThan(5);
  });
});

describe('PATCH /api/admin/users/{id}/balance', () => {
  it('when an admin sets a new balance with a reason, then an admin_adjustment of the difference is posted and balance.adjusted written', async () => {
    const worker = await h.newUser();
    await h.openAccount(worker.id);
    const up = await adjust(worker.id, { balance: '25.50', reason: 'Compensation for ticket 42' });
    expect(up.status).toBe(200);
    expect(up.body).toEqual({ userId: worker.id, before: '0.00', after: '25.50', amount: '25.50', held: '0.00', entryId: expect.any(String) });
    const down = await adjust(worker.id, { balance: 10, reason: 'Duplicate payment' });
    expect(down.body).toMatchObject({ before: '25.50', after: '10.00', amount: '-15.50' });
    const entries = (await h.api('GET', '/api/ledger/statement', { token: worker.token })).body.items.reverse();
    expect(entries.map((e: Record<string, unknown>) => [e.kind, e.amount, e.reason, e.createdBy])).toEqual([
      ['admin_adjustment', '25.50', 'Compensation for ticket 42', h.admin.id],
      ['admin_adjustment', '-15.50', 'Duplicate payment', h.admin.id],
    ]);
    const events = await h.query<{ payload: { data: Record<string, unknown> } }>(`SELECT payload FROM outbox WHERE type = 'balance.adjusted' AND payload->'data'->>'userId' = $1 ORDER BY seq`, [worker.id]);
    expect(events.map((e) => e.payload.data)).toEqual([
      { userId: worker.id, before: '0.00', after: '25.50', amount: '25.50', reason: 'Compensation for ticket 42', adjustedBy: h.admin.id, at: expect.any(String) },
      { userId: worker.id, before: '25.50', after: '10.00', amount: '-15.50', reason: 'Duplicate payment', adjustedBy: h.admin.id, at: expect.any(String) },
    ]);
  });

  it('when the reason is missing or blank, then 400 "Reason is required for a balance change"', async () => {
    const worker = await h.newUser();
    await h.openAccount(worker.id);
    for (const body of [{ balance: '5.00' }, { balance: '5.00', reason: '   ' }]) {
      const res = await adjust(worker.id, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Reason is required for a balance change');
    }
  });

  it('when the balance is negative, not a number or unchanged, then 400 with its message', async () => {
    const worker = await h.newUser();
    await h.fund(worker.id, '5.00');
    expect((await adjust(worker.id, { balance: '-1.00', reason: 'x' })).body.message).toBe('Balance cannot be negative');
    expect((await adjust(worker.id, { balance: 'lots', reason: 'x' })).body.message).toBe('Please enter a valid balance');
    expect((await adjust(worker.id, { balance: '1.005', reason: 'x' })).body.message).toBe('Please enter a valid balance');
    const same = await adjust(worker.id, { balance: '5', reason: 'x' });
    expect(same.status).toBe(400);
    expect(same.body).toMatchObject({ message: 'The balance is unchanged', code: 'PAYOUTS.BALANCE_UNCHANGED' });
  });

  it('when money is held, then only the available balance is set and the held amount stays', async () => {
    const worker = await h.newUser();
    await h.fund(worker.id, '100.00');
    expect((await withdraw(h, worker, { amount: '70.00', currency: 'ETH', walletAddress: ETH_ADDRESS })).status).toBe(201);
    const res = await adjust(worker.id, { balance: '0', reason: 'Chargeback' });
    expect(res.body).toMatchObject({ before: '30.00', after: '0.00', amount: '-30.00', held: '70.00' });
  });

  it('when the user id is unknown to payouts (never registered), then 404 "User not found" and no account is opened', async () => {
    const stranger = randomUUID();
    const res = await adjust(stranger, { balance: '10.00', reason: 'Bonus' });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'PAYOUTS.USER_NOT_FOUND', message: 'User not found' });
    expect(await h.query('SELECT 1 FROM ledger_accounts WHERE user_id = $1', [stranger])).toEqual([]);
  });

  it('when the user was deleted (user.deleted), then 404, the copy has no name or e-mail, and the ledger still verifies', async () => {
    const worker = await h.newUser();
    await h.fund(worker.id, '3.00');
    await h.fund(worker.id, '0.00');
    await h.publish(h.envelope('user.deleted', { userId: worker.id, requestedBy: 'admin', deletedBy: h.admin.id, deletedAt: new Date().toISOString() }));
    await eventually(async () => (await h.query<{ deleted_at: Date | null }>('SELECT deleted_at FROM users WHERE id = $1', [worker.id]))[0]?.deleted_at, { what: 'the erasure' });
    expect(await h.query('SELECT email, first_name, last_name FROM users WHERE id = $1', [worker.id])).toEqual([{ email: '', first_name: '', last_name: '' }]);
    expect((await adjust(worker.id, { balance: '10.00', reason: 'Bonus' })).status).toBe(404);
    const verification = await h.api('GET', `/api/admin/users/${worker.id}/ledger/verify`, { token: h.admin.token });
    expect(verification.status).toBe(200);
    expect(verification.body).toMatchObject({ valid: true });
  });

  it('when a worker calls it, then 403', async () => {
    const worker = await h.newUser();
    expect((await adjust(worker.id, { balance: '1000', reason: 'me' }, worker.token)).status).toBe(403);
  });
});

describe('PATCH /internal/users/{id}/balance (auth\'s edit of a user, the admin\'s token forwarded)', () => {
  const adjustInternally = (userId: string, body: unknown, token = h.admin.token) => h.api('PATCH', `/internal/users/${userId}/balance`, { token, body });

  it('when auth sets a new balance with a reason, then the same admin_adjustment and balance.adjusted as the admin route', async () => {
    const worker = await h.newUser();
    await h.fund(worker.id, '5.00');
    const res = await adjustInternally(worker.id, { balance: '12.50', reason: 'Bonus for the pilot' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ userId: worker.id, before: '5.00', after: '12.50', amount: '7.50', held: '0.00', entryId: expect.any(String) });
    const entries = (await h.api('GET', '/api/ledger/statement', { token: worker.token })).body.items;
    expect(entries[0]).toMatchObject({ kind: 'admin_adjustment', amount: '7.50', reason: 'Bonus for the pilot', createdBy: h.admin.id });
    // The funding above is an adjustment too: the last event is this one.
    const events = await h.query<{ payload: { data: Record<string, unknown> } }>(`SELECT payload FROM outbox WHERE type = 'balance.adjusted' AND payload->'data'->>'userId' = $1 ORDER BY seq`, [worker.id]);
    expect(events.at(-1)?.payload.data).toEqual({ userId: worker.id, before: '5.00', after: '12.50', amount: '7.50', reason: 'Bonus for the pilot', adjustedBy: h.admin.id, at: expect.any(String) });
  });

  it("when the reason is missing, the balance unchanged, the user unknown or the caller a worker, then payouts' own refusals", async () => {
    const worker = await h.newUser();
    await h.fund(worker.id, '5.00');
    const noReason = await adjustInternally(worker.id, { balance: '6.00' });
    expect(noReason.status).toBe(400);
    expect(noReason.body).toMatchObject({ message: 'Reason is required for a balance change', field: 'reason' });
    expect((await adjustInternally(worker.id, { balance: '5', reason: 'x' })).body).toMatchObject({ code: 'PAYOUTS.BALANCE_UNCHANGED' });
    const stranger = await adjustInternally(randomUUID(), { balance: '10.00', reason: 'Bonus' });
    expect(stranger.status).toBe(404);
    expect(stranger.body).toMatchObject({ code: 'PAYOUTS.USER_NOT_FOUND', message: 'User not found' });
    expect((await adjustInternally(worker.id, { balance: '1000', reason: 'me' }, worker.token)).status).toBe(403);
    expect((await h.api('GET', '/api/ledger/balance', { token: worker.token })).body.available).toBe('5.00');
  });
});
