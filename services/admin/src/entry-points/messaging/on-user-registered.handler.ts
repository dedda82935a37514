import { ZUserRegisteredDataSchema, type TEventEnvelope } from '@platform/contracts';
import type { PoolClient } from '@platform/service-kit';
import type { TMailer } from '../../data-access/mailer.js';
import { upsertUserCopy } from '../../data-access/users-copy.repository.js';
import { TEMPLATE_NAMES } from '../../domain/default-templates.js';
import { sendTemplatedEmail } from '../../domain/send-templated-email.use-case.js';

export interface TMailHandlerDeps {
  mailer: TMailer;
  /** The public URL of the app (config APP_BASE_URL, no trailing slash); links are built from it only. */
  appBaseUrl: string;
}

/** user.registered: keep the local copy of the user, then send the welcome e-mail. */
export function createOnUserRegisteredHandler(deps: TMailHandlerDeps) {
  return async function onUserRegistered(event: TEventEnvelope, client: PoolClient): Promise<void> {
    const data = ZUserRegisteredDataSchema.parse(event.data);
    await upsertUserCopy(client, {
      id: data.userId,
      email: data.email,
      firstName: data.firstName,
      lastName: data.lastName,
      role: data.role,
      registeredAt: data.registeredAt,
    });
    await sendTemplatedEmail(client, deps.mailer, {
      eventId: event.id,
      template: TEMPLATE_NAMES.welcome,
      to: data.email,
      variables: { userName: data.firstName, loginUrl: `${deps.appBaseUrl}/login` },
    });
  };
}
