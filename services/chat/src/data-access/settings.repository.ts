import { defineLocalCopy, type Queryable } from '@platform/service-kit';

export const CHAT_ARCHIVE_DAYS_KEY = 'chat_archive_days';

/** The local copy of the settings this service reads, learnt from settings.changed. */
const SETTINGS_COPY = defineLocalCopy<{ key: string; value: string }>({ table: 'settings', key: 'key', fields: ['key', 'value'] });

/** Keeps the copy of a setting; an older event never overwrites a newer value. */
export async function upsertSetting(db: Queryable, key: string, value: string, sourceAt: string): Promise<void> {
  await SETTINGS_COPY.upsert(db, { key, value }, sourceAt);
}

export async function findSetting(db: Queryable, key: string): Promise<string | undefined> {
  return (await SETTINGS_COPY.find(db, key))?.value;
}
