import { ZSupportConversationChangedDataSchema, type TEventEnvelope } from '@platform/contracts';
import type { TNewAuditEntry } from '../data-access/audit-log.repository.js';

/**
 * The support desk's admin actions (chat service, issue 12): every status change (Resolve, Close, reopen, and the
 * open -> pending an admin's reply makes) and every assignment, one audit row each.
 */
export const SUPPORT_AUDIT_MAPPERS = {
  'support_conversation.changed': (event: TEventEnvelope): Omit<TNewAuditEntry, 'eventId'> => {
    const d = ZSupportConversationChangedDataSchema.parse(event.data);
    return {
      actorId: d.changedBy,
      action: d.change === 'status' ? 'support.status_changed' : 'support.assigned',
      targetType: 'support_conversation',
      targetId: d.userId,
      before: d.change === 'status' ? { status: d.before.status } : { assignedAdminId: d.before.assignedAdminId },
      after: d.change === 'status' ? { status: d.after.status, via: d.via } : { assignedAdminId: d.after.assignedAdminId },
      createdAt: d.changedAt,
    };
  },
};
