import type { Queryable } from '@platform/service-kit';

export interface TSettingRecord {
  id: string;
  key: string;
  value: string;
  description: string | null;
  updatedBy: string | null;
  updatedAt: Date;
  publishedAt: Date | null;
}

interface TSettingRow {
  id: string;
  setting_key: string;
  setting_value: string;
  description: string | null;
  updated_by: string | null;
  updated_at: Date;
  published_at: Date | null;
}

const COLUMNS = 'id, setting_key, setting_value, description, updated_by, updated_at, published_at';

function toRecord(row: TSettingRow): TSettingRecord {
  return {
    id: row.id,
    key: row.setting_key,
    value: row.setting_value,
    description: row.description,
    updatedBy: row.updated_by,
    updatedAt: row.updated_at,
    publishedAt: row.published_at,
  };
}

export async function findAllSettings(db: Queryable): Promise<TSettingRecord[]> {
  const { rows } = await db.query<TSettingRow>(`SELECT ${COLUMNS} FROM system_settings ORDER BY setting_key`);
  return rows.map(toRecord);
}

/** The row of a key, locked until the transaction ends (changes of one key run one after another). */
export async function lockSetting(db: Queryable, key: string): Promise<TSettingRecord | undefined> {
  const { rows } = await db.query<TSettingRow>(`SELECT ${COLUMNS} FROM system_settings WHERE setting_key = $1 FOR UPDATE`, [key]);
  return rows[0] ? toRecord(rows[0]) : undefined;
}

/**
 * Writes a new value (and description, when given). updated_at is the clock at the moment of the write, after the
 * row lock was taken, and always later than the previous one, so the newest changedAt is the value in force.
 */
export async function writeSetting(
  db: Queryable,
  input: { key: string; value: string; description?: string | undefined; updatedBy: string; published: boolean },
): Promise<TSettingRecord> {
  const { rows } = await db.query<TSettingRow>(
    `UPDATE system_settings
        SET setting_value = $2,
            description = COALESCE($3, description),
            updated_by = $4,
            updated_at = GREATEST(clock_timestamp(), updated_at + interval '1 microsecond'),
            published_at = CASE WHEN $5 THEN clock_timestamp() ELSE published_at END
      WHERE setting_key = $1
      RETURNING ${COLUMNS}`,
    [input.key, input.value, input.description ?? null, input.updatedBy, input.published],
  );
  if (!rows[0]) throw new Error(`system setting ${input.key} does not exist`);
  return toRecord(rows[0]);
}

/**
 * Marks every setting whose value was never published as published and returns them (locked until the
 * transaction ends: an instance starting at the same time waits, then finds nothing left to publish).
 */
export async function claimUnpublishedSettings(db: Queryable): Promise<TSettingRecord[]> {
  const { rows } = await db.query<TSettingRow>(
    `UPDATE system_settings SET published_at = clock_timestamp()
      WHERE published_at IS NULL
      RETURNING ${COLUMNS}`,
  );
  return rows.map(toRecord).sort((a, b) => a.key.localeCompare(b.key));
}

/** The current value of one setting, or undefined when the key is not stored. */
export async function readSettingValue(db: Queryable, key: string): Promise<string | undefined> {
  const { rows } = await db.query<{ setting_value: string }>({ name: 'admin_setting_value', text: 'SELECT setting_value FROM system_settings WHERE setting_key = $1', values: [key] });
  return rows[0]?.setting_value;
}
