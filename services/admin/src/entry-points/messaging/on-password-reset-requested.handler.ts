import { ZPasswordResetRequestedDataSchema, type TEventEnvelope } from '@platform/contracts';
import type { PoolClient } from '@platform/service-kit';
import type { TMailDeps } from '../../domain/deps.js';
import { sendPasswordResetLink } from '../../domain/mail-notifications.use-case.js';

/** password_reset.requested: send the reset link. */
export function createOnPasswordResetRequestedHandler(deps: TMailDeps) {
  return async function onPasswordResetRequested(event: TEventEnvelope, client: PoolClient): Promise<void> {
    await sendPasswordResetLink(client, deps, event.id, ZPasswordResetRequestedDataSchema.parse(event.data));
  };
}
