import type { TAdminUsersQuery, TLanguage, TPage, TRole, TVerificationStatus } from '@platform/contracts';
import { countCapped, likeContains, listKeyset, SqlConditions, toPage, type Queryable, type TListOrder } from '@platform/service-kit';

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
  /** Kept by triggers (migration 0014) by the rule of domain/verification-status.ts. */
  verificationStatus: TVerificationStatus;
  welcomeVideoShown: boolean;
  documentsAccepted: boolean;
  documentsAcceptedAt: Date | null;
  referralSource: string | null;
  language: TLanguage;
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
  verification_status: TVerificationStatus;
  welcome_video_shown: boolean;
  documents_accepted: boolean;
  documents_accepted_at: Date | null;
  referral_source: string | null;
  language: TLanguage;
  created_at: Date;
  updated_at: Date;
}

const USER_COLUMNS = `id, email, password_hash, first_name, last_name, telegram_username, role, is_active, is_verified,
  verification_status, welcome_video_shown, documents_accepted, documents_accepted_at, referral_source, language, created_at, updated_at`;

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
    verificationStatus: row.verification_status,
    welcomeVideoShown: row.welcome_video_shown,
    documentsAccepted: row.documents_accepted,
    documentsAcceptedAt: row.documents_accepted_at,
    referralSource: row.referral_source,
    language: row.language,
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
  language?: TLanguage;
}

/**
 * Inserts a user; returns null when the e-mail is taken (case-insensitively). A concurrent insert of the same
 * e-mail waits for the other transaction and then also returns null, so a race never surfaces as an error.
 */
export async function insertUser(db: Queryable, user: TNewUser): Promise<TUserRecord | null> {
  const result = await db.query<TUserRow>(
    `INSERT INTO users (email, password_hash, first_name, last_name, telegram_username, referral_source, role, language)
     VALUES (lower($1), $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT ((lower(email))) DO NOTHING
     RETURNING ${USER_COLUMNS}`,
    [user.email, user.passwordHash, user.firstName, user.lastName, user.telegramUsername ?? null, user.referralSource ?? null, user.role ?? 'employee', user.language ?? 'en'],
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

/** Sets the language of the user's e-mails; returns the time of the change, or undefined when it was already that language. */
export async function setUserLanguage(db: Queryable, id: string, language: TLanguage): Promise<Date | undefined> {
  const result = await db.query<{ updated_at: Date }>(
    'UPDATE users SET language = $2, updated_at = now() WHERE id = $1 AND language <> $2 RETURNING updated_at',
    [id, language],
  );
  return result.rows[0]?.updated_at;
}

/**
 * The worker's intent to close the account: set the first time (returns that time and whether this call set it); a
 * later call finds it set and changes nothing. Undefined for a user who is not there or deleted.
 */
export async function startUserClosing(db: Queryable, id: string): Promise<{ startedAt: Date; started: boolean } | undefined> {
  const set = await db.query<{ closing_started_at: Date }>(
    'UPDATE users SET closing_started_at = now() WHERE id = $1 AND closing_started_at IS NULL AND deleted_at IS NULL RETURNING closing_started_at',
    [id],
  );
  if (set.rows[0]) return { startedAt: set.rows[0].closing_started_at, started: true };
  const found = await db.query<{ closing_started_at: Date | null }>('SELECT closing_started_at FROM users WHERE id = $1 AND deleted_at IS NULL', [id]);
  const at = found.rows[0]?.closing_started_at;
  return at ? { startedAt: at, started: false } : undefined;
}

/** When the user started closing the account, or null. */
export async function findClosingStartedAt(db: Queryable, id: string): Promise<Date | null> {
  const { rows } = await db.query<{ closing_started_at: Date | null }>('SELECT closing_started_at FROM users WHERE id = $1', [id]);
  return rows[0]?.closing_started_at ?? null;
}

export async function setUserRole(db: Queryable, id: string, role: TRole): Promise<TUserRecord | null> {
  const result = await db.query<TUserRow>(`UPDATE users SET role = $2, updated_at = now() WHERE id = $1 RETURNING ${USER_COLUMNS}`, [id, role]);
  const row = result.rows[0];
  return row ? toUser(row) : null;
}

const USER_SEARCH_SQL = `lower(email || ' ' || first_name || ' ' || last_name)`;

/** The WHERE of the admin list: not deleted, and each filter given (search as literal text, no LIKE wildcards). */
function adminListConditions(q: Pick<TAdminUsersQuery, 'search' | 'role' | 'status' | 'verification' | 'from' | 'to'>): SqlConditions {
  const c = new SqlConditions().add('deleted_at IS NULL');
  const term = q.search?.trim() ?? '';
  if (term) c.add(`${USER_SEARCH_SQL} LIKE ?`, likeContains(term));
  if (q.role === 'admin') c.add(`role = 'admin'`);
  else if (q.role) c.add('role = ?', q.role);
  if (q.status === 'banned') c.add('NOT is_active');
  else if (q.status === 'active') c.add('is_active');
  // A literal for the rarer values, so the planner matches the partial index users_admin_list_verification_idx (0014).
  if (q.verification === 'none') c.add(`verification_status = 'none'`);
  else if (q.verification) c.add(`verification_status <> 'none' AND verification_status = ?`, q.verification);
  if (q.from) c.add('created_at >= ?', q.from);
  if (q.to) c.add('created_at < ?', q.to);
  return c;
}

/** The order of the admin list: newest first without sort; by e-mail, lower-cased as it is unique (migration 0009). */
function adminListOrder(sort: TAdminUsersQuery['sort']): TListOrder {
  const [field, direction] = (sort ?? 'createdAt.desc').split('.') as [string, 'asc' | 'desc'];
  return { column: field === 'email' ? 'lower(email)' : 'created_at', direction: direction === 'asc' ? 'ASC' : 'DESC', kind: field === 'email' ? 'text' : 'time' };
}

/**
 * One page of the admin list, newest first or in the given sort (keyset on (sort column, id), after the cursor), and
 * the total matching, counted up to the cap. search matches part of the e-mail or of the full name ("first last"),
 * case-insensitively, as plain text.
 */
export async function findUsersPageForAdmin(db: Queryable, q: TAdminUsersQuery): Promise<TPage<TUserRecord>> {
  const keyset = listKeyset(adminListOrder(q.sort), 'id', `users.admin${q.sort ? `.${q.sort}` : ''}`);
  const after = keyset.decode(q.cursor);
  const c = adminListConditions(q);
  const count = countCapped(db, 'users', c.where(), c.values);
  const afterCursor = after ? keyset.after(after, (value) => c.param(value)) : undefined;
  const limit = c.param(q.pageSize + 1);
  const result = await db.query<TUserRow & { sort_key: string }>(
    `SELECT ${USER_COLUMNS}, ${keyset.select} FROM users ${c.where(afterCursor)}
      ORDER BY ${keyset.orderBy} LIMIT ${limit}`,
    c.values,
  );
  return toPage(result.rows, q.pageSize, keyset.cursorList, (row) => keyset.keyOf(row, row.id), toUser, await count);
}

/** The stat cards' counts over every user (not deleted): one pass. */
export async function countUsersForAdmin(db: Queryable): Promise<{ total: number; verified: number; active: number }> {
  const { rows } = await db.query<{ total: number; verified: number; active: number }>(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE is_verified)::int AS verified, count(*) FILTER (WHERE is_active)::int AS active
       FROM users WHERE deleted_at IS NULL`,
  );
  return rows[0] ?? { total: 0, verified: 0, active: 0 };
}
