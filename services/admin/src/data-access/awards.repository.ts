import type { TAdminAwardsQuery, TAwardCategory, TAwardPeriod, TPage } from '@platform/contracts';
import { countCapped, cursorTimeSql, decodeCursor, likeContains, SqlConditions, toPage, ZCursorIdSchema, ZCursorTimeSchema, type Queryable } from '@platform/service-kit';
import { z } from 'zod';

/* ---- The leaderboards' read model: users and reviews learnt from events. ---- */

/** user.registered / user.updated: names, role and (when the event says) the opt-out; an older event never wins. */
export async function upsertLeaderboardUser(
  db: Queryable,
  user: { userId: string; firstName: string; lastName: string; role: string; optedOut: boolean | undefined; sourceAt: string },
): Promise<void> {
  await db.query(
    `INSERT INTO leaderboard_users AS l (user_id, first_name, last_name, role, opted_out, source_at)
     VALUES ($1, $2, $3, $4, COALESCE($5, false), $6)
     ON CONFLICT (user_id) DO UPDATE SET
       first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name, role = EXCLUDED.role,
       opted_out = COALESCE($5, l.opted_out), source_at = EXCLUDED.source_at
     WHERE l.source_at <= EXCLUDED.source_at AND NOT l.deleted`,
    [user.userId, user.firstName, user.lastName, user.role, user.optedOut ?? null, user.sourceAt],
  );
}

/** user.deleted: the names are erased and the user is never named again; their awards go. */
export async function eraseLeaderboardUser(db: Queryable, userId: string, at: string): Promise<void> {
  await db.query(
    `INSERT INTO leaderboard_users AS l (user_id, first_name, last_name, role, deleted, source_at)
     VALUES ($1, '', '', 'employee', true, $2)
     ON CONFLICT (user_id) DO UPDATE SET first_name = '', last_name = '', deleted = true, source_at = GREATEST(l.source_at, EXCLUDED.source_at)`,
    [userId, at],
  );
  await db.query('DELETE FROM awards WHERE user_id = $1', [userId]);
}

/** One review (approval with its reward, or rejection); a redelivered event or a second approval of an assignment adds nothing. */
export async function recordReview(
  db: Queryable,
  review: { eventId: string; userId: string; assignmentId: string; outcome: 'approved' | 'rejected'; reward: string; reviewedAt: string },
): Promise<void> {
  await db.query(
    `INSERT INTO leaderboard_reviews (event_id, user_id, assignment_id, outcome, reward, reviewed_at)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
    [review.eventId, review.userId, review.assignmentId, review.outcome, review.reward, review.reviewedAt],
  );
}

/** A user the admin service knows and who is not deleted. */
export async function userExists(db: Queryable, userId: string): Promise<boolean> {
  const result = await db.query(
    `SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM leaderboard_users WHERE user_id = $1 AND deleted)
       AND (EXISTS (SELECT 1 FROM leaderboard_users WHERE user_id = $1) OR EXISTS (SELECT 1 FROM users_copy WHERE id = $1))`,
    [userId],
  );
  return (result.rowCount ?? 0) > 0;
}

export interface TLeaderboardEntry {
  userId: string;
  value: string;
}

const RANKED_WORKERS = `JOIN leaderboard_users u ON u.user_id = r.user_id AND u.role = 'employee' AND NOT u.opted_out AND NOT u.deleted`;

/**
 * The top `limit` workers of one category since a moment (null: all time). Ties go to more tasks (earnings), more
 * earnings (completions), more reviews (rate), then the user id, so that a run is deterministic. Rate needs at least `minReviews` reviews in the period.
 */
export async function rankWorkers(
  db: Queryable,
  category: TAwardCategory,
  since: Date | null,
  options: { limit: number; minReviews: number },
): Promise<TLeaderboardEntry[]> {
  const period = '($1::timestamptz IS NULL OR r.reviewed_at >= $1)';
  const sql = {
    top_earner: `SELECT r.user_id, sum(r.reward) AS value FROM leaderboard_reviews r ${RANKED_WORKERS}
                 WHERE r.outcome = 'approved' AND ${period}
                 GROUP BY r.user_id HAVING sum(r.reward) > 0 ORDER BY value DESC, count(*) DESC, r.user_id LIMIT $2`,
    top_completion: `SELECT r.user_id, count(*)::numeric AS value FROM leaderboard_reviews r ${RANKED_WORKERS}
                     WHERE r.outcome = 'approved' AND ${period}
                     GROUP BY r.user_id ORDER BY value DESC, sum(r.reward) DESC, r.user_id LIMIT $2`,
    top_rate: `SELECT r.user_id, round(100.0 * count(*) FILTER (WHERE r.outcome = 'approved') / count(*), 2) AS value
               FROM leaderboard_reviews r ${RANKED_WORKERS}
               WHERE ${period}
               GROUP BY r.user_id HAVING count(*) >= $3
               ORDER BY value DESC, count(*) DESC, r.user_id LIMIT $2`,
  }[category];
  const params: unknown[] = [since, options.limit];
  if (category === 'top_rate') params.push(options.minReviews);
  const result = await db.query<{ user_id: string; value: string }>(sql, params);
  return result.rows.map((row) => ({ userId: row.user_id, value: Number(row.value).toFixed(2) }));
}

/** Serialises the leaderboards' runs (held to the end of the transaction). */
export async function lockLeaderboards(db: Queryable): Promise<void> {
  await db.query(`SELECT pg_advisory_xact_lock(hashtext('admin.leaderboards'))`);
}

/** Stores one category's computed ranking of a period: ranks 1..n upserted (ids kept), ranks above n removed. */
export async function storeComputedAwards(db: Queryable, period: TAwardPeriod, category: TAwardCategory, entries: TLeaderboardEntry[]): Promise<void> {
  for (const [index, entry] of entries.entries()) {
    await db.query(
      `INSERT INTO awards (user_id, category, rank, value, period, source)
       VALUES ($1, $2, $3, $4, $5, 'computed')
       ON CONFLICT (period, category, rank) WHERE source = 'computed'
       DO UPDATE SET user_id = EXCLUDED.user_id, value = EXCLUDED.value,
         updated_at = CASE WHEN awards.user_id = EXCLUDED.user_id AND awards.value = EXCLUDED.value THEN awards.updated_at ELSE now() END`,
      [entry.userId, category, index + 1, entry.value, period],
    );
  }
  await db.query(`DELETE FROM awards WHERE source = 'computed' AND period = $1 AND category = $2 AND rank > $3`, [period, category, entries.length]);
}

/* ---- Awards. ---- */

export interface TAwardRecord {
  id: string;
  userId: string;
  firstName: string;
  lastName: string;
  category: TAwardCategory;
  rank: number;
  value: string;
  period: TAwardPeriod;
  source: 'computed' | 'manual';
  createdBy: string | null;
  createdAt: Date;
  updatedAt: Date;
}

interface TAwardRow {
  id: string;
  user_id: string;
  first_name: string | null;
  last_name: string | null;
  category: TAwardCategory;
  rank: number;
  value: string;
  period: TAwardPeriod;
  source: 'computed' | 'manual';
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
}

function toAward(row: TAwardRow): TAwardRecord {
  return {
    id: row.id,
    userId: row.user_id,
    firstName: row.first_name ?? '',
    lastName: row.last_name ?? '',
    category: row.category,
    rank: row.rank,
    value: row.value,
    period: row.period,
    source: row.source,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const AWARD_SELECT = `SELECT a.id, a.user_id, COALESCE(l.first_name, c.first_name) AS first_name, COALESCE(l.last_name, c.last_name) AS last_name,
    a.category, a.rank, a.value::text AS value, a.period, a.source, a.created_by, a.created_at, a.updated_at
  FROM awards a
  LEFT JOIN leaderboard_users l ON l.user_id = a.user_id
  LEFT JOIN users_copy c ON c.id = a.user_id`;

/** The stored orders of migration 0013 (period_order, category_order): the leaderboards' order of periods and categories. */
const PERIOD_ORDER_OF: Record<TAwardPeriod, number> = { weekly: 1, monthly: 2, quarterly: 3, yearly: 4, all_time: 5 };
const CATEGORY_ORDER_OF: Record<TAwardCategory, number> = { top_earner: 1, top_completion: 2, top_rate: 3 };

/** A cursor of the admin's award list: the last row's period order, category order, rank, creation time and id. */
const ZAwardCursorKeySchema = z.tuple([z.number().int().min(1), z.number().int().min(1), z.number().int().min(1), ZCursorTimeSchema, ZCursorIdSchema]);

/**
 * One page of the awards in the leaderboards' order: period, category, rank, then oldest first; keyset on
 * (period_order, category_order, rank, created_at, id) after the cursor (awards_admin_order_idx, which ?period also
 * uses; ?category awards_category_order_idx, ?source awards_source_order_idx; ?user the names' trigram indexes, then
 * awards_user_idx; migration 0013). The total is counted up to the cap. For the admin every award (computed and
 * manual, opted-out users too); `publicOnly` (GET /api/awards, a worker) leaves out users who opted out of the
 * leaderboards or were deleted, and is a list of its own (an admin's cursor is refused there).
 */
export async function listAwardsPage(
  db: Queryable,
  q: Pick<TAdminAwardsQuery, 'period' | 'category' | 'pageSize' | 'cursor'> & Partial<Pick<TAdminAwardsQuery, 'source' | 'user'>>,
  options: { publicOnly?: boolean } = {},
): Promise<TPage<TAwardRecord>> {
  const list = options.publicOnly ? 'awards.public' : 'awards.admin';
  const after = decodeCursor(q.cursor, list, ZAwardCursorKeySchema);
  const c = new SqlConditions();
  if (options.publicOnly) c.add('NOT EXISTS (SELECT 1 FROM leaderboard_users h WHERE h.user_id = a.user_id AND (h.opted_out OR h.deleted))');
  if (q.period) c.add('a.period_order = ?', PERIOD_ORDER_OF[q.period]);
  if (q.category) c.add('a.category_order = ?', CATEGORY_ORDER_OF[q.category]);
  if (q.source) c.add('a.source = ?', q.source);
  if (q.user) {
    const pattern = likeContains(q.user);
    // The matching users once (the names' trigram indexes), as an array, then their awards by awards_user_idx. As an
    // IN (subquery) join, a common name (1,706 users "jensen" at 100,000) let the planner pick a nested loop of every
    // award against every match: 130 ms a request (bench/results/lists.txt).
    c.add(
      `a.user_id = ANY (ARRAY(SELECT s.user_id FROM leaderboard_users s WHERE lower(s.first_name || ' ' || s.last_name) LIKE ?
                              UNION SELECT s.id FROM users_copy s WHERE lower(s.email || ' ' || s.first_name || ' ' || s.last_name) LIKE ?))`,
      pattern,
      pattern,
    );
  }
  const count = countCapped(db, 'awards a', c.where(), c.values);
  const keyset = after
    ? `(a.period_order, a.category_order, a.rank, a.created_at, a.id) > (${c.param(after[0])}, ${c.param(after[1])}, ${c.param(after[2])}, ${c.param(after[3])}, ${c.param(after[4])})`
    : undefined;
  const limit = c.param(q.pageSize + 1);
  const { rows } = await db.query<TAwardRow & { period_order: number; category_order: number; sort_key: string }>(
    `${AWARD_SELECT.replace('FROM awards a', `, a.period_order, a.category_order, ${cursorTimeSql('a.created_at')} AS sort_key FROM awards a`)}
     ${c.where(keyset)} ORDER BY a.period_order, a.category_order, a.rank, a.created_at, a.id LIMIT ${limit}`,
    c.values,
  );
  return toPage(rows, q.pageSize, list, (row) => [row.period_order, row.category_order, row.rank, row.sort_key, row.id], toAward, await count);
}

export async function findAward(db: Queryable, id: string, options: { forUpdate?: boolean } = {}): Promise<TAwardRecord | null> {
  const result = await db.query<TAwardRow>(`${AWARD_SELECT} WHERE a.id = $1${options.forUpdate ? ' FOR UPDATE OF a' : ''}`, [id]);
  return result.rows[0] ? toAward(result.rows[0]) : null;
}

export interface TManualAward {
  userId: string;
  category: TAwardCategory;
  rank: number;
  value: string;
  period: TAwardPeriod;
}

export async function insertManualAward(db: Queryable, award: TManualAward, createdBy: string): Promise<string> {
  const result = await db.query<{ id: string }>(
    `INSERT INTO awards (user_id, category, rank, value, period, source, created_by) VALUES ($1, $2, $3, $4, $5, 'manual', $6) RETURNING id`,
    [award.userId, award.category, award.rank, award.value, award.period, createdBy],
  );
  return result.rows[0]!.id;
}

export async function updateManualAward(db: Queryable, id: string, award: TManualAward): Promise<void> {
  await db.query(
    `UPDATE awards SET user_id = $2, category = $3, rank = $4, value = $5, period = $6, updated_at = now() WHERE id = $1 AND source = 'manual'`,
    [id, award.userId, award.category, award.rank, award.value, award.period],
  );
}

export async function deleteAward(db: Queryable, id: string): Promise<boolean> {
  const result = await db.query('DELETE FROM awards WHERE id = $1', [id]);
  return (result.rowCount ?? 0) > 0;
}
