import type { TStatsAppealSnapshot, TStatsReturnSnapshot, TStatsSubmissionSnapshot, TStatsTaskSnapshot, TTaskStatus } from '@platform/contracts';
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

/** Every appeal of a rejection (pending, upheld or overturned), in appeal id order. */
export async function readAppealsPage(db: Queryable, after: string | undefined, limit: number): Promise<TStatsAppealSnapshot[]> {
  const { rows } = await db.query<{ appeal_id: string; user_id: string; appeal_status: TStatsAppealSnapshot['status']; appealed_at: Date; appeal_decided_at: Date | null }>(
    `SELECT appeal_id, user_id, appeal_status, appealed_at, appeal_decided_at FROM submission_rejections
     WHERE appeal_id IS NOT NULL AND ($1::uuid IS NULL OR appeal_id > $1::uuid) ORDER BY appeal_id LIMIT $2`,
    [after ?? null, limit],
  );
  return rows.map((r) => ({
    appealId: r.appeal_id,
    userId: r.user_id,
    status: r.appeal_status,
    appealedAt: r.appealed_at.toISOString(),
    decidedAt: r.appeal_decided_at?.toISOString() ?? null,
  }));
}

/** Every assignment handed back, in id order. */
export async function readReturnsPage(db: Queryable, after: string | undefined, limit: number): Promise<TStatsReturnSnapshot[]> {
  const { rows } = await db.query<{ id: string; task_id: string; returned_at: Date }>(
    `SELECT id, task_id, returned_at FROM task_assignments
     WHERE status = 'returned' AND returned_at IS NOT NULL AND ($1::uuid IS NULL OR id > $1::uuid) ORDER BY id LIMIT $2`,
    [after ?? null, limit],
  );
  return rows.map((r) => ({ assignmentId: r.id, taskId: r.task_id, returnedAt: r.returned_at.toISOString() }));
}
