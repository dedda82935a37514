import { randomUUID } from 'node:crypto';
import type { TPage, TTaskRequestsQuery, TTaskRequestStatus } from '@platform/contracts';
import { countCapped, cursorTimeSql, decodeCursor, likeContains, SqlConditions, toPage, ZTimeIdCursorKeySchema, type Queryable } from '@platform/service-kit';
import { iso } from './rows.js';

interface TTaskRequestRow {
  id: string;
  task_id: string;
  user_id: string;
  status: TTaskRequestStatus;
  submission: string | null;
  reason: string | null;
  decided_at: Date | null;
  requested_at: Date;
  task_title: string;
  task_reward: string;
  task_description: string;
  task_due_date: string | null;
}

/** A task request with what the admin's list shows of its task. */
export interface TTaskRequestRecord {
  id: string;
  requestedAt: string;
  taskId: string;
  userId: string;
  status: TTaskRequestStatus;
  submission: string | null;
  reason: string | null;
  decidedAt: string | null;
  task: { title: string; reward: string; description: string; dueDate: string | null };
}

function mapTaskRequest(row: TTaskRequestRow): TTaskRequestRecord {
  return {
    id: row.id,
    requestedAt: iso(row.requested_at),
    taskId: row.task_id,
    userId: row.user_id,
    status: row.status,
    submission: row.submission,
    reason: row.reason,
    decidedAt: iso(row.decided_at),
    task: { title: row.task_title, reward: row.task_reward, description: row.task_description, dueDate: row.task_due_date },
  };
}

const REQUEST_SELECT = `SELECT r.id, r.task_id, r.user_id, r.status, r.submission, r.reason, r.decided_at, r.requested_at,
    t.title AS task_title, t.reward::text AS task_reward, t.description AS task_description, t.due_date::text AS task_due_date
  FROM task_requests r JOIN tasks t ON t.id = r.task_id`;

export async function insertTaskRequest(db: Queryable, taskId: string, userId: string): Promise<{ id: string; requestedAt: string }> {
  const { rows } = await db.query<{ id: string; requested_at: Date }>(
    `INSERT INTO task_requests (id, task_id, user_id, status) VALUES ($1, $2, $3, 'pending') RETURNING id, requested_at`,
    [randomUUID(), taskId, userId],
  );
  const row = rows[0] as { id: string; requested_at: Date };
  return { id: row.id, requestedAt: iso(row.requested_at) };
}

export async function findPendingRequestOfTask(db: Queryable, taskId: string, options: { forUpdate?: boolean } = {}): Promise<TTaskRequestRecord | undefined> {
  const { rows } = await db.query<TTaskRequestRow>(
    `${REQUEST_SELECT} WHERE r.task_id = $1 AND r.status = 'pending'${options.forUpdate ? ' FOR UPDATE OF r' : ''}`,
    [taskId],
  );
  return rows[0] && mapTaskRequest(rows[0]);
}

export async function findTaskRequest(db: Queryable, id: string): Promise<TTaskRequestRecord | undefined> {
  const { rows } = await db.query<TTaskRequestRow>(`${REQUEST_SELECT} WHERE r.id = $1`, [id]);
  return rows[0] && mapTaskRequest(rows[0]);
}

export async function decideTaskRequest(
  db: Queryable,
  id: string,
  input: { status: 'approved' | 'rejected'; reason: string | null; decidedBy: string },
): Promise<boolean> {
  const result = await db.query(
    `UPDATE task_requests SET status = $2, reason = $3, decided_by = $4, decided_at = now() WHERE id = $1 AND status = 'pending'`,
    [id, input.status, input.reason, input.decidedBy],
  );
  return (result.rowCount ?? 0) > 0;
}

/**
 * One page of the task requests, newest first: keyset on (requested_at, id) descending after the cursor
 * (task_requests_requested_idx read backwards; with ?status task_requests_status_requested_idx, migration 0006;
 * ?user through users_search_idx and task_requests_user_idx); the total counted up to the cap.
 */
export async function listTaskRequestsPage(db: Queryable, q: TTaskRequestsQuery): Promise<TPage<TTaskRequestRecord>> {
  const list = 'task_requests.newest';
  const after = decodeCursor(q.cursor, list, ZTimeIdCursorKeySchema);
  const c = new SqlConditions();
  if (q.status) c.add('r.status = ?', q.status);
  if (q.from) c.add('r.requested_at >= ?', q.from);
  if (q.to) c.add('r.requested_at < ?', q.to);
  if (q.user) {
    c.add(`r.user_id IN (SELECT s.id FROM users s WHERE lower(s.email || ' ' || s.first_name || ' ' || s.last_name) LIKE ?)`, likeContains(q.user));
  }
  const count = countCapped(db, 'task_requests r', c.where(), c.values);
  const keyset = after ? `(r.requested_at, r.id) < (${c.param(after[0])}, ${c.param(after[1])})` : undefined;
  const limit = c.param(q.pageSize + 1);
  const { rows } = await db.query<TTaskRequestRow & { sort_key: string }>(
    `SELECT r.id, r.task_id, r.user_id, r.status, r.submission, r.reason, r.decided_at, r.requested_at,
            t.title AS task_title, t.reward::text AS task_reward, t.description AS task_description, t.due_date::text AS task_due_date,
            ${cursorTimeSql('r.requested_at')} AS sort_key
       FROM task_requests r JOIN tasks t ON t.id = r.task_id
       ${c.where(keyset)} ORDER BY r.requested_at DESC, r.id DESC LIMIT ${limit}`,
    c.values,
  );
  return toPage(rows, q.pageSize, list, (row) => [row.sort_key, row.id], mapTaskRequest, await count);
}

/** The Task Requests cards: pending requests and their rewards (one per task at most), approved counted up to the cap. */
export async function countTaskRequests(db: Queryable): Promise<{ pending: number; pendingRewards: string; approved: number; approvedExact: boolean }> {
  const [pending, approved] = await Promise.all([
    db.query<{ n: number; rewards: string }>(
      `SELECT count(*)::int AS n, COALESCE(sum(t.reward), 0)::numeric(14, 2)::text AS rewards
         FROM task_requests r JOIN tasks t ON t.id = r.task_id WHERE r.status = 'pending'`,
    ),
    countCapped(db, 'task_requests r', `WHERE r.status = 'approved'`, []),
  ]);
  const row = pending.rows[0];
  return { pending: row?.n ?? 0, pendingRewards: row?.rewards ?? '0.00', approved: approved.total, approvedExact: approved.totalExact };
}
