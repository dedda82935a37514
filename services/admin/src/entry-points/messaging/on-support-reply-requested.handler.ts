import { ZSupportReplyEmailRequestedDataSchema, type TEventEnvelope } from '@platform/contracts';
import type { PoolClient } from '@platform/service-kit';
import type { TMailDeps } from '../../domain/deps.js';
import { notifySupportReply } from '../../domain/support-mail.use-case.js';

/** support.reply_email_requested: e-mail the worker that support answered. */
export function createOnSupportReplyRequestedHandler(deps: TMailDeps) {
  return async function onSupportReplyRequested(event: TEventEnvelope, client: PoolClient): Promise<void> {
    await notifySupportReply(client, deps, event.id, ZSupportReplyEmailRequestedDataSchema.parse(event.data));
  };
}
