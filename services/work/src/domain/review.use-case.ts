import type { TAdminSubmission, TAssignment } from '@platform/contracts';
import { withTransaction, writeEvent, type PoolClient, type Queryable } from '@platform/service-kit';
import {
  findAssignment,
  findFilesOfAssignments,
  findSubmissionRow,
  listSubmissionRows,
  markApproved,
  markCancelled,
  markRejected,
  type TSubmissionRow,
} from '../data-access/assignments.repository.js';
import { iso, LIVE_ASSIGNMENT_STATUSES, mapAssignment, type TAssignmentRow } from '../data-access/rows.js';
import { findTask, setTaskStatus } from '../data-access/tasks.repository.js';
import { findUsers } from '../data-access/users.repository.js';
import type { TWorkDeps } from './deps.js';
import { uuidOr, WORK_ERRORS } from './work.errors.js';

async function toAdminSubmissions(db: Queryable, rows: TSubmissionRow[]): Promise<TAdminSubmission[]> {
  const [users, files] = await Promise.all([findUsers(db, rows.map((r) => r.user_id)), findFilesOfAssignments(db, rows.map((r) => r.id))]);
  return rows.map((row) => {
    const user = users.get(row.user_id);
    return {
      id: row.id,
      taskId: row.task_id,
      taskTitle: row.task_title,
      taskDescription: row.task_description,
      taskReward: row.task_reward,
      userId: row.user_id,
      userFirstName: user?.firstName ?? '',
      userLastName: user?.lastName ?? '',
      userEmail: user?.email ?? '',
      status: row.status,
      submission: row.submission,
      submittedAt: iso(row.submitted_at),
      rejectionReason: row.rejection_reason,
      rejectedAt: iso(row.rejected_at),
      completedAt: iso(row.completed_at),
      autoApproved: row.auto_approved,
      files: files.get(row.id) ?? [],
    };
  });
}

/** GET /api/admin/submissions: submissions awaiting review, oldest first. */
export async function listSubmissionsAwaitingReview(db: Queryable): Promise<TAdminSubmission[]> {
  return toAdminSubmissions(db, await listSubmissionRows(db, 'submitted'));
}

/** GET /api/admin/submissions/{id} (the assignment id), whatever its status. */
export async function getSubmission(db: Queryable, rawId: string): Promise<TAdminSubmission> {
  const id = uuidOr(rawId, WORK_ERRORS.submissionNotFound);
  const row = await findSubmissionRow(db, id);
  if (!row || row.submitted_at === null) throw WORK_ERRORS.submissionNotFound();
  const [submission] = await toAdminSubmissions(db, [row]);
  return submission as TAdminSubmission;
}

/**
 * Approves one submission inside the caller's transaction: the conditional update lets exactly one of any number of
 * concurrent approvals (admins or the job) through, and the submission.approved event is written with it.
 * Returns undefined when it was no longer awaiting review.
 */
export async function approveInTransaction(client: PoolClient, assignmentId: string, approvedBy: string | null): Promise<TAssignmentRow | undefined> {
  const row = await markApproved(client, assignmentId, approvedBy);
  if (!row) return undefined;
  const task = await findTask(client, row.task_id);
  if (!task) throw WORK_ERRORS.taskNotFound();
  await setTaskStatus(client, row.task_id, 'completed');
  await writeEvent(client, 'submission.approved', {
    userId: row.user_id,
    assignmentId: row.id,
    taskId: row.task_id,
    reward: task.reward,
    approvedAt: iso(row.completed_at) as string,
    approvedBy,
  });
  return row;
}

async function explainNotReviewable(client: PoolClient, id: string): Promise<never> {
  const existing = await findAssignment(client, id);
  if (!existing || existing.submitted_at === null) throw WORK_ERRORS.submissionNotFound();
  if (existing.status === 'completed' || existing.status === 'rejected') throw WORK_ERRORS.alreadyReviewed();
  throw WORK_ERRORS.notAwaitingReview();
}

/** POST /api/admin/submissions/{id}/approve. */
export async function approveSubmission(deps: TWorkDeps, adminId: string, rawId: string): Promise<TAdminSubmission> {
  const id = uuidOr(rawId, WORK_ERRORS.submissionNotFound);
  await withTransaction(deps.pool, async (client) => {
    const row = await approveInTransaction(client, id, adminId);
    if (!row) await explainNotReviewable(client, id);
  });
  return getSubmission(deps.pool, id);
}

/** POST /api/admin/submissions/{id}/reject: Needs Revision with the reason; the worker may resubmit. */
export async function rejectSubmission(deps: TWorkDeps, adminId: string, rawId: string, reason: string): Promise<TAdminSubmission> {
  const id = uuidOr(rawId, WORK_ERRORS.submissionNotFound);
  await withTransaction(deps.pool, async (client) => {
    const row = await markRejected(client, id, adminId, reason);
    if (!row) return explainNotReviewable(client, id);
    await setTaskStatus(client, row.task_id, 'assigned');
    await writeEvent(client, 'submission.rejected', {
      userId: row.user_id,
      assignmentId: row.id,
      taskId: row.task_id,
      reason,
      rejectedAt: iso(row.rejected_at) as string,
      rejectedBy: adminId,
    });
  });
  return getSubmission(deps.pool, id);
}

/** POST /api/admin/assignments/{id}/cancel: a live assignment is cancelled with a reason; the task is available again. */
export async function cancelAssignment(deps: TWorkDeps, adminId: string, rawId: string, reason: string): Promise<TAssignment> {
  const id = uuidOr(rawId, WORK_ERRORS.assignmentNotFound);
  const row = await withTransaction(deps.pool, async (client) => {
    const cancelled = await markCancelled(client, id, { cancelledBy: adminId, reason, onlyFrom: LIVE_ASSIGNMENT_STATUSES });
    if (!cancelled) {
      if (!(await findAssignment(client, id))) throw WORK_ERRORS.assignmentNotFound();
      throw WORK_ERRORS.cannotCancel();
    }
    await setTaskStatus(client, cancelled.task_id, 'available');
    await writeEvent(client, 'assignment.cancelled', {
      userId: cancelled.user_id,
      assignmentId: cancelled.id,
      taskId: cancelled.task_id,
      reason,
      cancelledAt: iso(cancelled.cancelled_at) as string,
      cancelledBy: adminId,
    });
    return cancelled;
  });
  const files = await findFilesOfAssignments(deps.pool, [row.id]);
  return mapAssignment(row, files.get(row.id) ?? []);
}
