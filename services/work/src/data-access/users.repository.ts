import type { TUserRegisteredData, TWorkUser } from '@platform/contracts';
import { defineLocalCopy, type Queryable } from '@platform/service-kit';

/** The local copy of a user (names and e-mail for admin lists), learnt from user events (an older event never wins). */
export type TUserCopy = { id: string } & Pick<TUserRegisteredData, 'email' | 'firstName' | 'lastName' | 'role'>;
export const USERS_COPY = defineLocalCopy<TUserCopy>({ table: 'users', key: 'id', fields: ['id', 'email', 'firstName', 'lastName', 'role'] });

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
