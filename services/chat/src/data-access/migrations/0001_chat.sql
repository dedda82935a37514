-- The chat service's records (spec 03 "chat_messages", "chat_assistants"; architecture "Ownership"): messages and
-- their archive, read positions for unread counts, banned words, assistants, and local copies of users (names,
-- bans; from user events) and of the chat_archive_days setting (from settings.changed).

CREATE TABLE users (
  id          uuid PRIMARY KEY,
  first_name  text NOT NULL,
  last_name   text NOT NULL,
  role        text NOT NULL,
  is_active   boolean NOT NULL DEFAULT true,
  -- occurredAt of the event that wrote the row: an older event never overwrites a newer one.
  source_at   timestamptz NOT NULL
);

CREATE TABLE settings (
  key        text PRIMARY KEY,
  value      text NOT NULL,
  source_at  timestamptz NOT NULL
);

-- Clearly labelled bots (spec 03, AMENDED). Managed by Chat Management (a later issue); never deleted while a
-- message refers to one, so a bot's message never loses its badge.
CREATE TABLE chat_assistants (
  id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  display_name        text NOT NULL CHECK (char_length(display_name) BETWEEN 1 AND 100),
  avatar              text,
  is_active           boolean NOT NULL DEFAULT true,
  preferred_language  text NOT NULL DEFAULT 'english' CHECK (preferred_language IN ('english', 'russian')),
  created_by          uuid,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now()
);

-- Ids grow in the order messages are stored in a room: writers of one room take an advisory lock from before the
-- insert until the message is published, so "everything after id N" is exactly what a reader has not seen.
CREATE TABLE chat_messages (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id          uuid,
  assistant_id     uuid REFERENCES chat_assistants (id) ON DELETE RESTRICT,
  -- Principle 1: a bot is exactly a message with an assistant; nobody can write this column.
  is_bot           boolean GENERATED ALWAYS AS (assistant_id IS NOT NULL) STORED,
  content          text NOT NULL CHECK (char_length(content) BETWEEN 1 AND 2000),
  reply_to_id      bigint,
  chat_type        text NOT NULL CHECK (chat_type IN ('general', 'support')),
  support_user_id  uuid,
  is_from_admin    boolean NOT NULL DEFAULT false,
  read_by_admin    boolean NOT NULL DEFAULT false,
  -- The sender's own id for the message: a resend (after a dropped connection) stores nothing new.
  client_id        uuid,
  created_at       timestamptz NOT NULL DEFAULT now(),
  CHECK ((user_id IS NULL) <> (assistant_id IS NULL)),
  CHECK ((chat_type = 'support') = (support_user_id IS NOT NULL)),
  CHECK (NOT (is_from_admin AND assistant_id IS NOT NULL))
);
CREATE INDEX chat_messages_support_idx ON chat_messages (support_user_id, id) WHERE chat_type = 'support';
CREATE INDEX chat_messages_general_age_idx ON chat_messages (created_at) WHERE chat_type = 'general';
CREATE UNIQUE INDEX chat_messages_client_id_idx ON chat_messages (user_id, client_id) WHERE client_id IS NOT NULL;

-- Messages older than chat_archive_days, moved by the archive job; read through chat_messages_all.
CREATE TABLE chat_messages_archive (
  id               bigint PRIMARY KEY,
  user_id          uuid,
  assistant_id     uuid REFERENCES chat_assistants (id) ON DELETE RESTRICT,
  is_bot           boolean NOT NULL,
  content          text NOT NULL,
  reply_to_id      bigint,
  chat_type        text NOT NULL,
  support_user_id  uuid,
  is_from_admin    boolean NOT NULL,
  read_by_admin    boolean NOT NULL,
  client_id        uuid,
  created_at       timestamptz NOT NULL,
  archived_at      timestamptz NOT NULL DEFAULT now(),
  CHECK (is_bot = (assistant_id IS NOT NULL))
);
CREATE INDEX chat_messages_archive_support_idx ON chat_messages_archive (support_user_id, id) WHERE chat_type = 'support';

-- Every message, live or archived: the history reads past the archive boundary without noticing it.
CREATE VIEW chat_messages_all AS
  SELECT id, user_id, assistant_id, is_bot, content, reply_to_id, chat_type, support_user_id, is_from_admin,
         read_by_admin, client_id, created_at, NULL::timestamptz AS archived_at
    FROM chat_messages
  UNION ALL
  SELECT id, user_id, assistant_id, is_bot, content, reply_to_id, chat_type, support_user_id, is_from_admin,
         read_by_admin, client_id, created_at, archived_at
    FROM chat_messages_archive;

-- Where each user has read up to, per chat type: unread = messages from others with a greater id.
CREATE TABLE chat_read_state (
  user_id       uuid NOT NULL,
  chat_type     text NOT NULL CHECK (chat_type IN ('general', 'support')),
  last_read_id  bigint NOT NULL DEFAULT 0,
  updated_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, chat_type)
);

CREATE TABLE banned_words (
  word        text PRIMARY KEY,
  created_by  uuid,
  created_at  timestamptz NOT NULL DEFAULT now()
);
