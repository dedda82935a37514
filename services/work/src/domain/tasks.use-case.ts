import type { TAdminTask, TAssignmentStatus, TCreateTaskRequest, TUpdateTaskRequest, TWorkerTask } from '@platform/contracts';
import { withTransaction, type Queryable } from '@platform/service-kit';
import { findFilesOfAssignments } from '../data-access/assignments.repository.js';
import { iso, mapAssignment, mapTask, type TAssignmentRow, type TTaskCore } from '../data-access/rows.js';
import {
  deleteTask as deleteTaskRow,
  findTask,
  insertTask,
  listAdminTaskRows,
  listWorkerTaskRows,
  updateTask as updateTaskRow,
} from '../data-access/tasks.repository.js';
import { findUsers } from '../data-access/users.repository.js';
import type { TWorkDeps } from './deps.js';
import { isPastDue } from './task-rules.js';
import { uuidOr, WORK_ERRORS } from './work.errors.js';

function toAdminTask(task: TTaskCore, extra: Pick<TAdminTask, 'assignedUser' | 'assignment'>): TAdminTask {
  return { ...task, ...extra };
}

async function adminTaskOf(db: Queryable, task: TTaskCore): Promise<TAdminTask> {
  const [found] = (await listAdminTasks(db)).filter((t) => t.id === task.id);
  return found ?? toAdminTask(task, { assignedUser: null, assignment: null });
}

/** POST /api/admin/tasks. */
export async function createTask(deps: TWorkDeps, adminId: string, input: TCreateTaskRequest): Promise<TAdminTask> {
  if (input.dueDate && isPastDue(input.dueDate)) throw WORK_ERRORS.dueDateInPast();
  const task = await insertTask(deps.pool, {
    title: input.title,
    description: input.description,
    submissionInstructions: input.submissionInstructions,
    reward: input.reward,
    dueDate: input.dueDate ?? null,
    sortOrder: input.sortOrder ?? 0,
    timeLimitMinutes: input.timeLimitMinutes ?? null,
    requiresApproval: input.requiresApproval ?? false,
    createdBy: adminId,
  });
  return toAdminTask(task, { assignedUser: null, assignment: null });
}

/** PATCH /api/admin/tasks/{id}: only the fields sent change. A due date already stored may be sent back unchanged. */
export async function updateTask(deps: TWorkDeps, rawId: string, input: TUpdateTaskRequest): Promise<TAdminTask> {
  const id = uuidOr(rawId, WORK_ERRORS.taskNotFound);
  const updated = await withTransaction(deps.pool, async (client) => {
    const current = await findTask(client, id, { forUpdate: true });
    if (!current) throw WORK_ERRORS.taskNotFound();
    if (input.dueDate && input.dueDate !== current.dueDate && isPastDue(input.dueDate)) throw WORK_ERRORS.dueDateInPast();
    const task = await updateTaskRow(client, id, input);
    if (!task) throw WORK_ERRORS.taskNotFound();
    return task;
  });
  return adminTaskOf(deps.pool, updated);
}

/** DELETE /api/admin/tasks/{id}: the task, its assignments, requests, package entries and stored files. */
export async function deleteTask(deps: TWorkDeps, rawId: string): Promise<void> {
  const id = uuidOr(rawId, WORK_ERRORS.taskNotFound);
  const { deleted, fileNames } = await withTransaction(deps.pool, (client) => deleteTaskRow(client, id));
  if (!deleted) throw WORK_ERRORS.taskNotFound();
  for (const name of fileNames) {
    await deps.storage.remove(name).catch((error: unknown) => deps.logger.warn({ err: error, file: name }, 'could not remove a file of a deleted task'));
  }
}

/** GET /api/admin/tasks: every task in order, with the worker holding its slot (names from the local users copy). */
export async function listAdminTasks(db: Queryable): Promise<TAdminTask[]> {
  const rows = await listAdminTaskRows(db);
  const users = await findUsers(db, rows.flatMap((r) => (r.assignment_user_id ? [r.assignment_user_id] : [])));
  return rows.map((row) =>
    toAdminTask(mapTask(row), {
      assignedUser: row.assignment_user_id ? (users.get(row.assignment_user_id) ?? null) : null,
      assignment:
        row.assignment_id && row.assignment_status && row.assignment_assigned_at
          ? {
              id: row.assignment_id,
              status: row.assignment_status as TAssignmentStatus,
              assignedAt: iso(row.assignment_assigned_at),
              submittedAt: iso(row.assignment_submitted_at),
            }
          : null,
    }),
  );
}

/** GET /api/tasks: what the worker may take, and what they hold, with only their own assignment merged in. */
export async function listWorkerTasks(db: Queryable, userId: string): Promise<TWorkerTask[]> {
  const rows = await listWorkerTaskRows(db, userId);
  const assignmentRows = rows.flatMap((r) => (r.assignment ? [r.assignment as unknown as TAssignmentRow] : []));
  const files = await findFilesOfAssignments(db, assignmentRows.map((a) => a.id));
  return rows.map((row) => {
    const { createdBy: _createdBy, ...task } = mapTask(row);
    const assignment = row.assignment ? mapAssignment(row.assignment as unknown as TAssignmentRow, files.get(String(row.assignment.id)) ?? []) : null;
    const request = row.request
      ? { id: row.request.id, status: row.request.status as 'pending' | 'approved' | 'rejected', requestedAt: iso(row.request.requested_at), reason: row.request.reason, decidedAt: iso(row.request.decided_at) }
      : null;
    const pendingRequest = request?.status === 'pending' && (!assignment || assignment.assignedAt < request.requestedAt);
    return {
      ...task,
      userStatus: pendingRequest ? 'pending' : (assignment?.status ?? null),
      userSubmission: assignment?.submission ?? null,
      submission: assignment?.submission ?? null,
      submittedAt: assignment?.submittedAt ?? null,
      rejectionReason: assignment?.rejectionReason ?? null,
      rejectedAt: assignment?.rejectedAt ?? null,
      completedAt: assignment?.completedAt ?? null,
      assignedAt: assignment?.assignedAt ?? null,
      userAssignment: assignment,
      userRequest: request,
    };
  });
}
