import type { TPlatformLedgerCheck } from '@platform/contracts';
import { readChainCheck, saveChainCheck, type TChainCheckRun } from '../data-access/chain-check.repository.js';
import { listAccountsWithEntries } from '../data-access/ledger.repository.js';
import type { TPayoutsDeps } from './deps.js';
import { verifyChain } from './ledger.js';

/**
 * The platform-wide ledger check (issue 31 item 4; the scheduled job `verify-every-ledger-chain`): every account's
 * chain verified as GET /api/ledger/verify verifies one (verifyChain), `batchSize` accounts at a time, each batch read
 * in one REPEATABLE READ snapshot so an account and its entries are seen at the same moment while postings go on.
 * Keeps the time of the run and its counts, never which account broke (that is the operators' log). Running twice,
 * or on two instances at once, only writes the same kind of result again.
 */
export async function verifyEveryChain(deps: Pick<TPayoutsDeps, 'pool' | 'logger'>, options: { batchSize: number }): Promise<TChainCheckRun> {
  const startedAt = new Date();
  let after: string | null = null;
  let accounts = 0;
  let entries = 0;
  let brokenAccounts = 0;
  for (;;) {
    const client = await deps.pool.connect();
    let batch;
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      batch = await listAccountsWithEntries(client, after, options.batchSize);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
    for (const { account, entries: chain } of batch) {
      const check = verifyChain(chain, account);
      accounts += 1;
      entries += chain.length;
      if (!check.valid) {
        brokenAccounts += 1;
        deps.logger.error({ userId: account.userId, brokenAt: check.brokenAt, problem: check.problem }, 'a ledger chain does not verify');
      }
    }
    if (batch.length < options.batchSize) break;
    after = batch[batch.length - 1]!.account.userId;
  }
  const run: TChainCheckRun = { startedAt, finishedAt: new Date(), valid: brokenAccounts === 0, accounts, entries, brokenAccounts };
  await saveChainCheck(deps.pool, run);
  return run;
}

/** GET /api/public/ledger-check: the last run's time and result. */
export async function getPlatformLedgerCheck(deps: Pick<TPayoutsDeps, 'pool'>): Promise<TPlatformLedgerCheck> {
  return readChainCheck(deps.pool);
}
