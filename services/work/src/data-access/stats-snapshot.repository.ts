import type { TStatsSubmissionSnapshot, TStatsTaskSnapshot, TTaskStatus } from '@platform/contracts';
import type { Queryable } from '@platform/service-kit';

/** Snapshot pages for the admin dashboard's rebuild (GET /internal/stats/*), in id order after `after`. */
export async function readTasksPage(db: Queryable, after: string | undefined, limit: number): Promise<TStatsTaskSnapshot[]> {
  const { rows } = await db.query<{ id: string; title: string; reward: string; status: TTaskStatus; created_at: Date }>(
    `SELECT id, title, reward::text AS reward, status, created_at FROM tasks WHERE ($1::uuid IS NULL OR id > $1::uuid) ORDER BY id LIMIT $2`,
    [after ?? null, limit],
  );
  return rows.map((r) => ({ taskId: r.id, title: r.title, reward: r.reward, status: r.status, createdAt: r.created_at.toISOString() }));
}

/** Every assignment that was ever submitted: completed is approved; submitted waits; cancelled; anything else was rejected. */
export async function readSubmissionsPage(db: Queryable, after: string | undefined, limit: number): Promise<TStatsSubmissionSnapshot[]> {
  const { rows } = await db.query<{ id: string; user_id: string; task_id: string; status: string; submitted_at: Date; completed_at: Date | null }>(
    `SELECT id, user_id, task_id, status, submitted_at, completed_at FROM task_assignments
     WHERE submitted_at IS NOT NULL AND ($1::uuid IS NULL OR id > $1::uuid) ORDER BY id LIMIT $2`,
    [after ?? null, limit],
  );
  return rows.map((r) => {
    const status = r.status === 'completed' ? 'approved' : r.status === 'submitted' ? 'submitted' : r.status === 'cancelled' ? 'cancelled' : 'rejected';
    return {
      assignmentId: r.id,
      userId: r.user_id,
      taskId: r.task_id,
      status,
      submittedAt: r.submitted_at.toISOString(),
      approvedAt: status === 'approved' && r.completed_at ? r.completed_at.toISOString() : null,
    };
  });
}
