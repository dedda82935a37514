import type { TTakeTaskResponse } from '@platform/contracts';
import { withTransaction, writeEvent } from '@platform/service-kit';
import { countTasksHeldByWorker, findFilesOfAssignments, findLiveAssignmentOfWorker, hasCompletedTask, insertAssignment, lockWorkerTakes } from '../data-access/assignments.repository.js';
import { findPendingRequestOfTask, insertTaskRequest } from '../data-access/task-requests.repository.js';
import { countTaskSlots, findTask } from '../data-access/tasks.repository.js';
import { currentMaxLiveAssignments, timeLimitMinutesFor } from './assignment-limits.js';
import type { TWorkDeps } from './deps.js';
import { filledSlots, isPastDue } from './task-rules.js';
import { settleTaskStatus } from './task-slots.js';
import { WORK_ERRORS } from './work.errors.js';

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string }).code === '23505';
}

/**
 * POST /api/tasks/{id}/take. A task takes `slots` workers, each once: a worker holding it or having done it is refused.
 * The task row is locked and its slots counted under the lock, so of any number of workers racing for its last free
 * slots exactly as many win as there are slots (each creates an assignment, or, when the task requires approval, a
 * pending request that holds the task until an admin decides); the others find it taken. The task's status then
 * follows its slots (task-slots.ts: available while one is free). The unique partial indexes are the last guard. A
 * worker holds at most max_live_assignments tasks at once (assignments not handed in and pending requests; the
 * worker's takes are serialised, so parallel takes cannot pass the cap together, nor take one task twice), and an
 * assignment of a task without a time limit gets the default one (assignment-limits.ts).
 */
export async function takeTask(deps: TWorkDeps, userId: string, taskId: string): Promise<TTakeTaskResponse> {
  try {
    return await withTransaction(deps.pool, async (client) => {
      await lockWorkerTakes(client, userId);
      const task = await findTask(client, taskId, { forUpdate: true });
      if (!task) throw WORK_ERRORS.taskNotFound();
      if (await findLiveAssignmentOfWorker(client, taskId, userId)) throw WORK_ERRORS.taskAlreadyYours();
      if (await hasCompletedTask(client, taskId, userId)) throw WORK_ERRORS.taskAlreadyDone();
      const counts = await countTaskSlots(client, taskId);
      if (task.status !== 'available' || !counts || counts.requested > 0 || filledSlots(counts) >= counts.slots) {
        if (task.status === 'pending' && (await findPendingRequestOfTask(client, taskId))?.userId === userId) throw WORK_ERRORS.taskAlreadyRequested();
        if (task.status === 'completed' || task.status === 'cancelled') throw WORK_ERRORS.taskNotAvailable();
        throw WORK_ERRORS.taskAlreadyTaken();
      }
      if (isPastDue(task.dueDate)) throw WORK_ERRORS.taskPastDueDate();
      const maxHeld = await currentMaxLiveAssignments(client, deps);
      if ((await countTasksHeldByWorker(client, userId)) >= maxHeld) throw WORK_ERRORS.tooManyTasksHeld(maxHeld);

      if (task.requiresApproval) {
        const request = await insertTaskRequest(client, taskId, userId);
        await settleTaskStatus(client, taskId);
        return {
          message: 'Your request has been sent for administrator review',
          status: 'pending' as const,
          assignment: null,
          request: { id: request.id, status: 'pending' as const, requestedAt: request.requestedAt, reason: null, decidedAt: null },
        };
      }

      const timeLimitMinutes = await timeLimitMinutesFor(client, deps, task.timeLimitMinutes);
      const assignment = await insertAssignment(client, { taskId, userId, timeLimitMinutes });
      await settleTaskStatus(client, taskId);
      await writeEvent(client, 'assignment.created', { userId, assignmentId: assignment.id, taskId, assignedAt: assignment.assignedAt });
      const files = await findFilesOfAssignments(client, [assignment.id]);
      return { message: 'Task taken successfully!', status: 'assigned' as const, assignment: { ...assignment, files: files.get(assignment.id) ?? [] }, request: null };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw WORK_ERRORS.taskAlreadyTaken();
    throw error;
  }
}
