import { randomUUID } from 'node:crypto';
import { eventually, recordQueries, type TQueryRecording } from '@platform/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BTC_ADDRESS, startPayoutsHarness, type TPayoutsHarness, type TTestUser } from './helpers.js';

/**
 * How many times the money paths wait for PostgreSQL (issue 17: a withdrawal in at most 5 round trips, every statement
 * prepared). The counts are exact, so a statement or a round trip added by a change fails here; raise them only
 * knowingly. The pool is pipelined: statements issued together share a round trip.
 */
let h: TPayoutsHarness;
beforeAll(async () => {
  h = await startPayoutsHarness('payouts_round_trips');
});
afterAll(async () => {
  await h?.close();
});

async function recorded<T>(work: (requestId: string) => Promise<T>): Promise<{ result: T; recording: TQueryRecording }> {
  const requestId = `rt-${randomUUID()}`;
  const recording = recordQueries(requestId);
  try {
    return { result: await work(requestId), recording };
  } finally {
    recording.stop();
  }
}

async function fundedUser(balance = '500.00'): Promise<TTestUser> {
  const user = await h.newUser();
  await h.fund(user.id, balance);
  return user;
}

function postWithdrawal(user: TTestUser, requestId: string, key = randomUUID(), amount = '60.00') {
  return h.api('POST', '/api/withdrawals', {
    token: user.token,
    headers: { 'idempotency-key': key, 'x-request-id': requestId },
    body: { amount, currency: 'BTC', walletAddress: BTC_ADDRESS },
  });
}

const texts = (r: TQueryRecording) => r.statements.map((s) => s.text.slice(0, 30));

describe('SQL round trips of the money paths', () => {
  it('when a withdrawal is accepted, then it takes 3 round trips (10 prepared statements): the key; BEGIN, the account ensured and locked, the key under the lock; the writes and COMMIT', async () => {
    const user = await fundedUser();
    const { result, recording } = await recorded((id) => postWithdrawal(user, id));
    expect(result.status).toBe(201);
    expect(recording.roundTrips).toBe(3);
    expect(recording.statements.every((s) => s.named)).toBe(true);
    expect(texts(recording)).toEqual([
      'SELECT request_hash, response ',
      'BEGIN',
      'INSERT INTO ledger_accounts (u',
      'SELECT user_id, available::tex',
      'SELECT request_hash, response ',
      'INSERT INTO withdrawals (id, u',
      'WITH e AS ( INSERT INTO ledger',
      'INSERT INTO outbox (id, type, ',
      'INSERT INTO idempotency_keys (',
      'COMMIT',
    ]);
  });

  it('when a key is replayed, then the answer costs 1 round trip', async () => {
    const user = await fundedUser();
    const key = randomUUID();
    expect((await postWithdrawal(user, `first-${randomUUID()}`, key)).status).toBe(201);
    const { result, recording } = await recorded((id) => postWithdrawal(user, id, key));
    expect(result.status).toBe(201);
    expect(recording.roundTrips).toBe(1);
  });

  it('when an admin approves a withdrawal, then it takes 3 round trips: BEGIN and the decision with the owner; the account locked; the entry, the event and COMMIT', async () => {
    const user = await fundedUser();
    const created = await postWithdrawal(user, `w-${randomUUID()}`);
    const { result, recording } = await recorded((id) =>
      h.api('PATCH', `/api/admin/withdrawals/${created.body.id}`, {
        token: h.admin.token,
        headers: { 'x-request-id': id },
        body: { status: 'approved', txReference: 'tx-1' },
      }),
    );
    expect(result.status).toBe(200);
    expect(recording.roundTrips).toBe(3);
    expect(recording.statements).toHaveLength(7);
    expect(recording.statements.every((s) => s.named)).toBe(true);
  });

  it('when an admin adjusts a balance, then it takes 2 round trips: BEGIN and the (existing) account locked; the entry, the event and COMMIT', async () => {
    const user = await fundedUser();
    const { result, recording } = await recorded((id) =>
      h.api('PATCH', `/api/admin/users/${user.id}/balance`, { token: h.admin.token, headers: { 'x-request-id': id }, body: { balance: '321.00', reason: 'Correction' } }),
    );
    expect(result.status).toBe(200);
    expect(recording.roundTrips).toBe(2);
    expect(recording.statements).toHaveLength(5);
    expect(recording.statements.every((s) => s.named)).toBe(true);
  });

  it('when submission.approved is handled, then the handler takes 2 round trips (the account ensured and locked; the entry), inside the consumer batch transaction', async () => {
    const user = await fundedUser();
    const correlationId = `reward-${randomUUID()}`;
    const event = {
      ...h.envelope('submission.approved', { userId: user.id, assignmentId: randomUUID(), taskId: randomUUID(), reward: '7.00', approvedAt: new Date().toISOString(), approvedBy: null }),
      correlationId,
    };
    const recording = recordQueries(correlationId);
    try {
      await h.publish(event);
      await eventually(async () => (await h.query('SELECT 1 FROM inbox WHERE event_id = $1', [event.id])).length === 1, { what: 'the reward' });
    } finally {
      recording.stop();
    }
    expect(recording.roundTrips).toBe(2);
    expect(texts(recording)).toEqual(['INSERT INTO ledger_accounts (u', 'SELECT user_id, available::tex', 'WITH e AS ( INSERT INTO ledger']);
    expect(recording.statements.every((s) => s.named)).toBe(true);
  });
});
