-- Paging the admin's chat lists (issue 25): the Chat Monitor (GET /api/admin/chat-messages) and the support desk
-- (GET /api/admin/support-conversations). Each sort and filter has an index.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Chat Monitor, newest first: keyset on (created_at, id) read backwards, each room on its own index (room=general
-- also serves the archive job and the 24 h stats, which read general_age_idx's created_at until now); ?conversation
-- (one worker's thread) and ?user (an author) theirs.
DROP INDEX chat_messages_general_age_idx;
CREATE INDEX chat_messages_general_time_idx ON chat_messages (created_at, id) WHERE chat_type = 'general';
CREATE INDEX chat_messages_support_time_idx ON chat_messages (created_at, id) WHERE chat_type = 'support';
CREATE INDEX chat_messages_time_idx ON chat_messages (created_at, id);
CREATE INDEX chat_messages_thread_time_idx ON chat_messages (support_user_id, created_at, id) WHERE chat_type = 'support';
CREATE INDEX chat_messages_author_time_idx ON chat_messages (user_id, created_at, id);
-- ?search: part of the text, by trigrams.
CREATE INDEX chat_messages_content_search_idx ON chat_messages USING gin (lower(content) gin_trgm_ops);
-- ?user on both lists: part of the e-mail or full name in the users copy (the e-mail may be unknown).
CREATE INDEX users_search_idx ON users USING gin (lower(coalesce(email, '') || ' ' || first_name || ' ' || last_name) gin_trgm_ops);

-- The desk, in the order it works in (waiting_since ASC NULLS LAST, last_message_at DESC, id), read in two parts:
-- those waiting for an answer, longest first, then the others, newest activity first; each part with and without
-- ?status. Every conversation starts with a message, so last_message_at is always set.
UPDATE support_conversations SET last_message_at = created_at WHERE last_message_at IS NULL;
ALTER TABLE support_conversations ALTER COLUMN last_message_at SET NOT NULL;
CREATE INDEX support_conversations_waiting_idx ON support_conversations (waiting_since, last_message_at DESC, id) WHERE waiting_since IS NOT NULL;
CREATE INDEX support_conversations_activity_idx ON support_conversations (last_message_at DESC, id) WHERE waiting_since IS NULL;
-- (status, waiting_since) becomes the waiting part of one status (and still counts each status for the figures).
DROP INDEX support_conversations_status_idx;
CREATE INDEX support_conversations_status_idx ON support_conversations (status, waiting_since, last_message_at DESC, id);
CREATE INDEX support_conversations_status_activity_idx ON support_conversations (status, last_message_at DESC, id) WHERE waiting_since IS NULL;
-- ?mine.
CREATE INDEX support_conversations_assignee_idx ON support_conversations (assigned_admin_id) WHERE assigned_admin_id IS NOT NULL;
