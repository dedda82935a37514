import {
  QUALITY_REASONS_SHOWN,
  type TAdminAppeal,
  type TAdminAppealPage,
  type TAdminAppealsQuery,
  type TAppeal,
  type TDecideAppealRequest,
  type TQualityRecord,
} from '@platform/contracts';
import { withTransaction, writeEvent } from '@platform/service-kit';
import { findAssignment, findLatestAssignmentOfWorker } from '../data-access/assignments.repository.js';
import { findClaim, lockRecordedClaim } from '../data-access/claims.repository.js';
import {
  countQuality,
  findAppeal,
  findLatestRejections,
  findRejectionByAppeal,
  listAppealsPage,
  listLatestRejectionsOfWorker,
  markAppealDecided,
  markAppealed,
  setUnderAppeal,
  type TAppealRecord,
  type TRejectionRecord,
} from '../data-access/rejections.repository.js';
import { APPEAL_DECISION_DAYS_KEY, APPEAL_WINDOW_DAYS_KEY, SETTINGS_COPY } from '../data-access/settings.repository.js';
import { findTask } from '../data-access/tasks.repository.js';
import { findUsers } from '../data-access/users.repository.js';
import type { TWorkDeps } from './deps.js';
import { approveInTransaction } from './review.use-case.js';
import { parseWholeDays } from './task-rules.js';
import { WORK_ERRORS } from './work.errors.js';

const DAY_MS = 86_400_000;

/** appeal_window_days and appeal_decision_days: the local copies of the settings, else the configured defaults. */
export async function currentAppealDays(deps: Pick<TWorkDeps, 'pool' | 'appealWindowDaysDefault' | 'appealDecisionDaysDefault'>): Promise<{ windowDays: number; decisionDays: number }> {
  const [windowSetting, decisionSetting] = await Promise.all([SETTINGS_COPY.find(deps.pool, APPEAL_WINDOW_DAYS_KEY), SETTINGS_COPY.find(deps.pool, APPEAL_DECISION_DAYS_KEY)]);
  return {
    windowDays: parseWholeDays(windowSetting?.value, deps.appealWindowDaysDefault),
    decisionDays: parseWholeDays(decisionSetting?.value, deps.appealDecisionDaysDefault),
  };
}

/** The end of the window in which a rejection may be appealed. */
export function appealableUntil(rejectedAt: string, windowDays: number): string {
  return new Date(new Date(rejectedAt).getTime() + windowDays * DAY_MS).toISOString();
}

/** The worker's view of a rejection's appeal. */
export function toWorkerAppeal(rejection: TRejectionRecord): TAppeal | null {
  const appeal = rejection.appeal;
  if (!appeal) return null;
  return { id: appeal.id, status: appeal.status, statement: appeal.statement, appealedAt: appeal.appealedAt, decidedAt: appeal.decidedAt, decisionReason: appeal.decisionReason };
}

/**
 * POST /api/tasks/{id}/appeal: the worker appeals the latest rejection of their submission on the task, within
 * appeal_window_days of it, once. The assignment is locked first (as a resubmission and a return lock it), and marked
 * under appeal in the same transaction as submission.appealed: until an admin decides, it cannot be resubmitted,
 * handed back or cancelled.
 */
export async function appealRejection(deps: TWorkDeps, userId: string, taskId: string, statement: string): Promise<TAppeal> {
  const { windowDays } = await currentAppealDays(deps);
  return withTransaction(deps.pool, async (client) => {
    const latest = await findLatestAssignmentOfWorker(client, taskId, userId);
    if (!latest) throw WORK_ERRORS.notYourTask();
    const assignment = await findAssignment(client, latest.id, { forUpdate: true });
    if (!assignment || assignment.status !== 'rejected') throw WORK_ERRORS.cannotAppeal();
    const rejection = (await findLatestRejections(client, [assignment.id], { forUpdate: true })).get(assignment.id);
    if (!rejection) throw WORK_ERRORS.cannotAppeal();
    if (rejection.appeal) throw WORK_ERRORS.alreadyAppealed();
    if (Date.now() > new Date(appealableUntil(rejection.rejectedAt, windowDays)).getTime()) throw WORK_ERRORS.appealWindowClosed(windowDays);
    const appealed = await markAppealed(client, rejection.id, statement);
    if (!appealed?.appeal) throw WORK_ERRORS.alreadyAppealed();
    await setUnderAppeal(client, assignment.id, true);
    const task = await findTask(client, taskId);
    await writeEvent(client, 'submission.appealed', {
      appealId: appealed.appeal.id,
      userId,
      assignmentId: assignment.id,
      taskId,
      taskTitle: task?.title ?? '',
      statement,
      rejectedBy: appealed.rejectedBy,
      appealedAt: appealed.appeal.appealedAt,
    });
    return toWorkerAppeal(appealed) as TAppeal;
  });
}

async function toAdminAppeals(deps: TWorkDeps, appeals: TAppealRecord[]): Promise<TAdminAppeal[]> {
  const [{ decisionDays }, users] = await Promise.all([currentAppealDays(deps), findUsers(deps.pool, appeals.map((a) => a.userId))]);
  const now = Date.now();
  return appeals.map((record) => {
    const user = users.get(record.userId);
    const decideBy = new Date(new Date(record.appeal.appealedAt).getTime() + decisionDays * DAY_MS);
    return {
      id: record.appeal.id,
      assignmentId: record.assignmentId,
      taskId: record.taskId,
      taskTitle: record.taskTitle,
      taskReward: record.taskReward,
      taskAcceptanceCriteria: record.taskAcceptanceCriteria,
      userId: record.userId,
      userFirstName: user?.firstName ?? '',
      userLastName: user?.lastName ?? '',
      userEmail: user?.email ?? '',
      submission: record.submission,
      rejectionReason: record.reason,
      rejectedCriteria: record.criteria,
      rejectedBy: record.rejectedBy,
      rejectedAt: record.rejectedAt,
      statement: record.appeal.statement,
      status: record.appeal.status,
      appealedAt: record.appeal.appealedAt,
      decideBy: decideBy.toISOString(),
      overdue: record.appeal.status === 'pending' && decideBy.getTime() < now,
      decidedBy: record.appeal.decidedBy,
      decidedAt: record.appeal.decidedAt,
      decisionReason: record.appeal.decisionReason,
    };
  });
}

/** GET /api/admin/appeals: a page of the appeals in one status (pending: the queue, oldest first). */
export async function listAppeals(deps: TWorkDeps, query: TAdminAppealsQuery): Promise<TAdminAppealPage> {
  const page = await listAppealsPage(deps.pool, query);
  return { ...page, items: await toAdminAppeals(deps, page.items) };
}

async function getAppeal(deps: TWorkDeps, appealId: string): Promise<TAdminAppeal> {
  const found = await findAppeal(deps.pool, appealId);
  if (!found) throw WORK_ERRORS.appealNotFound();
  return (await toAdminAppeals(deps, [found]))[0] as TAdminAppeal;
}

/**
 * POST /api/admin/appeals/{id}/decide, by an admin other than the one who rejected (403 otherwise). The rejection
 * row is locked and changed conditionally, so of two concurrent decisions one wins and the other gets 409. Upheld:
 * the rejection stands with this admin's reason; overturned: the submission is approved through the same
 * approveInTransaction as any approval (one submission.approved: payouts credits the reward once).
 */
export async function decideAppeal(deps: TWorkDeps, adminId: string, appealId: string, input: TDecideAppealRequest): Promise<TAdminAppeal> {
  await withTransaction(deps.pool, async (client) => {
    const rejection = await findRejectionByAppeal(client, appealId, { forUpdate: true });
    if (!rejection?.appeal) throw WORK_ERRORS.appealNotFound();
    if (rejection.appeal.status !== 'pending') throw WORK_ERRORS.appealAlreadyDecided();
    if (rejection.rejectedBy === adminId) throw WORK_ERRORS.appealSameReviewer();
    // Issue 30: an appeal decision is a decision on the submission; another admin's live claim refuses it. The
    // assignment row is locked, so a claim taken at this moment waits for this decision (and then finds it decided);
    // the claim recorded on it goes into appeal.decided (the audit row).
    const recorded = await lockRecordedClaim(client, rejection.assignmentId);
    const claim = await findClaim(client, rejection.assignmentId);
    if (claim && claim.adminId !== adminId) throw WORK_ERRORS.claimedByOther(claim.adminName);
    const decided = await markAppealDecided(client, appealId, { decision: input.decision, decidedBy: adminId, reason: input.reason ?? null });
    if (!decided?.appeal) throw WORK_ERRORS.appealAlreadyDecided();
    if (input.decision === 'overturned') {
      const approved = await approveInTransaction(client, rejection.assignmentId, adminId, 'rejected');
      if (!approved) throw WORK_ERRORS.appealAlreadyDecided();
    } else {
      await setUnderAppeal(client, rejection.assignmentId, false);
    }
    const task = await findTask(client, rejection.taskId);
    await writeEvent(client, 'appeal.decided', {
      appealId,
      userId: rejection.userId,
      assignmentId: rejection.assignmentId,
      taskId: rejection.taskId,
      taskTitle: task?.title ?? '',
      decision: input.decision,
      reason: input.reason ?? null,
      appealedAt: rejection.appeal.appealedAt,
      decidedAt: decided.appeal.decidedAt as string,
      decidedBy: adminId,
      ...(recorded?.claim ? { claim: recorded.claim } : {}),
    });
  });
  return getAppeal(deps, appealId);
}

/**
 * GET /api/tasks/quality: the worker's own record. A rejection under appeal is not counted; an overturned one never
 * is again (it is an appeal won); approvalRate = approved / (approved + rejections that stand).
 */
export async function getQualityRecord(deps: TWorkDeps, userId: string): Promise<TQualityRecord> {
  const [counts, latest] = await Promise.all([countQuality(deps.pool, userId), listLatestRejectionsOfWorker(deps.pool, userId, QUALITY_REASONS_SHOWN)]);
  const decided = counts.approved + counts.rejected;
  return {
    ...counts,
    approvalRate: decided === 0 ? null : counts.approved / decided,
    reasons: latest.map((r) => ({
      rejectionId: r.id,
      taskId: r.taskId,
      taskTitle: r.taskTitle,
      reason: r.reason,
      criteria: r.criteria.map((number) => ({ number, text: r.taskAcceptanceCriteria[number - 1] ?? '' })),
      rejectedAt: r.rejectedAt,
      appealStatus: r.appeal?.status ?? null,
    })),
  };
}
