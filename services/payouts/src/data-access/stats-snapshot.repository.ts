import type { TStatsBalanceTotal, TStatsOverdueWithdrawals, TStatsWithdrawalSnapshot } from '@platform/contracts';
import type { Queryable } from '@platform/service-kit';

/** Snapshot pages for the admin dashboard's rebuild (GET /internal/stats/withdrawals), in id order after `after`. */
export async function readWithdrawalsPage(db: Queryable, after: string | undefined, limit: number): Promise<TStatsWithdrawalSnapshot[]> {
  const { rows } = await db.query<{ id: string; user_id: string; amount: string; status: 'pending' | 'approved' | 'rejected'; created_at: Date; reviewed_at: Date | null }>(
    `SELECT id, user_id, amount::text AS amount, status, created_at, reviewed_at FROM withdrawals
     WHERE ($1::uuid IS NULL OR id > $1::uuid) ORDER BY id LIMIT $2`,
    [after ?? null, limit],
  );
  return rows.map((r) => ({
    withdrawalId: r.id,
    userId: r.user_id,
    amount: r.amount,
    status: r.status,
    requestedAt: r.created_at.toISOString(),
    decidedAt: r.reviewed_at ? r.reviewed_at.toISOString() : null,
  }));
}

/** The sums over every ledger account (the dashboard's Total Balance is `available`). */
export async function readBalanceTotal(db: Queryable): Promise<TStatsBalanceTotal> {
  const { rows } = await db.query<{ available: string; held: string; accounts: number }>(
    `SELECT COALESCE(sum(available), 0)::numeric(14, 2)::text AS available, COALESCE(sum(held), 0)::numeric(14, 2)::text AS held,
            count(*)::int AS accounts FROM ledger_accounts`,
  );
  return rows[0]!;
}

/** The withdrawals still pending past their decideBy (issue 31 item 3), on the partial index of the pending ones. */
export async function readOverdueWithdrawals(db: Queryable): Promise<TStatsOverdueWithdrawals> {
  const { rows } = await db.query<{ overdue: number; oldest: Date | null }>(
    `SELECT count(*)::int AS overdue, min(decide_by) AS oldest FROM withdrawals WHERE status = 'pending' AND decide_by < now()`,
  );
  const row = rows[0]!;
  return { overdue: row.overdue, oldestDecideBy: row.oldest ? row.oldest.toISOString() : null };
}
