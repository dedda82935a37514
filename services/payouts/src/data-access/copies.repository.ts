import type { Queryable } from '@platform/service-kit';

/** Local copies learnt from events: users (names and e-mail for admin lists and notifications) and settings. */

export async function upsertUser(
  db: Queryable,
  user: { id: string; email: string; firstName: string; lastName: string; sourceAt: string },
): Promise<void> {
  await db.query(
    `INSERT INTO users (id, email, first_name, last_name, source_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (id) DO UPDATE SET email = EXCLUDED.email, first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name,
       source_at = EXCLUDED.source_at
     WHERE users.source_at <= EXCLUDED.source_at`,
    [user.id, user.email, user.firstName, user.lastName, user.sourceAt],
  );
}

export async function findUser(db: Queryable, id: string): Promise<{ email: string; firstName: string; lastName: string } | undefined> {
  const { rows } = await db.query<{ email: string; first_name: string; last_name: string }>('SELECT email, first_name, last_name FROM users WHERE id = $1', [id]);
  return rows[0] ? { email: rows[0].email, firstName: rows[0].first_name, lastName: rows[0].last_name } : undefined;
}

/** Keeps the local copy of a setting; an older event never overwrites a newer value. */
export async function upsertSetting(db: Queryable, key: string, value: string, sourceAt: string): Promise<void> {
  await db.query(
    `INSERT INTO settings (key, value, source_at) VALUES ($1, $2, $3)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, source_at = EXCLUDED.source_at
     WHERE settings.source_at <= EXCLUDED.source_at`,
    [key, value, sourceAt],
  );
}

export async function findSettings(db: Queryable, keys: readonly string[]): Promise<Map<string, string>> {
  const { rows } = await db.query<{ key: string; value: string }>('SELECT key, value FROM settings WHERE key = ANY($1::text[])', [keys]);
  return new Map(rows.map((r) => [r.key, r.value]));
}
