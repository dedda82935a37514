import type { TDecideTaskRequestRequest, TTaskRequest, TTaskRequestPage, TTaskRequestsQuery, TTaskRequestStats } from '@platform/contracts';
import { withTransaction, writeEvent } from '@platform/service-kit';
import { insertAssignment } from '../data-access/assignments.repository.js';
import {
  countTaskRequests,
  decideTaskRequest as decideTaskRequestRow,
  findPendingRequestOfTask,
  findTaskRequest,
  listTaskRequestsPage,
  type TTaskRequestRecord,
} from '../data-access/task-requests.repository.js';
import { findTask } from '../data-access/tasks.repository.js';
import { findUsers } from '../data-access/users.repository.js';
import { timeLimitMinutesFor } from './assignment-limits.js';
import type { TWorkDeps } from './deps.js';
import { settleTaskStatus } from './task-slots.js';
import { WORK_ERRORS } from './work.errors.js';

async function toTaskRequests(deps: TWorkDeps, records: TTaskRequestRecord[]): Promise<TTaskRequest[]> {
  const users = await findUsers(deps.pool, records.map((r) => r.userId));
  return records.map((record) => {
    const user = users.get(record.userId);
    // The balance is owned by the payouts service; the work service does not know it.
    return { ...record, user: { firstName: user?.firstName ?? '', lastName: user?.lastName ?? '', email: user?.email ?? '', balance: null } };
  });
}

/** GET /api/admin/task-requests: a page of the requests, newest first, with the filters asked for. */
export async function listTaskRequests(deps: TWorkDeps, query: TTaskRequestsQuery): Promise<TTaskRequestPage> {
  const page = await listTaskRequestsPage(deps.pool, query);
  return { ...page, items: await toTaskRequests(deps, page.items) };
}

/** GET /api/admin/task-requests/stats: the screen's cards over all requests. */
export async function taskRequestStats(deps: TWorkDeps): Promise<TTaskRequestStats> {
  return countTaskRequests(deps.pool);
}

/**
 * PATCH /api/admin/task-requests/{taskId}: decides the task's pending request (it holds the task meanwhile). Approval
 * creates the assignment in a slot of the task; either way the task's status then follows its slots (available again
 * while one is free). Both publish task_request.decided.
 */
export async function decideTaskRequest(
  deps: TWorkDeps,
  adminId: string,
  taskId: string,
  input: TDecideTaskRequestRequest,
): Promise<{ message: string; request: TTaskRequest }> {
  const reason = input.reason ? input.reason : null;
  const requestId = await withTransaction(deps.pool, async (client) => {
    const task = await findTask(client, taskId, { forUpdate: true });
    if (!task) throw WORK_ERRORS.taskNotFound();
    const pending = await findPendingRequestOfTask(client, taskId, { forUpdate: true });
    if (!pending) throw WORK_ERRORS.noPendingRequest();
    if (!(await decideTaskRequestRow(client, pending.id, { status: input.status, reason, decidedBy: adminId }))) throw WORK_ERRORS.noPendingRequest();
    let assignmentId: string | null = null;
    if (input.status === 'approved') {
      const timeLimitMinutes = await timeLimitMinutesFor(client, deps, task.timeLimitMinutes);
      const assignment = await insertAssignment(client, { taskId, userId: pending.userId, timeLimitMinutes });
      assignmentId = assignment.id;
      await writeEvent(client, 'assignment.created', { userId: pending.userId, assignmentId, taskId, assignedAt: assignment.assignedAt });
    }
    // The request no longer holds the task: with the assignment in its slot it is assigned, or on the board again.
    await settleTaskStatus(client, taskId);
    await writeEvent(client, 'task_request.decided', {
      requestId: pending.id,
      userId: pending.userId,
      taskId,
      status: input.status,
      reason,
      decidedAt: new Date().toISOString(),
      decidedBy: adminId,
      assignmentId,
    });
    return pending.id;
  });
  const decided = await findTaskRequest(deps.pool, requestId);
  const [request] = await toTaskRequests(deps, decided ? [decided] : []);
  if (!request) throw WORK_ERRORS.noPendingRequest();
  return { message: input.status === 'approved' ? 'Request approved: the task is assigned to the worker' : 'Request rejected', request };
}
