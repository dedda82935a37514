import { ZVerificationDecidedDataSchema, ZVerificationFileViewedDataSchema, type TEventEnvelope } from '@platform/contracts';
import type { TNewAuditEntry } from '../data-access/audit-log.repository.js';

/**
 * Identity verification (auth service, issue 15): every decision and EVERY view of an identity image by an admin is
 * an audit row (target: the application; the applicant in `after.userId`).
 */
export const VERIFICATION_AUDIT_MAPPERS = {
  'verification.decided': (event: TEventEnvelope): Omit<TNewAuditEntry, 'eventId'> => {
    const d = ZVerificationDecidedDataSchema.parse(event.data);
    return {
      actorId: d.decidedBy,
      action: d.status === 'approved' ? 'verification.approved' : 'verification.rejected',
      targetType: 'verification',
      targetId: d.verificationId,
      before: { status: 'pending' },
      after: { status: d.status, reason: d.reason, userId: d.userId },
      createdAt: d.decidedAt,
    };
  },
  'verification.file_viewed': (event: TEventEnvelope): Omit<TNewAuditEntry, 'eventId'> => {
    const d = ZVerificationFileViewedDataSchema.parse(event.data);
    return {
      actorId: d.viewedBy,
      action: 'verification.file_viewed',
      targetType: 'verification',
      targetId: d.verificationId,
      before: null,
      after: { file: d.file, userId: d.userId },
      createdAt: d.viewedAt,
    };
  },
};
