import { ZUserRegisteredDataSchema, ZUserUpdatedDataSchema, type TEventEnvelope } from '@platform/contracts';
import type { PoolClient } from '@platform/service-kit';
import { keepJoinedAt, upsertUser } from '../../data-access/users.repository.js';

/** Queue (after QUEUE_PREFIX) of the users copy: authors' names, roles and bans. */
export const USERS_QUEUE = 'chat.users';
export const USERS_ROUTING_KEYS = ['user.registered', 'user.updated'] as const;

/** user.registered / user.updated: keep the local copy (an older event never overwrites a newer one) and when the user joined. */
export async function onUserEvent(event: TEventEnvelope, client: PoolClient): Promise<void> {
  if (event.type === 'user.updated') {
    const data = ZUserUpdatedDataSchema.parse(event.data);
    await upsertUser(client, { id: data.userId, firstName: data.firstName, lastName: data.lastName, role: data.role, isActive: data.isActive, email: data.email }, event.occurredAt);
    return;
  }
  const data = ZUserRegisteredDataSchema.parse(event.data);
  await upsertUser(client, { id: data.userId, firstName: data.firstName, lastName: data.lastName, role: data.role, isActive: true, email: data.email }, event.occurredAt);
  await keepJoinedAt(client, data.userId, data.registeredAt);
}
