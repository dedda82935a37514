import { ZPasswordResetRequestedDataSchema, type TEventEnvelope } from '@platform/contracts';
import type { PoolClient } from '@platform/service-kit';
import { TEMPLATE_NAMES } from '../../domain/default-templates.js';
import { sendTemplatedEmail } from '../../domain/send-templated-email.use-case.js';
import type { TMailHandlerDeps } from './on-user-registered.handler.js';

/** The link of a reset mail: always the configured public URL, the raw token encoded as a query value. */
export function buildResetUrl(appBaseUrl: string, token: string): string {
  return `${appBaseUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

/** password_reset.requested: send the reset link. The raw token travels in the mail only, never in a log. */
export function createOnPasswordResetRequestedHandler(deps: TMailHandlerDeps) {
  return async function onPasswordResetRequested(event: TEventEnvelope, client: PoolClient): Promise<void> {
    const data = ZPasswordResetRequestedDataSchema.parse(event.data);
    await sendTemplatedEmail(client, deps.mailer, {
      eventId: event.id,
      template: TEMPLATE_NAMES.passwordReset,
      to: data.email,
      variables: { userName: data.firstName, resetUrl: buildResetUrl(deps.appBaseUrl, data.token) },
    });
  };
}
