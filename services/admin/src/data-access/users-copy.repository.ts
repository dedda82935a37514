import type { TLanguage, TUserRegisteredData } from '@platform/contracts';
import { defineLocalCopy } from '@platform/service-kit';

/** The local copy of a user, learnt from user.registered (the auth service owns the users; an older event never wins). */
export type TUserCopy = { id: string; language: TLanguage } & Pick<TUserRegisteredData, 'email' | 'firstName' | 'lastName' | 'role' | 'registeredAt'>;
export const USERS_COPY = defineLocalCopy<TUserCopy>({
  table: 'users_copy',
  key: 'id',
  fields: ['id', 'email', 'firstName', 'lastName', 'role', 'registeredAt', 'language'],
});
