import type { PoolClient } from '@platform/service-kit';
import { findTemplateByName } from '../data-access/email-templates.repository.js';
import type { TMailer, TSentMail } from '../data-access/mailer.js';
import { claimSentEmail } from '../data-access/sent-emails.repository.js';
import { UnknownTemplateError } from './admin.errors.js';
import { findDefaultTemplate } from './default-templates.js';
import { renderTemplate, type TTemplateParts, type TTemplateVariables } from './template-rendering.js';

export interface TSendTemplatedEmailInput {
  /** The event that asked for the mail: one event, at most one recorded mail. */
  eventId: string;
  template: string;
  to: string;
  variables: TTemplateVariables;
}

/** The stored template of that name, or the built-in default of the same name, so no mail is silently dropped. */
export async function resolveTemplate(client: PoolClient, name: string): Promise<TTemplateParts> {
  const stored = await findTemplateByName(client, name);
  if (stored) return stored;
  const builtIn = findDefaultTemplate(name);
  if (builtIn) return builtIn;
  throw new UnknownTemplateError(name);
}

/**
 * Renders and sends the mail of one event, recording it in sent_emails with the consumer's transaction client.
 * The row is written before sending: a duplicate of the event finds it (or waits for it) and sends nothing. If
 * sending fails, the error rolls the row back and the consumer retries. A crash after sending and before the
 * commit sends the mail once more on redelivery (at-least-once; see README).
 */
export async function sendTemplatedEmail(client: PoolClient, mailer: TMailer, input: TSendTemplatedEmailInput): Promise<TSentMail | undefined> {
  const claimed = await claimSentEmail(client, { eventId: input.eventId, template: input.template, recipient: input.to });
  if (!claimed) return undefined;
  const template = await resolveTemplate(client, input.template);
  const rendered = renderTemplate(template, input.variables);
  return mailer.send({ to: input.to, template: input.template, ...rendered });
}
