/**
 * Development data of the work service (issue 25 item 5): the tasks of dev-tasks.ts on the board, written once, on a
 * database without tasks, through the same insert the admin's "Create task" uses (so task.saved reaches the
 * dashboard's statistics and the chat assistants' list of open tasks). Never run against production.
 */
import { withTransaction, type Pool } from '@platform/service-kit';
import { insertTask } from '../data-access/tasks.repository.js';
import { DEV_TASKS } from './dev-tasks.js';

const SEED_LOCK_ID = 724_100_413;
/** The first few are pinned on top of the board (sortOrder 0), the rest follow in creation order. */
const PINNED = 3;

/** Returns how many tasks were created (0 when the board already had tasks). */
export async function seedWorkDevelopment(pool: Pool, adminId: string): Promise<number> {
  return withTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_ID]);
    const { rows } = await client.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM tasks) AS any');
    if (rows[0]?.any) return 0;
    for (const [index, task] of DEV_TASKS.entries()) {
      await insertTask(client, {
        title: task.title,
        description: task.description,
        submissionInstructions: task.submissionInstructions,
        reward: task.reward,
        dueDate: null,
        sortOrder: index < PINNED ? 0 : 10,
        timeLimitMinutes: task.timeLimitMinutes,
        estimatedMinutes: task.estimatedMinutes,
        slots: task.slots ?? 1,
        requiresApproval: task.requiresApproval,
        createdBy: adminId,
      });
    }
    return DEV_TASKS.length;
  });
}
