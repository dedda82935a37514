import { ZUserChangedByAdminDataSchema, ZUserDeletedDataSchema, type TEventEnvelope } from '@platform/contracts';
import type { TNewAuditEntry } from '../data-access/audit-log.repository.js';

type TAuditMapper = (event: TEventEnvelope) => Omit<TNewAuditEntry, 'eventId'> | undefined;

/**
 * The audit rows of user management (issue 14 item 2): an admin's edit, ban or unban with the changed fields before
 * and after, and every account deletion (by an admin, or by the worker themself: actor is then the worker). When a
 * user is deleted, the names and e-mail in the rows about them are erased (eraseUserFromAuditLog); the rows stay.
 */
export const USER_AUDIT_MAPPERS = {
  'user.changed_by_admin': (event) => {
    const d = ZUserChangedByAdminDataSchema.parse(event.data);
    return { actorId: d.changedBy, action: d.action, targetType: 'user', targetId: d.userId, before: d.before, after: d.after, createdAt: d.at };
  },
  'user.deleted': (event) => {
    const d = ZUserDeletedDataSchema.parse(event.data);
    return {
      actorId: d.deletedBy,
      action: d.requestedBy === 'self' ? 'user.deleted_own_account' : 'user.deleted',
      targetType: 'user',
      targetId: d.userId,
      before: { deleted: false },
      after: { deleted: true, requestedBy: d.requestedBy },
      createdAt: d.deletedAt,
    };
  },
} satisfies Record<string, TAuditMapper>;
