import type { TEventHandler } from '@platform/service-kit';
import { ZUserDeletedDataSchema } from '@platform/contracts';
import { eraseUserFromAuditLog } from '../../data-access/user-erasure.repository.js';
import { recordAuditEntry } from '../../domain/audit-log.use-case.js';
import { AUDITED_EVENT_TYPES } from '../../domain/audit-entries.js';

/** The admin service's audit queue (prefixed with QUEUE_PREFIX) and the events it takes. */
export const AUDIT_QUEUE = 'admin.audit';
export const AUDIT_ROUTING_KEYS = AUDITED_EVENT_TYPES;

/**
 * Writes the audit row of an admin's action in the consumer's transaction (with its inbox row). A user.deleted also
 * erases the names and e-mail in the earlier rows about that user (in this queue, so after every earlier change).
 */
export function createAuditEventsHandler(): TEventHandler {
  return async (event, client) => {
    await recordAuditEntry(client, event);
    if (event.type === 'user.deleted') await eraseUserFromAuditLog(client, ZUserDeletedDataSchema.parse(event.data).userId);
  };
}
