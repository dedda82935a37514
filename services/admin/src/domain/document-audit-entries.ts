import { ZDocumentChangedDataSchema, type TEventEnvelope } from '@platform/contracts';
import type { TNewAuditEntry } from '../data-access/audit-log.repository.js';

type TAuditMapper = (event: TEventEnvelope) => Omit<TNewAuditEntry, 'eventId'> | undefined;

/** An admin's change of a company document (auth service) as an audit row: document.created / updated / deleted. */
export const DOCUMENT_AUDIT_MAPPERS = {
  'document.changed': (event) => {
    const d = ZDocumentChangedDataSchema.parse(event.data);
    const state = { title: d.title, type: d.type, version: d.version, isActive: d.isActive, requiresAcceptance: d.requiresAcceptance };
    return {
      actorId: d.changedBy,
      action: `document.${d.action}`,
      targetType: 'document',
      targetId: d.documentId,
      before: d.action === 'created' ? null : { version: d.previousVersion },
      after: d.action === 'deleted' ? null : state,
      createdAt: d.changedAt,
    };
  },
} satisfies Record<string, TAuditMapper>;
