import type { TEventHandler } from '@platform/service-kit';
import { recordAuditEntry } from '../../domain/audit-log.use-case.js';
import { AUDITED_EVENT_TYPES } from '../../domain/audit-entries.js';

/** The admin service's audit queue (prefixed with QUEUE_PREFIX) and the events it takes. */
export const AUDIT_QUEUE = 'admin.audit';
export const AUDIT_ROUTING_KEYS = AUDITED_EVENT_TYPES;

/** Writes the audit row of an admin's action in the consumer's transaction (with its inbox row). */
export function createAuditEventsHandler(): TEventHandler {
  return async (event, client) => {
    await recordAuditEntry(client, event);
  };
}
