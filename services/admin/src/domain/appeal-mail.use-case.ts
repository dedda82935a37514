import type { TAppealDecidedData, TSubmissionAppealedData } from '@platform/contracts';
import type { PoolClient } from '@platform/service-kit';
import { readSettingValue } from '../data-access/settings.repository.js';
import { TEMPLATE_NAMES } from './default-templates.js';
import type { TMailDeps } from './deps.js';
import { recipientOf } from './mail-notifications.use-case.js';
import { sendTemplatedEmail } from './send-templated-email.use-case.js';
import { SETTING_DEFAULTS } from './settings.js';

/** The decision and what it means for the worker, in their language. */
const DECISION_TEXTS = {
  en: {
    upheld: { status: 'upheld', details: (reason: string | null) => `The rejection stands. Reason: ${reason ?? 'not given'}. You may still resubmit the work or hand the task back.` },
    overturned: { status: 'overturned', details: () => 'The rejection was overturned: your work is approved and the reward is credited to your balance.' },
  },
  ru: {
    upheld: { status: 'отклонена', details: (reason: string | null) => `Отклонение остаётся в силе. Причина: ${reason ?? 'не указана'}. Вы можете отправить работу заново или вернуть задание.` },
    overturned: { status: 'удовлетворена', details: () => 'Отклонение отменено: ваша работа принята, вознаграждение зачислено на баланс.' },
  },
} as const;

/**
 * submission.appealed: confirm the appeal to the worker, with the days an admin has to decide it (the setting as this
 * service stores it). Once per event (sent_emails); the address from the local users copy.
 */
export async function notifyAppealReceived(client: PoolClient, deps: TMailDeps, eventId: string, data: TSubmissionAppealedData): Promise<void> {
  const to = await recipientOf(client, data, 'appeal confirmation');
  const decisionDays = (await readSettingValue(client, 'appeal_decision_days')) ?? SETTING_DEFAULTS.appeal_decision_days;
  await sendTemplatedEmail(client, deps.mailer, {
    eventId,
    template: TEMPLATE_NAMES.appealReceived,
    to: to.email,
    language: to.language,
    variables: { userName: to.userName, taskTitle: data.taskTitle, decisionDays, tasksUrl: `${deps.appBaseUrl}/tasks` },
  });
}

/** appeal.decided: tell the worker the second admin's decision (upheld with the reason, or overturned and paid). */
export async function notifyAppealDecided(client: PoolClient, deps: TMailDeps, eventId: string, data: TAppealDecidedData): Promise<void> {
  const to = await recipientOf(client, data, 'appeal decision');
  const decision = DECISION_TEXTS[to.language][data.decision];
  await sendTemplatedEmail(client, deps.mailer, {
    eventId,
    template: TEMPLATE_NAMES.appealDecided,
    to: to.email,
    language: to.language,
    variables: { userName: to.userName, taskTitle: data.taskTitle, status: decision.status, details: decision.details(data.reason), tasksUrl: `${deps.appBaseUrl}/tasks` },
  });
}
