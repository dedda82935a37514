import type { TUserExportPart } from '@platform/service-kit';

/** What auth holds about a user. The password hash, reset token hashes and the images' bytes are not handed out. */
export const AUTH_USER_EXPORT: readonly TUserExportPart[] = [
  {
    name: 'user',
    table: 'users',
    sql: `SELECT id, email, first_name, last_name, telegram_username, role, is_active, is_verified, welcome_video_shown,
      documents_accepted, documents_accepted_at, referral_source, created_at, updated_at FROM users WHERE id = $1`,
  },
  {
    name: 'verifications',
    table: 'user_verifications',
    sql: `SELECT id, full_name, date_of_birth, address, city, country, postal_code, document_type, document_number, status,
      rejection_reason, reviewed_at, submitted_at, images_deleted_at FROM user_verifications WHERE user_id = $1 ORDER BY submitted_at`,
  },
  {
    name: 'verificationImages',
    table: 'verification_images',
    sql: `SELECT i.verification_id, i.kind, i.mime_type, i.created_at, 'stored encrypted; deleted after the retention period' AS note
      FROM verification_images i JOIN user_verifications v ON v.id = i.verification_id WHERE v.user_id = $1`,
  },
  { name: 'activity', table: 'activity_entries', sql: 'SELECT id, type, params, occurred_at FROM activity_entries WHERE user_id = $1 ORDER BY occurred_at' },
  { name: 'documentAcceptances', table: 'user_document_acceptances', sql: 'SELECT * FROM user_document_acceptances WHERE user_id = $1 ORDER BY accepted_at' },
  { name: 'passwordResets', table: 'password_resets', sql: 'SELECT id, created_at, expires_at, used_at, invalidated_at FROM password_resets WHERE user_id = $1' },
];
