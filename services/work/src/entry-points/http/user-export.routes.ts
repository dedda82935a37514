import { registerUserExportRoute, type Pool, type TApp, type TAuthHooks, type TUserExportPart } from '@platform/service-kit';

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
  { name: 'taskRequests', table: 'task_requests', sql: 'SELECT * FROM task_requests WHERE user_id = $1 ORDER BY requested_at' },
];

/** GET /internal/users/:id/export (the user's own token, or an admin's). */
export function registerUserExportRoutes(app: TApp, { pool, hooks }: { pool: Pool; hooks: TAuthHooks }): void {
  registerUserExportRoute(app, { pool, hooks, service: 'work', parts: WORK_USER_EXPORT });
}
