import type { TVerificationDecidedData } from '@platform/contracts';
import type { PoolClient } from '@platform/service-kit';
import type { TMailDeps } from './deps.js';
import { sendTemplatedEmail } from './send-templated-email.use-case.js';

/** The e-mail of a verification decision (migration 0008 stores it; admins may edit it). */
export const VERIFICATION_DECISION_TEMPLATE = 'verification-decision';

/**
 * verification.decided: tell the worker the decision, and on a rejection the reason and that they may apply again.
 * Once per event (sent_emails); the address comes with the event (auth owns it).
 */
export async function notifyVerificationDecided(client: PoolClient, deps: TMailDeps, eventId: string, data: TVerificationDecidedData): Promise<void> {
  const details =
    data.status === 'approved'
      ? 'Your identity is now verified.'
      : `Reason: ${data.reason ?? 'not given'}. You may correct this and apply again from your profile.`;
  await sendTemplatedEmail(client, deps.mailer, {
    eventId,
    template: VERIFICATION_DECISION_TEMPLATE,
    to: data.email,
    variables: { userName: data.firstName || 'there', status: data.status, details, profileUrl: `${deps.appBaseUrl}/profile` },
  });
}
