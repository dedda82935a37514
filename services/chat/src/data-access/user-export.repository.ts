import type { TUserExportPart } from '@platform/service-kit';

/**
 * What chat holds about a user (issue 15 item 5): the messages they wrote (live and archived), their support
 * conversation (their own thread, including the support team's answers to them), read state, the users copy.
 */
export const CHAT_USER_EXPORT: readonly TUserExportPart[] = [
  { name: 'user', table: 'users', sql: 'SELECT * FROM users WHERE id = $1' },
  { name: 'messages', table: 'chat_messages', sql: 'SELECT * FROM chat_messages WHERE user_id = $1 OR support_user_id = $1 ORDER BY id' },
  { name: 'archivedMessages', table: 'chat_messages_archive', sql: 'SELECT * FROM chat_messages_archive WHERE user_id = $1 OR support_user_id = $1 ORDER BY id' },
  { name: 'readState', table: 'chat_read_state', sql: 'SELECT * FROM chat_read_state WHERE user_id = $1' },
  { name: 'supportConversation', table: 'support_conversations', sql: 'SELECT * FROM support_conversations WHERE user_id = $1' },
];
