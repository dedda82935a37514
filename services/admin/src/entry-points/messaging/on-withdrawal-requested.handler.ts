import { ZWithdrawalRequestedDataSchema, type TEventEnvelope } from '@platform/contracts';
import type { PoolClient } from '@platform/service-kit';
import type { TMailDeps } from '../../domain/deps.js';
import { notifyWithdrawalRequested } from '../../domain/mail-notifications.use-case.js';

/** withdrawal.requested: confirm the request to the worker (the amount held, the wallet it goes to). */
export function createOnWithdrawalRequestedHandler(deps: TMailDeps) {
  return async function onWithdrawalRequested(event: TEventEnvelope, client: PoolClient): Promise<void> {
    await notifyWithdrawalRequested(client, deps, event.id, ZWithdrawalRequestedDataSchema.parse(event.data));
  };
}
