import type { TLanguage, TPasswordResetRequestedData, TUserRegisteredData, TWithdrawalDecidedData, TWithdrawalRequestedData } from '@platform/contracts';
import type { PoolClient } from '@platform/service-kit';
import { USERS_COPY, type TUserCopy } from '../data-access/users-copy.repository.js';
import { formatMailAmount, RESET_LINK_VALIDITY_MINUTES, TEMPLATE_NAMES } from './default-templates.js';
import type { TMailDeps } from './deps.js';
import { sendTemplatedEmail } from './send-templated-email.use-case.js';

/*
 * The e-mails events ask for. Each runs in the consumer's transaction (`client`, with the event's inbox row), so a
 * mail is recorded once per event id (sent_emails); see sendTemplatedEmail for what a crash can repeat. Each goes
 * out in the recipient's language: the event's, or else the one the local copy of users knows (English by default).
 */

/** The greeting's name when none is known. */
export function greetingFallback(language: TLanguage | undefined): string {
  return language === 'ru' ? 'пользователь' : 'there';
}

/** The link of a reset mail: always the configured public URL, the raw token encoded as a query value. */
export function buildResetUrl(appBaseUrl: string, token: string): string {
  return `${appBaseUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

/** user.registered: keep the local copy of the user (with the language of their e-mails), then send the welcome e-mail. */
export async function welcomeNewUser(client: PoolClient, deps: TMailDeps, event: { id: string; occurredAt: string }, data: TUserRegisteredData): Promise<void> {
  const language = data.language ?? 'en';
  await USERS_COPY.upsert(
    client,
    { id: data.userId, email: data.email, firstName: data.firstName, lastName: data.lastName, role: data.role, registeredAt: data.registeredAt, language },
    event.occurredAt,
  );
  await sendTemplatedEmail(client, deps.mailer, {
    eventId: event.id,
    template: TEMPLATE_NAMES.welcome,
    to: data.email,
    language,
    variables: { userName: data.firstName, loginUrl: `${deps.appBaseUrl}/login` },
  });
}

/**
 * password_reset.requested: send the reset link, in the language the event carries (the user's when they asked), else
 * the copy's. The raw token travels in the mail only, never in a log.
 */
export async function sendPasswordResetLink(client: PoolClient, deps: TMailDeps, eventId: string, data: TPasswordResetRequestedData): Promise<void> {
  const language = data.language ?? (await USERS_COPY.find(client, data.userId))?.language ?? 'en';
  await sendTemplatedEmail(client, deps.mailer, {
    eventId,
    template: TEMPLATE_NAMES.passwordReset,
    to: data.email,
    language,
    variables: { userName: data.firstName, resetUrl: buildResetUrl(deps.appBaseUrl, data.token), expiresInMinutes: String(RESET_LINK_VALIDITY_MINUTES) },
  });
}

/** The address, first name and language of a withdrawal mail: the event's where it has them, else the local copy's. */
export async function recipientOf(client: PoolClient, data: { userId: string; email?: string | null; firstName?: string | null }, what: string) {
  const copy: TUserCopy | undefined = await USERS_COPY.find(client, data.userId);
  const email = data.email || copy?.email;
  if (!email) throw new Error(`No e-mail address known for user ${data.userId}; the ${what} waits for a retry`);
  const language: TLanguage = copy?.language ?? 'en';
  return { email, language, userName: data.firstName || copy?.firstName || greetingFallback(language) };
}

/**
 * withdrawal.requested: confirm the request (amount held, where it goes). The address comes from the local copy of
 * users (the event carries none); with none known, it fails so the event is retried and finally dead-lettered.
 */
export async function notifyWithdrawalRequested(client: PoolClient, deps: TMailDeps, eventId: string, data: TWithdrawalRequestedData): Promise<void> {
  const to = await recipientOf(client, data, 'withdrawal confirmation');
  await sendTemplatedEmail(client, deps.mailer, {
    eventId,
    template: TEMPLATE_NAMES.withdrawalRequested,
    to: to.email,
    language: to.language,
    variables: {
      userName: to.userName,
      amount: formatMailAmount(data.amount, to.language),
      currency: data.currency,
      walletAddress: data.walletAddress,
      withdrawalsUrl: `${deps.appBaseUrl}/withdrawals`,
    },
  });
}

/**
 * withdrawal.decided: withdrawal-approved (with the transaction reference) or withdrawal-rejected (with the admin's
 * reason). The address comes with the event, or else from the local copy of users; with neither, it fails so the
 * event is retried and finally dead-lettered for an operator, instead of the mail being dropped.
 */
export async function notifyWithdrawalDecided(client: PoolClient, deps: TMailDeps, eventId: string, data: TWithdrawalDecidedData): Promise<void> {
  const to = await recipientOf(client, data, 'withdrawal notification');
  const approved = data.status === 'approved';
  await sendTemplatedEmail(client, deps.mailer, {
    eventId,
    template: approved ? TEMPLATE_NAMES.withdrawalApproved : TEMPLATE_NAMES.withdrawalRejected,
    to: to.email,
    language: to.language,
    variables: {
      userName: to.userName,
      amount: formatMailAmount(data.amount, to.language),
      currency: data.currency,
      withdrawalsUrl: `${deps.appBaseUrl}/withdrawals`,
      ...(approved ? { txReference: data.txReference ?? '' } : { reason: data.adminComment ?? '' }),
    },
  });
}
