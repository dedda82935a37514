import type { PoolClient } from '@platform/service-kit';
import { iso } from './rows.js';

/** The task's figure after an approval: the median real time (null below the needed approvals) and the resulting rate. */
export interface TApprovedTimes {
  title: string;
  reward: string;
  workers: number;
  medianSeconds: number | null;
  hourlyRate: string;
}

/**
 * Recomputes the task's median real time (submitted_at - assigned_at, whole seconds, at least 1) over its approved
 * assignments (task_assignments_task_completed_idx) and stores it with how many there are; the median is kept only
 * from `needed` approvals on (before that the figure is the estimate). hourly_rate follows in the database.
 */
export async function recordApprovedTimes(client: PoolClient, taskId: string, needed: number): Promise<TApprovedTimes | undefined> {
  const { rows } = await client.query<{ title: string; reward: string; median_workers: number; median_seconds: number | null; hourly_rate: string }>(
    `WITH times AS (
       SELECT count(*)::int AS workers,
              greatest(1, round(percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM a.submitted_at - a.assigned_at))))::int AS median
         FROM task_assignments a
        WHERE a.task_id = $1 AND a.status = 'completed' AND a.submitted_at IS NOT NULL
     )
     UPDATE tasks t SET median_workers = times.workers, median_seconds = CASE WHEN times.workers >= $2 THEN times.median END
       FROM times WHERE t.id = $1
     RETURNING t.title, t.reward::text AS reward, t.median_workers, t.median_seconds, t.hourly_rate::text AS hourly_rate`,
    [taskId, needed],
  );
  const row = rows[0];
  return row && { title: row.title, reward: row.reward, workers: row.median_workers, medianSeconds: row.median_seconds, hourlyRate: row.hourly_rate };
}

export interface TTopUpRecord {
  assignmentId: string;
  userId: string;
  amount: string;
  createdAt: string;
}

/**
 * Records a top-up of `amount` for every approved assignment of the task that has none yet, and returns the ones
 * written now: the primary key on the assignment makes each once, whoever writes it.
 */
export async function insertTopUps(
  client: PoolClient,
  topUp: { taskId: string; amount: string; medianSeconds: number; minimumHourlyRate: string },
): Promise<TTopUpRecord[]> {
  const { rows } = await client.query<{ assignment_id: string; user_id: string; amount: string; created_at: Date }>(
    `INSERT INTO task_top_ups (assignment_id, task_id, user_id, amount, median_seconds, minimum_hourly_rate)
     SELECT a.id, a.task_id, a.user_id, $2, $3, $4 FROM task_assignments a
      WHERE a.task_id = $1 AND a.status = 'completed'
     ORDER BY a.completed_at, a.id
     ON CONFLICT (assignment_id) DO NOTHING
     RETURNING assignment_id, user_id, amount::text AS amount, created_at`,
    [topUp.taskId, topUp.amount, topUp.medianSeconds, topUp.minimumHourlyRate],
  );
  return rows.map((row) => ({ assignmentId: row.assignment_id, userId: row.user_id, amount: row.amount, createdAt: iso(row.created_at) }));
}
