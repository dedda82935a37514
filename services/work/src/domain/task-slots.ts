import type { PoolClient } from '@platform/service-kit';
import { countTaskSlots, lockTask, setTaskStatus } from '../data-access/tasks.repository.js';
import { taskStatusOfSlots } from './task-rules.js';

/**
 * A task's status follows its slots (taskStatusOfSlots). After every change of its assignments or requests (a take, a
 * request and its decision, a submission, an approval, a rejection, a return, a cancellation, a release by the time
 * limit) and of its slots, in that change's transaction: the task row is locked first, so the counts read after it
 * see every committed change and none can come between; the status is written (with its task.saved event) when it
 * changes.
 */
export async function settleTaskStatus(client: PoolClient, taskId: string): Promise<void> {
  if (!(await lockTask(client, taskId))) return;
  const counts = await countTaskSlots(client, taskId);
  if (!counts) return;
  const status = taskStatusOfSlots(counts);
  if (status !== counts.status) await setTaskStatus(client, taskId, status);
}
