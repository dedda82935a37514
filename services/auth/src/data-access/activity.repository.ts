import type { TActivityType } from '@platform/contracts';
import type { Queryable } from '@platform/service-kit';

export interface TActivityRecord {
  id: string;
  userId: string;
  type: TActivityType;
  params: Record<string, string | null>;
  occurredAt: Date;
}

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
  const { rowCount } = await db.query(
    `INSERT INTO activity_entries (user_id, type, params, occurred_at, source_key)
     SELECT $1, $2, $3, $4, $5 WHERE EXISTS (SELECT 1 FROM users WHERE id = $1)
     ON CONFLICT (source_key) DO NOTHING`,
    [entry.userId, entry.type, JSON.stringify(entry.params), entry.occurredAt, entry.sourceKey],
  );
  return (rowCount ?? 0) > 0;
}

/** The user's entries, newest first, one page, and how many there are in all (one statement: one snapshot). */
export async function listActivity(db: Queryable, userId: string, page: number, pageSize: number): Promise<{ entries: TActivityRecord[]; total: number }> {
  const { rows } = await db.query<{ total: number; entries: { id: string; type: TActivityType; params: Record<string, string | null>; occurred_at: string }[] }>(
    `SELECT (SELECT count(*)::int FROM activity_entries WHERE user_id = $1) AS total,
       coalesce((SELECT json_agg(p ORDER BY p.occurred_at DESC, p.id DESC) FROM (
         SELECT id, type, params, occurred_at FROM activity_entries WHERE user_id = $1
         ORDER BY occurred_at DESC, id DESC LIMIT $2 OFFSET $3) p), '[]'::json) AS entries`,
    [userId, pageSize, (page - 1) * pageSize],
  );
  const row = rows[0]!;
  return {
    entries: row.entries.map((r) => ({ id: r.id, userId, type: r.type, params: r.params, occurredAt: new Date(r.occurred_at) })),
    total: row.total,
  };
}

/** Erases a deleted user's history and identity applications (the images go with them: ON DELETE CASCADE). */
export async function eraseActivityAndVerifications(db: Queryable, userId: string): Promise<void> {
  await db.query('DELETE FROM activity_entries WHERE user_id = $1', [userId]);
  await db.query('DELETE FROM user_verifications WHERE user_id = $1', [userId]);
}
