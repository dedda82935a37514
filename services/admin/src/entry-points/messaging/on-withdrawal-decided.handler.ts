import { ZWithdrawalDecidedDataSchema, type TEventEnvelope } from '@platform/contracts';
import type { PoolClient } from '@platform/service-kit';
import { findUserCopyById } from '../../data-access/users-copy.repository.js';
import { TEMPLATE_NAMES } from '../../domain/default-templates.js';
import { sendTemplatedEmail } from '../../domain/send-templated-email.use-case.js';
import type { TMailHandlerDeps } from './on-user-registered.handler.js';

/**
 * withdrawal.decided: tell the worker the amount (dollars, 2 decimals) and the decision. The address comes with
 * the event, or else from the local copy of users; with neither, the handler fails so the event is retried and
 * finally dead-lettered for an operator, instead of the mail being dropped.
 */
export function createOnWithdrawalDecidedHandler(deps: TMailHandlerDeps) {
  return async function onWithdrawalDecided(event: TEventEnvelope, client: PoolClient): Promise<void> {
    const data = ZWithdrawalDecidedDataSchema.parse(event.data);
    const copy = data.email && data.firstName ? undefined : await findUserCopyById(client, data.userId);
    const email = data.email ?? copy?.email;
    if (!email) throw new Error(`No e-mail address known for user ${data.userId}; the withdrawal notification waits for a retry`);
    await sendTemplatedEmail(client, deps.mailer, {
      eventId: event.id,
      template: TEMPLATE_NAMES.withdrawalNotification,
      to: email,
      variables: { userName: data.firstName ?? copy?.firstName ?? 'there', amount: `$${data.amount}`, status: data.status },
    });
  };
}
