import type { TAdminSubmission, TAdminSubmissionPage, TAdminSubmissionsQuery, TAssignment } from '@platform/contracts';
import { withTransaction, writeEvent, type PoolClient } from '@platform/service-kit';
import {
  findAssignment,
  findFilesOfAssignments,
  findSubmission,
  listSubmissionsPage,
  markApproved,
  markCancelled,
  markRejected,
  type TSubmissionRecord,
} from '../data-access/assignments.repository.js';
import { findLatestControlChecks } from '../data-access/control.repository.js';
import { findClaim, lockClaimToDecide } from '../data-access/claims.repository.js';
import { findLatestRejections, insertRejection } from '../data-access/rejections.repository.js';
import { findTemplate } from '../data-access/review-templates.repository.js';
import { LIVE_ASSIGNMENT_STATUSES, type TAssignmentRecord } from '../data-access/rows.js';
import { findTask } from '../data-access/tasks.repository.js';
import { findUsers } from '../data-access/users.repository.js';
import type { TWorkDeps } from './deps.js';
import { recordApprovalPay } from './fair-pay.use-case.js';
import { settleTaskStatus } from './task-slots.js';
import { unknownCriteria } from './task-rules.js';
import { WORK_ERRORS } from './work.errors.js';

async function toAdminSubmissions(deps: TWorkDeps, submissions: TSubmissionRecord[]): Promise<TAdminSubmission[]> {
  const [users, files, rejections, controlChecks] = await Promise.all([
    findUsers(deps.pool, submissions.map((s) => s.userId)),
    findFilesOfAssignments(deps.pool, submissions.map((s) => s.id)),
    findLatestRejections(deps.pool, submissions.filter((s) => s.status === 'rejected').map((s) => s.id)),
    // The check of a control task's submission, made when it came in (issue 30 item 5): shown to the reviewer.
    findLatestControlChecks(deps.pool, submissions.map((s) => s.id)),
  ]);
  return submissions.map((submission) => {
    const user = users.get(submission.userId);
    return {
      id: submission.id,
      taskId: submission.taskId,
      taskTitle: submission.taskTitle,
      taskDescription: submission.taskDescription,
      taskReward: submission.taskReward,
      userId: submission.userId,
      userFirstName: user?.firstName ?? '',
      userLastName: user?.lastName ?? '',
      userEmail: user?.email ?? '',
      status: submission.status,
      submission: submission.submission,
      submittedAt: submission.submittedAt,
      rejectionReason: submission.rejectionReason,
      rejectedAt: submission.rejectedAt,
      completedAt: submission.completedAt,
      autoApproved: submission.autoApproved,
      files: files.get(submission.id) ?? [],
      taskSubmissionInstructions: submission.taskSubmissionInstructions,
      taskAcceptanceCriteria: submission.taskAcceptanceCriteria,
      rejectedCriteria: rejections.get(submission.id)?.criteria ?? [],
      controlCheck: controlChecks.get(submission.id) ?? null,
      claim: submission.claim,
    };
  });
}

/** GET /api/admin/submissions: one page of the submissions awaiting review, oldest first. */
export async function listSubmissionsAwaitingReview(deps: TWorkDeps, query: TAdminSubmissionsQuery): Promise<TAdminSubmissionPage> {
  const page = await listSubmissionsPage(deps.pool, query);
  return { ...page, items: await toAdminSubmissions(deps, page.items) };
}

/** GET /api/admin/submissions/{id} (the assignment id), whatever its status. */
export async function getSubmission(deps: TWorkDeps, id: string): Promise<TAdminSubmission> {
  const found = await findSubmission(deps.pool, id);
  if (!found || found.submittedAt === null) throw WORK_ERRORS.submissionNotFound();
  const [submission] = await toAdminSubmissions(deps, [found]);
  return submission as TAdminSubmission;
}

/**
 * Approves one submission inside the caller's transaction: the conditional update lets exactly one of any number of
 * concurrent approvals (admins or the job) through, and the submission.approved event is written with it. The task
 * row is then locked, so approvals of one task's submissions run one after another while its median real time is
 * recomputed and any top-up to the hourly floor is written (fair-pay.use-case.ts). The event carries the claim the
 * submission was decided under (the admin's own, or another's lapsed one), for the audit row (issue 30).
 * Returns undefined when it was no longer awaiting review.
 */
export async function approveInTransaction(
  client: PoolClient,
  assignmentId: string,
  approvedBy: string | null,
  from: 'submitted' | 'rejected' = 'submitted',
): Promise<TAssignmentRecord | undefined> {
  const recorded = await lockClaimToDecide(client, assignmentId, approvedBy, from);
  const approved = await markApproved(client, assignmentId, approvedBy, from);
  if (!approved) return undefined;
  const task = await findTask(client, approved.taskId, { forUpdate: true });
  if (!task) throw WORK_ERRORS.taskNotFound();
  await settleTaskStatus(client, approved.taskId);
  await recordApprovalPay(client, approved.taskId);
  await writeEvent(client, 'submission.approved', {
    userId: approved.userId,
    assignmentId: approved.id,
    taskId: approved.taskId,
    reward: task.reward,
    approvedAt: approved.completedAt as string,
    approvedBy,
    taskTitle: task.title,
    ...(recorded?.claim ? { claim: recorded.claim } : {}),
  });
  return approved;
}

/**
 * Why a decision found no row: unknown, decided already, claimed by another admin (issue 30: 409 naming them), or not
 * awaiting review. `adminId` is the deciding admin.
 */
export async function explainNotReviewable(client: PoolClient, id: string, adminId: string | null): Promise<never> {
  const existing = await findAssignment(client, id);
  if (!existing || existing.submittedAt === null) throw WORK_ERRORS.submissionNotFound();
  const awaiting = existing.status === 'submitted' || (existing.status === 'rejected' && existing.underAppeal);
  if (awaiting) {
    const claim = await findClaim(client, id);
    if (claim && claim.adminId !== adminId) throw WORK_ERRORS.claimedByOther(claim.adminName);
  }
  if (existing.status === 'completed' || existing.status === 'rejected') throw WORK_ERRORS.alreadyReviewed();
  throw WORK_ERRORS.notAwaitingReview();
}

/**
 * An admin's approval of one submission awaiting review, inside the caller's transaction: the one approval of every
 * door (a single approval, each item of a bulk approval job, the review cockpit), so each writes the same
 * submission.approved (payouts' one ledger entry, admin's audit row). Refused with the reason (AppError) when it is
 * decided already, claimed by another admin, or unknown.
 */
export async function approveAsAdmin(client: PoolClient, adminId: string, id: string): Promise<TAssignmentRecord> {
  const approved = await approveInTransaction(client, id, adminId);
  if (!approved) return explainNotReviewable(client, id, adminId);
  return approved;
}

/** POST /api/admin/submissions/{id}/approve. */
export async function approveSubmission(deps: TWorkDeps, adminId: string, id: string): Promise<TAdminSubmission> {
  await withTransaction(deps.pool, (client) => approveAsAdmin(client, adminId, id));
  return getSubmission(deps, id);
}

/**
 * POST /api/admin/submissions/{id}/reject: Needs Revision with the reason and the acceptance criteria not met (by
 * number; required when the task has criteria, unknown numbers refused); the worker may resubmit or appeal. Each
 * rejection is kept (submission_rejections) for the appeal and the worker's quality record. Its event carries the
 * claim it was decided under, as an approval's does.
 */
export async function rejectSubmission(
  deps: TWorkDeps,
  adminId: string,
  id: string,
  reason: string,
  criteria: number[] = [],
  templateId?: string,
): Promise<TAdminSubmission> {
  await withTransaction(deps.pool, async (client) => {
    const existing = await findSubmission(client, id);
    if (existing && existing.submittedAt !== null) {
      const unknown = unknownCriteria(criteria, existing.taskAcceptanceCriteria.length);
      if (unknown.length > 0) throw WORK_ERRORS.unknownCriteria(unknown);
      if (existing.taskAcceptanceCriteria.length > 0 && criteria.length === 0) throw WORK_ERRORS.criteriaRequired();
    }
    const recorded = await lockClaimToDecide(client, id, adminId, 'submitted');
    const rejected = await markRejected(client, id, adminId, reason);
    if (!rejected) return explainNotReviewable(client, id, adminId);
    // The reason template it was made from (issue 30): kept from deletion until this commits, and counted by the row
    // written below (a refused or rolled-back rejection counts nothing: this throw rolls the rejection back).
    if (templateId !== undefined && !(await findTemplate(client, templateId, { lock: 'key share' }))) throw WORK_ERRORS.reviewTemplateNotFound('templateId');
    const named = [...criteria].sort((a, b) => a - b);
    await insertRejection(client, {
      assignmentId: rejected.id,
      userId: rejected.userId,
      taskId: rejected.taskId,
      reason,
      criteria: named,
      rejectedBy: adminId,
      rejectedAt: rejected.rejectedAt as string,
      templateId: templateId ?? null,
    });
    await settleTaskStatus(client, rejected.taskId);
    await writeEvent(client, 'submission.rejected', {
      userId: rejected.userId,
      assignmentId: rejected.id,
      taskId: rejected.taskId,
      reason,
      rejectedAt: rejected.rejectedAt as string,
      rejectedBy: adminId,
      criteria: named,
      ...(recorded?.claim ? { claim: recorded.claim } : {}),
    });
  });
  return getSubmission(deps, id);
}

/** POST /api/admin/assignments/{id}/cancel: a live assignment is cancelled with a reason; its slot is free again (the task back on the board). */
export async function cancelAssignment(deps: TWorkDeps, adminId: string, id: string, reason: string): Promise<TAssignment> {
  const cancelled = await withTransaction(deps.pool, async (client) => {
    const row = await markCancelled(client, id, { cancelledBy: adminId, reason, onlyFrom: LIVE_ASSIGNMENT_STATUSES });
    if (!row) {
      const existing = await findAssignment(client, id);
      if (!existing) throw WORK_ERRORS.assignmentNotFound();
      if (existing.underAppeal) throw WORK_ERRORS.underAppeal();
      throw WORK_ERRORS.cannotCancel();
    }
    await settleTaskStatus(client, row.taskId);
    await writeEvent(client, 'assignment.cancelled', {
      userId: row.userId,
      assignmentId: row.id,
      taskId: row.taskId,
      reason,
      cancelledAt: row.cancelledAt as string,
      cancelledBy: adminId,
    });
    return row;
  });
  const files = await findFilesOfAssignments(deps.pool, [cancelled.id]);
  return { ...cancelled, files: files.get(cancelled.id) ?? [] };
}
