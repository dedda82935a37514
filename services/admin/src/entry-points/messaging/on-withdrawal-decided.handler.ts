import { ZWithdrawalDecidedDataSchema, type TEventEnvelope } from '@platform/contracts';
import type { PoolClient } from '@platform/service-kit';
import type { TMailDeps } from '../../domain/deps.js';
import { notifyWithdrawalDecided } from '../../domain/mail-notifications.use-case.js';

/** withdrawal.decided: tell the worker the amount and the decision. */
export function createOnWithdrawalDecidedHandler(deps: TMailDeps) {
  return async function onWithdrawalDecided(event: TEventEnvelope, client: PoolClient): Promise<void> {
    await notifyWithdrawalDecided(client, deps, event.id, ZWithdrawalDecidedDataSchema.parse(event.data));
  };
}
