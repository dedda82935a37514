import { ZUserDeletedDataSchema, type TEventEnvelope } from '@platform/contracts';
import type { PoolClient } from '@platform/service-kit';
import { eraseUserData } from '../../data-access/user-erasure.repository.js';

/** Queue (after QUEUE_PREFIX) of account deletions: the user's names, e-mail and message texts are erased here too. */
export const USER_ERASURE_QUEUE = 'chat.user-erasure';
export const USER_ERASURE_ROUTING_KEYS = ['user.deleted'] as const;

/** user.deleted (in the consumer's transaction): see eraseUserData. */
export async function onUserDeleted(event: TEventEnvelope, client: PoolClient): Promise<void> {
  const data = ZUserDeletedDataSchema.parse(event.data);
  await eraseUserData(client, data.userId, data.deletedAt);
}
