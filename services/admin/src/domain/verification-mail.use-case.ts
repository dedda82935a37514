import type { TVerificationDecidedData } from '@platform/contracts';
import type { PoolClient } from '@platform/service-kit';
import { USERS_COPY } from '../data-access/users-copy.repository.js';
import { TEMPLATE_NAMES } from './default-templates.js';
import type { TMailDeps } from './deps.js';
import { greetingFallback } from './mail-notifications.use-case.js';
import { sendTemplatedEmail } from './send-templated-email.use-case.js';

/** The e-mail of a verification decision (migration 0008 stores it; admins may edit it). */
export const VERIFICATION_DECISION_TEMPLATE = TEMPLATE_NAMES.verificationDecision;

/** The decision and what it means, in the recipient's language. */
const DECISION_TEXTS = {
  en: {
    approved: { status: 'approved', details: () => 'Your identity is now verified.' },
    rejected: { status: 'rejected', details: (reason: string | null) => `Reason: ${reason ?? 'not given'}. You may correct this and apply again from your profile.` },
  },
  ru: {
    approved: { status: 'одобрена', details: () => 'Ваша личность подтверждена.' },
    rejected: { status: 'отклонена', details: (reason: string | null) => `Причина: ${reason ?? 'не указана'}. Вы можете исправить это и подать заявку снова из профиля.` },
  },
} as const;

/**
 * verification.decided: tell the worker the decision, and on a rejection the reason and that they may apply again.
 * Once per event (sent_emails); the address comes with the event (auth owns it).
 */
export async function notifyVerificationDecided(client: PoolClient, deps: TMailDeps, eventId: string, data: TVerificationDecidedData): Promise<void> {
  const language = (await USERS_COPY.find(client, data.userId))?.language ?? 'en';
  const decision = DECISION_TEXTS[language][data.status];
  await sendTemplatedEmail(client, deps.mailer, {
    eventId,
    template: VERIFICATION_DECISION_TEMPLATE,
    to: data.email,
    language,
    variables: { userName: data.firstName || greetingFallback(language), status: decision.status, details: decision.details(data.reason), profileUrl: `${deps.appBaseUrl}/profile` },
  });
}
