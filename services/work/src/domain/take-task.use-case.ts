import type { TTakeTaskResponse } from '@platform/contracts';
import { withTransaction, writeEvent } from '@platform/service-kit';
import { countTasksHeldByWorker, findFilesOfAssignments, findLiveAssignmentOfWorker, insertAssignment, lockWorkerTakes } from '../data-access/assignments.repository.js';
import { findPendingRequestOfTask, insertTaskRequest } from '../data-access/task-requests.repository.js';
import { findTask, setTaskStatus } from '../data-access/tasks.repository.js';
import { currentMaxLiveAssignments, timeLimitMinutesFor } from './assignment-limits.js';
import type { TWorkDeps } from './deps.js';
import { isPastDue } from './task-rules.js';
import { WORK_ERRORS } from './work.errors.js';

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string }).code === '23505';
}

/**
 * POST /api/tasks/{id}/take. The task row is locked, so of two workers racing for its one slot exactly one moves it
 * from available to assigned (or, when it requires approval, to pending with a task request); the other finds it
 * taken. The unique partial indexes are the last guard. A worker holds at most max_live_assignments tasks at once
 * (assignments not handed in and pending requests; the worker's takes are serialised, so parallel takes cannot
 * pass the cap together), and an assignment of a task without a time limit gets the default one (assignment-limits.ts).
 */
export async function takeTask(deps: TWorkDeps, userId: string, taskId: string): Promise<TTakeTaskResponse> {
  try {
    return await withTransaction(deps.pool, async (client) => {
      await lockWorkerTakes(client, userId);
      const task = await findTask(client, taskId, { forUpdate: true });
      if (!task) throw WORK_ERRORS.taskNotFound();
      if (task.status !== 'available') {
        if (await findLiveAssignmentOfWorker(client, taskId, userId)) throw WORK_ERRORS.taskAlreadyYours();
        if (task.status === 'pending' && (await findPendingRequestOfTask(client, taskId))?.userId === userId) throw WORK_ERRORS.taskAlreadyRequested();
        if (task.status === 'completed' || task.status === 'cancelled') throw WORK_ERRORS.taskNotAvailable();
        throw WORK_ERRORS.taskAlreadyTaken();
      }
      if (isPastDue(task.dueDate)) throw WORK_ERRORS.taskPastDueDate();
      const maxHeld = await currentMaxLiveAssignments(client, deps);
      if ((await countTasksHeldByWorker(client, userId)) >= maxHeld) throw WORK_ERRORS.tooManyTasksHeld(maxHeld);

      if (task.requiresApproval) {
        const request = await insertTaskRequest(client, taskId, userId);
        await setTaskStatus(client, taskId, 'pending');
        return {
          message: 'Your request has been sent for administrator review',
          status: 'pending' as const,
          assignment: null,
          request: { id: request.id, status: 'pending' as const, requestedAt: request.requestedAt, reason: null, decidedAt: null },
        };
      }

      const timeLimitMinutes = await timeLimitMinutesFor(client, deps, task.timeLimitMinutes);
      const assignment = await insertAssignment(client, { taskId, userId, timeLimitMinutes });
      await setTaskStatus(client, taskId, 'assigned');
      await writeEvent(client, 'assignment.created', { userId, assignmentId: assignment.id, taskId, assignedAt: assignment.assignedAt });
      const files = await findFilesOfAssignments(client, [assignment.id]);
      return { message: 'Task taken successfully!', status: 'assigned' as const, assignment: { ...assignment, files: files.get(assignment.id) ?? [] }, request: null };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw WORK_ERRORS.taskAlreadyTaken();
    throw error;
  }
}
