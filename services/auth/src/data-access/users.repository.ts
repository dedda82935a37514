import type { TRole } from '@platform/contracts';
import type { Queryable } from '@platform/service-kit';

export interface TUserRecord {
  id: string;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  telegramUsername: string | null;
  role: TRole;
  isActive: boolean;
  isVerified: boolean;
  welcomeVideoShown: boolean;
  documentsAccepted: boolean;
  documentsAcceptedAt: Date | null;
  referralSource: string | null;
  createdAt: Date;
  updatedAt: Date;
}

interface TUserRow {
  id: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  telegram_username: string | null;
  role: TRole;
  is_active: boolean;
  is_verified: boolean;
  welcome_video_shown: boolean;
  documents_accepted: boolean;
  documents_accepted_at: Date | null;
  referral_source: string | null;
  created_at: Date;
  updated_at: Date;
}

const USER_COLUMNS = `id, email, password_hash, first_name, last_name, telegram_username, role, is_active, is_verified,
  welcome_video_shown, documents_accepted, documents_accepted_at, referral_source, created_at, updated_at`;

function toUser(row: TUserRow): TUserRecord {
  return {
    id: row.id,
    email: row.email,
    passwordHash: row.password_hash,
    firstName: row.first_name,
    lastName: row.last_name,
    telegramUsername: row.telegram_username,
    role: row.role,
    isActive: row.is_active,
    isVerified: row.is_verified,
    welcomeVideoShown: row.welcome_video_shown,
    documentsAccepted: row.documents_accepted,
    documentsAcceptedAt: row.documents_accepted_at,
    referralSource: row.referral_source,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export interface TNewUser {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  telegramUsername?: string | null;
  referralSource?: string | null;
  role?: TRole;
}

/**
 * Inserts a user; returns null when the e-mail is taken (case-insensitively). A concurrent insert of the same
 * e-mail waits for the other transaction and then also returns null, so a race never surfaces as an error.
 */
export async function insertUser(db: Queryable, user: TNewUser): Promise<TUserRecord | null> {
  const result = await db.query<TUserRow>(
    `INSERT INTO users (email, password_hash, first_name, last_name, telegram_username, referral_source, role)
     VALUES (lower($1), $2, $3, $4, $5, $6, $7)
     ON CONFLICT ((lower(email))) DO NOTHING
     RETURNING ${USER_COLUMNS}`,
    [user.email, user.passwordHash, user.firstName, user.lastName, user.telegramUsername ?? null, user.referralSource ?? null, user.role ?? 'employee'],
  );
  const row = result.rows[0];
  return row ? toUser(row) : null;
}

export async function findUserByEmail(db: Queryable, email: string, options: { forUpdate?: boolean } = {}): Promise<TUserRecord | null> {
  const result = await db.query<TUserRow>(
    `SELECT ${USER_COLUMNS} FROM users WHERE lower(email) = lower($1)${options.forUpdate ? ' FOR UPDATE' : ''}`,
    [email],
  );
  const row = result.rows[0];
  return row ? toUser(row) : null;
}

export async function findUserById(db: Queryable, id: string, options: { forUpdate?: boolean } = {}): Promise<TUserRecord | null> {
  const result = await db.query<TUserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1${options.forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  const row = result.rows[0];
  return row ? toUser(row) : null;
}

export async function updatePasswordHash(db: Queryable, id: string, passwordHash: string): Promise<void> {
  await db.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [id, passwordHash]);
}

export async function markWelcomeShown(db: Queryable, id: string): Promise<void> {
  await db.query('UPDATE users SET welcome_video_shown = true, updated_at = now() WHERE id = $1 AND NOT welcome_video_shown', [id]);
}

export async function markDocumentsAccepted(db: Queryable, id: string): Promise<TUserRecord | null> {
  const result = await db.query<TUserRow>(
    `UPDATE users SET documents_accepted = true, documents_accepted_at = now(), updated_at = now()
     WHERE id = $1 RETURNING ${USER_COLUMNS}`,
    [id],
  );
  const row = result.rows[0];
  return row ? toUser(row) : null;
}

export async function setUserRole(db: Queryable, id: string, role: TRole): Promise<TUserRecord | null> {
  const result = await db.query<TUserRow>(`UPDATE users SET role = $2, updated_at = now() WHERE id = $1 RETURNING ${USER_COLUMNS}`, [id, role]);
  const row = result.rows[0];
  return row ? toUser(row) : null;
}

/**
 * Users for the admin list, newest first. search (optional) matches part of the e-mail or of the full name
 * ("first last"), case-insensitively; it is compared as plain text (no LIKE wildcards).
 */
export async function findUsersForAdmin(db: Queryable, search?: string): Promise<TUserRecord[]> {
  const term = search?.trim().toLowerCase() ?? '';
  const result = await db.query<TUserRow>(
    `SELECT ${USER_COLUMNS} FROM users
      WHERE deleted_at IS NULL
        AND ($1 = ''
         OR strpos(lower(email), $1) > 0
         OR strpos(lower(first_name || ' ' || last_name), $1) > 0)
      ORDER BY created_at DESC, id`,
    [term],
  );
  return result.rows.map(toUser);
}
