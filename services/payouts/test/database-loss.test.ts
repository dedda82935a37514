import pg from 'pg';
import { SERVICE_UNAVAILABLE_MESSAGE } from '@platform/service-kit';
import { TEST_POSTGRES_URL } from '@platform/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkNothingLostOrDoubled, startPayoutsProcess, startWithdrawalLoad, unexpectedAnswers, type TPayoutsProcess, type TUser } from './outage-support.js';

/**
 * Issue 8, item 11: every connection of the payouts database ended (pg_terminate_backend, as a failover or an
 * operator does) again and again during a burst of withdrawals. Before the fix this ended the payouts process (an
 * 'error' event on a client checked out of the pool). Only this file's own database is touched; the PostgreSQL
 * restart is in database-outage.outage.test.ts.
 */
let p: TPayoutsProcess;
let admin: pg.Client;
let users: TUser[];

beforeAll(async () => {
  p = await startPayoutsProcess('payouts_dbloss');
  admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  admin.on('error', () => undefined);
  await admin.connect();
  users = await Promise.all(Array.from({ length: 8 }, () => p.fundedWorker()));
}, 90_000);
afterAll(async () => {
  await admin?.end();
  await p?.close();
});

/** Ends every connection to the service's database; returns how many there were. */
async function terminateEveryConnection(): Promise<number> {
  const { rows } = await admin.query<{ ended: boolean }>(
    'SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
    [p.environment.database.name],
  );
  return rows.filter((r) => r.ended).length;
}

describe('POST /api/withdrawals while every database connection is ended', () => {
  it('when every connection is ended three times under load, then the process lives on, in-flight requests get 503, later ones succeed, and every withdrawal exists once with its hold, the ledger verifying', async () => {
    const load = startWithdrawalLoad(p, users, 12);
    let ended = 0;
    try {
      await load.acceptedMore(30);
      for (let round = 0; round < 3; round += 1) {
        ended += await terminateEveryConnection();
        await load.acceptedMore(20, 30_000); // the service recovers by itself before the next round
      }
    } finally {
      await load.stop();
    }
    const attempts = load.attempts;
    expect(p.exit(), p.output().slice(-20).join('\n')).toBeUndefined();
    expect(unexpectedAnswers(attempts)).toEqual([]);
    const refused = attempts.filter((a) => a.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    for (const attempt of refused) expect(attempt.body).toEqual({ message: SERVICE_UNAVAILABLE_MESSAGE, code: 'SERVICE.UNAVAILABLE' });

    const outcome = await checkNothingLostOrDoubled(p, users, attempts);
    console.info(
      `database loss: ${ended} connections ended in 3 rounds; ${outcome.requests} requests, ${outcome.accepted} accepted, ${outcome.unavailable} answered 503 ` +
        `(${outcome.appliedDespite503} of them had committed; replayed with their key), ${outcome.stored} withdrawals stored once each, holds match, ledger verified`,
    );
    expect(ended).toBeGreaterThan(0);
  }, 120_000);
});
