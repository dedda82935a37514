import type { TUserDeletedData, TUserPendingWork } from '@platform/contracts';
import { COMMON_ERRORS, type PoolClient } from '@platform/service-kit';
import { countPendingWork, eraseUserData } from '../data-access/user-erasure.repository.js';
import type { TWorkDeps } from './deps.js';

/** GET /internal/users/{id}/pending-work: a user may ask only about themself, an admin about anyone. */
export async function getPendingWork(deps: TWorkDeps, actor: { userId: string; role: string }, userId: string): Promise<TUserPendingWork> {
  if (actor.role !== 'admin' && actor.userId !== userId) throw COMMON_ERRORS.forbidden();
  return countPendingWork(deps.pool, userId);
}

/**
 * user.deleted (in the consumer's transaction): erase the user's names, e-mail, submitted texts and files. The files
 * are removed from storage before the commit: if the transaction then fails, the event comes again and the rows are
 * deleted then (a missing file is not an error), so an erased file never survives a retry.
 */
export async function eraseDeletedUser(client: PoolClient, deps: Pick<TWorkDeps, 'storage' | 'logger'>, data: TUserDeletedData): Promise<void> {
  const files = await eraseUserData(client, data.userId, data.deletedAt);
  for (const name of files) await deps.storage.remove(name);
  deps.logger.info({ userId: data.userId, files: files.length }, 'personal data of a deleted user erased');
}
