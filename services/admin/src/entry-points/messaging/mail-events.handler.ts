import type { TEventHandler } from '@platform/service-kit';
import type { TMailDeps } from '../../domain/deps.js';
import { createOnAppealDecidedHandler, createOnSubmissionAppealedHandler } from './on-appeal-events.handler.js';
import { createOnPasswordResetRequestedHandler } from './on-password-reset-requested.handler.js';
import { createOnSupportReplyRequestedHandler } from './on-support-reply-requested.handler.js';
import { createOnUserRegisteredHandler } from './on-user-registered.handler.js';
import { createOnWithdrawalDecidedHandler } from './on-withdrawal-decided.handler.js';
import { createOnWithdrawalRequestedHandler } from './on-withdrawal-requested.handler.js';
import { createOnVerificationDecidedHandler } from './on-verification-decided.handler.js';

/** The admin service's mail queue (prefixed with QUEUE_PREFIX) and the events it takes. */
export const MAIL_QUEUE = 'admin.mail';
export const MAIL_ROUTING_KEYS = [
  'user.registered',
  'password_reset.requested',
  'withdrawal.requested',
  'withdrawal.decided',
  'support.reply_email_requested',
  'verification.decided',
  'submission.appealed',
  'appeal.decided',
] as const;
/**
 * The mail queue's batches: the first event waits MAIL_BATCH_WAIT_MS for more, so under a steady flow (a mail per
 * withdrawal) up to MAIL_BATCH_SIZE mails share one transaction, inbox insert and ack. Kept small because a mail
 * cannot be taken back: if the process dies before its batch commits, the mails it had already sent go out once
 * more on redelivery (at least once, README "Delivery guarantees"), at most a batch of them.
 */
export const MAIL_BATCH_WAIT_MS = 20;
export const MAIL_BATCH_SIZE = 10;

/** One handler for the mail queue that dispatches on the event type. */
export function createMailEventsHandler(deps: TMailDeps): TEventHandler {
  const handlers: Record<(typeof MAIL_ROUTING_KEYS)[number], TEventHandler> = {
    'user.registered': createOnUserRegisteredHandler(deps),
    'password_reset.requested': createOnPasswordResetRequestedHandler(deps),
    'withdrawal.requested': createOnWithdrawalRequestedHandler(deps),
    'withdrawal.decided': createOnWithdrawalDecidedHandler(deps),
    'support.reply_email_requested': createOnSupportReplyRequestedHandler(deps),
    'verification.decided': createOnVerificationDecidedHandler(deps),
    'submission.appealed': createOnSubmissionAppealedHandler(deps),
    'appeal.decided': createOnAppealDecidedHandler(deps),
  };
  return async (event, client) => {
    const handler = handlers[event.type as keyof typeof handlers];
    if (!handler) throw new Error(`The mail queue does not handle events of type "${event.type}"`);
    await handler(event, client);
  };
}
