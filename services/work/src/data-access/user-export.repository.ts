import type { TUserExportPart } from '@platform/service-kit';

/** What work holds about a user (issue 15 item 5): assignments and submissions with the task, files, requests. */
export const WORK_USER_EXPORT: readonly TUserExportPart[] = [
  { name: 'user', table: 'users', sql: 'SELECT * FROM users WHERE id = $1' },
  {
    name: 'assignments',
    table: 'task_assignments',
    sql: 'SELECT a.*, t.title AS task_title, t.reward AS task_reward FROM task_assignments a LEFT JOIN tasks t ON t.id = a.task_id WHERE a.user_id = $1 ORDER BY a.assigned_at',
  },
  {
    name: 'submissionFiles',
    table: 'task_submission_files',
    sql: 'SELECT f.id, f.assignment_id, f.original_name, f.file_type, f.file_size, f.created_at FROM task_submission_files f JOIN task_assignments a ON a.id = f.assignment_id WHERE a.user_id = $1',
  },
  {
    name: 'rejections',
    table: 'submission_rejections',
    sql: `SELECT r.*, t.title AS task_title, t.acceptance_criteria AS task_acceptance_criteria FROM submission_rejections r
          LEFT JOIN tasks t ON t.id = r.task_id WHERE r.user_id = $1 ORDER BY r.rejected_at`,
  },
  {
    // The quality record as the profile shows it (GET /api/tasks/quality): issue 29 item 5.
    name: 'qualityRecord',
    table: 'task_assignments',
    sql: `SELECT q.*, CASE WHEN q.approved + q.rejected = 0 THEN NULL ELSE round(q.approved::numeric / (q.approved + q.rejected), 4) END AS approval_rate
          FROM (SELECT (SELECT count(*)::int FROM task_assignments WHERE user_id = $1 AND status = 'completed') AS approved,
                       (SELECT count(*)::int FROM task_assignments WHERE user_id = $1 AND status = 'returned') AS returned,
                       (SELECT count(*)::int FROM submission_rejections WHERE user_id = $1 AND (appeal_status IS NULL OR appeal_status = 'upheld')) AS rejected,
                       (SELECT count(*)::int FROM submission_rejections WHERE user_id = $1 AND appeal_status = 'pending') AS under_appeal,
                       (SELECT count(*)::int FROM submission_rejections WHERE user_id = $1 AND appeal_status = 'overturned') AS appeals_won) q`,
  },
  { name: 'taskRequests', table: 'task_requests', sql: 'SELECT * FROM task_requests WHERE user_id = $1 ORDER BY requested_at' },
];
