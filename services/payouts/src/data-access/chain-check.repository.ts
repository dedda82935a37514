import type { TPlatformLedgerCheck } from '@platform/contracts';
import type { Queryable } from '@platform/service-kit';

export interface TChainCheckRun {
  startedAt: Date;
  finishedAt: Date;
  valid: boolean;
  accounts: number;
  entries: number;
  brokenAccounts: number;
}

/** Keeps the result of a run of the platform-wide chain check (one row; a later run replaces it, an older never). */
export async function saveChainCheck(db: Queryable, run: TChainCheckRun): Promise<void> {
  await db.query(
    `INSERT INTO ledger_chain_check (id, started_at, finished_at, valid, accounts, entries, broken_accounts) VALUES (true, $1, $2, $3, $4, $5, $6)
     ON CONFLICT (id) DO UPDATE SET started_at = EXCLUDED.started_at, finished_at = EXCLUDED.finished_at, valid = EXCLUDED.valid,
       accounts = EXCLUDED.accounts, entries = EXCLUDED.entries, broken_accounts = EXCLUDED.broken_accounts
     WHERE ledger_chain_check.started_at <= EXCLUDED.started_at`,
    [run.startedAt, run.finishedAt, run.valid, run.accounts, run.entries, run.brokenAccounts],
  );
}

export async function readChainCheck(db: Queryable): Promise<TPlatformLedgerCheck> {
  const { rows } = await db.query<{ finished_at: Date; valid: boolean; accounts: number; entries: string; broken_accounts: number }>(
    'SELECT finished_at, valid, accounts, entries::text, broken_accounts FROM ledger_chain_check',
  );
  const row = rows[0];
  if (!row) return { lastRunAt: null, valid: null, accounts: 0, entries: 0, brokenAccounts: 0 };
  return { lastRunAt: row.finished_at.toISOString(), valid: row.valid, accounts: row.accounts, entries: Number(row.entries), brokenAccounts: row.broken_accounts };
}
