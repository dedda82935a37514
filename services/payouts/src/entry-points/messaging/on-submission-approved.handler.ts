import { ZSubmissionApprovedDataSchema, type TEventEnvelope } from '@platform/contracts';
import type { PoolClient } from '@platform/service-kit';
import { creditTaskReward } from '../../domain/accounts.use-case.js';

/** Queue (after QUEUE_PREFIX) of task rewards. */
export const REWARDS_QUEUE = 'payouts.rewards';
export const REWARDS_ROUTING_KEYS = ['submission.approved'] as const;

/**
 * submission.approved: credits the reward as a task_reward referencing the assignment. The inbox skips an event id
 * seen before; a different event for the same assignment is skipped by the ledger (and refused by its unique index).
 */
export async function onSubmissionApproved(event: TEventEnvelope, client: PoolClient): Promise<void> {
  await creditTaskReward(client, ZSubmissionApprovedDataSchema.parse(event.data));
}
