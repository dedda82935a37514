import { ZTextSchema, type TUser } from '@platform/contracts';
import { withTransaction, writeEvent, type Pool } from '@platform/service-kit';
import { z } from 'zod';
import { findUserByEmail, insertUser, setUserRole } from '../data-access/users.repository.js';
import { AUTH_ERRORS } from './auth.errors.js';
import { hashPassword } from './passwords.js';
import { generatePassword } from './reset-token.js';
import { presentUser } from './user-view.js';

export const ADMIN_PASSWORD_MIN_LENGTH = 12;

export const ZCreateAdminInputSchema = z.strictObject({
  email: ZTextSchema('Email').trim().toLowerCase().pipe(z.email('Please enter a valid email address').max(254)),
  password: ZTextSchema('Password').max(200).optional(),
  firstName: ZTextSchema('First name').trim().min(1).max(100).default('Platform'),
  lastName: ZTextSchema('Last name').trim().min(1).max(100).default('Admin'),
  /** An existing user with this e-mail is made an admin only when this is set. */
  promote: z.boolean().default(false),
});
export type TCreateAdminInput = z.input<typeof ZCreateAdminInputSchema>;

export interface TCreateAdminResult {
  action: 'created' | 'promoted' | 'unchanged';
  user: TUser;
  /** Set only when the password was generated here; shown once, never stored in clear. */
  generatedPassword?: string;
}

/**
 * Creates an admin account (publishing `user.registered`), or with `promote` makes an existing user an admin
 * (publishing `user.updated`); an existing admin is left as is. A password that is not given is generated.
 */
export async function createAdmin(pool: Pool, rawInput: TCreateAdminInput): Promise<TCreateAdminResult> {
  const input = ZCreateAdminInputSchema.parse(rawInput);
  if (input.password !== undefined && input.password.length < ADMIN_PASSWORD_MIN_LENGTH) throw AUTH_ERRORS.weakAdminPassword();
  const generatedPassword = input.password === undefined ? generatePassword() : undefined;
  const passwordHash = await hashPassword(input.password ?? generatedPassword!);

  return withTransaction(pool, async (client) => {
    const existing = await findUserByEmail(client, input.email, { forUpdate: true });
    if (existing) {
      if (existing.role === 'admin') return { action: 'unchanged' as const, user: await presentUser(existing, client) };
      if (!input.promote) throw AUTH_ERRORS.userExistsNotPromoted(input.email);
      const promoted = (await setUserRole(client, existing.id, 'admin'))!;
      await writeEvent(client, 'user.updated', {
        userId: promoted.id,
        email: promoted.email,
        firstName: promoted.firstName,
        lastName: promoted.lastName,
        role: promoted.role,
        isActive: promoted.isActive,
        isVerified: promoted.isVerified,
        updatedAt: promoted.updatedAt.toISOString(),
      });
      return { action: 'promoted' as const, user: await presentUser(promoted, client) };
    }
    const created = await insertUser(client, { email: input.email, passwordHash, firstName: input.firstName, lastName: input.lastName, role: 'admin' });
    if (!created) throw AUTH_ERRORS.emailTaken();
    await writeEvent(client, 'user.registered', {
      userId: created.id,
      email: created.email,
      firstName: created.firstName,
      lastName: created.lastName,
      role: created.role,
      referralSource: null,
      registeredAt: created.createdAt.toISOString(),
    });
    return { action: 'created' as const, user: await presentUser(created, client), ...(generatedPassword ? { generatedPassword } : {}) };
  });
}
