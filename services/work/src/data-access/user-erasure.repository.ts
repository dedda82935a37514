import { erasePersonalDataInOutbox, PERSONAL_EVENT_FIELDS, type Queryable } from '@platform/service-kit';

/** What is still open for the user: live assignments, submissions waiting for review, pending task requests. */
export async function countPendingWork(db: Queryable, userId: string): Promise<{ activeAssignments: number; submissionsUnderReview: number; pendingTaskRequests: number }> {
  const { rows } = await db.query<{ active: string; submitted: string; requests: string }>(
    `SELECT (SELECT count(*) FROM task_assignments WHERE user_id = $1 AND status IN ('assigned', 'in_progress', 'rejected')) AS active,
            (SELECT count(*) FROM task_assignments WHERE user_id = $1 AND status = 'submitted') AS submitted,
            (SELECT count(*) FROM task_requests WHERE user_id = $1 AND status = 'pending') AS requests`,
    [userId],
  );
  const row = rows[0]!;
  return { activeAssignments: Number(row.active), submissionsUnderReview: Number(row.submitted), pendingTaskRequests: Number(row.requests) };
}

/**
 * Erases what work holds personally about a deleted user, and returns the stored names of their submission files
 * (for the caller to remove from storage): the users copy keeps only the id and deleted_at (source_at 'infinity',
 * so no older user event written late brings the names back), the text of every submission, task request and appeal statement is
 * cleared and the file rows deleted. The assignments themselves stay by user id (status, dates, reward history).
 */
export async function eraseUserData(db: Queryable, userId: string, deletedAt: string): Promise<string[]> {
  await db.query(
    `INSERT INTO users (id, email, first_name, last_name, source_at, deleted_at) VALUES ($1, '', '', '', 'infinity', $2)
     ON CONFLICT (id) DO UPDATE SET email = '', first_name = '', last_name = '', source_at = 'infinity', deleted_at = COALESCE(users.deleted_at, $2)`,
    [userId, deletedAt],
  );
  await db.query('UPDATE task_assignments SET submission = NULL WHERE user_id = $1 AND submission IS NOT NULL', [userId]);
  await db.query('UPDATE task_requests SET submission = NULL WHERE user_id = $1 AND submission IS NOT NULL', [userId]);
  await db.query(`UPDATE submission_rejections SET appeal_statement = '' WHERE user_id = $1 AND appeal_statement <> ''`, [userId]);
  const { rows } = await db.query<{ file_name: string }>(
    'DELETE FROM task_submission_files f USING task_assignments a WHERE f.assignment_id = a.id AND a.user_id = $1 RETURNING f.file_name',
    [userId],
  );
  // submission.appealed carries the worker's statement.
  await erasePersonalDataInOutbox(db, userId, [...PERSONAL_EVENT_FIELDS, 'statement']);
  return rows.map((row) => row.file_name);
}
