import { ZUserDeletedDataSchema } from '@platform/contracts';
import type { TEventHandler } from '@platform/service-kit';
import type { TWorkDeps } from '../../domain/deps.js';
import { eraseDeletedUser } from '../../domain/user-erasure.use-case.js';

/** Queue (after QUEUE_PREFIX) of account deletions: the user's personal data is erased here too. */
export const USER_ERASURE_QUEUE = 'work.user-erasure';
export const USER_ERASURE_ROUTING_KEYS = ['user.deleted'] as const;

export function createOnUserDeleted(deps: Pick<TWorkDeps, 'storage' | 'logger'>): TEventHandler {
  return async (event, client) => {
    await eraseDeletedUser(client, deps, ZUserDeletedDataSchema.parse(event.data));
  };
}
