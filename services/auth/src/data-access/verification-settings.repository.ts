import { defineLocalCopy, type Queryable } from '@platform/service-kit';

export const VERIFICATION_RETENTION_DAYS_KEY = 'verification_retention_days';
export const VERIFICATION_RETENTION_DAYS_DEFAULT = 30;

/** The copy of the settings this service reads, learnt from settings.changed (an older value never wins). */
const SETTINGS_COPY = defineLocalCopy<{ key: string; value: string }>({ table: 'verification_settings', key: 'key', fields: ['key', 'value'] });

export async function keepSetting(db: Queryable, key: string, value: string, sourceAt: string): Promise<void> {
  await SETTINGS_COPY.upsert(db, { key, value }, sourceAt);
}

/** verification_retention_days as last published by the admin service; the default until it is heard. */
export async function findRetentionDays(db: Queryable): Promise<number> {
  const value = (await SETTINGS_COPY.find(db, VERIFICATION_RETENTION_DAYS_KEY))?.value;
  const days = value === undefined ? NaN : Number(value);
  return Number.isInteger(days) && days >= 0 ? days : VERIFICATION_RETENTION_DAYS_DEFAULT;
}
