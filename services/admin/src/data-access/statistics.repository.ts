import type { TStatsAppealSnapshot, TStatsReturnSnapshot, TStatsSubmissionSnapshot, TStatsTaskSnapshot, TStatsUserSnapshot, TStatsWithdrawalSnapshot, TTaskStatus } from '@platform/contracts';
import type { PoolClient, Queryable } from '@platform/service-kit';

/**
 * The statistics read model (migration 0005_statistics.sql). Every write takes `sourceAt`, the time of the event (or
 * snapshot) it comes from: a state column is overwritten only by something at least as new, so events that arrive
 * out of order, or again after a rebuild, leave the newest state in place.
 */

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

/**
 * "Updated at" of the read model: set after the events' transaction commits, in a statement of its own (see
 * createStatisticsEventsHandler). Inside the events' transaction this one row would be locked by every batch until
 * its commit, and two batches applied at once would wait for each other's rows: a deadlock.
 */
export async function markStatsUpdated(db: Queryable): Promise<void> {
  await db.query({ name: 'admin_stats_touch', text: 'UPDATE stats_meta SET updated_at = now()' });
}

/* ---- users ---- */

export interface TStatsUserState {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  isActive: boolean;
  /** Known from user.registered (and snapshots) only. */
  registeredAt: string | null;
}

export async function upsertStatsUser(db: Queryable, user: TStatsUserState, sourceAt: string): Promise<void> {
  await db.query(
    `INSERT INTO stats_users AS u (user_id, email, first_name, last_name, role, is_active, registered_at, source_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (user_id) DO UPDATE SET
       registered_at = COALESCE(EXCLUDED.registered_at, u.registered_at),
       email = CASE WHEN u.deleted_at IS NULL AND EXCLUDED.source_at >= u.source_at THEN EXCLUDED.email ELSE u.email END,
       first_name = CASE WHEN u.deleted_at IS NULL AND EXCLUDED.source_at >= u.source_at THEN EXCLUDED.first_name ELSE u.first_name END,
       last_name = CASE WHEN u.deleted_at IS NULL AND EXCLUDED.source_at >= u.source_at THEN EXCLUDED.last_name ELSE u.last_name END,
       role = CASE WHEN EXCLUDED.source_at >= u.source_at THEN EXCLUDED.role ELSE u.role END,
       is_active = CASE WHEN EXCLUDED.source_at >= u.source_at THEN EXCLUDED.is_active ELSE u.is_active END,
       source_at = GREATEST(u.source_at, EXCLUDED.source_at)`,
    [user.userId, user.email, user.firstName, user.lastName, user.role, user.isActive, user.registeredAt, sourceAt],
  );
}

/** user.deleted: the personal data goes; the row stays (without it) so the registrations per day stay true. */
export async function markStatsUserDeleted(db: Queryable, userId: string, deletedAt: string): Promise<void> {
  await db.query(
    `INSERT INTO stats_users AS u (user_id, email, first_name, last_name, role, is_active, registered_at, deleted_at, source_at)
     VALUES ($1, '', '', '', 'employee', false, NULL, $2, $2)
     ON CONFLICT (user_id) DO UPDATE SET email = '', first_name = '', last_name = '', is_active = false,
       deleted_at = EXCLUDED.deleted_at, source_at = GREATEST(u.source_at, EXCLUDED.source_at)`,
    [userId, deletedAt],
  );
}

/* ---- tasks ---- */

export interface TStatsTaskState {
  taskId: string;
  title: string;
  reward: string;
  status: TTaskStatus;
  createdAt: string;
}

/**
 * A task's saves and its deletion take one lock per task for the rest of their transaction: the deletion's tombstone
 * lives in another table than the row, so without it a save and a deletion in two concurrent consumer batches would
 * each miss the other's uncommitted write and the deleted task would stay. The save's check for a tombstone is the
 * statement after the lock, so it sees a deletion committed while it waited.
 */
async function lockStatsTask(db: Queryable, taskId: string): Promise<void> {
  await db.query({ name: 'admin_stats_task_lock', text: "SELECT pg_advisory_xact_lock(hashtextextended('stats_task:' || $1, 0))", values: [taskId] });
}

export async function upsertStatsTask(db: Queryable, task: TStatsTaskState, sourceAt: string): Promise<void> {
  await lockStatsTask(db, task.taskId);
  await db.query(
    `INSERT INTO stats_tasks AS t (task_id, title, reward, status, created_at, source_at)
     SELECT $1, $2, $3, $4, $5, $6 WHERE NOT EXISTS (SELECT 1 FROM stats_deleted_tasks d WHERE d.task_id = $1)
     ON CONFLICT (task_id) DO UPDATE SET
       title = CASE WHEN EXCLUDED.source_at >= t.source_at THEN EXCLUDED.title ELSE t.title END,
       reward = CASE WHEN EXCLUDED.source_at >= t.source_at THEN EXCLUDED.reward ELSE t.reward END,
       status = CASE WHEN EXCLUDED.source_at >= t.source_at THEN EXCLUDED.status ELSE t.status END,
       source_at = GREATEST(t.source_at, EXCLUDED.source_at)`,
    [task.taskId, task.title, task.reward, task.status, task.createdAt, sourceAt],
  );
}

export async function deleteStatsTask(db: Queryable, taskId: string, deletedAt: string): Promise<void> {
  await lockStatsTask(db, taskId);
  await db.query('INSERT INTO stats_deleted_tasks (task_id, deleted_at) VALUES ($1, $2) ON CONFLICT (task_id) DO NOTHING', [taskId, deletedAt]);
  await db.query('DELETE FROM stats_tasks WHERE task_id = $1', [taskId]);
}

/* ---- submissions ---- */

export type TStatsSubmissionStatus = TStatsSubmissionSnapshot['status'];

export interface TStatsSubmissionState {
  assignmentId: string;
  userId: string;
  taskId: string;
  status: TStatsSubmissionStatus;
  submittedAt: string | null;
  approvedAt: string | null;
}

export async function upsertStatsSubmission(db: Queryable, submission: TStatsSubmissionState, sourceAt: string): Promise<void> {
  await db.query(
    `INSERT INTO stats_submissions AS s (assignment_id, user_id, task_id, status, submitted_at, approved_at, source_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (assignment_id) DO UPDATE SET
       status = CASE WHEN EXCLUDED.source_at >= s.source_at THEN EXCLUDED.status ELSE s.status END,
       submitted_at = CASE WHEN EXCLUDED.submitted_at IS NOT NULL AND (s.submitted_at IS NULL OR EXCLUDED.source_at >= s.source_at)
                           THEN EXCLUDED.submitted_at ELSE s.submitted_at END,
       approved_at = COALESCE(s.approved_at, EXCLUDED.approved_at),
       source_at = GREATEST(s.source_at, EXCLUDED.source_at)`,
    [submission.assignmentId, submission.userId, submission.taskId, submission.status, submission.submittedAt, submission.approvedAt, sourceAt],
  );
}

/** assignment.cancelled: a submitted assignment an admin cancelled no longer waits (nothing to do for others). */
export async function cancelStatsSubmission(db: Queryable, assignmentId: string, sourceAt: string): Promise<void> {
  await db.query(
    `UPDATE stats_submissions SET status = 'cancelled', source_at = $2 WHERE assignment_id = $1 AND source_at <= $2 AND status <> 'approved'`,
    [assignmentId, sourceAt],
  );
}

/* ---- withdrawals ---- */

export interface TStatsWithdrawalState {
  withdrawalId: string;
  userId: string;
  amount: string;
  status: 'pending' | 'approved' | 'rejected';
  requestedAt: string | null;
  decidedAt: string | null;
}

export async function upsertStatsWithdrawal(db: Queryable, withdrawal: TStatsWithdrawalState, sourceAt: string): Promise<void> {
  await db.query({
    name: 'admin_stats_withdrawal_upsert',
    text: `INSERT INTO stats_withdrawals AS w (withdrawal_id, user_id, amount, status, requested_at, decided_at, source_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (withdrawal_id) DO UPDATE SET
       status = CASE WHEN EXCLUDED.source_at >= w.source_at THEN EXCLUDED.status ELSE w.status END,
       requested_at = COALESCE(w.requested_at, EXCLUDED.requested_at),
       decided_at = COALESCE(w.decided_at, EXCLUDED.decided_at),
       source_at = GREATEST(w.source_at, EXCLUDED.source_at)`,
    values: [withdrawal.withdrawalId, withdrawal.userId, withdrawal.amount, withdrawal.status, withdrawal.requestedAt, withdrawal.decidedAt, sourceAt],
  });
}

/* ---- verifications ---- */

export interface TStatsVerificationState {
  verificationId: string;
  userId: string;
  status: 'pending' | 'approved' | 'rejected';
  submittedAt: string | null;
}

export async function upsertStatsVerification(db: Queryable, verification: TStatsVerificationState, sourceAt: string): Promise<void> {
  await db.query(
    `INSERT INTO stats_verifications AS v (verification_id, user_id, status, submitted_at, source_at)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (verification_id) DO UPDATE SET
       status = CASE WHEN EXCLUDED.source_at >= v.source_at THEN EXCLUDED.status ELSE v.status END,
       submitted_at = COALESCE(v.submitted_at, EXCLUDED.submitted_at),
       source_at = GREATEST(v.source_at, EXCLUDED.source_at)`,
    [verification.verificationId, verification.userId, verification.status, verification.submittedAt, sourceAt],
  );
}

/** An appeal (issue 29): pending from submission.appealed, upheld or overturned from appeal.decided; a decision is final (whatever arrives first). */
export async function upsertStatsAppeal(
  db: Queryable,
  appeal: { appealId: string; userId: string; status: 'pending' | 'upheld' | 'overturned'; appealedAt: string; decidedAt: string | null },
  sourceAt: string,
): Promise<void> {
  await db.query(
    `INSERT INTO stats_appeals AS p (appeal_id, user_id, status, appealed_at, decided_at, source_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (appeal_id) DO UPDATE SET
       status = CASE WHEN p.status = 'pending' THEN EXCLUDED.status ELSE p.status END,
       appealed_at = COALESCE(p.appealed_at, EXCLUDED.appealed_at),
       decided_at = COALESCE(p.decided_at, EXCLUDED.decided_at),
       source_at = GREATEST(p.source_at, EXCLUDED.source_at)`,
    [appeal.appealId, appeal.userId, appeal.status, appeal.appealedAt, appeal.decidedAt, sourceAt],
  );
}

/** A task handed back (assignment.returned), once per assignment. */
export async function insertStatsReturn(db: Queryable, input: { assignmentId: string; taskId: string; returnedAt: string }): Promise<void> {
  await db.query('INSERT INTO stats_returns (assignment_id, task_id, returned_at) VALUES ($1, $2, $3) ON CONFLICT (assignment_id) DO NOTHING', [
    input.assignmentId,
    input.taskId,
    input.returnedAt,
  ]);
}

/* ---- reads ---- */

export interface TStatsCounts {
  totalUsers: number;
  activeUsers: number;
  pendingTasks: number;
  totalTasks: number;
  pendingWithdrawals: number;
  submissionsWaiting: number;
  verificationsWaiting: number;
  appealsWaiting: number;
  appealsOverdue: number;
  returnsLast30Days: number;
  oldestPendingWithdrawalAt: string | null;
  updatedAt: string | null;
  rebuiltAt: string | null;
  now: string;
}

/** The counts; an appeal is overdue once it has waited longer than `appealDecisionDays` (the setting). */
export async function readStatsCounts(db: Queryable, appealDecisionDays: number): Promise<TStatsCounts> {
  const { rows } = await db.query<{
    total_users: number;
    active_users: number;
    pending_tasks: number;
    total_tasks: number;
    pending_withdrawals: number;
    submissions_waiting: number;
    verifications_waiting: number;
    appeals_waiting: number;
    appeals_overdue: number;
    returns_30_days: number;
    oldest_pending: Date | null;
    updated_at: Date | null;
    rebuilt_at: Date | null;
    now: Date;
  }>(
    `SELECT
       (SELECT count(*)::int FROM stats_users WHERE deleted_at IS NULL) AS total_users,
       (SELECT count(*)::int FROM stats_users WHERE deleted_at IS NULL AND is_active) AS active_users,
       (SELECT count(*)::int FROM stats_tasks WHERE status = 'pending') AS pending_tasks,
       (SELECT count(*)::int FROM stats_tasks) AS total_tasks,
       (SELECT count(*)::int FROM stats_withdrawals WHERE status = 'pending') AS pending_withdrawals,
       (SELECT count(*)::int FROM stats_submissions WHERE status = 'submitted') AS submissions_waiting,
       (SELECT count(*)::int FROM stats_verifications WHERE status = 'pending') AS verifications_waiting,
       (SELECT count(*)::int FROM stats_appeals WHERE status = 'pending') AS appeals_waiting,
       (SELECT count(*)::int FROM stats_appeals WHERE status = 'pending' AND appealed_at < now() - make_interval(days => $1::int)) AS appeals_overdue,
       (SELECT count(*)::int FROM stats_returns WHERE returned_at >= now() - interval '30 days') AS returns_30_days,
       (SELECT min(requested_at) FROM stats_withdrawals WHERE status = 'pending') AS oldest_pending,
       m.updated_at, m.rebuilt_at, now() AS now
     FROM stats_meta m`,
    [appealDecisionDays],
  );
  const row = rows[0]!;
  return {
    totalUsers: row.total_users,
    activeUsers: row.active_users,
    pendingTasks: row.pending_tasks,
    totalTasks: row.total_tasks,
    pendingWithdrawals: row.pending_withdrawals,
    submissionsWaiting: row.submissions_waiting,
    verificationsWaiting: row.verifications_waiting,
    appealsWaiting: row.appeals_waiting,
    appealsOverdue: row.appeals_overdue,
    returnsLast30Days: row.returns_30_days,
    oldestPendingWithdrawalAt: iso(row.oldest_pending),
    updatedAt: iso(row.updated_at),
    rebuiltAt: iso(row.rebuilt_at),
    now: row.now.toISOString(),
  };
}

export interface TStatsDayRecord {
  day: string;
  registrations: number;
  approvedSubmissions: number;
  paidWithdrawals: number;
}

/** The last `days` UTC days, today included, oldest first; days without activity are zeros. */
export async function readStatsSeries(db: Queryable, days: number): Promise<TStatsDayRecord[]> {
  const { rows } = await db.query<{ day: string; registrations: number; approved: number; paid: number }>(
    `WITH days AS (
       SELECT d::date AS day FROM generate_series((now() AT TIME ZONE 'UTC')::date - ($1::int - 1), (now() AT TIME ZONE 'UTC')::date, interval '1 day') AS d
     ),
     since AS (SELECT ((now() AT TIME ZONE 'UTC')::date - ($1::int - 1))::timestamp AT TIME ZONE 'UTC' AS at)
     SELECT to_char(days.day, 'YYYY-MM-DD') AS day,
            COALESCE(r.n, 0)::int AS registrations, COALESCE(a.n, 0)::int AS approved, COALESCE(p.n, 0)::int AS paid
     FROM days
     LEFT JOIN (SELECT (registered_at AT TIME ZONE 'UTC')::date AS day, count(*) AS n FROM stats_users, since
                WHERE registered_at >= since.at GROUP BY 1) r ON r.day = days.day
     LEFT JOIN (SELECT (approved_at AT TIME ZONE 'UTC')::date AS day, count(*) AS n FROM stats_submissions, since
                WHERE approved_at >= since.at AND status = 'approved' GROUP BY 1) a ON a.day = days.day
     LEFT JOIN (SELECT (decided_at AT TIME ZONE 'UTC')::date AS day, count(*) AS n FROM stats_withdrawals, since
                WHERE decided_at >= since.at AND status = 'approved' GROUP BY 1) p ON p.day = days.day
     ORDER BY days.day`,
    [days],
  );
  return rows.map((r) => ({ day: r.day, registrations: r.registrations, approvedSubmissions: r.approved, paidWithdrawals: r.paid }));
}

export interface TStatsRecentUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  isActive: boolean;
}

export async function readRecentUsers(db: Queryable, limit: number): Promise<TStatsRecentUser[]> {
  const { rows } = await db.query<{ user_id: string; first_name: string; last_name: string; email: string; is_active: boolean }>(
    `SELECT user_id, first_name, last_name, email, is_active FROM stats_users WHERE deleted_at IS NULL
     ORDER BY registered_at DESC NULLS LAST, user_id LIMIT $1`,
    [limit],
  );
  return rows.map((r) => ({ id: r.user_id, firstName: r.first_name, lastName: r.last_name, email: r.email, isActive: r.is_active }));
}

export interface TStatsRecentTask {
  id: string;
  title: string;
  reward: string;
  status: TTaskStatus;
  createdAt: string;
}

export async function readRecentTasks(db: Queryable, limit: number): Promise<TStatsRecentTask[]> {
  const { rows } = await db.query<{ task_id: string; title: string; reward: string; status: TTaskStatus; created_at: Date }>(
    `SELECT task_id, title, reward::text AS reward, status, created_at FROM stats_tasks ORDER BY created_at DESC, task_id LIMIT $1`,
    [limit],
  );
  return rows.map((r) => ({ id: r.task_id, title: r.title, reward: r.reward, status: r.status, createdAt: r.created_at.toISOString() }));
}

/* ---- rebuild ---- */

export interface TStatsSnapshot {
  /** When the reading of the snapshots began: every row written from them carries it as source_at. */
  takenAt: string;
  users: TStatsUserSnapshot[];
  tasks: TStatsTaskSnapshot[];
  submissions: TStatsSubmissionSnapshot[];
  withdrawals: TStatsWithdrawalSnapshot[];
  /** The appeals and the tasks handed back (issue 29), from work. */
  appeals: TStatsAppealSnapshot[];
  returns: TStatsReturnSnapshot[];
  /** Null when auth does not answer for verifications: the verification rows are then left as they are. */
  verifications: TStatsVerificationState[] | null;
}

/**
 * Replaces the read model with the snapshots, in the caller's transaction. Rows of deleted users stay (auth no longer
 * has them, and their registrations still happened); everything else is what the owners answered. Events that
 * occurred before takenAt and arrive later change nothing (their state is older); newer ones apply as usual.
 */
export async function replaceStatistics(client: PoolClient, snapshot: TStatsSnapshot): Promise<void> {
  const tables = ['stats_tasks', 'stats_deleted_tasks', 'stats_submissions', 'stats_withdrawals', 'stats_appeals', 'stats_returns'];
  if (snapshot.verifications) tables.push('stats_verifications');
  await client.query(`LOCK TABLE stats_users, ${tables.join(', ')} IN EXCLUSIVE MODE`);
  await client.query('DELETE FROM stats_users WHERE deleted_at IS NULL');
  for (const table of tables) await client.query(`DELETE FROM ${table}`);
  const at = snapshot.takenAt;
  await client.query(
    `INSERT INTO stats_users (user_id, email, first_name, last_name, role, is_active, registered_at, source_at)
     SELECT u.user_id, u.email, u.first_name, u.last_name, u.role, u.is_active, u.registered_at, $2
     FROM jsonb_to_recordset($1::jsonb) AS u(user_id uuid, email text, first_name text, last_name text, role text, is_active boolean, registered_at timestamptz)
     ON CONFLICT (user_id) DO NOTHING`,
    [JSON.stringify(snapshot.users.map((u) => ({ user_id: u.userId, email: u.email, first_name: u.firstName, last_name: u.lastName, role: u.role, is_active: u.isActive, registered_at: u.registeredAt }))), at],
  );
  await client.query(
    `INSERT INTO stats_tasks (task_id, title, reward, status, created_at, source_at)
     SELECT t.task_id, t.title, t.reward, t.status, t.created_at, $2
     FROM jsonb_to_recordset($1::jsonb) AS t(task_id uuid, title text, reward numeric, status text, created_at timestamptz)`,
    [JSON.stringify(snapshot.tasks.map((t) => ({ task_id: t.taskId, title: t.title, reward: t.reward, status: t.status, created_at: t.createdAt }))), at],
  );
  await client.query(
    `INSERT INTO stats_submissions (assignment_id, user_id, task_id, status, submitted_at, approved_at, source_at)
     SELECT s.assignment_id, s.user_id, s.task_id, s.status, s.submitted_at, s.approved_at, $2
     FROM jsonb_to_recordset($1::jsonb) AS s(assignment_id uuid, user_id uuid, task_id uuid, status text, submitted_at timestamptz, approved_at timestamptz)`,
    [
      JSON.stringify(
        snapshot.submissions.map((s) => ({ assignment_id: s.assignmentId, user_id: s.userId, task_id: s.taskId, status: s.status, submitted_at: s.submittedAt, approved_at: s.approvedAt })),
      ),
      at,
    ],
  );
  await client.query(
    `INSERT INTO stats_withdrawals (withdrawal_id, user_id, amount, status, requested_at, decided_at, source_at)
     SELECT w.withdrawal_id, w.user_id, w.amount, w.status, w.requested_at, w.decided_at, $2
     FROM jsonb_to_recordset($1::jsonb) AS w(withdrawal_id uuid, user_id uuid, amount numeric, status text, requested_at timestamptz, decided_at timestamptz)`,
    [
      JSON.stringify(
        snapshot.withdrawals.map((w) => ({ withdrawal_id: w.withdrawalId, user_id: w.userId, amount: w.amount, status: w.status, requested_at: w.requestedAt, decided_at: w.decidedAt })),
      ),
      at,
    ],
  );
  await client.query(
    `INSERT INTO stats_appeals (appeal_id, user_id, status, appealed_at, decided_at, source_at)
     SELECT a.appeal_id, a.user_id, a.status, a.appealed_at, a.decided_at, $2
     FROM jsonb_to_recordset($1::jsonb) AS a(appeal_id uuid, user_id uuid, status text, appealed_at timestamptz, decided_at timestamptz)`,
    [JSON.stringify(snapshot.appeals.map((a) => ({ appeal_id: a.appealId, user_id: a.userId, status: a.status, appealed_at: a.appealedAt, decided_at: a.decidedAt }))), at],
  );
  await client.query(
    `INSERT INTO stats_returns (assignment_id, task_id, returned_at)
     SELECT r.assignment_id, r.task_id, r.returned_at FROM jsonb_to_recordset($1::jsonb) AS r(assignment_id uuid, task_id uuid, returned_at timestamptz)`,
    [JSON.stringify(snapshot.returns.map((r) => ({ assignment_id: r.assignmentId, task_id: r.taskId, returned_at: r.returnedAt })))],
  );
  if (snapshot.verifications) {
    await client.query(
      `INSERT INTO stats_verifications (verification_id, user_id, status, submitted_at, source_at)
       SELECT v.verification_id, v.user_id, v.status, v.submitted_at, $2
       FROM jsonb_to_recordset($1::jsonb) AS v(verification_id uuid, user_id uuid, status text, submitted_at timestamptz)`,
      [JSON.stringify(snapshot.verifications.map((v) => ({ verification_id: v.verificationId, user_id: v.userId, status: v.status, submitted_at: v.submittedAt }))), at],
    );
  }
  await client.query('UPDATE stats_meta SET updated_at = now(), rebuilt_at = now()');
}
