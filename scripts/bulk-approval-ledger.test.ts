import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTokenSigner, withTransaction, writeEvent } from '@platform/service-kit';
import { createTestEnvironment, eventually, type TTestEnvironment } from '@platform/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyEveryChain } from '../services/payouts/src/domain/chain-check.use-case.js';
import { loadPayoutsConfig, start as startPayouts, type TPayoutsService } from '../services/payouts/src/index.js';
import { loadWorkConfig } from '../services/work/src/config.js';
import { start as startWork, type TWorkService } from '../services/work/src/index.js';

/**
 * Issue 30 item 4 across the two services: a bulk approval in work, while an admin approves some of its items singly,
 * is paid by payouts once per submission, and every ledger chain verifies. Work and payouts run in this process on one
 * exchange, each with its own database (the events go through work's outbox relay and payouts' consumer, as deployed).
 */
const WORKERS = 8;
const ITEMS = 400;
let workEnv: TTestEnvironment;
let payoutsEnv: TTestEnvironment;
let work: TWorkService;
let payouts: TPayoutsService;
let files: string;
let adminToken: string;
const workers = Array.from({ length: WORKERS }, () => randomUUID());

beforeAll(async () => {
  workEnv = await createTestEnvironment('bulk_ledger_work');
  payoutsEnv = await createTestEnvironment('bulk_ledger_payouts');
  files = mkdtempSync(join(tmpdir(), 'bulk-ledger-'));
  payouts = await startPayouts(loadPayoutsConfig({ ...payoutsEnv.env, EVENTS_EXCHANGE: workEnv.exchange, JOBS_ENABLED: 'false' }));
  await eventually(async () => payouts.consumersReady(), { what: 'payouts consumers' });
  const workConfig = loadWorkConfig({ ...workEnv.env, UPLOAD_DIR: files, JOBS_ENABLED: 'false', REVIEW_JOB_BATCH_SIZE: '40' });
  work = await startWork(workConfig);
  const signer = await createTokenSigner({ privateKeyPem: workEnv.keys.privateKeyPem, audience: workConfig.JWT_AUDIENCE, issuer: workConfig.JWT_ISSUER });
  adminToken = await signer.sign({ id: randomUUID(), role: 'admin' });
  // The workers register: payouts opens their accounts from user.registered (written here through work's outbox).
  await withTransaction(work.pool, async (client) => {
    for (const [i, userId] of workers.entries()) {
      await writeEvent(client, 'user.registered', { userId, email: `w${i}@example.com`, firstName: 'W', lastName: String(i), role: 'employee', referralSource: null, registeredAt: new Date().toISOString() });
    }
  });
  await eventually(async () => Number((await payouts.pool.query<{ n: string }>('SELECT count(*) AS n FROM ledger_accounts WHERE user_id = ANY($1::uuid[])', [workers])).rows[0]?.n) === WORKERS, {
    timeoutMs: 30_000,
    what: 'accounts opened',
  });
}, 120_000);

afterAll(async () => {
  await work?.stop();
  await payouts?.stop();
  await workEnv?.cleanup();
  await payoutsEnv?.cleanup();
  if (files) rmSync(files, { recursive: true, force: true });
});

const api = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${work.url}${path}`, { method, headers: { authorization: `Bearer ${adminToken}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe('bulk approval and the ledger', () => {
  it('when 400 submissions are approved as a job while 20 of them are approved singly, then payouts credits each reward exactly once and every chain verifies', async () => {
    await work.pool.query(`INSERT INTO settings (key, value, source_at) VALUES ('bulk_spot_check_every', '0', now() + interval '1 day') ON CONFLICT (key) DO UPDATE SET value = '0'`);
    const { rows } = await work.pool.query<{ id: string }>(
      `WITH t AS (
         INSERT INTO tasks (id, title, description, submission_instructions, reward, status, estimated_minutes)
         SELECT gen_random_uuid(), 'Ledger ' || g, 'Photograph the storefront', 'One photo', 2.50, 'submitted', 10 FROM generate_series(1, $1::int) g RETURNING id, title)
       INSERT INTO task_assignments (id, task_id, user_id, status, submission, assigned_at, submitted_at)
       SELECT gen_random_uuid(), t.id, ($2::uuid[])[1 + substring(t.title from 8)::int % $3::int], 'submitted', 'Done', now() - interval '2 hours', now() - interval '1 hour'
       FROM t RETURNING id`,
      [ITEMS, workers, WORKERS],
    );
    const ids = rows.map((r) => r.id);
    const job = await api('POST', '/api/admin/review-jobs', { ids });
    expect(job.status).toBe(202);
    const singles = await Promise.all(ids.filter((_, i) => i % 20 === 7).map((id) => api('POST', `/api/admin/submissions/${id}/approve`)));
    for (const single of singles) expect([200, 409]).toContain(single.status);

    const done = await eventually(
      async () => {
        const progress = await api('GET', `/api/admin/review-jobs/${job.body.id as string}`);
        return progress.body.status === 'done' ? progress.body : undefined;
      },
      { timeoutMs: 120_000, intervalMs: 250, what: 'the job to finish' },
    );
    const counts = done.counts as { approved: number; alreadyDecided: number };
    expect(counts.approved + counts.alreadyDecided).toBe(ITEMS);
    expect(counts.alreadyDecided).toBe(singles.filter((s) => s.status === 200).length);

    // payouts: one task_reward per submission, each of its reward, whoever approved it.
    const credited = await eventually(
      async () => {
        const { rows: entries } = await payouts.pool.query<{ reference_id: string; n: string; amount: string }>(
          `SELECT reference_id, count(*) AS n, sum(amount)::text AS amount FROM ledger_entries WHERE kind = 'task_reward' AND reference_id = ANY($1::text[]) GROUP BY 1`,
          [ids],
        );
        return entries.length === ITEMS ? entries : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 250, what: 'every reward credited' },
    );
    expect(credited.filter((e) => Number(e.n) !== 1 || e.amount !== '2.50')).toEqual([]);
    const { rows: balances } = await payouts.pool.query<{ total: string }>('SELECT sum(available)::text AS total FROM ledger_accounts WHERE user_id = ANY($1::uuid[])', [workers]);
    expect(balances[0]?.total).toBe((ITEMS * 2.5).toFixed(2));
    const check = await verifyEveryChain({ pool: payouts.pool, logger: payouts.logger }, { batchSize: 100 });
    expect(check).toMatchObject({ valid: true, brokenAccounts: 0 });
    expect(check.accounts).toBeGreaterThanOrEqual(WORKERS);
  }, 240_000);
});
