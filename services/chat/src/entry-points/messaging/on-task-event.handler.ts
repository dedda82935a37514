import { ZTaskDeletedDataSchema, ZTaskSavedDataSchema, type TEventEnvelope } from '@platform/contracts';
import type { PoolClient } from '@platform/service-kit';
import { deleteOpenTask, saveOpenTask } from '../../data-access/open-tasks.repository.js';

/** Queue (after QUEUE_PREFIX) of the open-tasks copy the assistants' offline generator reads (issue 13). */
export const TASKS_QUEUE = 'chat.tasks';
export const TASKS_ROUTING_KEYS = ['task.saved', 'task.deleted'] as const;

/** task.saved keeps title and status; task.deleted removes the task for good (an older event never wins). */
export async function onTaskEvent(event: TEventEnvelope, client: PoolClient): Promise<void> {
  if (event.type === 'task.deleted') {
    const data = ZTaskDeletedDataSchema.parse(event.data);
    await deleteOpenTask(client, data.taskId, event.occurredAt);
    return;
  }
  const data = ZTaskSavedDataSchema.parse(event.data);
  await saveOpenTask(client, { taskId: data.taskId, title: data.title, status: data.status }, event.occurredAt);
}
