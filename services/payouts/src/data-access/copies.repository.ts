import type { TUserRegisteredData } from '@platform/contracts';
import { defineLocalCopy } from '@platform/service-kit';

/** Local copies learnt from events (an older event never overwrites what a newer one wrote). */

/** Users: names and e-mail for admin lists and notifications. */
export type TUserCopy = { id: string } & Pick<TUserRegisteredData, 'email' | 'firstName' | 'lastName'>;
export const USERS_COPY = defineLocalCopy<TUserCopy>({ table: 'users', key: 'id', fields: ['id', 'email', 'firstName', 'lastName'] });

/** The settings payouts reads (domain/settings.ts). */
export const SETTINGS_COPY = defineLocalCopy<{ key: string; value: string }>({ table: 'settings', key: 'key', fields: ['key', 'value'] });
