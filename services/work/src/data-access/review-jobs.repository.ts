import { randomUUID } from 'node:crypto';
import type { TPage, TReviewJobItemOutcome, TReviewJobItemsQuery } from '@platform/contracts';
import { countCapped, likeContains, listKeyset, SqlConditions, toPage, type Queryable } from '@platform/service-kit';
import { iso } from './rows.js';

/** Bulk approval jobs (issue 30 item 4, migration 0011): review_jobs and their items, one per selected submission. */

export interface TReviewJobRecord {
  id: string;
  status: 'running' | 'done';
  createdBy: string;
  createdAt: string;
  finishedAt: string | null;
  spotCheckEvery: number;
  total: number;
}

interface TJobRow {
  id: string;
  status: 'running' | 'done';
  created_by: string;
  created_at: Date;
  finished_at: Date | null;
  spot_check_every: number;
  total: number;
}

const mapJob = (row: TJobRow): TReviewJobRecord => ({
  id: row.id,
  status: row.status,
  createdBy: row.created_by,
  createdAt: iso(row.created_at),
  finishedAt: iso(row.finished_at),
  spotCheckEvery: row.spot_check_every,
  total: row.total,
});

/** The spot check of item `seq` (1-based) of a selection: every N-th (N = spotCheckEvery; 0: none). */
const IS_SPOT_CHECK = `COALESCE(sel.seq % NULLIF($2::int, 0) = 0, false)`;
const OUTCOME_AT_CREATION = `CASE WHEN ${IS_SPOT_CHECK} THEN 'spot_check' ELSE 'pending' END`;

/**
 * Writes a job and its items in the caller's transaction: the selection in order, every N-th item marked spot_check at
 * once (not approved by the job). `ids`: those submissions as given; `filter`: the submissions awaiting review that
 * match it now, oldest first, at most `max`. Returns the job (total 0 when nothing matched).
 */
export async function insertReviewJob(
  db: Queryable,
  input: { createdBy: string; spotCheckEvery: number; max: number; ids?: string[]; filter?: { user?: string; taskId?: string; from?: string; to?: string } },
): Promise<TReviewJobRecord> {
  const id = randomUUID();
  await db.query('INSERT INTO review_jobs (id, created_by, spot_check_every, total) VALUES ($1, $2, $3, 0)', [id, input.createdBy, input.spotCheckEvery]);
  let inserted: number;
  if (input.ids) {
    const { rowCount } = await db.query(
      `INSERT INTO review_job_items (job_id, seq, assignment_id, outcome, decided_at)
       SELECT $1::uuid, sel.seq, sel.id, ${OUTCOME_AT_CREATION}, CASE WHEN ${IS_SPOT_CHECK} THEN now() END
       FROM unnest($3::uuid[]) WITH ORDINALITY AS sel (id, seq)`,
      [id, input.spotCheckEvery, input.ids],
    );
    inserted = rowCount ?? 0;
  } else {
    const c = new SqlConditions();
    c.param(id);
    c.param(input.spotCheckEvery);
    c.add(`a.status = 'submitted'`);
    const f = input.filter ?? {};
    if (f.taskId) c.add('a.task_id = ?', f.taskId);
    if (f.from) c.add('a.submitted_at >= ?', f.from);
    if (f.to) c.add('a.submitted_at < ?', f.to);
    if (f.user) c.add(`a.user_id IN (SELECT s.id FROM users s WHERE lower(s.email || ' ' || s.first_name || ' ' || s.last_name) LIKE ?)`, likeContains(f.user));
    const limit = c.param(input.max);
    const { rowCount } = await db.query(
      `INSERT INTO review_job_items (job_id, seq, assignment_id, outcome, decided_at)
       SELECT $1::uuid, sel.seq, sel.id, ${OUTCOME_AT_CREATION}, CASE WHEN ${IS_SPOT_CHECK} THEN now() END
       FROM (SELECT a.id, row_number() OVER (ORDER BY a.submitted_at, a.id) AS seq FROM task_assignments a ${c.where()}
             ORDER BY a.submitted_at, a.id LIMIT ${limit}) sel`,
      c.values,
    );
    inserted = rowCount ?? 0;
  }
  const { rows } = await db.query<TJobRow>('UPDATE review_jobs SET total = $2 WHERE id = $1 RETURNING *', [id, inserted]);
  return mapJob(rows[0] as TJobRow);
}

export async function findReviewJob(db: Queryable, id: string): Promise<TReviewJobRecord | undefined> {
  const { rows } = await db.query<TJobRow>('SELECT * FROM review_jobs WHERE id = $1', [id]);
  return rows[0] && mapJob(rows[0]);
}

/** How many items of the job have each outcome (index review_job_items_outcome_idx). */
export async function countItemOutcomes(db: Queryable, jobId: string): Promise<Record<TReviewJobItemOutcome, number>> {
  const { rows } = await db.query<{ outcome: TReviewJobItemOutcome; n: number }>(
    'SELECT outcome, count(*)::int AS n FROM review_job_items WHERE job_id = $1 GROUP BY outcome',
    [jobId],
  );
  const counts: Record<TReviewJobItemOutcome, number> = { pending: 0, approved: 0, already_decided: 0, spot_check: 0, claimed: 0, failed: 0 };
  for (const row of rows) counts[row.outcome] = row.n;
  return counts;
}

export interface TReviewJobItemRecord {
  seq: number;
  submissionId: string;
  outcome: TReviewJobItemOutcome;
  code: string | null;
  claimedBy: string | null;
  decidedAt: string | null;
  taskTitle: string;
  userName: string;
}

interface TItemRow {
  seq: number;
  assignment_id: string;
  outcome: TReviewJobItemOutcome;
  code: string | null;
  claimed_by: string | null;
  decided_at: Date | null;
  task_title: string | null;
  user_name: string | null;
}

/** A page of the job's items in the selection's order (keyset on seq), optionally of one outcome. */
export async function listReviewJobItems(db: Queryable, jobId: string, q: TReviewJobItemsQuery): Promise<TPage<TReviewJobItemRecord>> {
  const keyset = listKeyset({ column: 'i.seq', kind: 'number', direction: 'ASC' }, 'i.assignment_id', q.outcome ? `review-job-items.${q.outcome}` : 'review-job-items');
  const after = keyset.decode(q.cursor);
  const c = new SqlConditions().add('i.job_id = ?', jobId);
  if (q.outcome) c.add('i.outcome = ?', q.outcome);
  const count = countCapped(db, 'review_job_items i', c.where(), c.values);
  const afterCursor = after ? keyset.after(after, (value) => c.param(value)) : undefined;
  const limit = c.param(q.pageSize + 1);
  const { rows } = await db.query<TItemRow & { sort_key: string }>(
    `SELECT i.seq, i.assignment_id, i.outcome, i.code, i.claimed_by, i.decided_at, t.title AS task_title,
            COALESCE(NULLIF(btrim(u.first_name || ' ' || u.last_name), ''), u.email) AS user_name, ${keyset.select}
       FROM review_job_items i
       LEFT JOIN task_assignments a ON a.id = i.assignment_id
       LEFT JOIN tasks t ON t.id = a.task_id
       LEFT JOIN users u ON u.id = a.user_id
       ${c.where(afterCursor)} ORDER BY ${keyset.orderBy} LIMIT ${limit}`,
    c.values,
  );
  return toPage(
    rows,
    q.pageSize,
    keyset.cursorList,
    (row) => keyset.keyOf(row, row.assignment_id),
    (row) => ({
      seq: row.seq,
      submissionId: row.assignment_id,
      outcome: row.outcome,
      code: row.code,
      claimedBy: row.claimed_by,
      decidedAt: iso(row.decided_at),
      taskTitle: row.task_title ?? '',
      userName: row.user_name ?? '',
    }),
    await count,
  );
}

/** The oldest running job that still has pending items (any instance may take its next batch). */
export async function findRunningJobs(db: Queryable, limit: number): Promise<TReviewJobRecord[]> {
  const { rows } = await db.query<TJobRow>(`SELECT * FROM review_jobs WHERE status = 'running' ORDER BY created_at, id LIMIT $1`, [limit]);
  return rows.map(mapJob);
}

/** Locks the job's next `limit` pending items in order, skipping items another instance holds. */
export async function lockPendingItems(db: Queryable, jobId: string, limit: number): Promise<{ seq: number; assignmentId: string }[]> {
  const { rows } = await db.query<{ seq: number; assignment_id: string }>(
    `SELECT seq, assignment_id FROM review_job_items WHERE job_id = $1 AND outcome = 'pending' ORDER BY seq LIMIT $2 FOR UPDATE SKIP LOCKED`,
    [jobId, limit],
  );
  return rows.map((r) => ({ seq: r.seq, assignmentId: r.assignment_id }));
}

export async function setItemOutcome(
  db: Queryable,
  jobId: string,
  seq: number,
  outcome: Exclude<TReviewJobItemOutcome, 'pending'>,
  detail: { code?: string | null; claimedBy?: string | null } = {},
): Promise<void> {
  await db.query(`UPDATE review_job_items SET outcome = $3, code = $4, claimed_by = $5, decided_at = now() WHERE job_id = $1 AND seq = $2 AND outcome = 'pending'`, [
    jobId,
    seq,
    outcome,
    detail.code ?? null,
    detail.claimedBy ?? null,
  ]);
}

/** Marks the job done once no item is pending (items held by another instance are still pending: not yet). */
export async function finishJobIfDone(db: Queryable, jobId: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE review_jobs SET status = 'done', finished_at = now() WHERE id = $1 AND status = 'running'
       AND NOT EXISTS (SELECT 1 FROM review_job_items WHERE job_id = $1 AND outcome = 'pending')`,
    [jobId],
  );
  return (rowCount ?? 0) > 0;
}
