import { ZUserDeletedDataSchema, type TEventEnvelope } from '@platform/contracts';
import type { PoolClient } from '@platform/service-kit';
import { eraseDeletedUser } from '../../domain/copies.use-case.js';

/** Queue (after QUEUE_PREFIX) of account deletions: the user's names, e-mail and message texts are erased here too. */
export const USER_ERASURE_QUEUE = 'chat.user-erasure';
export const USER_ERASURE_ROUTING_KEYS = ['user.deleted'] as const;

/** user.deleted (in the consumer's transaction): see eraseDeletedUser. */
export async function onUserDeleted(event: TEventEnvelope, client: PoolClient): Promise<void> {
  await eraseDeletedUser(client, ZUserDeletedDataSchema.parse(event.data));
}
