import type { TRole } from '@platform/contracts';
import { erasePersonalDataInOutbox, type Queryable } from '@platform/service-kit';

/** The fields an admin may change on a user record (only those given are written). */
export interface TUserChanges {
  email?: string;
  firstName?: string;
  lastName?: string;
  role?: TRole;
  isActive?: boolean;
  isVerified?: boolean;
}

const COLUMNS: Record<keyof TUserChanges, string> = {
  email: 'email',
  firstName: 'first_name',
  lastName: 'last_name',
  role: 'role',
  isActive: 'is_active',
  isVerified: 'is_verified',
};

/**
 * Writes the given fields of a user that is not deleted. Returns 'email_taken' when the new e-mail belongs to
 * another user (case-insensitively; the unique index decides, so a race cannot give two users one address),
 * 'not_found' when there is no such user, else 'updated'.
 */
export async function updateUserFields(db: Queryable, id: string, changes: TUserChanges): Promise<'updated' | 'not_found' | 'email_taken'> {
  const entries = Object.entries(changes).filter(([, value]) => value !== undefined) as [keyof TUserChanges, unknown][];
  if (entries.length === 0) return 'updated';
  const sets = entries.map(([field], i) => (field === 'email' ? `email = lower($${i + 2})` : `${COLUMNS[field]} = $${i + 2}`));
  try {
    const result = await db.query(`UPDATE users SET ${sets.join(', ')}, updated_at = now() WHERE id = $1 AND deleted_at IS NULL`, [id, ...entries.map(([, value]) => value)]);
    return (result.rowCount ?? 0) > 0 ? 'updated' : 'not_found';
  } catch (error) {
    if ((error as { code?: string; constraint?: string }).code === '23505') return 'email_taken';
    throw error;
  }
}

/** Whether another (not deleted) user has this e-mail, case-insensitively. */
export async function isEmailTakenByAnother(db: Queryable, email: string, userId: string): Promise<boolean> {
  const result = await db.query('SELECT 1 FROM users WHERE lower(email) = lower($1) AND id <> $2', [email, userId]);
  return (result.rowCount ?? 0) > 0;
}

/** Whether the user was deleted (true), exists (false), or is unknown (undefined). */
export async function findDeletedAt(db: Queryable, id: string): Promise<Date | null | undefined> {
  const result = await db.query<{ deleted_at: Date | null }>('SELECT deleted_at FROM users WHERE id = $1', [id]);
  return result.rows[0] ? result.rows[0].deleted_at : undefined;
}

/** Locks every admin that is not deleted (in id order, so two demotions wait for each other) and counts them. */
export async function lockAdmins(db: Queryable): Promise<string[]> {
  const result = await db.query<{ id: string }>("SELECT id FROM users WHERE role = 'admin' AND deleted_at IS NULL ORDER BY id FOR UPDATE");
  return result.rows.map((row) => row.id);
}

/**
 * Erases the personal data auth holds about a user, keeping the row and its id: the e-mail becomes
 * deleted-<id>@deleted.invalid, names empty, the password hash one that matches nothing, the account inactive;
 * reset tokens (with their e-mail) are deleted and the addresses and browsers of document acceptances cleared;
 * identity verifications (with their images, ON DELETE CASCADE) and activity entries are deleted.
 * Returns false when the user was already deleted or does not exist.
 */
export async function eraseUser(db: Queryable, id: string, deletedAt: string): Promise<boolean> {
  const result = await db.query(
    `UPDATE users SET email = 'deleted-' || id || '@deleted.invalid', password_hash = '!deleted', first_name = '', last_name = '',
            telegram_username = NULL, referral_source = NULL, is_active = false, deleted_at = $2, updated_at = $2
      WHERE id = $1 AND deleted_at IS NULL`,
    [id, deletedAt],
  );
  if ((result.rowCount ?? 0) === 0) return false;
  await db.query('DELETE FROM password_resets WHERE user_id = $1', [id]);
  await db.query('UPDATE user_document_acceptances SET ip_address = NULL, user_agent = NULL WHERE user_id = $1', [id]);
  // Identity verifications (names, birth date, address, document number, the images) and the activity history go
  // entirely: nothing of them is a financial record. (Their tables come with later migrations: only when present.)
  const { rows } = await db.query<{ verifications: string | null; activity: string | null }>(
    "SELECT to_regclass('user_verifications')::text AS verifications, to_regclass('activity_entries')::text AS activity",
  );
  if (rows[0]?.verifications) await db.query('DELETE FROM user_verifications WHERE user_id = $1', [id]);
  if (rows[0]?.activity) await db.query('DELETE FROM activity_entries WHERE user_id = $1', [id]);
  // The events published about the user (registration, updates, reset requests) keep no name or e-mail either.
  await erasePersonalDataInOutbox(db, id);
  return true;
}
