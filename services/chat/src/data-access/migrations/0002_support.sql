-- The support desk (spec 03 "support_conversations", s.4 AMENDED status rules; issue 12). The messages of a worker's
-- thread stay in chat_messages (chat_type 'support', support_user_id the worker); this is the conversation around
-- them, one per worker.

-- The desk lists the worker's e-mail beside the name (from user.registered / user.updated).
ALTER TABLE users ADD COLUMN IF NOT EXISTS email text;

CREATE TABLE support_conversations (
  id                 uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id            uuid NOT NULL UNIQUE,
  assigned_admin_id  uuid,
  status             text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'pending', 'resolved', 'closed')),
  priority           text NOT NULL DEFAULT 'normal',
  subject            text,
  category           text,
  last_message_at    timestamptz,
  last_message_preview text,
  -- The worker's messages no admin has read yet (admins' side; the worker's side is chat_read_state 'support').
  unread_count       integer NOT NULL DEFAULT 0 CHECK (unread_count >= 0),
  -- The worker's oldest message not answered yet; null while nobody waits on the desk.
  waiting_since      timestamptz,
  -- The last "support-reply" e-mail sent for this conversation (at most one an hour).
  last_emailed_at    timestamptz,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  resolved_at        timestamptz,
  closed_at          timestamptz
);
CREATE INDEX support_conversations_status_idx ON support_conversations (status, waiting_since);

-- Rounds of a conversation: from the worker's message that opened (or reopened) it to Resolve or Close. The desk
-- figures (first-response and resolution time, their 30-day medians) are computed from these.
CREATE TABLE support_rounds (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  conversation_id    uuid NOT NULL REFERENCES support_conversations (id) ON DELETE CASCADE,
  opened_at          timestamptz NOT NULL,
  first_response_at  timestamptz,
  resolved_at        timestamptz,
  closed_at          timestamptz
);
CREATE INDEX support_rounds_conversation_idx ON support_rounds (conversation_id, id DESC);
CREATE INDEX support_rounds_first_response_idx ON support_rounds (first_response_at) WHERE first_response_at IS NOT NULL;
CREATE INDEX support_rounds_resolved_idx ON support_rounds (resolved_at) WHERE resolved_at IS NOT NULL;
