import { ZTaskToppedUpDataSchema, type TEventEnvelope } from '@platform/contracts';
import type { PoolClient } from '@platform/service-kit';
import { creditTaskTopUp } from '../../domain/accounts.use-case.js';

/** Queue (after QUEUE_PREFIX) of the top-ups of underpaid tasks (issue 29). */
export const TOP_UPS_QUEUE = 'payouts.top-ups';
export const TOP_UPS_ROUTING_KEYS = ['task.topped_up'] as const;

/**
 * task.topped_up: credits the top-up as a task_top_up entry referencing the assignment. The inbox skips an event id
 * seen before; another event for the same assignment is skipped by the ledger (and refused by its unique index).
 */
export async function onTaskToppedUp(event: TEventEnvelope, client: PoolClient): Promise<void> {
  await creditTaskTopUp(client, ZTaskToppedUpDataSchema.parse(event.data));
}
