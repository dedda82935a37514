import { erasePersonalDataInOutbox, type Queryable } from '@platform/service-kit';

/** What every erased message says instead of its text (the row stays, so replies and unread counts still add up). */
export const ERASED_MESSAGE_TEXT = 'This message was deleted';

/**
 * Erases what chat holds personally about a deleted user:
 * - the users copy keeps only the id, role and deleted_at (names and e-mail emptied, banned, source_at 'infinity' so
 *   no older user event written late brings them back);
 * - the text of every message the user wrote (general and support, live and archived), and of every message in
 *   their support thread (the admins' replies were written to them, about them), becomes ERASED_MESSAGE_TEXT;
 * - the support conversation's subject and last-message preview are cleared, their read positions deleted.
 * Other people's messages in the general chat stay as they are: they are the other people's.
 */
export async function eraseUserData(db: Queryable, userId: string, deletedAt: string): Promise<void> {
  await db.query(
    `INSERT INTO users (id, first_name, last_name, role, is_active, email, source_at, deleted_at) VALUES ($1, '', '', 'employee', false, NULL, 'infinity', $2)
     ON CONFLICT (id) DO UPDATE SET first_name = '', last_name = '', email = NULL, is_active = false, source_at = 'infinity',
       deleted_at = COALESCE(users.deleted_at, $2)`,
    [userId, deletedAt],
  );
  for (const table of ['chat_messages', 'chat_messages_archive']) {
    await db.query(`UPDATE ${table} SET content = $2, client_id = NULL WHERE (user_id = $1 OR support_user_id = $1) AND content <> $2`, [userId, ERASED_MESSAGE_TEXT]);
  }
  await db.query('DELETE FROM chat_read_state WHERE user_id = $1', [userId]);
  const { rows } = await db.query<{ support: string | null }>("SELECT to_regclass('support_conversations')::text AS support");
  if (rows[0]?.support) {
    await db.query('UPDATE support_conversations SET subject = NULL, last_message_preview = NULL WHERE user_id = $1', [userId]);
  }
  // The support desk's mail requests published about the user carry the e-mail and first name.
  await erasePersonalDataInOutbox(db, userId);
}
