import type { TWorkUser } from '@platform/contracts';
import { defineLocalCopy, type Queryable } from '@platform/service-kit';

/** The local copy of a user (names and e-mail for admin lists), learnt from user events. */
export interface TUserCopy {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
}

const USERS_COPY = defineLocalCopy<TUserCopy>({ table: 'users', key: 'id', fields: ['id', 'email', 'firstName', 'lastName', 'role'] });

/** Keeps the copy; `sourceAt` is the event's occurredAt: an older event never overwrites what a newer one wrote. */
export async function upsertUser(db: Queryable, user: TUserCopy, sourceAt: string): Promise<void> {
  await USERS_COPY.upsert(db, user, sourceAt);
}

/** The users with these ids; an id the copy does not know yet comes back with empty names. */
export async function findUsers(db: Queryable, ids: string[]): Promise<Map<string, TWorkUser>> {
  const copies = await USERS_COPY.findMany(db, ids);
  return new Map(
    [...new Set(ids)].map((id) => {
      const copy = copies.get(id);
      return [id, { id, email: copy?.email ?? '', firstName: copy?.firstName ?? '', lastName: copy?.lastName ?? '' }];
    }),
  );
}
