import {
  ZAppealDecidedDataSchema,
  ZAssignmentCreatedDataSchema,
  ZAssignmentReturnedDataSchema,
  ZSubmissionAppealedDataSchema,
  ZSubmissionApprovedDataSchema,
  ZTaskToppedUpDataSchema,
  ZUserDeletedDataSchema,
  ZUserRegisteredDataSchema,
  ZVerificationDecidedDataSchema,
  ZVerificationSubmittedDataSchema,
  ZWithdrawalDecidedDataSchema,
  ZWithdrawalRequestedDataSchema,
  type TActivityPage,
  type TEventEnvelope,
} from '@platform/contracts';
import type { PoolClient, Queryable } from '@platform/service-kit';
import { eraseActivityAndVerifications, insertActivity, listActivityPage, type TNewActivity } from '../data-access/activity.repository.js';
import { presentActivity, type TActivityLanguage } from './activity-texts.js';

/** The events the activity history is built from. */
export const ACTIVITY_EVENT_TYPES = [
  'user.registered',
  'assignment.created',
  'submission.approved',
  'task.topped_up',
  'withdrawal.requested',
  'withdrawal.decided',
  'verification.submitted',
  'verification.decided',
  'user.deleted',
  'assignment.returned',
  'submission.appealed',
  'appeal.decided',
] as const;

/** The entry an event makes (or undefined). Pure: the event's data only. */
export function activityOf(event: TEventEnvelope): TNewActivity | undefined {
  switch (event.type) {
    case 'user.registered': {
      const d = ZUserRegisteredDataSchema.parse(event.data);
      return { userId: d.userId, type: 'account_created', params: {}, occurredAt: d.registeredAt, sourceKey: `user.registered:${d.userId}` };
    }
    case 'assignment.created': {
      const d = ZAssignmentCreatedDataSchema.parse(event.data);
      return { userId: d.userId, type: 'task_assigned', params: { taskId: d.taskId }, occurredAt: d.assignedAt, sourceKey: `assignment.created:${d.assignmentId}` };
    }
    case 'submission.approved': {
      const d = ZSubmissionApprovedDataSchema.parse(event.data);
      return { userId: d.userId, type: 'task_completed', params: { taskId: d.taskId, amount: d.reward }, occurredAt: d.approvedAt, sourceKey: `submission.approved:${d.assignmentId}` };
    }
    case 'task.topped_up': {
      const d = ZTaskToppedUpDataSchema.parse(event.data);
      return {
        userId: d.userId,
        type: 'task_topped_up',
        params: { taskId: d.taskId, taskTitle: d.taskTitle, amount: d.amount, minimumHourlyRate: d.minimumHourlyRate },
        occurredAt: d.toppedUpAt,
        sourceKey: `task.topped_up:${d.assignmentId}`,
      };
    }
    case 'withdrawal.requested': {
      const d = ZWithdrawalRequestedDataSchema.parse(event.data);
      return { userId: d.userId, type: 'withdrawal_request', params: { amount: d.amount, currency: d.currency }, occurredAt: d.requestedAt, sourceKey: `withdrawal.requested:${d.withdrawalId}` };
    }
    case 'withdrawal.decided': {
      const d = ZWithdrawalDecidedDataSchema.parse(event.data);
      return {
        userId: d.userId,
        type: d.status === 'approved' ? 'withdrawal_approved' : 'withdrawal_rejected',
        params: { amount: d.amount, currency: d.currency, reason: d.status === 'rejected' ? d.adminComment : null },
        occurredAt: d.decidedAt,
        sourceKey: `withdrawal.decided:${d.withdrawalId}`,
      };
    }
    case 'verification.submitted': {
      const d = ZVerificationSubmittedDataSchema.parse(event.data);
      return { userId: d.userId, type: 'verification', params: { phase: 'submitted' }, occurredAt: d.submittedAt, sourceKey: `verification.submitted:${d.verificationId}` };
    }
    case 'verification.decided': {
      const d = ZVerificationDecidedDataSchema.parse(event.data);
      return { userId: d.userId, type: 'verification', params: { phase: d.status, reason: d.reason }, occurredAt: d.decidedAt, sourceKey: `verification.decided:${d.verificationId}` };
    }
    case 'assignment.returned': {
      const d = ZAssignmentReturnedDataSchema.parse(event.data);
      return { userId: d.userId, type: 'task_returned', params: { taskId: d.taskId }, occurredAt: d.returnedAt, sourceKey: `assignment.returned:${d.assignmentId}` };
    }
    case 'submission.appealed': {
      const d = ZSubmissionAppealedDataSchema.parse(event.data);
      return { userId: d.userId, type: 'task_appealed', params: { taskId: d.taskId, taskTitle: d.taskTitle }, occurredAt: d.appealedAt, sourceKey: `submission.appealed:${d.appealId}` };
    }
    case 'appeal.decided': {
      const d = ZAppealDecidedDataSchema.parse(event.data);
      return {
        userId: d.userId,
        type: 'appeal_decided',
        params: { taskId: d.taskId, taskTitle: d.taskTitle, decision: d.decision, reason: d.reason },
        occurredAt: d.decidedAt,
        sourceKey: `appeal.decided:${d.appealId}`,
      };
    }
    default:
      return undefined;
  }
}

/**
 * The consumer's step: the entry goes in with the event's inbox row (a redelivery adds nothing). user.deleted
 * erases the user's history and identity applications (fields and images); the admins' audit rows stay elsewhere.
 */
export async function recordActivity(client: PoolClient, event: TEventEnvelope): Promise<void> {
  if (event.type === 'user.deleted') {
    const { userId } = ZUserDeletedDataSchema.parse(event.data);
    await eraseActivityAndVerifications(client, userId);
    return;
  }
  const entry = activityOf(event);
  if (entry) await insertActivity(client, entry);
}

/** GET /api/user/activity: one page of the user's own entries, newest first, in the reader's language. */
export async function getMyActivity(db: Queryable, userId: string, query: { pageSize: number; cursor?: string }, language: TActivityLanguage): Promise<TActivityPage> {
  const page = await listActivityPage(db, userId, query);
  return { ...page, items: page.items.map((e) => presentActivity(e, language)) };
}
