import { defineLocalCopy, type Queryable } from '@platform/service-kit';

/** Local copies learnt from events (service-kit defineLocalCopy): users (names and e-mail for admin lists and notifications) and settings. */

export interface TUserCopy {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}

const USERS_COPY = defineLocalCopy<TUserCopy>({ table: 'users', key: 'id', fields: ['id', 'email', 'firstName', 'lastName'] });
const SETTINGS_COPY = defineLocalCopy<{ key: string; value: string }>({ table: 'settings', key: 'key', fields: ['key', 'value'] });

/** Keeps the copy; `sourceAt` is the event's occurredAt: an older event never overwrites what a newer one wrote. */
export async function upsertUser(db: Queryable, user: TUserCopy, sourceAt: string): Promise<void> {
  await USERS_COPY.upsert(db, user, sourceAt);
}

export async function findUser(db: Queryable, id: string): Promise<TUserCopy | undefined> {
  return USERS_COPY.find(db, id);
}

/** Keeps the local copy of a setting; an older event never overwrites a newer value. */
export async function upsertSetting(db: Queryable, key: string, value: string, sourceAt: string): Promise<void> {
  await SETTINGS_COPY.upsert(db, { key, value }, sourceAt);
}

export async function findSettings(db: Queryable, keys: readonly string[]): Promise<Map<string, string>> {
  const found = await SETTINGS_COPY.findMany(db, keys);
  return new Map([...found].map(([key, setting]) => [key, setting.value]));
}
