import { ZUserRegisteredDataSchema, ZUserUpdatedDataSchema, type TEventEnvelope } from '@platform/contracts';
import type { PoolClient } from '@platform/service-kit';
import type { TPayoutsDeps } from '../../domain/deps.js';
import { keepUserCopy, openAccount } from '../../domain/accounts.use-case.js';

/** Queue (after QUEUE_PREFIX): accounts opened on registration, and the users copy kept current. */
export const ACCOUNTS_QUEUE = 'payouts.accounts';
export const ACCOUNTS_ROUTING_KEYS = ['user.registered', 'user.updated'] as const;

/** user.registered opens the account (and credits a starting balance above zero); user.updated refreshes names. */
export function createOnUserEvent(deps: Pick<TPayoutsDeps, 'settings'>) {
  return async function onUserEvent(event: TEventEnvelope, client: PoolClient): Promise<void> {
    if (event.type === 'user.registered') {
      await openAccount(client, deps, ZUserRegisteredDataSchema.parse(event.data), event.occurredAt);
      return;
    }
    await keepUserCopy(client, ZUserUpdatedDataSchema.parse(event.data), event.occurredAt);
  };
}
