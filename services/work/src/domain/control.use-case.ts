import { controlAnswerMatches, type TAdminWorkerQuality, type TTaskControlRequest } from '@platform/contracts';
import type { PoolClient } from '@platform/service-kit';
import { countControlAccuracy, deleteControl, findControls, insertControlCheck, upsertControl } from '../data-access/control.repository.js';
import { getQualityRecord } from './appeals.use-case.js';
import type { TWorkDeps } from './deps.js';

/**
 * Control tasks (issue 30 item 5). An admin gives a task a known expected answer; each submission of it is checked
 * when submitted and the result is kept with the submission for the reviewer. Nothing is decided by the check: the
 * submission waits for review like any other (see ARCHITECTURE.md "Control tasks" for why), and is paid through the
 * same approval, event and ledger entry. A worker's first answer to each control task counts toward their control
 * accuracy, which only admins see.
 */

/**
 * Applies the control part of a task create or edit, inside its transaction (the task row already locked by the
 * edit, or just inserted): undefined leaves it as it is, null makes the task ordinary, a value sets the answer.
 */
export async function applyTaskControl(client: PoolClient, taskId: string, control: TTaskControlRequest | null | undefined, adminId: string): Promise<void> {
  if (control === undefined) return;
  if (control === null) {
    await deleteControl(client, taskId);
    return;
  }
  await upsertControl(client, taskId, { expectedAnswer: control.expectedAnswer, match: control.match ?? 'normalised', setBy: adminId });
}

/**
 * Checks a (re)submission inside the submit transaction, after the task row was locked by that transaction's status
 * change, so an admin's edit of the expected answer (which locks the same row first) is wholly before or after it.
 * The same lookup runs for every submission, so a control task's submit takes no measurably different path.
 */
export async function checkControlSubmission(client: PoolClient, input: { assignmentId: string; taskId: string; userId: string; submission: string }): Promise<void> {
  const control = (await findControls(client, [input.taskId])).get(input.taskId);
  if (!control) return;
  await insertControlCheck(client, {
    assignmentId: input.assignmentId,
    taskId: input.taskId,
    userId: input.userId,
    matched: controlAnswerMatches(input.submission, control.expectedAnswer, control.match),
    match: control.match,
    expectedAnswer: control.expectedAnswer,
  });
}

/** GET /api/admin/workers/{id}/quality: the worker's quality record (as they see it) and their control accuracy. */
export async function getWorkerQualityForAdmin(deps: TWorkDeps, userId: string): Promise<TAdminWorkerQuality> {
  const [record, control] = await Promise.all([getQualityRecord(deps, userId), countControlAccuracy(deps.pool, userId)]);
  return { userId, ...record, control };
}
