import {
  ZAppealDecidedDataSchema,
  ZAssignmentCancelledDataSchema,
  ZSubmissionAppealedDataSchema,
  ZChatSettingsChangedDataSchema,
  ZReviewTemplateChangedDataSchema,
  ZBalanceAdjustedDataSchema,
  ZBalanceGivenUpDataSchema,
  ZSettingsChangedDataSchema,
  ZSubmissionApprovedDataSchema,
  ZSubmissionClaimTakenOverDataSchema,
  ZSubmissionRejectedDataSchema,
  ZTaskRequestDecidedDataSchema,
  ZWithdrawalDecidedDataSchema,
  type TEventEnvelope,
  type TRecordedClaim,
} from '@platform/contracts';
import type { TNewAuditEntry } from '../data-access/audit-log.repository.js';
import { SUPPORT_AUDIT_MAPPERS } from './support-audit-entries.js';
import { USER_AUDIT_MAPPERS } from './user-audit-entries.js';
import { VERIFICATION_AUDIT_MAPPERS } from './verification-audit-entries.js';
import { DOCUMENT_AUDIT_MAPPERS } from './document-audit-entries.js';

type TAuditMapper = (event: TEventEnvelope) => Omit<TNewAuditEntry, 'eventId'> | undefined;

/** Who had claimed a submission (issue 30), as the audit row's `before` shows it; nothing when no claim was recorded. */
const claimState = (claim: TRecordedClaim | undefined) => (claim ? { claimedBy: claim.adminId, claimExpiresAt: claim.expiresAt, claimLapsed: claim.lapsed } : {});

/**
 * Every event that records an admin's action, and the audit row it becomes. An event without an actor (an
 * automatic approval, the admin service publishing a setting at start) is not an admin action: no row.
 */
export const AUDIT_MAPPERS = {
  'withdrawal.decided': (event) => {
    const d = ZWithdrawalDecidedDataSchema.parse(event.data);
    return {
      actorId: d.decidedBy,
      action: d.status === 'approved' ? 'withdrawal.approved' : 'withdrawal.rejected',
      targetType: 'withdrawal',
      targetId: d.withdrawalId,
      before: { status: 'pending' },
      after: { status: d.status, txReference: d.txReference, adminComment: d.adminComment },
      createdAt: d.decidedAt,
    };
  },
  'balance.adjusted': (event) => {
    const d = ZBalanceAdjustedDataSchema.parse(event.data);
    return {
      actorId: d.adjustedBy,
      action: 'balance.adjusted',
      targetType: 'user',
      targetId: d.userId,
      before: { balance: d.before },
      after: { balance: d.after, amount: d.amount, reason: d.reason },
      createdAt: d.at,
    };
  },
  // Not an admin's action but a money decision about a user: the worker closing the account gave up the balance.
  'balance.given_up': (event) => {
    const d = ZBalanceGivenUpDataSchema.parse(event.data);
    return {
      actorId: d.userId,
      action: 'balance.given_up',
      targetType: 'user',
      targetId: d.userId,
      before: { available: d.amount },
      after: { available: '0.00', amount: `-${d.amount}`, entryId: d.entryId },
      createdAt: d.at,
    };
  },
  'settings.changed': (event) => {
    const d = ZSettingsChangedDataSchema.parse(event.data);
    if (!d.changedBy) return undefined;
    return {
      actorId: d.changedBy,
      action: 'settings.changed',
      targetType: 'setting',
      targetId: d.key,
      before: { value: d.previousValue ?? null },
      after: { value: d.value },
      createdAt: d.changedAt ?? event.occurredAt,
    };
  },
  'submission.approved': (event) => {
    const d = ZSubmissionApprovedDataSchema.parse(event.data);
    if (!d.approvedBy) return undefined;
    return {
      actorId: d.approvedBy,
      action: 'submission.approved',
      targetType: 'submission',
      targetId: d.assignmentId,
      before: { status: 'submitted', ...claimState(d.claim) },
      after: { status: 'completed', reward: d.reward, userId: d.userId, taskId: d.taskId },
      createdAt: d.approvedAt,
    };
  },
  'submission.rejected': (event) => {
    const d = ZSubmissionRejectedDataSchema.parse(event.data);
    return {
      actorId: d.rejectedBy,
      action: 'submission.rejected',
      targetType: 'submission',
      targetId: d.assignmentId,
      before: { status: 'submitted', ...claimState(d.claim) },
      after: { status: 'rejected', reason: d.reason, userId: d.userId, taskId: d.taskId },
      createdAt: d.rejectedAt,
    };
  },
  // Who is reviewing what (issue 30): an admin took over another admin's lapsed claim on a submission.
  'submission.claim_taken_over': (event) => {
    const d = ZSubmissionClaimTakenOverDataSchema.parse(event.data);
    return {
      actorId: d.takenBy,
      action: 'submission.claim_taken_over',
      targetType: 'submission',
      targetId: d.assignmentId,
      before: claimState(d.previous),
      after: { claimedBy: d.takenBy, claimExpiresAt: d.expiresAt, userId: d.userId, taskId: d.taskId },
      createdAt: d.takenAt,
    };
  },
  // Due process (issue 29): the worker's appeal (their own step, as balance.given_up is) and the second admin's decision.
  'submission.appealed': (event) => {
    const d = ZSubmissionAppealedDataSchema.parse(event.data);
    return {
      actorId: d.userId,
      action: 'submission.appealed',
      targetType: 'appeal',
      targetId: d.appealId,
      before: { status: 'rejected', rejectedBy: d.rejectedBy },
      after: { status: 'under_appeal', statement: d.statement, assignmentId: d.assignmentId, taskId: d.taskId },
      createdAt: d.appealedAt,
    };
  },
  'appeal.decided': (event) => {
    const d = ZAppealDecidedDataSchema.parse(event.data);
    return {
      actorId: d.decidedBy,
      action: d.decision === 'upheld' ? 'appeal.upheld' : 'appeal.overturned',
      targetType: 'appeal',
      targetId: d.appealId,
      before: { status: 'pending', ...claimState(d.claim) },
      after: { status: d.decision, reason: d.reason, userId: d.userId, assignmentId: d.assignmentId, taskId: d.taskId },
      createdAt: d.decidedAt,
    };
  },
  'assignment.cancelled': (event) => {
    const d = ZAssignmentCancelledDataSchema.parse(event.data);
    return {
      actorId: d.cancelledBy,
      action: 'assignment.cancelled',
      targetType: 'assignment',
      targetId: d.assignmentId,
      // The status before the cancellation is not in the event (assigned, in_progress or rejected).
      before: null,
      after: { status: 'cancelled', reason: d.reason, userId: d.userId, taskId: d.taskId },
      createdAt: d.cancelledAt,
    };
  },
  'task_request.decided': (event) => {
    const d = ZTaskRequestDecidedDataSchema.parse(event.data);
    return {
      actorId: d.decidedBy,
      action: d.status === 'approved' ? 'task_request.approved' : 'task_request.rejected',
      targetType: 'task_request',
      targetId: d.requestId,
      before: { status: 'pending' },
      after: { status: d.status, reason: d.reason, assignmentId: d.assignmentId, userId: d.userId, taskId: d.taskId },
      createdAt: d.decidedAt,
    };
  },
  'chat_settings.changed': (event) => {
    const d = ZChatSettingsChangedDataSchema.parse(event.data);
    return {
      actorId: d.changedBy,
      // A change of the provider API key is its own action (the key itself is never in the event).
      action: d.providerApiKey === 'unchanged' ? 'chat_settings.changed' : 'chat_settings.provider_key_changed',
      targetType: 'chat_settings',
      targetId: 'chat_settings',
      before: d.before,
      after: { ...d.after, ...(d.providerApiKey === 'unchanged' ? {} : { providerApiKey: d.providerApiKey }) },
      createdAt: d.changedAt,
    };
  },
  // The review cockpit's reason templates (work service, issue 30).
  'review_template.changed': (event) => {
    const d = ZReviewTemplateChangedDataSchema.parse(event.data);
    return {
      actorId: d.changedBy,
      action: `review_template.${d.action}`,
      targetType: 'review_template',
      targetId: d.templateId,
      before: d.before,
      after: d.after,
      createdAt: d.changedAt,
    };
  },
  ...USER_AUDIT_MAPPERS,
  ...SUPPORT_AUDIT_MAPPERS,
  ...VERIFICATION_AUDIT_MAPPERS,
  ...DOCUMENT_AUDIT_MAPPERS,
} satisfies Record<string, TAuditMapper>;

export const AUDITED_EVENT_TYPES = Object.keys(AUDIT_MAPPERS) as (keyof typeof AUDIT_MAPPERS)[];

/** The audit row of an event, or undefined when the event records no admin's action. */
export function auditEntryOf(event: TEventEnvelope): TNewAuditEntry | undefined {
  const mapper = (AUDIT_MAPPERS as Record<string, TAuditMapper>)[event.type];
  if (!mapper) throw new Error(`The audit queue does not handle events of type "${event.type}"`);
  const entry = mapper(event);
  return entry ? { ...entry, eventId: event.id } : undefined;
}
