import type { TUserDeletedData, TUserUpdatedData } from '@platform/contracts';
import type { PoolClient } from '@platform/service-kit';
import { eraseUserCopyAndMailAddresses, refreshUserCopy } from '../data-access/user-erasure.repository.js';
import { USERS_COPY } from '../data-access/users-copy.repository.js';
import { TEMPLATE_NAMES } from './default-templates.js';
import type { TMailDeps } from './deps.js';
import { greetingFallback } from './mail-notifications.use-case.js';
import { sendTemplatedEmail } from './send-templated-email.use-case.js';

/** The confirmation of an account deletion (migration 0009 stores the template; admins may edit it). */
export const ACCOUNT_DELETED_TEMPLATE = TEMPLATE_NAMES.accountDeleted;

const DELETED_BY = {
  en: { self: 'you', admin: 'an administrator' },
  ru: { self: 'по вашему запросу', admin: 'администратором' },
} as const;

/** user.updated: the copy's e-mail follows an admin's edit, so the confirmation of a later deletion reaches the right address. */
export async function keepUserCopyCurrent(client: PoolClient, data: TUserUpdatedData, occurredAt: string): Promise<void> {
  await refreshUserCopy(
    client,
    { id: data.userId, email: data.email, firstName: data.firstName, lastName: data.lastName, role: data.role, language: data.language },
    occurredAt,
  );
}

/**
 * user.deleted: send the confirmation to the address the copy still knows (once per event), then erase the copy's
 * names and e-mail and every recorded address of mails sent to the user, in the consumer's transaction.
 */
export async function confirmAndEraseDeletedUser(client: PoolClient, deps: TMailDeps, eventId: string, data: TUserDeletedData): Promise<void> {
  const copy = await USERS_COPY.find(client, data.userId);
  const email = copy?.email || undefined;
  if (email) {
    await sendTemplatedEmail(client, deps.mailer, {
      eventId,
      template: ACCOUNT_DELETED_TEMPLATE,
      to: email,
      language: copy?.language ?? 'en',
      variables: { userName: copy?.firstName || greetingFallback(copy?.language), deletedBy: DELETED_BY[copy?.language ?? 'en'][data.requestedBy] },
    });
  }
  await eraseUserCopyAndMailAddresses(client, data.userId, email);
}
