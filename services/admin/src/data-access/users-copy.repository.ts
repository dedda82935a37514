import { defineLocalCopy, type Queryable } from '@platform/service-kit';

/** The local copy of a user, learnt from user.registered (the auth service owns the users). */
export interface TUserCopy {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  registeredAt: string;
}

const USERS_COPY = defineLocalCopy<TUserCopy>({ table: 'users_copy', key: 'id', fields: ['id', 'email', 'firstName', 'lastName', 'role', 'registeredAt'] });

/** Keeps the copy; `sourceAt` is the event's occurredAt (a repeated event changes nothing, an older one never wins). */
export async function upsertUserCopy(db: Queryable, user: TUserCopy, sourceAt: string): Promise<void> {
  await USERS_COPY.upsert(db, user, sourceAt);
}

export async function findUserCopyById(db: Queryable, id: string): Promise<TUserCopy | undefined> {
  return USERS_COPY.find(db, id);
}
