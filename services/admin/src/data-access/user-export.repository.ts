import type { TUserExportPart } from '@platform/service-kit';

/**
 * What the admin service holds about a user (issue 15 item 5): the users copy, the e-mails sent to them, the audit
 * rows of admins' actions about them, news e-mail deliveries and awards.
 */
export const ADMIN_USER_EXPORT: readonly TUserExportPart[] = [
  { name: 'user', table: 'users_copy', sql: 'SELECT * FROM users_copy WHERE id = $1' },
  {
    name: 'sentEmails',
    table: 'sent_emails',
    sql: 'SELECT s.* FROM sent_emails s JOIN users_copy u ON lower(s.recipient) = lower(u.email) WHERE u.id = $1 ORDER BY s.created_at',
  },
  {
    name: 'auditLog',
    table: 'audit_log',
    sql: "SELECT * FROM audit_log WHERE target_id = $1::text OR after->>'userId' = $1::text ORDER BY created_at",
  },
  { name: 'newsEmailDeliveries', table: 'news_email_deliveries', sql: 'SELECT * FROM news_email_deliveries WHERE user_id = $1' },
];
