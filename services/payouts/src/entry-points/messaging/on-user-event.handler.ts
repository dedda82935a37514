import { ZAccountClosingStartedDataSchema, ZUserDeletedDataSchema, ZUserRegisteredDataSchema, ZUserUpdatedDataSchema, type TEventEnvelope } from '@platform/contracts';
import type { PoolClient } from '@platform/service-kit';
import { recordClosingIntent } from '../../domain/closing-intent.js';
import type { TPayoutsDeps } from '../../domain/deps.js';
import { keepUserCopy, openAccount } from '../../domain/accounts.use-case.js';
import { eraseDeletedUser } from '../../domain/user-erasure.use-case.js';

/** Queue (after QUEUE_PREFIX): accounts opened on registration, and the users copy kept current. */
export const ACCOUNTS_QUEUE = 'payouts.accounts';
export const ACCOUNTS_ROUTING_KEYS = ['user.registered', 'user.updated', 'user.deleted', 'account.closing_started'] as const;

/**
 * user.registered opens the account (and credits a starting balance above zero); user.updated refreshes names;
 * user.deleted erases the user's personal data (the ledger stays by user id); account.closing_started keeps the worker's
 * intent to close the account (closing withdrawals and give-ups need it).
 */
export function createOnUserEvent(deps: Pick<TPayoutsDeps, 'settings'>) {
  return async function onUserEvent(event: TEventEnvelope, client: PoolClient): Promise<void> {
    if (event.type === 'user.registered') {
      await openAccount(client, deps, ZUserRegisteredDataSchema.parse(event.data), event.occurredAt);
      return;
    }
    if (event.type === 'account.closing_started') {
      await recordClosingIntent(client, ZAccountClosingStartedDataSchema.parse(event.data));
      return;
    }
    if (event.type === 'user.deleted') {
      await eraseDeletedUser(client, ZUserDeletedDataSchema.parse(event.data));
      return;
    }
    await keepUserCopy(client, ZUserUpdatedDataSchema.parse(event.data), event.occurredAt);
  };
}
