import type { TDecideTaskRequestRequest, TTaskRequest, TTaskRequestStatus } from '@platform/contracts';
import { withTransaction, writeEvent, type Queryable } from '@platform/service-kit';
import { insertAssignment } from '../data-access/assignments.repository.js';
import { iso } from '../data-access/rows.js';
import {
  decideTaskRequest as decideTaskRequestRow,
  findPendingRequestOfTask,
  findTaskRequest,
  listTaskRequestRows,
  type TTaskRequestRow,
} from '../data-access/task-requests.repository.js';
import { findTask, setTaskStatus } from '../data-access/tasks.repository.js';
import { findUsers } from '../data-access/users.repository.js';
import type { TWorkDeps } from './deps.js';
import { uuidOr, WORK_ERRORS } from './work.errors.js';

async function toTaskRequests(db: Queryable, rows: TTaskRequestRow[]): Promise<TTaskRequest[]> {
  const users = await findUsers(db, rows.map((r) => r.user_id));
  return rows.map((row) => {
    const user = users.get(row.user_id);
    return {
      id: row.id,
      taskId: row.task_id,
      userId: row.user_id,
      status: row.status,
      requestedAt: iso(row.requested_at),
      submission: row.submission,
      reason: row.reason,
      decidedAt: iso(row.decided_at),
      // The balance is owned by the payouts service; the work service does not know it.
      user: { firstName: user?.firstName ?? '', lastName: user?.lastName ?? '', email: user?.email ?? '', balance: null },
      task: { title: row.task_title, reward: row.task_reward, description: row.task_description, dueDate: row.task_due_date },
    };
  });
}

/** GET /api/admin/task-requests: newest first, optionally one status. */
export async function listTaskRequests(db: Queryable, status?: TTaskRequestStatus): Promise<TTaskRequest[]> {
  return toTaskRequests(db, await listTaskRequestRows(db, status));
}

/**
 * PATCH /api/admin/task-requests/{taskId}: decides the task's pending request. Approval creates the assignment
 * (the task becomes assigned); rejection makes the task available again. Both publish task_request.decided.
 */
export async function decideTaskRequest(
  deps: TWorkDeps,
  adminId: string,
  rawTaskId: string,
  input: TDecideTaskRequestRequest,
): Promise<{ message: string; request: TTaskRequest }> {
  const taskId = uuidOr(rawTaskId, WORK_ERRORS.noPendingRequest);
  const reason = input.reason ? input.reason : null;
  const requestId = await withTransaction(deps.pool, async (client) => {
    const task = await findTask(client, taskId, { forUpdate: true });
    if (!task) throw WORK_ERRORS.taskNotFound();
    const pending = await findPendingRequestOfTask(client, taskId, { forUpdate: true });
    if (!pending) throw WORK_ERRORS.noPendingRequest();
    if (!(await decideTaskRequestRow(client, pending.id, { status: input.status, reason, decidedBy: adminId }))) throw WORK_ERRORS.noPendingRequest();
    let assignmentId: string | null = null;
    if (input.status === 'approved') {
      const assignment = await insertAssignment(client, { taskId, userId: pending.user_id, timeLimitMinutes: task.timeLimitMinutes });
      assignmentId = assignment.id;
      await setTaskStatus(client, taskId, 'assigned');
      await writeEvent(client, 'assignment.created', { userId: pending.user_id, assignmentId, taskId, assignedAt: iso(assignment.assigned_at) });
    } else {
      await setTaskStatus(client, taskId, 'available', { onlyIf: ['pending'] });
    }
    await writeEvent(client, 'task_request.decided', {
      requestId: pending.id,
      userId: pending.user_id,
      taskId,
      status: input.status,
      reason,
      decidedAt: new Date().toISOString(),
      decidedBy: adminId,
      assignmentId,
    });
    return pending.id;
  });
  const row = await findTaskRequest(deps.pool, requestId);
  const [request] = await toTaskRequests(deps.pool, row ? [row] : []);
  if (!request) throw WORK_ERRORS.noPendingRequest();
  return { message: input.status === 'approved' ? 'Request approved: the task is assigned to the worker' : 'Request rejected', request };
}
