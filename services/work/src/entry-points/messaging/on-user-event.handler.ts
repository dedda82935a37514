import { ZUserRegisteredDataSchema, ZUserUpdatedDataSchema, type TEventEnvelope } from '@platform/contracts';
import type { PoolClient } from '@platform/service-kit';
import { keepUserCopy } from '../../domain/local-copies.use-case.js';

/** Queue (after QUEUE_PREFIX) of the users copy: names and e-mails for the admin lists. */
export const USERS_QUEUE = 'work.users';
export const USERS_ROUTING_KEYS = ['user.registered', 'user.updated'] as const;

/** user.registered / user.updated: keep the local copy; an older event never overwrites a newer one. */
export async function onUserEvent(event: TEventEnvelope, client: PoolClient): Promise<void> {
  const data = event.type === 'user.updated' ? ZUserUpdatedDataSchema.parse(event.data) : ZUserRegisteredDataSchema.parse(event.data);
  await keepUserCopy(client, data, event.occurredAt);
}
