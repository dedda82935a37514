import { defineLocalCopy, type Queryable } from '@platform/service-kit';

export interface TChatUser {
  id: string;
  firstName: string;
  lastName: string;
  role: string;
  isActive: boolean;
  /** From user events (the support desk shows it); null when only the identity service's answer named the user. */
  email?: string | null;
}

/** The local copy of users (names, role, ban) learnt from user events. */
const USERS_COPY = defineLocalCopy<TChatUser>({ table: 'users', key: 'id', fields: ['id', 'firstName', 'lastName', 'role', 'isActive', 'email'] });

/** Keeps the copy of a user; an older event never overwrites what a newer one wrote. */
export async function upsertUser(db: Queryable, user: TChatUser, sourceAt: string): Promise<void> {
  await USERS_COPY.upsert(db, user, sourceAt);
}

export async function findUser(db: Queryable, id: string): Promise<TChatUser | undefined> {
  return USERS_COPY.find(db, id);
}

/** When the user joined (user.registered); the first value stays (a redelivered event changes nothing). */
export async function keepJoinedAt(db: Queryable, id: string, joinedAt: string): Promise<void> {
  await db.query('UPDATE users SET joined_at = $2 WHERE id = $1 AND joined_at IS NULL', [id, joinedAt]);
}
