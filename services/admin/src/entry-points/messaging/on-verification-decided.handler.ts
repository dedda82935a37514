import { ZVerificationDecidedDataSchema, type TEventEnvelope } from '@platform/contracts';
import type { PoolClient } from '@platform/service-kit';
import type { TMailDeps } from '../../domain/deps.js';
import { notifyVerificationDecided } from '../../domain/verification-mail.use-case.js';

/** verification.decided: e-mail the worker the decision. */
export function createOnVerificationDecidedHandler(deps: TMailDeps) {
  return async function onVerificationDecided(event: TEventEnvelope, client: PoolClient): Promise<void> {
    await notifyVerificationDecided(client, deps, event.id, ZVerificationDecidedDataSchema.parse(event.data));
  };
}
