import type { TAdminVerificationList, TAdminVerificationsQuery, TDocumentType, TPage, TVerificationFileKind } from '@platform/contracts';
import { countCapped, cursorTimeSql, decodeCursor, likeContains, SqlConditions, toPage, ZTimeIdCursorKeySchema, type Queryable } from '@platform/service-kit';
import type { TSealedImage } from '../domain/envelope-crypto.js';

export type TVerificationRecordStatus = 'pending' | 'approved' | 'rejected';

export interface TVerificationRecord {
  id: string;
  userId: string;
  fullName: string;
  dateOfBirth: string;
  address: string;
  city: string;
  country: string;
  postalCode: string;
  documentType: TDocumentType;
  documentNumber: string;
  status: TVerificationRecordStatus;
  rejectionReason: string | null;
  reviewedBy: string | null;
  reviewedAt: Date | null;
  submittedAt: Date;
  imagesDeletedAt: Date | null;
  /** The applicant's account (null when the account is gone). */
  userEmail: string | null;
  userFirstName: string | null;
  userLastName: string | null;
  /** How many image rows remain (0 after the retention job). */
  imageCount: number;
}

interface TVerificationRow {
  id: string;
  user_id: string;
  full_name: string;
  date_of_birth: string;
  address: string;
  city: string;
  country: string;
  postal_code: string;
  document_type: TDocumentType;
  document_number: string;
  status: TVerificationRecordStatus;
  rejection_reason: string | null;
  reviewed_by: string | null;
  reviewed_at: Date | null;
  submitted_at: Date;
  images_deleted_at: Date | null;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  image_count: number;
}

const SELECT_COLUMNS = `SELECT v.id, v.user_id, v.full_name, to_char(v.date_of_birth, 'YYYY-MM-DD') AS date_of_birth, v.address, v.city,
  v.country, v.postal_code, v.document_type, v.document_number, v.status, v.rejection_reason, v.reviewed_by, v.reviewed_at,
  v.submitted_at, v.images_deleted_at, u.email, u.first_name, u.last_name,
  (SELECT count(*)::int FROM verification_images i WHERE i.verification_id = v.id) AS image_count`;
const FROM = 'FROM user_verifications v LEFT JOIN users u ON u.id = v.user_id';
const SELECT = `${SELECT_COLUMNS} ${FROM}`;

function toRecord(row: TVerificationRow): TVerificationRecord {
  return {
    id: row.id,
    userId: row.user_id,
    fullName: row.full_name,
    dateOfBirth: row.date_of_birth,
    address: row.address,
    city: row.city,
    country: row.country,
    postalCode: row.postal_code,
    documentType: row.document_type,
    documentNumber: row.document_number,
    status: row.status,
    rejectionReason: row.rejection_reason,
    reviewedBy: row.reviewed_by,
    reviewedAt: row.reviewed_at,
    submittedAt: row.submitted_at,
    imagesDeletedAt: row.images_deleted_at,
    userEmail: row.email,
    userFirstName: row.first_name,
    userLastName: row.last_name,
    imageCount: row.image_count,
  };
}

export interface TNewVerification {
  userId: string;
  fullName: string;
  dateOfBirth: string;
  address: string;
  city: string;
  country: string;
  postalCode: string;
  documentType: TDocumentType;
  documentNumber: string;
}

/** Inserts a pending application; null when the user already has one pending (the partial unique index). */
export async function insertPendingVerification(db: Queryable, v: TNewVerification): Promise<{ id: string; submittedAt: Date } | null> {
  const { rows } = await db.query<{ id: string; submitted_at: Date }>(
    `INSERT INTO user_verifications (user_id, full_name, date_of_birth, address, city, country, postal_code, document_type, document_number)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (user_id) WHERE status = 'pending' DO NOTHING
     RETURNING id, submitted_at`,
    [v.userId, v.fullName, v.dateOfBirth, v.address, v.city, v.country, v.postalCode, v.documentType, v.documentNumber],
  );
  return rows[0] ? { id: rows[0].id, submittedAt: rows[0].submitted_at } : null;
}

export async function insertVerificationImage(db: Queryable, verificationId: string, kind: TVerificationFileKind, mimeType: string, sealed: TSealedImage): Promise<void> {
  await db.query(
    `INSERT INTO verification_images (verification_id, kind, mime_type, key_id, wrapped_key, iv, auth_tag, ciphertext)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [verificationId, kind, mimeType, sealed.keyId, sealed.wrappedKey, sealed.iv, sealed.authTag, sealed.ciphertext],
  );
}

export async function findVerification(db: Queryable, id: string): Promise<TVerificationRecord | null> {
  const { rows } = await db.query<TVerificationRow>(`${SELECT} WHERE v.id = $1`, [id]);
  return rows[0] ? toRecord(rows[0]) : null;
}

export async function findLatestVerificationOfUser(db: Queryable, userId: string): Promise<TVerificationRecord | null> {
  const { rows } = await db.query<TVerificationRow>(`${SELECT} WHERE v.user_id = $1 ORDER BY v.submitted_at DESC, v.created_at DESC LIMIT 1`, [userId]);
  return rows[0] ? toRecord(rows[0]) : null;
}

/** Whether the user exists, is verified, and the status of their latest application, in one read (null: no such user). */
export async function findApplicant(db: Queryable, userId: string): Promise<{ isVerified: boolean; latestStatus: TVerificationRecordStatus | null } | null> {
  const { rows } = await db.query<{ is_verified: boolean; latest_status: TVerificationRecordStatus | null }>(
    `SELECT u.is_verified,
            (SELECT v.status FROM user_verifications v WHERE v.user_id = u.id ORDER BY v.submitted_at DESC, v.created_at DESC LIMIT 1) AS latest_status
       FROM users u WHERE u.id = $1`,
    [userId],
  );
  return rows[0] ? { isVerified: rows[0].is_verified, latestStatus: rows[0].latest_status } : null;
}

/** The status of the user's latest application (the same order as findLatestVerificationOfUser), or null before the first. */
export async function findLatestVerificationStatus(db: Queryable, userId: string): Promise<TVerificationRecordStatus | null> {
  const { rows } = await db.query<{ status: TVerificationRecordStatus }>(
    'SELECT status FROM user_verifications WHERE user_id = $1 ORDER BY submitted_at DESC, created_at DESC LIMIT 1',
    [userId],
  );
  return rows[0]?.status ?? null;
}

/** The sort of each admin list: the queue oldest application first; approved/rejected newest decision first; all newest application first. */
function adminListSort(list: TAdminVerificationList): { column: string; direction: 'ASC' | 'DESC' } {
  if (list === 'pending') return { column: 'v.submitted_at', direction: 'ASC' };
  if (list === 'all') return { column: 'v.submitted_at', direction: 'DESC' };
  return { column: 'v.reviewed_at', direction: 'DESC' };
}

/**
 * One page of an admin list of applications (contracts ZAdminVerificationsQuerySchema): keyset on (the list's time,
 * id) after the cursor, each list and filter served by an index (migration 0008; ?search by users_search_idx of
 * 0007). A cursor of another list is refused (400 cursor).
 */
export async function listVerificationsPage(
  db: Queryable,
  list: TAdminVerificationList,
  q: Omit<TAdminVerificationsQuery, 'status'>,
): Promise<TPage<TVerificationRecord>> {
  const cursorList = `verifications.${list}`;
  const after = decodeCursor(q.cursor, cursorList, ZTimeIdCursorKeySchema);
  const { column, direction } = adminListSort(list);
  const filters = new SqlConditions();
  if (list === 'pending') filters.add(`v.status = 'pending'`);
  else if (list !== 'all') filters.add(`v.status <> 'pending'`).add('v.status = ?', list);
  if (q.userId) filters.add('v.user_id = ?', q.userId);
  if (q.search) {
    filters.add(
      `v.user_id IN (SELECT s.id FROM users s WHERE s.deleted_at IS NULL AND lower(s.email || ' ' || s.first_name || ' ' || s.last_name) LIKE ?)`,
      likeContains(q.search),
    );
  }
  if (q.from) filters.add(`${column} >= ?`, q.from);
  if (q.to) filters.add(`${column} < ?`, q.to);
  const count = countCapped(db, 'user_verifications v', filters.where(), filters.values);
  const page = new SqlConditions();
  page.values.push(...filters.values);
  const keyset = after ? `(${column}, v.id) ${direction === 'ASC' ? '>' : '<'} ($${page.values.push(after[0])}, $${page.values.push(after[1])})` : undefined;
  const limit = page.param(q.pageSize + 1);
  const { rows } = await db.query<TVerificationRow & { sort_key: string }>(
    `${SELECT_COLUMNS}, ${cursorTimeSql(column)} AS sort_key ${FROM} ${filters.where(keyset)}
     ORDER BY ${column} ${direction}, v.id ${direction} LIMIT ${limit}`,
    page.values,
  );
  return toPage(rows, q.pageSize, cursorList, (row) => [row.sort_key, row.id], toRecord, await count);
}

/**
 * Records a decision only if the application is still pending (one conditional UPDATE: of two admins deciding at
 * once, exactly one gets the row). Null when it was already decided.
 */
export async function decideVerification(
  db: Queryable,
  id: string,
  decision: { status: 'approved' | 'rejected'; reason: string | null; reviewedBy: string },
): Promise<{ userId: string; reviewedAt: Date } | null> {
  const { rows } = await db.query<{ user_id: string; reviewed_at: Date }>(
    `UPDATE user_verifications SET status = $2, rejection_reason = $3, reviewed_by = $4, reviewed_at = now(), updated_at = now()
     WHERE id = $1 AND status = 'pending' RETURNING user_id, reviewed_at`,
    [id, decision.status, decision.reason, decision.reviewedBy],
  );
  return rows[0] ? { userId: rows[0].user_id, reviewedAt: rows[0].reviewed_at } : null;
}

export async function findVerificationImage(db: Queryable, verificationId: string, kind: TVerificationFileKind): Promise<(TSealedImage & { mimeType: string }) | null> {
  const { rows } = await db.query<{ mime_type: string; key_id: string; wrapped_key: Buffer; iv: Buffer; auth_tag: Buffer; ciphertext: Buffer }>(
    'SELECT mime_type, key_id, wrapped_key, iv, auth_tag, ciphertext FROM verification_images WHERE verification_id = $1 AND kind = $2',
    [verificationId, kind],
  );
  const row = rows[0];
  return row ? { mimeType: row.mime_type, keyId: row.key_id, wrappedKey: row.wrapped_key, iv: row.iv, authTag: row.auth_tag, ciphertext: row.ciphertext } : null;
}

/**
 * Deletes the images of applications decided before `decidedBefore` (the retention), keeping the application row
 * and marking when its images went. Returns how many applications lost their images.
 */
export async function deleteExpiredVerificationImages(db: Queryable, retentionDays: number): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    `WITH due AS (
       SELECT id FROM user_verifications
       WHERE status <> 'pending' AND images_deleted_at IS NULL AND reviewed_at <= now() - make_interval(days => $1::int)
       ORDER BY reviewed_at LIMIT 1000 FOR UPDATE SKIP LOCKED
     ), gone AS (
       DELETE FROM verification_images i USING due WHERE i.verification_id = due.id RETURNING i.verification_id
     )
     UPDATE user_verifications v SET images_deleted_at = now(), updated_at = now() FROM due WHERE v.id = due.id RETURNING v.id`,
    [retentionDays],
  );
  return rows.length;
}

/** Every image's wrapping (for the key rotation), in batches by key id. */
export async function findImageKeysNotWrappedBy(db: Queryable, keyId: string, limit: number): Promise<{ verificationId: string; kind: TVerificationFileKind; keyId: string; wrappedKey: Buffer }[]> {
  const { rows } = await db.query<{ verification_id: string; kind: TVerificationFileKind; key_id: string; wrapped_key: Buffer }>(
    'SELECT verification_id, kind, key_id, wrapped_key FROM verification_images WHERE key_id <> $1 LIMIT $2 FOR UPDATE SKIP LOCKED',
    [keyId, limit],
  );
  return rows.map((r) => ({ verificationId: r.verification_id, kind: r.kind, keyId: r.key_id, wrappedKey: r.wrapped_key }));
}

export async function updateImageKey(db: Queryable, verificationId: string, kind: TVerificationFileKind, keyId: string, wrappedKey: Buffer): Promise<void> {
  await db.query('UPDATE verification_images SET key_id = $3, wrapped_key = $4 WHERE verification_id = $1 AND kind = $2', [verificationId, kind, keyId, wrappedKey]);
}

export async function setUserVerified(db: Queryable, userId: string): Promise<void> {
  await db.query('UPDATE users SET is_verified = true, updated_at = now() WHERE id = $1', [userId]);
}

/** Every application of a user with its fields (the export); the images are not included. */
export async function listVerificationsOfUser(db: Queryable, userId: string): Promise<TVerificationRecord[]> {
  const { rows } = await db.query<TVerificationRow>(`${SELECT} WHERE v.user_id = $1 ORDER BY v.submitted_at`, [userId]);
  return rows.map(toRecord);
}
