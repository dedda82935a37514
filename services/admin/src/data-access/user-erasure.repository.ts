import { erasePersonalDataInOutbox, type Queryable } from '@platform/service-kit';

/** The personal fields an audit row about a user may hold in before/after (user.changed_by_admin). */
const PERSONAL_FIELDS = ['email', 'firstName', 'lastName'];

/**
 * Erases the names and e-mail of a deleted user from the audit rows about them; each row stays (actor, action,
 * target id, time, the other fields) with `personalDataErased: true` where something was removed.
 */
export async function eraseUserFromAuditLog(db: Queryable, userId: string): Promise<void> {
  await db.query(
    `UPDATE audit_log
        SET before = CASE WHEN before ?| $2::text[] THEN (before - $2::text[]) || '{"personalDataErased": true}' ELSE before END,
            after = CASE WHEN after ?| $2::text[] THEN (after - $2::text[]) || '{"personalDataErased": true}' ELSE after END
      WHERE target_type = 'user' AND target_id = $1 AND (before ?| $2::text[] OR after ?| $2::text[])`,
    [userId, PERSONAL_FIELDS],
  );
  // The statement of the user's own appeals (issue 29) is their text.
  await db.query(
    `UPDATE audit_log SET after = (after - 'statement') || '{"personalDataErased": true}'
      WHERE action = 'submission.appealed' AND actor_id = $1 AND after ? 'statement'`,
    [userId],
  );
}

/**
 * The admin service's users copy: a user.updated keeps the e-mail, names and (when the event says) the language of
 * the user's e-mails current (the copy comes from user.registered).
 */
export async function refreshUserCopy(
  db: Queryable,
  user: { id: string; email: string; firstName: string; lastName: string; role: string; language?: string | undefined },
  sourceAt: string,
): Promise<void> {
  await db.query(
    `UPDATE users_copy SET email = $2, first_name = $3, last_name = $4, role = $5, source_at = $6, language = COALESCE($7, language)
      WHERE id = $1 AND source_at <= $6`,
    [user.id, user.email, user.firstName, user.lastName, user.role, sourceAt, user.language ?? null],
  );
}

/**
 * Erases what the admin service holds personally about a deleted user: the users copy keeps the id, role and
 * registration time (names and e-mail emptied; source_at 'infinity' so no older user event brings them back), and
 * the address of every e-mail sent to them is replaced (the record that a mail was sent, and which, stays).
 */
export async function eraseUserCopyAndMailAddresses(db: Queryable, userId: string, email: string | undefined): Promise<void> {
  await db.query(
    `UPDATE users_copy SET email = '', first_name = '', last_name = '', source_at = 'infinity' WHERE id = $1`,
    [userId],
  );
  if (email) await db.query(`UPDATE sent_emails SET recipient = 'erased' WHERE lower(recipient) = lower($1)`, [email]);
  await erasePersonalDataInOutbox(db, userId);
}
