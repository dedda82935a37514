import type { Queryable } from '@platform/service-kit';

/** task.saved: the task's title and status, unless a newer event was applied or the task was deleted. */
export async function saveOpenTask(db: Queryable, task: { taskId: string; title: string; status: string }, sourceAt: string): Promise<void> {
  await db.query(
    `INSERT INTO chat_open_tasks (task_id, title, status, source_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (task_id) DO UPDATE SET title = EXCLUDED.title, status = EXCLUDED.status, source_at = EXCLUDED.source_at
      WHERE NOT chat_open_tasks.deleted AND chat_open_tasks.source_at <= EXCLUDED.source_at`,
    [task.taskId, task.title, task.status, sourceAt],
  );
}

/** task.deleted: never mentioned again, whatever arrives later. */
export async function deleteOpenTask(db: Queryable, taskId: string, sourceAt: string): Promise<void> {
  await db.query(
    `INSERT INTO chat_open_tasks (task_id, title, status, deleted, source_at) VALUES ($1, '', 'deleted', true, $2)
     ON CONFLICT (task_id) DO UPDATE SET deleted = true, source_at = GREATEST(chat_open_tasks.source_at, EXCLUDED.source_at)`,
    [taskId, sourceAt],
  );
}

/** Titles of tasks open to take (status available), newest first. */
export async function findOpenTaskTitles(db: Queryable, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ title: string }>(
    `SELECT title FROM chat_open_tasks WHERE status = 'available' AND NOT deleted AND title <> '' ORDER BY source_at DESC LIMIT $1`,
    [limit],
  );
  return rows.map((r) => r.title);
}
