import { ZUserRegisteredDataSchema, ZUserUpdatedDataSchema, type TEventEnvelope } from '@platform/contracts';
import type { PoolClient } from '@platform/service-kit';
import { keepRegisteredUser, keepUpdatedUser } from '../../domain/copies.use-case.js';

/** Queue (after QUEUE_PREFIX) of the users copy: authors' names, roles and bans. */
export const USERS_QUEUE = 'chat.users';
export const USERS_ROUTING_KEYS = ['user.registered', 'user.updated'] as const;

/** user.registered / user.updated: keep the local copy (an older event never overwrites a newer one) and when the user joined. */
export async function onUserEvent(event: TEventEnvelope, client: PoolClient): Promise<void> {
  if (event.type === 'user.updated') {
    await keepUpdatedUser(client, ZUserUpdatedDataSchema.parse(event.data), event.occurredAt);
    return;
  }
  await keepRegisteredUser(client, ZUserRegisteredDataSchema.parse(event.data), event.occurredAt);
}
