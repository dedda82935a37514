import type { TUserDeletedData, TUserHoldings } from '@platform/contracts';
import type { PoolClient } from '@platform/service-kit';
import { eraseUserData, findHoldings } from '../data-access/user-erasure.repository.js';
import type { TActor, TPayoutsDeps } from './deps.js';
import { PAYOUTS_ERRORS } from './payouts.errors.js';

/** GET /internal/users/{id}/holdings: a user may read only their own, an admin anyone's. */
export async function getHoldings(deps: TPayoutsDeps, actor: TActor, userId: string): Promise<TUserHoldings> {
  if (actor.role !== 'admin' && actor.userId !== userId) throw PAYOUTS_ERRORS.balanceOfOthers();
  return findHoldings(deps.pool, userId);
}

/** user.deleted: erase the personal data payouts holds (see eraseUserData); the ledger stays and still verifies. */
export async function eraseDeletedUser(client: PoolClient, data: TUserDeletedData): Promise<void> {
  await eraseUserData(client, data.userId, data.deletedAt);
}
