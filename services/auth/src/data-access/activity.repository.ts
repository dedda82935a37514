import type { TActivityType, TPage } from '@platform/contracts';
import { countCapped, cursorTimeSql, decodeCursor, SqlConditions, toPage, ZTimeIdCursorKeySchema, type Queryable } from '@platform/service-kit';

export interface TActivityRecord {
  id: string;
  userId: string;
  type: TActivityType;
  params: Record<string, string | null>;
  occurredAt: Date;
  /**
   * For a request that waits for a decision (a verification submitted, a withdrawal requested): the decision when
   * its entry has arrived, else null (still pending). Read from the decision's own entry, so it follows the event
   * whatever order the two arrived in.
   */
  outcome: 'approved' | 'rejected' | null;
}

/** The decision entry's source key of a request entry (verification.submitted:<id> -> verification.decided:<id>). */
const DECISION_SOURCE_KEY_SQL = `CASE
  WHEN e.source_key LIKE 'verification.submitted:%' THEN 'verification.decided:' || substr(e.source_key, length('verification.submitted:') + 1)
  WHEN e.source_key LIKE 'withdrawal.requested:%' THEN 'withdrawal.decided:' || substr(e.source_key, length('withdrawal.requested:') + 1)
  WHEN e.source_key LIKE 'submission.appealed:%' THEN 'appeal.decided:' || substr(e.source_key, length('submission.appealed:') + 1)
END`;

/** The decision an entry of the decision kinds records. */
const OUTCOME_SQL = `CASE
  WHEN d.type = 'withdrawal_approved' THEN 'approved'
  WHEN d.type = 'withdrawal_rejected' THEN 'rejected'
  WHEN d.type = 'verification' AND d.params->>'phase' IN ('approved', 'rejected') THEN d.params->>'phase'
  WHEN d.type = 'appeal_decided' THEN CASE d.params->>'decision' WHEN 'overturned' THEN 'approved' ELSE 'rejected' END
END`;

export interface TNewActivity {
  userId: string;
  type: TActivityType;
  params: Record<string, string | null>;
  occurredAt: string | Date;
  /** Unique per fact (e.g. "withdrawal.decided:<id>"): a second delivery adds nothing. */
  sourceKey: string;
}

/** Adds an entry for a user this service knows; an unknown user (or a repeated source) adds nothing. */
export async function insertActivity(db: Queryable, entry: TNewActivity): Promise<boolean> {
  const { rowCount } = await db.query({
    name: 'auth_activity_insert',
    text: `INSERT INTO activity_entries (user_id, type, params, occurred_at, source_key)
           SELECT $1, $2, $3, $4, $5 WHERE EXISTS (SELECT 1 FROM users WHERE id = $1)
           ON CONFLICT (source_key) DO NOTHING`,
    values: [entry.userId, entry.type, JSON.stringify(entry.params), entry.occurredAt, entry.sourceKey],
  });
  return (rowCount ?? 0) > 0;
}

/** The cursor list of GET /api/user/activity (a cursor carries no user: it only positions the caller's own list). */
const ACTIVITY_LIST = 'activity.own';

/**
 * One page of the user's entries, newest first: keyset on (occurred_at, id) descending after the cursor, always
 * within `user_id = userId` (activity_entries_user_idx), and how many there are, counted up to the cap.
 */
export async function listActivityPage(db: Queryable, userId: string, q: { pageSize: number; cursor?: string }): Promise<TPage<TActivityRecord>> {
  const after = decodeCursor(q.cursor, ACTIVITY_LIST, ZTimeIdCursorKeySchema);
  const filters = new SqlConditions().add('user_id = ?', userId);
  const count = countCapped(db, 'activity_entries', filters.where(), filters.values);
  const page = new SqlConditions();
  page.values.push(...filters.values);
  const keyset = after ? `(occurred_at, id) < ($${page.values.push(after[0])}, $${page.values.push(after[1])})` : undefined;
  const limit = page.param(q.pageSize + 1);
  const { rows } = await db.query<{
    id: string;
    type: TActivityType;
    params: Record<string, string | null>;
    occurred_at: Date;
    sort_key: string;
    outcome: 'approved' | 'rejected' | null;
  }>(
    `SELECT e.id, e.type, e.params, e.occurred_at, e.sort_key, ${OUTCOME_SQL} AS outcome
     FROM (SELECT id, user_id, type, params, occurred_at, source_key, ${cursorTimeSql('occurred_at')} AS sort_key FROM activity_entries ${filters.where(keyset)}
           ORDER BY occurred_at DESC, id DESC LIMIT ${limit}) e
     LEFT JOIN activity_entries d ON d.source_key = ${DECISION_SOURCE_KEY_SQL} AND d.user_id = e.user_id
     ORDER BY e.occurred_at DESC, e.id DESC`,
    page.values,
  );
  return toPage(
    rows,
    q.pageSize,
    ACTIVITY_LIST,
    (row) => [row.sort_key, row.id],
    (row) => ({ id: row.id, userId, type: row.type, params: row.params, occurredAt: row.occurred_at, outcome: row.outcome }),
    await count,
  );
}

/** Erases a deleted user's history and identity applications (the images go with them: ON DELETE CASCADE). */
export async function eraseActivityAndVerifications(db: Queryable, userId: string): Promise<void> {
  await db.query('DELETE FROM activity_entries WHERE user_id = $1', [userId]);
  await db.query('DELETE FROM user_verifications WHERE user_id = $1', [userId]);
}
