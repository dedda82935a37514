import type { TEventHandler } from '@platform/service-kit';
import { insertAuditEntry } from '../../data-access/audit-log.repository.js';
import { auditEntryOf, AUDITED_EVENT_TYPES } from '../../domain/audit-entries.js';

/** The admin service's audit queue (prefixed with QUEUE_PREFIX) and the events it takes. */
export const AUDIT_QUEUE = 'admin.audit';
export const AUDIT_ROUTING_KEYS = AUDITED_EVENT_TYPES;

/**
 * Writes the audit row of an admin's action in the consumer's transaction (with its inbox row); the unique
 * event_id keeps it to one row even if the inbox were bypassed.
 */
export function createAuditEventsHandler(): TEventHandler {
  return async (event, client) => {
    const entry = auditEntryOf(event);
    if (entry) await insertAuditEntry(client, entry);
  };
}
