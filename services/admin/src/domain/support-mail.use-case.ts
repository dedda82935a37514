import type { TSupportReplyEmailRequestedData } from '@platform/contracts';
import type { PoolClient } from '@platform/service-kit';
import { USERS_COPY } from '../data-access/users-copy.repository.js';
import { TEMPLATE_NAMES } from './default-templates.js';
import type { TMailDeps } from './deps.js';
import { greetingFallback } from './mail-notifications.use-case.js';
import { sendTemplatedEmail } from './send-templated-email.use-case.js';

/** The e-mail of a support reply to a worker who was not connected (migration 0007 stores it; admins may edit it). */
export const SUPPORT_REPLY_TEMPLATE = TEMPLATE_NAMES.supportReply;

/** Where the mail sends the worker: the chat's Support tab, on this service's configured public URL. */
export function buildSupportChatUrl(appBaseUrl: string): string {
  return `${appBaseUrl}/chat?tab=support`;
}

/**
 * support.reply_email_requested: send `support-reply` to the worker (once per event; the chat service decides that
 * the worker was offline and that no such mail went out for the conversation within the hour). The address comes
 * with the event or else from the local copy of users; with neither, it fails so the event is retried and finally
 * dead-lettered rather than dropped.
 */
export async function notifySupportReply(client: PoolClient, deps: TMailDeps, eventId: string, data: TSupportReplyEmailRequestedData): Promise<void> {
  const copy = await USERS_COPY.find(client, data.userId);
  const email = data.email || copy?.email;
  const language = copy?.language ?? 'en';
  if (!email) throw new Error(`No e-mail address known for user ${data.userId}; the support reply e-mail waits for a retry`);
  await sendTemplatedEmail(client, deps.mailer, {
    eventId,
    template: SUPPORT_REPLY_TEMPLATE,
    to: email,
    language,
    variables: { userName: data.firstName || copy?.firstName || greetingFallback(language), preview: data.preview, chatUrl: buildSupportChatUrl(deps.appBaseUrl) },
  });
}
