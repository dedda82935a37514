import { randomUUID } from 'node:crypto';
import {
  ADMIN_TASK_ASSIGNMENTS_SHOWN,
  type TAdminTasksQuery,
  type TAssignmentStatus,
  type TCompletedTask,
  type TCompletedTasksQuery,
  type TPackageAvailableTasksQuery,
  type TPage,
  type TTaskRequestStatus,
  type TTaskStatus,
  type TWorkerTaskSort,
} from '@platform/contracts';
import {
  countCapped,
  cursorTimeSql,
  decodeCursor,
  likeContains,
  listKeyset,
  SqlConditions,
  toPage,
  writeEvent,
  ZCursorIdSchema,
  ZCursorTimeSchema,
  ZTimeIdCursorKeySchema,
  type PoolClient,
  type Queryable,
  type TListOrder,
} from '@platform/service-kit';
import { z } from 'zod';
import { iso, mapAssignment, mapTask, TASK_COLUMNS, type TAssignmentRecord, type TAssignmentRow, type TTaskCore, type TTaskRow } from './rows.js';

export interface TNewTask {
  title: string;
  description: string;
  submissionInstructions: string;
  reward: string;
  dueDate: string | null;
  sortOrder: number;
  timeLimitMinutes: number | null;
  requiresApproval: boolean;
  estimatedMinutes: number;
  /** How many workers the task takes, each once. */
  slots: number;
  /** The numbered acceptance criteria (issue 29); none when absent. */
  acceptanceCriteria?: string[];
  createdBy: string;
}

/**
 * task.saved: the task's new state for read models (the admin dashboard's statistics), written in the transaction of
 * every change of a task's title, reward or status (insertTask, updateTask, setTaskStatus below).
 */
async function announceTaskSaved(client: PoolClient, task: { id: string; title: string; reward: string; status: TTaskStatus; createdAt: string; updatedAt: string }): Promise<void> {
  await writeEvent(client, 'task.saved', { taskId: task.id, title: task.title, reward: task.reward, status: task.status, createdAt: task.createdAt, savedAt: task.updatedAt });
}

export async function insertTask(client: PoolClient, task: TNewTask): Promise<TTaskCore> {
  const { rows } = await client.query<TTaskRow>(
    `INSERT INTO tasks AS t (id, title, description, submission_instructions, reward, due_date, sort_order, time_limit_minutes, requires_approval, created_by, estimated_minutes, estimate_missing, acceptance_criteria, slots)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, false, $12, $13) RETURNING ${TASK_COLUMNS}`,
    [randomUUID(), task.title, task.description, task.submissionInstructions, task.reward, task.dueDate, task.sortOrder, task.timeLimitMinutes, task.requiresApproval, task.createdBy, task.estimatedMinutes, task.acceptanceCriteria ?? [], task.slots],
  );
  const created = mapTask(rows[0] as TTaskRow);
  await announceTaskSaved(client, created);
  return created;
}

const UPDATABLE_COLUMNS = {
  title: 'title',
  description: 'description',
  submissionInstructions: 'submission_instructions',
  reward: 'reward',
  dueDate: 'due_date',
  sortOrder: 'sort_order',
  timeLimitMinutes: 'time_limit_minutes',
  requiresApproval: 'requires_approval',
  estimatedMinutes: 'estimated_minutes',
  acceptanceCriteria: 'acceptance_criteria',
  slots: 'slots',
} as const;
export type TTaskChanges = Partial<Record<keyof typeof UPDATABLE_COLUMNS, string | number | boolean | string[] | null>>;

export async function updateTask(db: PoolClient, id: string, changes: TTaskChanges): Promise<TTaskCore | undefined> {
  const sets: string[] = [];
  const values: unknown[] = [id];
  for (const [field, column] of Object.entries(UPDATABLE_COLUMNS)) {
    const value = changes[field as keyof TTaskChanges];
    if (value === undefined) continue;
    values.push(value);
    sets.push(`${column} = $${values.length}`);
  }
  // A real estimate replaces the migration's default.
  if (changes.estimatedMinutes !== undefined) sets.push('estimate_missing = false');
  sets.push('updated_at = now()');
  const { rows } = await db.query<TTaskRow>(`UPDATE tasks AS t SET ${sets.join(', ')} WHERE id = $1 RETURNING ${TASK_COLUMNS}`, values);
  if (!rows[0]) return undefined;
  const updated = mapTask(rows[0]);
  await announceTaskSaved(db, updated);
  return updated;
}

export async function findTask(db: Queryable, id: string, options: { forUpdate?: boolean } = {}): Promise<TTaskCore | undefined> {
  const { rows } = await db.query<TTaskRow>(`SELECT ${TASK_COLUMNS} FROM tasks t WHERE t.id = $1${options.forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0] ? mapTask(rows[0]) : undefined;
}

export async function setTaskStatus(db: PoolClient, id: string, status: TTaskStatus): Promise<void> {
  const { rows } = await db.query<{ id: string; title: string; reward: string; status: TTaskStatus; created_at: Date; updated_at: Date }>(
    `UPDATE tasks SET status = $2, updated_at = now() WHERE id = $1 RETURNING id, title, reward::text AS reward, status, created_at, updated_at`,
    [id, status],
  );
  const row = rows[0];
  if (row) {
    await announceTaskSaved(db, { id: row.id, title: row.title, reward: row.reward, status: row.status, createdAt: row.created_at.toISOString(), updatedAt: row.updated_at.toISOString() });
  }
}

/**
 * How the task's slots are filled: its status and slots, the pending requests, and the assignments working on it,
 * submitted and completed (task_assignments_task_slot_idx). Read it with the task row locked (lockTask): the counts
 * are then taken after every committed change of its assignments, and no other change can come between.
 */
export async function countTaskSlots(
  db: Queryable,
  id: string,
): Promise<{ status: TTaskStatus; slots: number; requested: number; working: number; submitted: number; completed: number } | undefined> {
  const { rows } = await db.query<{ status: TTaskStatus; slots: number; requested: number; working: number; submitted: number; completed: number }>(
    `SELECT t.status, t.slots,
            (SELECT count(*) FROM task_requests r WHERE r.task_id = t.id AND r.status = 'pending')::int AS requested,
            count(a.id) FILTER (WHERE a.status IN ('assigned', 'in_progress', 'rejected'))::int AS working,
            count(a.id) FILTER (WHERE a.status = 'submitted')::int AS submitted,
            count(a.id) FILTER (WHERE a.status = 'completed')::int AS completed
       FROM tasks t LEFT JOIN task_assignments a ON a.task_id = t.id AND a.status NOT IN ('cancelled', 'returned')
      WHERE t.id = $1 GROUP BY t.id`,
    [id],
  );
  return rows[0];
}

/** Locks the task row (in the caller's transaction); false when there is no such task. */
export async function lockTask(db: Queryable, id: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM tasks WHERE id = $1 FOR UPDATE', [id]);
  return rows.length > 0;
}

/** Deletes the task (its assignments, files rows, requests and package items go with it); returns the stored file names. */
export async function deleteTask(db: PoolClient, id: string): Promise<{ deleted: boolean; fileNames: string[] }> {
  const files = await db.query<{ file_name: string }>(
    `SELECT f.file_name FROM task_submission_files f JOIN task_assignments a ON a.id = f.assignment_id WHERE a.task_id = $1`,
    [id],
  );
  const result = await db.query('DELETE FROM tasks WHERE id = $1', [id]);
  const deleted = (result.rowCount ?? 0) > 0;
  if (deleted) await writeEvent(db, 'task.deleted', { taskId: id, deletedAt: new Date().toISOString() });
  return { deleted, fileNames: files.rows.map((r) => r.file_name) };
}

/** An assignment holding (or having completed) a slot, as row_to_json gives it (timestamps as text). */
interface THeldRow {
  id: string;
  status: TAssignmentStatus;
  user_id: string;
  assigned_at: string;
  submitted_at: string | null;
}

interface TAdminTaskRow extends TTaskRow {
  filled: number;
  held: THeldRow[] | null;
  returns: number;
}

/** An assignment of the task holding (or having completed) one of its slots. */
export interface TAdminTaskAssignmentRecord {
  id: string;
  status: TAssignmentStatus;
  userId: string;
  assignedAt: string;
  submittedAt: string | null;
}

/** A task as the admin's list shows it: how many of its slots are filled, and the latest assignments filling them. */
export interface TAdminTaskRecord extends TTaskCore {
  /** Assignments holding or having completed a slot (returned and cancelled ones freed theirs). */
  filled: number;
  /** The latest ADMIN_TASK_ASSIGNMENTS_SHOWN of them, newest first. */
  held: TAdminTaskAssignmentRecord[];
  /** How many times workers handed it back (task_assignments_returns_idx). */
  returns: number;
}

/** How many times workers handed the task t back. */
const RETURNS_SQL = `(SELECT count(*)::int FROM task_assignments r WHERE r.task_id = t.id AND r.status = 'returned') AS returns`;

/**
 * The task t's filled slots and the latest ADMIN_TASK_ASSIGNMENTS_SHOWN assignments filling them, newest first (both on
 * task_assignments_task_slot_idx).
 */
const SLOTS_SELECT = `(SELECT count(*)::int FROM task_assignments f WHERE f.task_id = t.id AND f.status NOT IN ('cancelled', 'returned')) AS filled,
  (SELECT json_agg(h ORDER BY h.assigned_at DESC, h.id) FROM (
     SELECT a.id, a.status, a.user_id, a.assigned_at, a.submitted_at FROM task_assignments a
      WHERE a.task_id = t.id AND a.status NOT IN ('cancelled', 'returned') ORDER BY a.assigned_at DESC, a.id LIMIT ${ADMIN_TASK_ASSIGNMENTS_SHOWN}
   ) h) AS held`;

function mapAdminTask(row: TAdminTaskRow): TAdminTaskRecord {
  return {
    ...mapTask(row),
    returns: row.returns,
    filled: row.filled,
    held: (row.held ?? []).map((h) => ({ id: h.id, status: h.status, userId: h.user_id, assignedAt: iso(h.assigned_at), submittedAt: iso(h.submitted_at) })),
  };
}

/** One task with its filled slots and the latest assignments filling them. */
export async function findTaskForAdmin(db: Queryable, id: string): Promise<TAdminTaskRecord | undefined> {
  const { rows } = await db.query<TAdminTaskRow>(`SELECT ${TASK_COLUMNS}, ${RETURNS_SQL}, ${SLOTS_SELECT} FROM tasks t WHERE t.id = $1`, [id]);
  return rows[0] && mapAdminTask(rows[0]);
}

/** A cursor of the admin's task list: the last row's sort order, creation time and id. */
const ZAdminTaskCursorKeySchema = z.tuple([z.number().int().min(0), ZCursorTimeSchema, ZCursorIdSchema]);

/** The orders of the admin's task list, each read on an index either way (tasks_order_idx, migration 0007's, 0009's tasks_hourly_rate_idx). */
function adminTaskOrder(sort: TAdminTasksQuery['sort']): TListOrder {
  const [field, dir] = (sort ?? 'sortOrder.asc').split('.') as [string, 'asc' | 'desc'];
  const direction = dir === 'asc' ? 'ASC' : 'DESC';
  if (field === 'reward') return { column: 't.reward', kind: 'number', direction };
  if (field === 'createdAt') return { column: 't.created_at', kind: 'time', direction };
  if (field === 'hourlyRate') return { column: 't.hourly_rate', kind: 'number', direction };
  return { column: 't.sort_order', kind: 'number', then: [{ column: 't.created_at', kind: 'time' }], direction };
}

/**
 * One page of the admin's task list: by default sortOrder (0 on top), then oldest first, keyset on (sort_order,
 * created_at, id) after the cursor (tasks_order_idx; with ?status tasks_status_idx; ?search by trigrams on the title,
 * migration 0006); or by reward or creation time (?sort, migration 0007); each with its filled slots and the latest
 * assignments filling them; the total counted up to the cap.
 */
export async function listTasksPage(db: Queryable, q: TAdminTasksQuery, minimumHourlyRate: string): Promise<TPage<TAdminTaskRecord>> {
  const keyset = listKeyset(adminTaskOrder(q.sort), 't.id', q.sort ? `tasks.admin.${q.sort}` : 'tasks.admin');
  const after = keyset.decode(q.cursor);
  const c = new SqlConditions();
  if (q.status) c.add('t.status = ?', q.status);
  if (q.search) c.add('lower(t.title) LIKE ?', likeContains(q.search));
  // Underpaid: the median real time known and the rate at it under the floor (tasks_median_rate_idx).
  if (q.underpaid === 'true') c.add('t.median_seconds IS NOT NULL AND t.hourly_rate < ?', minimumHourlyRate);
  if (q.underpaid === 'false') c.add('NOT (t.median_seconds IS NOT NULL AND t.hourly_rate < ?)', minimumHourlyRate);
  const count = countCapped(db, 'tasks t', c.where(), c.values);
  const afterCursor = after ? keyset.after(after, (value) => c.param(value)) : undefined;
  const limit = c.param(q.pageSize + 1);
  // The page's tasks first (an index scan that stops at the limit), then each one's slots.
  const { rows } = await db.query<TAdminTaskRow & { sort_key: string }>(
    `WITH page AS (SELECT t.id FROM tasks t ${c.where(afterCursor)} ORDER BY ${keyset.orderBy} LIMIT ${limit})
     SELECT ${TASK_COLUMNS}, ${RETURNS_SQL}, ${keyset.select}, ${SLOTS_SELECT}
       FROM page p JOIN tasks t ON t.id = p.id
      ORDER BY ${keyset.orderBy}`,
    c.values,
  );
  return toPage(rows, q.pageSize, keyset.cursorList, (row) => keyset.keyOf(row, row.id), mapAdminTask, await count);
}

interface TWorkerTaskRow extends TTaskRow {
  /** row_to_json: snake_case keys, timestamps as text. */
  assignment: TAssignmentRow | null;
  request: { id: string; status: TTaskRequestStatus; requested_at: string; reason: string | null; decided_at: string | null } | null;
}

/** A task as a worker's list shows it: with the worker's own latest assignment and task request (never another's). */
export interface TWorkerTaskRecord extends TTaskCore {
  assignment: TAssignmentRecord | null;
  request: { id: string; status: TTaskRequestStatus; requestedAt: string; reason: string | null; decidedAt: string | null } | null;
}

/**
 * The tasks a worker sees: those available to take (not past their due date), and those the worker has an
 * assignment or a pending request on, each with the worker's latest assignment and request (never another's); of
 * the tasks they completed, only the latest `doneShown`. The candidates come from indexes (available tasks, the
 * worker's own assignments and requests), so the cost follows what the worker sees, not every task ever created.
 */
export async function listTasksForWorker(db: Queryable, userId: string, doneShown: number, sort?: TWorkerTaskSort): Promise<TWorkerTaskRecord[]> {
  // The board's order, or by pay per hour (hourly_rate, computed by the database) either way, then the board's order.
  const order = sort ? `t.hourly_rate ${sort === 'hourlyRate.asc' ? 'ASC' : 'DESC'}, t.sort_order, t.created_at, t.id` : 't.sort_order, t.created_at, t.id';
  const { rows } = await db.query<TWorkerTaskRow>(
    `WITH done AS (
       SELECT task_id FROM task_assignments WHERE user_id = $1 AND status = 'completed' ORDER BY completed_at DESC, id DESC LIMIT $2
     ), candidates AS (
       SELECT id FROM tasks WHERE status = 'available'
       UNION SELECT task_id FROM task_assignments WHERE user_id = $1 AND status NOT IN ('completed', 'returned')
       UNION SELECT task_id FROM done
       UNION SELECT task_id FROM task_requests WHERE user_id = $1 AND status = 'pending'
     )
     SELECT ${TASK_COLUMNS}, row_to_json(ua) AS assignment, row_to_json(ur) AS request
     FROM candidates c JOIN tasks t ON t.id = c.id
     LEFT JOIN LATERAL (
       SELECT a.id, a.task_id, a.user_id, a.status, a.submission, a.assigned_at, a.expires_at, a.submitted_at, a.rejection_reason,
              a.rejected_at, a.completed_at, a.auto_approved, a.cancellation_reason, a.cancelled_at, a.returned_at, a.return_reason, a.under_appeal
       FROM task_assignments a WHERE a.task_id = t.id AND a.user_id = $1 ORDER BY a.assigned_at DESC, a.created_at DESC LIMIT 1
     ) ua ON true
     LEFT JOIN LATERAL (
       SELECT r.id, r.status, r.requested_at, r.reason, r.decided_at
       FROM task_requests r WHERE r.task_id = t.id AND r.user_id = $1 ORDER BY r.requested_at DESC LIMIT 1
     ) ur ON true
     WHERE ((t.status = 'available' AND (t.due_date IS NULL OR t.due_date >= (now() AT TIME ZONE 'UTC')::date))
        OR ua.id IS NOT NULL
        OR ur.status = 'pending')
       AND (ua.status IS DISTINCT FROM 'completed' OR t.id IN (SELECT task_id FROM done))
     ORDER BY ${order}`,
    [userId, doneShown],
  );
  return rows.map((row) => ({
    ...mapTask(row),
    assignment: row.assignment ? mapAssignment(row.assignment) : null,
    request: row.request
      ? { id: row.request.id, status: row.request.status, requestedAt: iso(row.request.requested_at), reason: row.request.reason, decidedAt: iso(row.request.decided_at) }
      : null,
  }));
}

/** How many tasks the worker has completed (all of them, also those the list leaves out). */
export async function countCompletedByWorker(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM task_assignments WHERE user_id = $1 AND status = 'completed'`, [userId]);
  return rows[0]?.n ?? 0;
}

/**
 * One page of the tasks the worker completed, newest first: keyset on (completed_at, id) descending after the cursor,
 * on task_assignments_user_completed_idx (migration 0003); only the worker's own rows.
 */
export async function listCompletedPage(db: Queryable, userId: string, q: TCompletedTasksQuery): Promise<TPage<TCompletedTask>> {
  const list = 'tasks.completed';
  const after = decodeCursor(q.cursor, list, ZTimeIdCursorKeySchema);
  const c = new SqlConditions().add('a.user_id = ?', userId).add(`a.status = 'completed'`);
  const count = countCapped(db, 'task_assignments a', c.where(), c.values);
  const keyset = after ? `(a.completed_at, a.id) < (${c.param(after[0])}, ${c.param(after[1])})` : undefined;
  const limit = c.param(q.pageSize + 1);
  const { rows } = await db.query<{ id: string; task_id: string; title: string; reward: string; submitted_at: Date | null; completed_at: Date; auto_approved: boolean; sort_key: string }>(
    `SELECT a.id, a.task_id, t.title, t.reward::text AS reward, a.submitted_at, a.completed_at, a.auto_approved, ${cursorTimeSql('a.completed_at')} AS sort_key
       FROM task_assignments a JOIN tasks t ON t.id = a.task_id
       ${c.where(keyset)} ORDER BY a.completed_at DESC, a.id DESC LIMIT ${limit}`,
    c.values,
  );
  return toPage(
    rows,
    q.pageSize,
    list,
    (row) => [row.sort_key, row.id],
    (row) => ({ id: row.id, taskId: row.task_id, title: row.title, reward: row.reward, submittedAt: iso(row.submitted_at), completedAt: iso(row.completed_at), autoApproved: row.auto_approved }),
    await count,
  );
}

/**
 * One page of the tasks not in the package (its add-task dialog), in the admin's order: sortOrder, then oldest first,
 * keyset on (sort_order, created_at, id) after the cursor (tasks_order_idx; ?search by trigrams on the title,
 * tasks_title_search_idx); "not in the package" is an anti-join on task_package_items' UNIQUE (package_id, task_id).
 * The total is counted up to the cap.
 */
export async function listTasksNotInPackagePage(db: Queryable, packageId: string, q: TPackageAvailableTasksQuery): Promise<TPage<TTaskCore>> {
  const list = 'tasks.not_in_package';
  const after = decodeCursor(q.cursor, list, ZAdminTaskCursorKeySchema);
  const c = new SqlConditions().add('NOT EXISTS (SELECT 1 FROM task_package_items i WHERE i.package_id = ? AND i.task_id = t.id)', packageId);
  if (q.search) c.add('lower(t.title) LIKE ?', likeContains(q.search));
  const count = countCapped(db, 'tasks t', c.where(), c.values);
  const keyset = after ? `(t.sort_order, t.created_at, t.id) > (${c.param(after[0])}, ${c.param(after[1])}, ${c.param(after[2])})` : undefined;
  const limit = c.param(q.pageSize + 1);
  const { rows } = await db.query<TTaskRow & { sort_key: string }>(
    `SELECT ${TASK_COLUMNS}, ${cursorTimeSql('t.created_at')} AS sort_key FROM tasks t ${c.where(keyset)} ORDER BY t.sort_order, t.created_at, t.id LIMIT ${limit}`,
    c.values,
  );
  return toPage(rows, q.pageSize, list, (row) => [row.sort_order, row.sort_key, row.id], mapTask, await count);
}
