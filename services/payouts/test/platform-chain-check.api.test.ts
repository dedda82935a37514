import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@platform/service-kit/testing';
import { verifyEveryChain } from '../src/domain/chain-check.use-case.js';
import { ETH_ADDRESS, startPayoutsHarness, withdraw, type TPayoutsHarness, type TTestUser } from './helpers.js';

/**
 * The platform-wide ledger check (issue 31 item 4): the scheduled job verifies every account's chain and keeps the time
 * of its last run and its result, which GET /api/public/ledger-check answers without sign-in (counts only, never an
 * account's data). A tampered entry in the database makes the next run report failure.
 */
let h: TPayoutsHarness;
let workers: TTestUser[];
beforeAll(async () => {
  // The job every 700 ms, two accounts a batch (so a run reads several batches).
  h = await startPayoutsHarness('payouts_chain_check', { JOBS_ENABLED: 'true', CHAIN_CHECK_INTERVAL_MS: '700', CHAIN_CHECK_BATCH_SIZE: '2' });
  workers = [await h.newUser(), await h.newUser(), await h.newUser()];
  for (const worker of workers) await h.fund(worker.id, '200.00');
  expect((await withdraw(h, workers[0]!, { amount: '60.00', currency: 'ETH', walletAddress: ETH_ADDRESS })).status).toBe(201);
});
afterAll(async () => {
  await h?.close();
});

type TCheck = { lastRunAt: string | null; valid: boolean | null; accounts: number; entries: number; brokenAccounts: number };
async function publicCheck(): Promise<TCheck> {
  const res = await h.api('GET', '/api/public/ledger-check');
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('public, max-age=60');
  return res.body as TCheck;
}
/** The first result of a run that started after `since`. */
async function runAfter(since: number): Promise<TCheck> {
  return eventually(async () => {
    const startedAt = async () => (await h.query<{ started_at: Date }>('SELECT started_at FROM ledger_chain_check'))[0]?.started_at.getTime();
    const before = await startedAt();
    const check = await publicCheck();
    // The same run before and after the read (a run may finish in between).
    return before !== undefined && before > since && (await startedAt()) === before ? check : undefined;
  }, { what: 'a run of the chain check', timeoutMs: 20_000 });
}

describe('the platform-wide ledger check', () => {
  it('when the scheduled job runs over sound ledgers, then the public answer says every chain checked out, with its time and counts only', async () => {
    const check = await runAfter(Date.now());
    const [counts] = await h.query<{ accounts: number; entries: number }>('SELECT (SELECT count(*)::int FROM ledger_accounts) AS accounts, (SELECT count(*)::int FROM ledger_entries) AS entries');
    expect(check).toEqual({ lastRunAt: expect.any(String), valid: true, accounts: counts!.accounts, entries: counts!.entries, brokenAccounts: 0 });
    expect(Date.now() - Date.parse(check.lastRunAt!)).toBeLessThan(20_000);
    expect(check.accounts).toBe(3);
    expect(check.entries).toBe(4);
  });

  it('when an entry is tampered with in the database, then the next run reports failure, and the answer names no account', async () => {
    // Someone with database access rewrites the reason of a worker's adjustment (the append-only trigger set aside).
    await h.query('ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_append_only');
    try {
      await h.query("UPDATE ledger_entries SET reason = 'Rewritten' WHERE user_id = $1 AND kind = 'admin_adjustment'", [workers[1]!.id]);
    } finally {
      await h.query('ALTER TABLE ledger_entries ENABLE TRIGGER ledger_entries_append_only');
    }
    const check = await runAfter(Date.now());
    expect(check).toMatchObject({ valid: false, accounts: 3, brokenAccounts: 1 });
    const text = JSON.stringify(await publicCheck());
    for (const worker of workers) expect(text).not.toContain(worker.id);
    // The worker's own check says where.
    const own = await h.api('GET', '/api/ledger/verify', { token: workers[1]!.token });
    expect(own.body).toMatchObject({ valid: false, brokenAt: 1 });
  });

  it('when two runs race (several instances), then each completes and the kept result is a whole run', async () => {
    const [a, b] = await Promise.all([verifyEveryChain({ pool: h.service.pool, logger: h.service.logger }, { batchSize: 1 }), verifyEveryChain({ pool: h.service.pool, logger: h.service.logger }, { batchSize: 5 })]);
    expect([a.brokenAccounts, b.brokenAccounts]).toEqual([1, 1]);
    expect(await publicCheck()).toMatchObject({ valid: false, accounts: 3, entries: 4, brokenAccounts: 1 });
  });

  it('when the check is asked with hostile input, then it answers 200 with the same figures or a 4xx, never a 5xx', async () => {
    for (const path of ['/api/public/ledger-check?x=%00', '/api/public/ledger-check?valid=true', '/api/public/ledger-check/..%2f']) {
      const res = await h.api('GET', path);
      expect(res.status, path).toBeLessThan(500);
    }
    const withToken = await h.api('GET', '/api/public/ledger-check', { token: 'not-a-token' });
    expect(withToken.status).toBe(200);
    expect((await h.api('POST', '/api/public/ledger-check', { body: {} })).status).toBe(404);
  });
});
