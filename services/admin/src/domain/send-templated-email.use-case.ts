import type { TLanguage } from '@platform/contracts';
import type { PoolClient, Queryable } from '@platform/service-kit';
import { findTemplateByName } from '../data-access/email-templates.repository.js';
import type { TMailer, TSentMail } from '../data-access/mailer.js';
import { claimSentEmail } from '../data-access/sent-emails.repository.js';
import { readSettingValue } from '../data-access/settings.repository.js';
import { UnknownTemplateError } from './admin.errors.js';
import { findDefaultTemplate } from './default-templates.js';
import { SETTING_DEFAULTS } from './settings.js';
import { renderTemplate, type TTemplateParts, type TTemplateVariables } from './template-rendering.js';

export interface TSendTemplatedEmailInput {
  /** The event that asked for the mail: one event, at most one recorded mail. */
  eventId: string;
  template: string;
  to: string;
  /** The recipient's language; English when unknown. */
  language: TLanguage;
  /** The template's own placeholders; platformName is added from the settings. */
  variables: TTemplateVariables;
}

/**
 * The template of that name in the recipient's language: the stored one (its Russian version when it has one), or
 * the built-in default of the same name, so no mail is silently dropped. English is the fallback.
 */
export async function resolveTemplate(client: Queryable, name: string, language: TLanguage = 'en'): Promise<TTemplateParts> {
  const stored = await findTemplateByName(client, name);
  if (stored) {
    if (language === 'ru' && stored.subjectRu !== null && stored.htmlContentRu !== null && stored.textContentRu !== null) {
      return { subject: stored.subjectRu, htmlContent: stored.htmlContentRu, textContent: stored.textContentRu };
    }
    return stored;
  }
  const builtIn = findDefaultTemplate(name);
  if (builtIn) return language === 'ru' ? builtIn.ru : builtIn.en;
  throw new UnknownTemplateError(name);
}

/** The platform's name (setting platform_name): the sender's display name and the {{platformName}} of every mail. */
export async function readPlatformName(db: Queryable): Promise<string> {
  return (await readSettingValue(db, 'platform_name')) ?? SETTING_DEFAULTS.platform_name;
}

/**
 * Renders and sends the mail of one event, recording it in sent_emails with the consumer's transaction client.
 * The row is written before sending: a duplicate of the event finds it (or waits for it) and sends nothing. If
 * sending fails, the error rolls the row back and the consumer retries. A crash after sending and before the
 * commit sends the mail once more on redelivery (at-least-once; see README). The claim and the two reads the mail
 * needs (its template, the platform's name) are issued together: on the pipelined pool they share one round trip.
 */
export async function sendTemplatedEmail(client: PoolClient, mailer: TMailer, input: TSendTemplatedEmailInput): Promise<TSentMail | undefined> {
  const [claimed, template, platformName] = await Promise.all([
    claimSentEmail(client, { eventId: input.eventId, template: input.template, recipient: input.to }),
    resolveTemplate(client, input.template, input.language),
    readPlatformName(client),
  ]);
  if (!claimed) return undefined;
  const rendered = renderTemplate(template, { ...input.variables, platformName });
  return mailer.send({ to: input.to, template: input.template, fromName: platformName, ...rendered });
}
