import type { TPasswordResetRequestedData, TUserRegisteredData, TWithdrawalDecidedData } from '@platform/contracts';
import type { PoolClient } from '@platform/service-kit';
import { USERS_COPY } from '../data-access/users-copy.repository.js';
import { TEMPLATE_NAMES } from './default-templates.js';
import type { TMailDeps } from './deps.js';
import { sendTemplatedEmail } from './send-templated-email.use-case.js';

/*
 * The e-mails events ask for. Each runs in the consumer's transaction (`client`, with the event's inbox row), so a
 * mail is recorded once per event id (sent_emails); see sendTemplatedEmail for what a crash can repeat.
 */

/** The link of a reset mail: always the configured public URL, the raw token encoded as a query value. */
export function buildResetUrl(appBaseUrl: string, token: string): string {
  return `${appBaseUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

/** user.registered: keep the local copy of the user, then send the welcome e-mail. */
export async function welcomeNewUser(client: PoolClient, deps: TMailDeps, event: { id: string; occurredAt: string }, data: TUserRegisteredData): Promise<void> {
  await USERS_COPY.upsert(
    client,
    { id: data.userId, email: data.email, firstName: data.firstName, lastName: data.lastName, role: data.role, registeredAt: data.registeredAt },
    event.occurredAt,
  );
  await sendTemplatedEmail(client, deps.mailer, {
    eventId: event.id,
    template: TEMPLATE_NAMES.welcome,
    to: data.email,
    variables: { userName: data.firstName, loginUrl: `${deps.appBaseUrl}/login` },
  });
}

/** password_reset.requested: send the reset link. The raw token travels in the mail only, never in a log. */
export async function sendPasswordResetLink(client: PoolClient, deps: TMailDeps, eventId: string, data: TPasswordResetRequestedData): Promise<void> {
  await sendTemplatedEmail(client, deps.mailer, {
    eventId,
    template: TEMPLATE_NAMES.passwordReset,
    to: data.email,
    variables: { userName: data.firstName, resetUrl: buildResetUrl(deps.appBaseUrl, data.token) },
  });
}

/**
 * withdrawal.decided: tell the worker the amount (dollars, 2 decimals) and the decision. The address comes with
 * the event, or else from the local copy of users; with neither, it fails so the event is retried and finally
 * dead-lettered for an operator, instead of the mail being dropped.
 */
export async function notifyWithdrawalDecided(client: PoolClient, deps: TMailDeps, eventId: string, data: TWithdrawalDecidedData): Promise<void> {
  const copy = data.email && data.firstName ? undefined : await USERS_COPY.find(client, data.userId);
  const email = data.email ?? copy?.email;
  if (!email) throw new Error(`No e-mail address known for user ${data.userId}; the withdrawal notification waits for a retry`);
  await sendTemplatedEmail(client, deps.mailer, {
    eventId,
    template: TEMPLATE_NAMES.withdrawalNotification,
    to: email,
    variables: { userName: data.firstName ?? copy?.firstName ?? 'there', amount: `$${data.amount}`, status: data.status },
  });
}
