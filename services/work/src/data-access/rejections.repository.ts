import { randomUUID } from 'node:crypto';
import type { TAdminAppealsQuery, TAppealStatus, TPage } from '@platform/contracts';
import { countCapped, listKeyset, SqlConditions, toPage, type Queryable } from '@platform/service-kit';
import { iso } from './rows.js';

/** One rejection of a submission, with its appeal (issue 29): kept after a resubmission clears the assignment's columns. */
export interface TRejectionRecord {
  id: string;
  assignmentId: string;
  userId: string;
  taskId: string;
  reason: string;
  criteria: number[];
  rejectedBy: string;
  rejectedAt: string;
  appeal: {
    id: string;
    status: TAppealStatus;
    statement: string;
    appealedAt: string;
    decidedBy: string | null;
    decidedAt: string | null;
    decisionReason: string | null;
  } | null;
}

interface TRejectionRow {
  id: string;
  assignment_id: string;
  user_id: string;
  task_id: string;
  reason: string;
  criteria: number[];
  rejected_by: string;
  rejected_at: Date;
  appeal_id: string | null;
  appeal_status: TAppealStatus | null;
  appeal_statement: string | null;
  appealed_at: Date | null;
  appeal_decided_by: string | null;
  appeal_decided_at: Date | null;
  appeal_decision_reason: string | null;
}

const REJECTION_COLUMNS = `r.id, r.assignment_id, r.user_id, r.task_id, r.reason, r.criteria, r.rejected_by, r.rejected_at, r.appeal_id,
  r.appeal_status, r.appeal_statement, r.appealed_at, r.appeal_decided_by, r.appeal_decided_at, r.appeal_decision_reason`;

function mapRejection(row: TRejectionRow): TRejectionRecord {
  return {
    id: row.id,
    assignmentId: row.assignment_id,
    userId: row.user_id,
    taskId: row.task_id,
    reason: row.reason,
    criteria: row.criteria ?? [],
    rejectedBy: row.rejected_by,
    rejectedAt: iso(row.rejected_at),
    appeal:
      row.appeal_id && row.appeal_status && row.appealed_at
        ? {
            id: row.appeal_id,
            status: row.appeal_status,
            statement: row.appeal_statement ?? '',
            appealedAt: iso(row.appealed_at),
            decidedBy: row.appeal_decided_by,
            decidedAt: iso(row.appeal_decided_at),
            decisionReason: row.appeal_decision_reason,
          }
        : null,
  };
}

export async function insertRejection(
  db: Queryable,
  input: { assignmentId: string; userId: string; taskId: string; reason: string; criteria: number[]; rejectedBy: string; rejectedAt: string; templateId?: string | null },
): Promise<void> {
  await db.query(
    `INSERT INTO submission_rejections (id, assignment_id, user_id, task_id, reason, criteria, rejected_by, rejected_at, template_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [randomUUID(), input.assignmentId, input.userId, input.taskId, input.reason, input.criteria, input.rejectedBy, input.rejectedAt, input.templateId ?? null],
  );
}

/** The latest rejection of each of these assignments. */
export async function findLatestRejections(db: Queryable, assignmentIds: string[], options: { forUpdate?: boolean } = {}): Promise<Map<string, TRejectionRecord>> {
  const found = new Map<string, TRejectionRecord>();
  if (assignmentIds.length === 0) return found;
  const { rows } = await db.query<TRejectionRow>(
    options.forUpdate
      ? `SELECT ${REJECTION_COLUMNS} FROM submission_rejections r WHERE r.id = (
           SELECT l.id FROM submission_rejections l WHERE l.assignment_id = $1 ORDER BY l.rejected_at DESC LIMIT 1) FOR UPDATE`
      : `SELECT DISTINCT ON (r.assignment_id) ${REJECTION_COLUMNS} FROM submission_rejections r
         WHERE r.assignment_id = ANY($1::uuid[]) ORDER BY r.assignment_id, r.rejected_at DESC`,
    [options.forUpdate ? assignmentIds[0] : assignmentIds],
  );
  for (const row of rows) found.set(row.assignment_id, mapRejection(row));
  return found;
}

/** Records the appeal of a rejection not yet appealed (conditional: a second appeal finds nothing). */
export async function markAppealed(db: Queryable, rejectionId: string, statement: string): Promise<TRejectionRecord | undefined> {
  const { rows } = await db.query<TRejectionRow>(
    `UPDATE submission_rejections AS r SET appeal_id = $2, appeal_status = 'pending', appeal_statement = $3, appealed_at = now()
     WHERE r.id = $1 AND r.appeal_id IS NULL RETURNING ${REJECTION_COLUMNS}`,
    [rejectionId, randomUUID(), statement],
  );
  return rows[0] && mapRejection(rows[0]);
}

/** The rejection an appeal belongs to (locked when asked). */
export async function findRejectionByAppeal(db: Queryable, appealId: string, options: { forUpdate?: boolean } = {}): Promise<TRejectionRecord | undefined> {
  const { rows } = await db.query<TRejectionRow>(
    `SELECT ${REJECTION_COLUMNS} FROM submission_rejections r WHERE r.appeal_id = $1${options.forUpdate ? ' FOR UPDATE' : ''}`,
    [appealId],
  );
  return rows[0] && mapRejection(rows[0]);
}

/** pending -> upheld | overturned; the WHERE lets one of two concurrent decisions through. */
export async function markAppealDecided(
  db: Queryable,
  appealId: string,
  input: { decision: 'upheld' | 'overturned'; decidedBy: string; reason: string | null },
): Promise<TRejectionRecord | undefined> {
  const { rows } = await db.query<TRejectionRow>(
    `UPDATE submission_rejections AS r SET appeal_status = $2, appeal_decided_by = $3, appeal_decided_at = now(), appeal_decision_reason = $4
     WHERE r.appeal_id = $1 AND r.appeal_status = 'pending' RETURNING ${REJECTION_COLUMNS}`,
    [appealId, input.decision, input.decidedBy, input.reason],
  );
  return rows[0] && mapRejection(rows[0]);
}

export async function setUnderAppeal(db: Queryable, assignmentId: string, underAppeal: boolean): Promise<void> {
  await db.query('UPDATE task_assignments SET under_appeal = $2, updated_at = now() WHERE id = $1', [assignmentId, underAppeal]);
}

/** An appeal with what the admin's queue shows of its task and submission. */
export interface TAppealRecord extends TRejectionRecord {
  appeal: NonNullable<TRejectionRecord['appeal']>;
  taskTitle: string;
  taskReward: string;
  taskAcceptanceCriteria: string[];
  submission: string | null;
}

type TAppealRow = TRejectionRow & { task_title: string; task_reward: string; task_acceptance_criteria: string[]; submission: string | null };

function mapAppeal(row: TAppealRow): TAppealRecord {
  const base = mapRejection(row);
  return {
    ...base,
    appeal: base.appeal as NonNullable<TRejectionRecord['appeal']>,
    taskTitle: row.task_title,
    taskReward: row.task_reward,
    taskAcceptanceCriteria: row.task_acceptance_criteria ?? [],
    submission: row.submission,
  };
}

const APPEAL_SELECT = `SELECT ${REJECTION_COLUMNS}, t.title AS task_title, t.reward::text AS task_reward, t.acceptance_criteria AS task_acceptance_criteria,
  a.submission FROM submission_rejections r JOIN tasks t ON t.id = r.task_id JOIN task_assignments a ON a.id = r.assignment_id`;

export async function findAppeal(db: Queryable, appealId: string): Promise<TAppealRecord | undefined> {
  const { rows } = await db.query<TAppealRow>(`${APPEAL_SELECT} WHERE r.appeal_id = $1`, [appealId]);
  return rows[0] && mapAppeal(rows[0]);
}

/**
 * One page of appeals in one status: the pending ones oldest first (the queue, most overdue on top), decided ones
 * newest first; keyset on (appealed_at, appeal_id), read from submission_rejections_appeals_idx.
 */
export async function listAppealsPage(db: Queryable, q: TAdminAppealsQuery): Promise<TPage<TAppealRecord>> {
  const oldestFirst = q.status === 'pending';
  const keyset = listKeyset({ column: 'r.appealed_at', kind: 'time', direction: oldestFirst ? 'ASC' : 'DESC' }, 'r.appeal_id', `appeals.${q.status}`);
  const after = keyset.decode(q.cursor);
  const c = new SqlConditions().add('r.appeal_id IS NOT NULL').add('r.appeal_status = ?', q.status);
  const count = countCapped(db, 'submission_rejections r', c.where(), c.values);
  const afterCursor = after ? keyset.after(after, (value) => c.param(value)) : undefined;
  const limit = c.param(q.pageSize + 1);
  const { rows } = await db.query<TAppealRow & { sort_key: string }>(
    `SELECT ${REJECTION_COLUMNS}, t.title AS task_title, t.reward::text AS task_reward, t.acceptance_criteria AS task_acceptance_criteria, a.submission,
       ${keyset.select}
       FROM submission_rejections r JOIN tasks t ON t.id = r.task_id JOIN task_assignments a ON a.id = r.assignment_id
       ${c.where(afterCursor)} ORDER BY ${keyset.orderBy} LIMIT ${limit}`,
    c.values,
  );
  return toPage(rows, q.pageSize, keyset.cursorList, (row) => keyset.keyOf(row, row.appeal_id as string), mapAppeal, await count);
}

/** The worker's own counts (issue 29 item 5). */
export async function countQuality(db: Queryable, userId: string): Promise<{ approved: number; returned: number; rejected: number; underAppeal: number; appealsWon: number }> {
  const { rows } = await db.query<{ approved: number; returned: number; rejected: number; under_appeal: number; appeals_won: number }>(
    `SELECT (SELECT count(*)::int FROM task_assignments WHERE user_id = $1 AND status = 'completed') AS approved,
            (SELECT count(*)::int FROM task_assignments WHERE user_id = $1 AND status = 'returned') AS returned,
            count(*) FILTER (WHERE r.appeal_status IS NULL OR r.appeal_status = 'upheld')::int AS rejected,
            count(*) FILTER (WHERE r.appeal_status = 'pending')::int AS under_appeal,
            count(*) FILTER (WHERE r.appeal_status = 'overturned')::int AS appeals_won
       FROM submission_rejections r WHERE r.user_id = $1`,
    [userId],
  );
  const row = rows[0];
  return { approved: row?.approved ?? 0, returned: row?.returned ?? 0, rejected: row?.rejected ?? 0, underAppeal: row?.under_appeal ?? 0, appealsWon: row?.appeals_won ?? 0 };
}

/** The worker's latest rejections with their task's title and criteria. */
export async function listLatestRejectionsOfWorker(db: Queryable, userId: string, limit: number): Promise<(TRejectionRecord & { taskTitle: string; taskAcceptanceCriteria: string[] })[]> {
  const { rows } = await db.query<TRejectionRow & { task_title: string; task_acceptance_criteria: string[] }>(
    `SELECT ${REJECTION_COLUMNS}, t.title AS task_title, t.acceptance_criteria AS task_acceptance_criteria
       FROM submission_rejections r JOIN tasks t ON t.id = r.task_id WHERE r.user_id = $1 ORDER BY r.rejected_at DESC, r.id DESC LIMIT $2`,
    [userId, limit],
  );
  return rows.map((row) => ({ ...mapRejection(row), taskTitle: row.task_title, taskAcceptanceCriteria: row.task_acceptance_criteria ?? [] }));
}
