import type { Queryable } from '@platform/service-kit';

export const AUTO_APPROVAL_DAYS_KEY = 'auto_approval_days';

/** Keeps the local copy of a setting; an older event never overwrites a newer value. */
export async function upsertSetting(db: Queryable, key: string, value: string, sourceAt: string): Promise<void> {
  await db.query(
    `INSERT INTO settings (key, value, source_at) VALUES ($1, $2, $3)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, source_at = EXCLUDED.source_at
     WHERE settings.source_at <= EXCLUDED.source_at`,
    [key, value, sourceAt],
  );
}

export async function findSetting(db: Queryable, key: string): Promise<string | undefined> {
  const { rows } = await db.query<{ value: string }>('SELECT value FROM settings WHERE key = $1', [key]);
  return rows[0]?.value;
}
