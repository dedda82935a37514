import {
  WORKER_DONE_TASKS_SHOWN,
  type TAdminTask,
  type TAdminTaskPage,
  type TAdminTasksQuery,
  type TCompletedTaskPage,
  type TCompletedTasksQuery,
  type TCreateTaskRequest,
  type TPage,
  type TUpdateTaskRequest,
  type TWorkerTask,
  type TWorkerTasksQuery,
} from '@platform/contracts';
import { withTransaction } from '@platform/service-kit';
import { findFilesOfAssignments } from '../data-access/assignments.repository.js';
import type { TTaskCore } from '../data-access/rows.js';
import {
  countCompletedByWorker,
  countTaskSlots,
  deleteTask as deleteTaskRow,
  findTask,
  findTaskForAdmin,
  insertTask,
  listCompletedPage,
  listTasksForWorker,
  listTasksPage,
  type TAdminTaskRecord,
  updateTask as updateTaskRow,
} from '../data-access/tasks.repository.js';
import { findUsers } from '../data-access/users.repository.js';
import { findControls } from '../data-access/control.repository.js';
import { applyTaskControl } from './control.use-case.js';
import type { TWorkDeps } from './deps.js';
import { assertAboveHourlyFloor, currentFairPaySettings, type TFairPaySettings } from './fair-pay.use-case.js';
import { findLatestRejections, type TRejectionRecord } from '../data-access/rejections.repository.js';
import { appealableUntil, currentAppealDays, toWorkerAppeal } from './appeals.use-case.js';
import { currentAutoApprovalDays } from './scheduled-work.use-case.js';
import { filledSlots, isPastDue, parseAmountCents } from './task-rules.js';
import { settleTaskStatus } from './task-slots.js';
import { WORK_ERRORS } from './work.errors.js';

/** The median real time shows the task pays under the floor (the admin's flag; its approved submissions are topped up). */
function isUnderpaid(task: TTaskCore, settings: TFairPaySettings): boolean {
  return task.pay.basis === 'median' && (parseAmountCents(task.pay.hourlyRate) ?? 0) < settings.minimumCents;
}

function toAdminTask(
  task: TTaskCore & { returns?: number },
  extra: Pick<TAdminTask, 'assignedUser' | 'assignment' | 'filledSlots' | 'assignments' | 'control'>,
  settings: TFairPaySettings,
): TAdminTask {
  return { ...task, returns: task.returns ?? 0, underpaid: isUnderpaid(task, settings), ...extra };
}

async function adminTaskOf(deps: TWorkDeps, task: TTaskCore): Promise<TAdminTask> {
  const settings = await currentFairPaySettings(deps.pool);
  const found = await findTaskForAdmin(deps.pool, task.id);
  const [withUser] = await withAssignedUsers(deps, [found ?? { ...task, held: [], filled: 0, returns: 0 }], settings);
  return withUser as TAdminTask;
}

/** POST /api/admin/tasks. Refused below the hourly floor by its reward per estimated hour (principle 7). */
export async function createTask(deps: TWorkDeps, adminId: string, input: TCreateTaskRequest): Promise<TAdminTask> {
  if (input.dueDate && isPastDue(input.dueDate)) throw WORK_ERRORS.dueDateInPast();
  await assertAboveHourlyFloor(deps.pool, input.reward, input.estimatedMinutes);
  // With its task.saved event (the admin dashboard's statistics), in one transaction.
  const task = await withTransaction(deps.pool, async (client) => {
    const created = await insertTask(client, {
      title: input.title,
      description: input.description,
      submissionInstructions: input.submissionInstructions,
      reward: input.reward,
      dueDate: input.dueDate ?? null,
      sortOrder: input.sortOrder ?? 0,
      timeLimitMinutes: input.timeLimitMinutes ?? null,
      requiresApproval: input.requiresApproval ?? false,
      estimatedMinutes: input.estimatedMinutes,
      slots: input.slots ?? 1,
      acceptanceCriteria: input.acceptanceCriteria ?? [],
      createdBy: adminId,
    });
    // A control task's expected answer is written with the task (issue 30 item 5).
    await applyTaskControl(client, created.id, input.control, adminId);
    return created;
  });
  return adminTaskOf(deps, task);
}

/**
 * PATCH /api/admin/tasks/{id}: only the fields sent change. A due date already stored may be sent back unchanged. An
 * edit of the reward or the estimate is refused when the task would then pay under the hourly floor per estimated hour.
 * Slots never go below the assignments holding or having completed one (nor a pending request's); more slots put a
 * full task back on the board, as many as are filled take it off (its status follows its slots, task-slots.ts).
 */
export async function updateTask(deps: TWorkDeps, adminId: string, id: string, input: TUpdateTaskRequest): Promise<TAdminTask> {
  const updated = await withTransaction(deps.pool, async (client) => {
    const current = await findTask(client, id, { forUpdate: true });
    if (!current) throw WORK_ERRORS.taskNotFound();
    if (input.dueDate && input.dueDate !== current.dueDate && isPastDue(input.dueDate)) throw WORK_ERRORS.dueDateInPast();
    if (input.reward !== undefined || input.estimatedMinutes !== undefined) {
      await assertAboveHourlyFloor(client, input.reward ?? current.reward, input.estimatedMinutes ?? current.estimatedMinutes);
    }
    if (input.slots !== undefined) {
      const counts = await countTaskSlots(client, id);
      const taken = counts ? filledSlots(counts) + counts.requested : 0;
      if (input.slots < taken) throw WORK_ERRORS.slotsBelowFilled(taken);
    }
    const { control, ...changes } = input;
    // Only the control part sent: the task row itself is left as it was (no new updatedAt a worker could notice, no task.saved).
    const task = Object.values(changes).some((value) => value !== undefined) ? await updateTaskRow(client, id, changes) : current;
    if (!task) throw WORK_ERRORS.taskNotFound();
    // The answer is read again after the commit (adminTaskOf), with the status the new slots give.
    if (input.slots !== undefined && input.slots !== current.slots) await settleTaskStatus(client, id);
    // Under the task row's lock: a submission of it checks against the answer before or after this edit, never a mix.
    await applyTaskControl(client, id, control, adminId);
    return task;
  });
  return adminTaskOf(deps, updated);
}

/** DELETE /api/admin/tasks/{id}: the task, its assignments, requests, package entries and stored files. */
export async function deleteTask(deps: TWorkDeps, id: string): Promise<void> {
  const { deleted, fileNames } = await withTransaction(deps.pool, (client) => deleteTaskRow(client, id));
  if (!deleted) throw WORK_ERRORS.taskNotFound();
  for (const name of fileNames) {
    await deps.storage.remove(name).catch((error: unknown) => deps.logger.warn({ err: error, file: name }, 'could not remove a file of a deleted task'));
  }
}

/**
 * The tasks with the latest assignments filling their slots, each with its worker (names from the local users copy),
 * the latest as `assignment` and `assignedUser`, and, for control tasks, the expected answer.
 */
async function withAssignedUsers(deps: TWorkDeps, tasks: TAdminTaskRecord[], settings: TFairPaySettings): Promise<TAdminTask[]> {
  const [users, controls] = await Promise.all([
    findUsers(deps.pool, tasks.flatMap((t) => t.held.map((h) => h.userId))),
    findControls(deps.pool, tasks.map((t) => t.id)),
  ]);
  return tasks.map(({ held, filled, ...task }) => {
    const assignments = held.map(({ userId, ...assignment }) => ({ ...assignment, user: users.get(userId) ?? null }));
    const latest = assignments[0];
    return toAdminTask(task, {
      assignedUser: latest?.user ?? null,
      assignment: latest ? { id: latest.id, status: latest.status, assignedAt: latest.assignedAt, submittedAt: latest.submittedAt } : null,
      filledSlots: filled,
      assignments,
      control: controls.get(task.id) ?? null,
    }, settings);
  });
}

/** GET /api/admin/tasks: a page of the tasks in the admin's order, with the latest assignments filling each one's slots. */
export async function listAdminTasks(deps: TWorkDeps, query: TAdminTasksQuery): Promise<TAdminTaskPage> {
  const settings = await currentFairPaySettings(deps.pool);
  const page: TPage<TAdminTaskRecord> = await listTasksPage(deps.pool, query, settings.minimumHourlyRate);
  return { ...page, items: await withAssignedUsers(deps, page.items, settings) };
}

/** GET /api/tasks/completed: a page of the calling worker's own completed tasks, newest first. */
export async function listCompletedTasks(deps: TWorkDeps, userId: string, query: TCompletedTasksQuery): Promise<TCompletedTaskPage> {
  return listCompletedPage(deps.pool, userId, query);
}

/** The worker's view of the latest rejection: the criteria it named, until when it may be appealed, and its appeal. */
function rejectionFields(rejection: TRejectionRecord | undefined, status: string | undefined, windowDays: number, now: number): Pick<TWorkerTask, 'rejectedCriteria' | 'appealableUntil' | 'appeal'> {
  if (!rejection) return { rejectedCriteria: [], appealableUntil: null, appeal: null };
  // A completed assignment shows only an appeal that approved it (overturned); a resubmission's later approval shows none.
  if (status === 'completed' && rejection.appeal?.status !== 'overturned') return { rejectedCriteria: [], appealableUntil: null, appeal: null };
  const until = appealableUntil(rejection.rejectedAt, windowDays);
  return {
    rejectedCriteria: status === 'rejected' ? rejection.criteria : [],
    appealableUntil: status === 'rejected' && !rejection.appeal && new Date(until).getTime() > now ? until : null,
    appeal: toWorkerAppeal(rejection),
  };
}

/**
 * GET /api/tasks: what the worker may take, and what they hold, with only their own assignment merged in; of their
 * completed tasks the latest WORKER_DONE_TASKS_SHOWN, and how many they completed in all.
 */
export async function listWorkerTasks(deps: TWorkDeps, userId: string, query: TWorkerTasksQuery = {}): Promise<{ tasks: TWorkerTask[]; completedTotal: number }> {
  const [tasks, completedTotal, autoApprovalDays, { windowDays }] = await Promise.all([
    listTasksForWorker(deps.pool, userId, WORKER_DONE_TASKS_SHOWN, query.sort),
    countCompletedByWorker(deps.pool, userId),
    currentAutoApprovalDays(deps),
    currentAppealDays(deps),
  ]);
  // The latest rejection of each assignment that was ever rejected: its criteria and appeal.
  const rejections = await findLatestRejections(deps.pool, tasks.flatMap((t) => (t.assignment && (t.assignment.status === 'rejected' || t.assignment.rejectedAt || t.assignment.status === 'completed') ? [t.assignment.id] : [])));
  const now = Date.now();
  const autoApproveAt = (submittedAt: string | null) => (submittedAt ? new Date(new Date(submittedAt).getTime() + autoApprovalDays * 86_400_000).toISOString() : null);
  const files = await findFilesOfAssignments(deps.pool, tasks.flatMap((t) => (t.assignment ? [t.assignment.id] : [])));
  const list = tasks.map(({ createdBy: _createdBy, estimateMissing: _estimateMissing, assignment: held, request, ...task }): TWorkerTask => {
    const assignment = held ? { ...held, files: files.get(held.id) ?? [] } : null;
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
      autoApproveAt: assignment?.status === 'submitted' ? autoApproveAt(assignment.submittedAt) : null,
      ...rejectionFields(assignment?.status === 'rejected' || assignment?.status === 'completed' ? rejections.get(assignment.id) : undefined, assignment?.status, windowDays, now),
    };
  });
  return { tasks: list, completedTotal };
}
