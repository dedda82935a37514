import type { Queryable } from '@platform/service-kit';

/** The read model of the public figures (migration 0010): rows only from events. */

export async function recordApprovedTask(db: Queryable, input: { assignmentId: string; userId: string; reward: string; approvedAt: string }): Promise<void> {
  await db.query(
    `INSERT INTO figures_tasks (assignment_id, user_id, reward, approved_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (assignment_id) DO NOTHING`,
    [input.assignmentId, input.userId, input.reward, input.approvedAt],
  );
}

export async function recordWithdrawalRequested(db: Queryable, input: { withdrawalId: string; userId: string; requestedAt: string }): Promise<void> {
  await db.query(
    `INSERT INTO figures_withdrawals (withdrawal_id, user_id, requested_at) VALUES ($1, $2, $3)
     ON CONFLICT (withdrawal_id) DO UPDATE SET requested_at = EXCLUDED.requested_at`,
    [input.withdrawalId, input.userId, input.requestedAt],
  );
}

export async function recordWithdrawalPaid(db: Queryable, input: { withdrawalId: string; userId: string; paidAt: string }): Promise<void> {
  await db.query(
    `INSERT INTO figures_withdrawals (withdrawal_id, user_id, paid_at) VALUES ($1, $2, $3)
     ON CONFLICT (withdrawal_id) DO UPDATE SET paid_at = EXCLUDED.paid_at`,
    [input.withdrawalId, input.userId, input.paidAt],
  );
}

export interface TFiguresRow {
  tasksCompleted: number;
  workersPaid: number;
  /** Decimal text with 2 decimals, or null. */
  medianReward: string | null;
  medianPayoutSeconds: number | null;
  asOf: Date;
}

/**
 * The figures over the `days` before now: approved tasks, distinct workers with a payout, the median reward of
 * those tasks and the median time from request to payout of those payouts (percentile_cont: with an even count,
 * the mean of the two middle values).
 */
export async function readFigures(db: Queryable, days: number): Promise<TFiguresRow> {
  const { rows } = await db.query<{ tasks: number; workers: number; median_reward: string | null; median_payout: number | null; as_of: Date }>(
    `WITH since AS (SELECT now() AS as_of, now() - make_interval(days => $1) AS start)
     SELECT
       (SELECT count(*) FROM figures_tasks, since WHERE approved_at > since.start)::int AS tasks,
       (SELECT count(DISTINCT user_id) FROM figures_withdrawals, since WHERE paid_at > since.start)::int AS workers,
       (SELECT round(percentile_cont(0.5) WITHIN GROUP (ORDER BY reward)::numeric, 2)::text
          FROM figures_tasks, since WHERE approved_at > since.start) AS median_reward,
       (SELECT round(percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM paid_at - requested_at))::numeric)::float8
          FROM figures_withdrawals, since WHERE paid_at > since.start AND requested_at IS NOT NULL) AS median_payout,
       (SELECT as_of FROM since) AS as_of`,
    [days],
  );
  const row = rows[0]!;
  return { tasksCompleted: row.tasks, workersPaid: row.workers, medianReward: row.median_reward, medianPayoutSeconds: row.median_payout, asOf: row.as_of };
}
