import type { TReturnTaskResponse } from '@platform/contracts';
import { withTransaction, writeEvent } from '@platform/service-kit';
import { findFilesOfAssignments, findLatestStatusOfWorker, findLiveAssignmentOfWorker, markReturned } from '../data-access/assignments.repository.js';
import type { TWorkDeps } from './deps.js';
import { settleTaskStatus } from './task-slots.js';
import { WORK_ERRORS } from './work.errors.js';

/**
 * POST /api/tasks/{id}/return (issue 29, principle 7): the worker hands a task back before submitting it, with an
 * optional reason, at no cost: the assignment ends as `returned`, its slot is free again, and nothing counts
 * against the worker. A task sent back for revision may be handed back too. Locks in the order every other change of
 * an assignment does (a submission, a review, a cancellation, the release by the time limit): the assignment row
 * first (the conditional update), then the task row (settleTaskStatus). Two returns are serialised on the assignment
 * row (one wins, the other finds it returned); a take of the freed task waits on the task row and sees it available
 * only once the return has committed. (Locking the task first, as this did, could deadlock with a submission or the
 * release job holding the assignment and waiting for the task: PostgreSQL then aborts one of them.)
 */
export async function returnTask(deps: TWorkDeps, userId: string, taskId: string, reason: string | null): Promise<TReturnTaskResponse> {
  return withTransaction(deps.pool, async (client) => {
    const returned = await markReturned(client, taskId, userId, reason);
    if (!returned) {
      if ((await findLiveAssignmentOfWorker(client, taskId, userId))?.underAppeal) throw WORK_ERRORS.underAppeal();
      const latest = await findLatestStatusOfWorker(client, taskId, userId);
      if (latest === 'submitted' || latest === 'completed') throw WORK_ERRORS.cannotReturn(latest);
      throw WORK_ERRORS.notYourTask();
    }
    // Its slot is free again: the task is back on the board (unless an admin cancelled it).
    await settleTaskStatus(client, taskId);
    await writeEvent(client, 'assignment.returned', {
      userId,
      assignmentId: returned.id,
      taskId,
      reason,
      returnedAt: returned.returnedAt as string,
    });
    const files = await findFilesOfAssignments(client, [returned.id]);
    return { message: 'Task handed back. It is available to others again.', assignment: { ...returned, files: files.get(returned.id) ?? [] } };
  });
}
