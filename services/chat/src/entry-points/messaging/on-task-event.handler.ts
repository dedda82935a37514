import { ZTaskDeletedDataSchema, ZTaskSavedDataSchema, type TEventEnvelope } from '@platform/contracts';
import type { PoolClient } from '@platform/service-kit';
import { forgetOpenTask, keepOpenTask } from '../../domain/copies.use-case.js';

/** Queue (after QUEUE_PREFIX) of the open-tasks copy the assistants' offline generator reads (issue 13). */
export const TASKS_QUEUE = 'chat.tasks';
export const TASKS_ROUTING_KEYS = ['task.saved', 'task.deleted'] as const;

/** task.saved keeps title and status; task.deleted removes the task for good (an older event never wins). */
export async function onTaskEvent(event: TEventEnvelope, client: PoolClient): Promise<void> {
  if (event.type === 'task.deleted') {
    await forgetOpenTask(client, ZTaskDeletedDataSchema.parse(event.data), event.occurredAt);
    return;
  }
  await keepOpenTask(client, ZTaskSavedDataSchema.parse(event.data), event.occurredAt);
}
