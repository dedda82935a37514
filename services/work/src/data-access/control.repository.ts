import { randomUUID } from 'node:crypto';
import type { TControlAccuracy, TControlCheck, TControlMatch, TTaskControl } from '@platform/contracts';
import type { Queryable } from '@platform/service-kit';
import { iso } from './rows.js';

/**
 * Control tasks (issue 30 item 5, migration 0011): the expected answers (control_tasks) and the check of each control
 * submission (control_checks). Admin-only tables: no query a worker's answer is built from reads them.
 */

interface TControlTaskRow {
  task_id: string;
  expected_answer: string;
  match_mode: TControlMatch;
  set_by: string | null;
  set_at: Date;
}

function mapControl(row: TControlTaskRow): TTaskControl {
  return { expectedAnswer: row.expected_answer, match: row.match_mode, setAt: iso(row.set_at), setBy: row.set_by };
}

/** Sets (or replaces) a task's expected answer. The caller holds the task row locked (tasks.use-case). */
export async function upsertControl(db: Queryable, taskId: string, input: { expectedAnswer: string; match: TControlMatch; setBy: string }): Promise<void> {
  await db.query(
    `INSERT INTO control_tasks (task_id, expected_answer, match_mode, set_by, set_at) VALUES ($1, $2, $3, $4, now())
     ON CONFLICT (task_id) DO UPDATE SET expected_answer = EXCLUDED.expected_answer, match_mode = EXCLUDED.match_mode, set_by = EXCLUDED.set_by, set_at = now()`,
    [taskId, input.expectedAnswer, input.match, input.setBy],
  );
}

/** Makes the task an ordinary task again (its past checks stay with their submissions). */
export async function deleteControl(db: Queryable, taskId: string): Promise<void> {
  await db.query('DELETE FROM control_tasks WHERE task_id = $1', [taskId]);
}

/** The expected answers of those of these tasks that are control tasks. */
export async function findControls(db: Queryable, taskIds: string[]): Promise<Map<string, TTaskControl>> {
  const found = new Map<string, TTaskControl>();
  if (taskIds.length === 0) return found;
  const { rows } = await db.query<TControlTaskRow>(
    'SELECT task_id, expected_answer, match_mode, set_by, set_at FROM control_tasks WHERE task_id = ANY($1::uuid[])',
    [taskIds],
  );
  for (const row of rows) found.set(row.task_id, mapControl(row));
  return found;
}

/**
 * Records the check of one (re)submission; `counted` when the assignment has no counted check yet (its first
 * answer). The submit transaction holds the assignment row locked, and the unique partial index
 * control_checks_counted_idx makes a second counted row impossible however it came.
 */
export async function insertControlCheck(
  db: Queryable,
  input: { assignmentId: string; taskId: string; userId: string; matched: boolean; match: TControlMatch; expectedAnswer: string },
): Promise<void> {
  await db.query(
    `INSERT INTO control_checks (id, assignment_id, task_id, user_id, matched, match_mode, expected_answer, counted)
     VALUES ($1, $2, $3, $4, $5, $6, $7, NOT EXISTS (SELECT 1 FROM control_checks c WHERE c.assignment_id = $2 AND c.counted))`,
    [randomUUID(), input.assignmentId, input.taskId, input.userId, input.matched, input.match, input.expectedAnswer],
  );
}

interface TControlCheckRow {
  assignment_id: string;
  matched: boolean;
  match_mode: TControlMatch;
  expected_answer: string;
  checked_at: Date;
  counted: boolean;
}

/** The latest check of each of these assignments (the one of their current submission). */
export async function findLatestControlChecks(db: Queryable, assignmentIds: string[]): Promise<Map<string, TControlCheck>> {
  const found = new Map<string, TControlCheck>();
  if (assignmentIds.length === 0) return found;
  const { rows } = await db.query<TControlCheckRow>(
    `SELECT DISTINCT ON (c.assignment_id) c.assignment_id, c.matched, c.match_mode, c.expected_answer, c.checked_at, c.counted
       FROM control_checks c WHERE c.assignment_id = ANY($1::uuid[]) ORDER BY c.assignment_id, c.checked_at DESC, c.counted`,
    [assignmentIds],
  );
  for (const row of rows) {
    found.set(row.assignment_id, { matched: row.matched, match: row.match_mode, expectedAnswer: row.expected_answer, checkedAt: iso(row.checked_at), counted: row.counted });
  }
  return found;
}

/** A worker's control accuracy: their counted checks (one per assignment, its first answer) and how many matched. */
export async function countControlAccuracy(db: Queryable, userId: string): Promise<TControlAccuracy> {
  const { rows } = await db.query<{ checked: number; matched: number }>(
    `SELECT count(*)::int AS checked, count(*) FILTER (WHERE matched)::int AS matched FROM control_checks WHERE user_id = $1 AND counted`,
    [userId],
  );
  const checked = rows[0]?.checked ?? 0;
  const matched = rows[0]?.matched ?? 0;
  return { checked, matched, accuracy: checked === 0 ? null : matched / checked };
}
