import { ZUserDeletedDataSchema, ZUserUpdatedDataSchema } from '@platform/contracts';
import type { TEventHandler } from '@platform/service-kit';
import { confirmAndEraseDeletedUser, keepUserCopyCurrent } from '../../domain/account-deleted-mail.use-case.js';
import type { TMailDeps } from '../../domain/deps.js';

/** Queue (after QUEUE_PREFIX): the users copy kept current, and account deletions (confirmation e-mail, erasure). */
export const USER_ERASURE_QUEUE = 'admin.user-erasure';
export const USER_ERASURE_ROUTING_KEYS = ['user.updated', 'user.deleted'] as const;

export function createOnUserDeletedHandler(deps: TMailDeps): TEventHandler {
  return async (event, client) => {
    if (event.type === 'user.updated') await keepUserCopyCurrent(client, ZUserUpdatedDataSchema.parse(event.data), event.occurredAt);
    else await confirmAndEraseDeletedUser(client, deps, event.id, ZUserDeletedDataSchema.parse(event.data));
  };
}
