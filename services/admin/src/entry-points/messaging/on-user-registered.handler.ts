import { ZUserRegisteredDataSchema, type TEventEnvelope } from '@platform/contracts';
import type { PoolClient } from '@platform/service-kit';
import type { TMailDeps } from '../../domain/deps.js';
import { welcomeNewUser } from '../../domain/mail-notifications.use-case.js';

/** user.registered: keep the local copy of the user, then send the welcome e-mail. */
export function createOnUserRegisteredHandler(deps: TMailDeps) {
  return async function onUserRegistered(event: TEventEnvelope, client: PoolClient): Promise<void> {
    await welcomeNewUser(client, deps, event, ZUserRegisteredDataSchema.parse(event.data));
  };
}
