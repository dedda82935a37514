import { randomUUID } from 'node:crypto';
import type { TAdminSubmissionsQuery, TAssignmentStatus, TPage, TSubmissionClaim, TSubmissionFile } from '@platform/contracts';
import { countCapped, likeContains, listKeyset, SqlConditions, toPage, type Queryable } from '@platform/service-kit';
import { ASSIGNMENT_COLUMNS, iso, LIVE_ASSIGNMENT_STATUSES, mapAssignment, type TAssignmentRecord, type TAssignmentRow } from './rows.js';

export async function insertAssignment(
  db: Queryable,
  input: { taskId: string; userId: string; timeLimitMinutes: number | null },
): Promise<TAssignmentRecord> {
  const { rows } = await db.query<TAssignmentRow>(
    `INSERT INTO task_assignments AS a (id, task_id, user_id, status, assigned_at, expires_at)
     VALUES ($1, $2, $3, 'assigned', now(), CASE WHEN $4::int IS NULL THEN NULL ELSE now() + make_interval(mins => $4::int) END)
     RETURNING ${ASSIGNMENT_COLUMNS}`,
    [randomUUID(), input.taskId, input.userId, input.timeLimitMinutes],
  );
  return mapAssignment(rows[0] as TAssignmentRow);
}

export async function findAssignment(db: Queryable, id: string, options: { forUpdate?: boolean } = {}): Promise<TAssignmentRecord | undefined> {
  const { rows } = await db.query<TAssignmentRow>(
    `SELECT ${ASSIGNMENT_COLUMNS} FROM task_assignments a WHERE a.id = $1${options.forUpdate ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] && mapAssignment(rows[0]);
}

/** The worker's assignment on a task that holds one of its slots (there is at most one per worker and task). */
export async function findLiveAssignmentOfWorker(
  db: Queryable,
  taskId: string,
  userId: string,
  options: { forUpdate?: boolean } = {},
): Promise<TAssignmentRecord | undefined> {
  const { rows } = await db.query<TAssignmentRow>(
    `SELECT ${ASSIGNMENT_COLUMNS} FROM task_assignments a
     WHERE a.task_id = $1 AND a.user_id = $2 AND a.status = ANY($3::text[])${options.forUpdate ? ' FOR UPDATE' : ''}`,
    [taskId, userId, [...LIVE_ASSIGNMENT_STATUSES]],
  );
  return rows[0] && mapAssignment(rows[0]);
}

/** Whether the worker has done the task (an approved assignment): a task with several slots takes each worker once. */
export async function hasCompletedTask(db: Queryable, taskId: string, userId: string): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM task_assignments WHERE task_id = $1 AND user_id = $2 AND status = 'completed' LIMIT 1`, [taskId, userId]);
  return rows.length > 0;
}

/** The worker's latest assignment on a task, whatever its status. */
export async function findLatestAssignmentOfWorker(db: Queryable, taskId: string, userId: string): Promise<TAssignmentRecord | undefined> {
  const { rows } = await db.query<TAssignmentRow>(
    `SELECT ${ASSIGNMENT_COLUMNS} FROM task_assignments a WHERE a.task_id = $1 AND a.user_id = $2 ORDER BY a.assigned_at DESC LIMIT 1`,
    [taskId, userId],
  );
  return rows[0] && mapAssignment(rows[0]);
}

/** Records a (re)submission: replaces the text, clears a rejection. Only from assigned, in_progress or rejected. */
export async function markSubmitted(db: Queryable, id: string, submission: string): Promise<TAssignmentRecord | undefined> {
  const { rows } = await db.query<TAssignmentRow>(
    `UPDATE task_assignments AS a SET status = 'submitted', submission = $2, submitted_at = now(), rejection_reason = NULL,
       rejected_at = NULL, rejected_by = NULL, updated_at = now()
     WHERE a.id = $1 AND a.status IN ('assigned', 'in_progress', 'rejected') AND NOT a.under_appeal RETURNING ${ASSIGNMENT_COLUMNS}`,
    [id, submission],
  );
  return rows[0] && mapAssignment(rows[0]);
}

/**
 * Issue 30: a decision by someone other than the admin holding a live claim finds no row. `decidedBy` is the deciding
 * admin's parameter (null, the auto-approval job, never holds a claim, so it waits until the claim is released or
 * lapses). A claim and a decision are both conditional updates of the assignment row: whichever comes second waits for
 * the first's row lock and is re-checked against its result, so no decision slips past a claim taken at that moment.
 */
export const NOT_CLAIMED_BY_OTHER = (decidedBy: string) => `(a.claimed_by IS NULL OR a.claim_expires_at <= now() OR a.claimed_by = ${decidedBy}::uuid)`;

/**
 * submitted -> completed; the WHERE makes a second (concurrent) approval find nothing. approvedBy null = automatic.
 * `from: 'rejected'`: an appeal overturned the rejection (the assignment is under appeal until then).
 */
export async function markApproved(db: Queryable, id: string, approvedBy: string | null, from: 'submitted' | 'rejected' = 'submitted'): Promise<TAssignmentRecord | undefined> {
  const { rows } = await db.query<TAssignmentRow>(
    `UPDATE task_assignments AS a SET status = 'completed', completed_at = now(), approved_by = $2, auto_approved = $2::uuid IS NULL,
       under_appeal = false, claimed_by = NULL, claim_expires_at = NULL, updated_at = now()
     WHERE a.id = $1 AND a.status = $3 AND ${NOT_CLAIMED_BY_OTHER('$2')} RETURNING ${ASSIGNMENT_COLUMNS}`,
    [id, approvedBy, from],
  );
  return rows[0] && mapAssignment(rows[0]);
}

export async function markRejected(db: Queryable, id: string, rejectedBy: string, reason: string): Promise<TAssignmentRecord | undefined> {
  const { rows } = await db.query<TAssignmentRow>(
    `UPDATE task_assignments AS a SET status = 'rejected', rejection_reason = $3, rejected_by = $2, rejected_at = now(),
       claimed_by = NULL, claim_expires_at = NULL, updated_at = now()
     WHERE a.id = $1 AND a.status = 'submitted' AND ${NOT_CLAIMED_BY_OTHER('$2')} RETURNING ${ASSIGNMENT_COLUMNS}`,
    [id, rejectedBy, reason],
  );
  return rows[0] && mapAssignment(rows[0]);
}

/**
 * The worker's assignment on the task that is not yet handed in (assigned, in progress, or sent back for revision)
 * -> returned, with the time and the optional reason; undefined when there is none.
 */
export async function markReturned(db: Queryable, taskId: string, userId: string, reason: string | null): Promise<TAssignmentRecord | undefined> {
  const { rows } = await db.query<TAssignmentRow>(
    `UPDATE task_assignments AS a SET status = 'returned', returned_at = now(), return_reason = $3, updated_at = now()
     WHERE a.task_id = $1 AND a.user_id = $2 AND a.status IN ('assigned', 'in_progress', 'rejected') AND NOT a.under_appeal RETURNING ${ASSIGNMENT_COLUMNS}`,
    [taskId, userId, reason],
  );
  return rows[0] && mapAssignment(rows[0]);
}

/** The status of the worker's latest assignment on the task, or undefined when they never took it. */
export async function findLatestStatusOfWorker(db: Queryable, taskId: string, userId: string): Promise<TAssignmentStatus | undefined> {
  const { rows } = await db.query<{ status: TAssignmentStatus }>(
    'SELECT status FROM task_assignments WHERE task_id = $1 AND user_id = $2 ORDER BY assigned_at DESC, created_at DESC LIMIT 1',
    [taskId, userId],
  );
  return rows[0]?.status;
}

/** A live assignment -> cancelled with the reason; cancelledBy null = released by the time-limit job. */
export async function markCancelled(
  db: Queryable,
  id: string,
  input: { cancelledBy: string | null; reason: string; onlyFrom: readonly TAssignmentStatus[] },
): Promise<TAssignmentRecord | undefined> {
  const { rows } = await db.query<TAssignmentRow>(
    `UPDATE task_assignments AS a SET status = 'cancelled', cancellation_reason = $3, cancelled_by = $2, cancelled_at = now(), updated_at = now()
     WHERE a.id = $1 AND a.status = ANY($4::text[]) AND NOT a.under_appeal RETURNING ${ASSIGNMENT_COLUMNS}`,
    [id, input.cancelledBy, input.reason, [...input.onlyFrom]],
  );
  return rows[0] && mapAssignment(rows[0]);
}

/** Locks up to `limit` submissions waiting longer than `days`, skipping rows another instance holds. */
export async function lockOverdueSubmissions(db: Queryable, days: number, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM task_assignments
     WHERE status = 'submitted' AND submitted_at <= now() - make_interval(secs => $1::double precision * 86400)
       AND (claimed_by IS NULL OR claim_expires_at <= now())
     ORDER BY submitted_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
    [days, limit],
  );
  return rows.map((r) => r.id);
}

/** Locks up to `limit` assignments past their time limit without a submission, skipping rows another instance holds. */
export async function lockExpiredAssignments(db: Queryable, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM task_assignments
     WHERE status IN ('assigned', 'in_progress') AND expires_at IS NOT NULL AND expires_at <= now()
     ORDER BY expires_at LIMIT $1 FOR UPDATE SKIP LOCKED`,
    [limit],
  );
  return rows.map((r) => r.id);
}

interface TSubmissionRow extends TAssignmentRow {
  task_title: string;
  task_description: string;
  task_reward: string;
  task_submission_instructions: string | null;
  task_acceptance_criteria: string[];
  claim_admin_id: string | null;
  claim_admin_name: string | null;
  claim_expires: Date | null;
}

/** A submission (an assignment) with what the review screen shows of its task. */
export interface TSubmissionRecord extends TAssignmentRecord {
  taskTitle: string;
  taskDescription: string;
  taskReward: string;
  taskSubmissionInstructions: string | null;
  taskAcceptanceCriteria: string[];
  /** The live claim (issue 30), else null. */
  claim: TSubmissionClaim | null;
}

function mapSubmission(row: TSubmissionRow): TSubmissionRecord {
  return {
    ...mapAssignment(row),
    taskTitle: row.task_title,
    taskDescription: row.task_description,
    taskReward: row.task_reward,
    taskSubmissionInstructions: row.task_submission_instructions,
    taskAcceptanceCriteria: row.task_acceptance_criteria ?? [],
    claim: row.claim_admin_id && row.claim_expires ? { adminId: row.claim_admin_id, adminName: row.claim_admin_name ?? '', expiresAt: iso(row.claim_expires) } : null,
  };
}

/** The live claim's columns (issue 30): the claimer's name from the users copy (else their e-mail, else ''). */
export const CLAIM_COLUMNS = `CASE WHEN a.claim_expires_at > now() THEN a.claimed_by END AS claim_admin_id,
  CASE WHEN a.claim_expires_at > now() THEN a.claim_expires_at END AS claim_expires,
  (SELECT COALESCE(NULLIF(btrim(cu.first_name || ' ' || cu.last_name), ''), cu.email) FROM users cu WHERE cu.id = a.claimed_by AND a.claim_expires_at > now()) AS claim_admin_name`;

const SUBMISSION_COLUMNS = `${ASSIGNMENT_COLUMNS}, t.title AS task_title, t.description AS task_description, t.reward::text AS task_reward,
  t.submission_instructions AS task_submission_instructions, t.acceptance_criteria AS task_acceptance_criteria, ${CLAIM_COLUMNS}`;
const SUBMISSION_SELECT = `SELECT ${SUBMISSION_COLUMNS} FROM task_assignments a JOIN tasks t ON t.id = a.task_id`;

/**
 * One page of the submissions awaiting review, oldest first (or newest first, sort=submittedAt.desc): keyset on
 * (submitted_at, id) after the cursor, each filter on an index read either way (migration 0005); the total counted
 * up to the cap.
 */
export async function listSubmissionsPage(db: Queryable, q: TAdminSubmissionsQuery): Promise<TPage<TSubmissionRecord>> {
  const newestFirst = q.sort === 'submittedAt.desc';
  const keyset = listKeyset({ column: 'a.submitted_at', kind: 'time', direction: newestFirst ? 'DESC' : 'ASC' }, 'a.id', newestFirst ? 'submissions.awaiting.newest' : 'submissions.awaiting');
  const after = keyset.decode(q.cursor);
  const c = new SqlConditions().add(`a.status = 'submitted'`);
  if (q.taskId) c.add('a.task_id = ?', q.taskId);
  if (q.from) c.add('a.submitted_at >= ?', q.from);
  if (q.to) c.add('a.submitted_at < ?', q.to);
  if (q.user) c.add(`a.user_id IN (SELECT s.id FROM users s WHERE lower(s.email || ' ' || s.first_name || ' ' || s.last_name) LIKE ?)`, likeContains(q.user));
  const count = countCapped(db, 'task_assignments a', c.where(), c.values);
  const afterCursor = after ? keyset.after(after, (value) => c.param(value)) : undefined;
  const limit = c.param(q.pageSize + 1);
  const { rows } = await db.query<TSubmissionRow & { sort_key: string }>(
    `SELECT ${SUBMISSION_COLUMNS}, ${keyset.select}
       FROM task_assignments a JOIN tasks t ON t.id = a.task_id
       ${c.where(afterCursor)} ORDER BY ${keyset.orderBy} LIMIT ${limit}`,
    c.values,
  );
  return toPage(rows, q.pageSize, keyset.cursorList, (row) => keyset.keyOf(row, row.id), mapSubmission, await count);
}

export async function findSubmission(db: Queryable, id: string): Promise<TSubmissionRecord | undefined> {
  const { rows } = await db.query<TSubmissionRow>(`${SUBMISSION_SELECT} WHERE a.id = $1`, [id]);
  return rows[0] && mapSubmission(rows[0]);
}

/* ---- Submission files ---- */

export interface TNewSubmissionFile {
  fileName: string;
  filePath: string;
  originalName: string;
  fileType: string;
  fileSize: number;
  /** A video stored as sent: its metadata (location, device) could not be removed. */
  metadataKept: boolean;
}

export async function insertSubmissionFiles(db: Queryable, assignmentId: string, files: TNewSubmissionFile[]): Promise<void> {
  for (const file of files) {
    await db.query(
      `INSERT INTO task_submission_files (id, assignment_id, file_name, file_path, original_name, file_type, file_size, metadata_kept)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [randomUUID(), assignmentId, file.fileName, file.filePath, file.originalName, file.fileType, file.fileSize, file.metadataKept],
    );
  }
}

interface TFileRow {
  id: string;
  assignment_id: string;
  file_name: string;
  original_name: string;
  file_type: string;
  file_size: string;
  metadata_kept: boolean;
  created_at: Date;
}

/** The files of these assignments, grouped by assignment, oldest first. */
export async function findFilesOfAssignments(db: Queryable, assignmentIds: string[]): Promise<Map<string, TSubmissionFile[]>> {
  const byAssignment = new Map<string, TSubmissionFile[]>();
  if (assignmentIds.length === 0) return byAssignment;
  const { rows } = await db.query<TFileRow>(
    `SELECT id, assignment_id, file_name, original_name, file_type, file_size, metadata_kept, created_at FROM task_submission_files
     WHERE assignment_id = ANY($1::uuid[]) ORDER BY seq`,
    [assignmentIds],
  );
  for (const row of rows) {
    const list = byAssignment.get(row.assignment_id) ?? [];
    list.push({
      id: row.id,
      fileName: row.file_name,
      originalName: row.original_name,
      fileType: row.file_type,
      fileSize: Number(row.file_size),
      metadataKept: row.metadata_kept,
      url: `/api/files/${row.file_name}`,
      createdAt: iso(row.created_at),
    });
    byAssignment.set(row.assignment_id, list);
  }
  return byAssignment;
}

export interface TStoredFileRecord {
  fileName: string;
  originalName: string;
  fileType: string;
  fileSize: number;
  ownerId: string;
}

export async function findFileByName(db: Queryable, fileName: string): Promise<TStoredFileRecord | undefined> {
  const { rows } = await db.query<{ file_name: string; original_name: string; file_type: string; file_size: string; user_id: string }>(
    `SELECT f.file_name, f.original_name, f.file_type, f.file_size, a.user_id
     FROM task_submission_files f JOIN task_assignments a ON a.id = f.assignment_id WHERE f.file_name = $1`,
    [fileName],
  );
  const row = rows[0];
  return row
    ? { fileName: row.file_name, originalName: row.original_name, fileType: row.file_type, fileSize: Number(row.file_size), ownerId: row.user_id }
    : undefined;
}

/**
 * Serialises the takes of one worker (in the caller's transaction), so two parallel takes cannot both pass the
 * cap on tasks held at once.
 */
export async function lockWorkerTakes(db: Queryable, userId: string): Promise<void> {
  await db.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 26))', [`work:take:${userId}`]);
}

/** Tasks a worker holds now: assignments not yet handed in (assigned, in progress) and requests awaiting an admin. */
export async function countTasksHeldByWorker(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT (SELECT count(*) FROM task_assignments WHERE user_id = $1 AND status IN ('assigned', 'in_progress'))::int
          + (SELECT count(*) FROM task_requests WHERE user_id = $1 AND status = 'pending')::int AS n`,
    [userId],
  );
  return rows[0]?.n ?? 0;
}
