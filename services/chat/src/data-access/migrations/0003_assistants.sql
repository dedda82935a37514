-- Chat assistants (issue 13; spec 03 chat_assistants and chat_settings, AMENDED): the one settings record, the
-- scheduler's state (one row, claimed with a conditional update so two instances never post the same tick), the
-- log of scheduled runs, the decision taken on each person's question, and the quality score of each assistant
-- message (spec 03 s.4), computed when it is posted.

-- An assistant is removed by marking it: its messages keep their name and the badge Bot.
ALTER TABLE chat_assistants ADD COLUMN deleted_at timestamptz;

CREATE TABLE chat_settings (
  id                    smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  -- Every field of ZChatSettingsSchema but the key; read through the schema, so a new field gets its default.
  value                 jsonb NOT NULL,
  -- The provider API key, AES-256-GCM (CHAT_SECRETS_KEY): 'v1:' || base64(iv | tag | ciphertext). Never returned.
  provider_api_key_enc  text,
  updated_by            uuid,
  updated_at            timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE chat_assistant_schedule (
  id                  smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  -- When the next scheduled run is due; NULL while assistants are disabled (the first tick after enabling runs).
  next_post_at        timestamptz,
  posted              bigint NOT NULL DEFAULT 0,
  replies             bigint NOT NULL DEFAULT 0,
  -- Generated texts the moderation matcher (or the no-promises rule) refused: never posted.
  dropped             bigint NOT NULL DEFAULT 0,
  -- Provider calls that failed (or were over the hourly budget) and were answered by the offline generator.
  provider_fallbacks  bigint NOT NULL DEFAULT 0
);
INSERT INTO chat_assistant_schedule (id) VALUES (1);

-- One row per scheduled run: due_at is the slot the run claimed, so a slot can never run twice.
CREATE TABLE chat_assistant_runs (
  id        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  due_at    timestamptz NOT NULL UNIQUE,
  ran_at    timestamptz NOT NULL,
  instance  text NOT NULL,
  planned   integer NOT NULL,
  posted    integer NOT NULL DEFAULT 0
);

-- The decision on each person's question (answered or why not); the primary key makes it one decision per question.
CREATE TABLE chat_assistant_replies (
  question_id  bigint PRIMARY KEY,
  outcome      text NOT NULL CHECK (outcome IN ('pending', 'not_question', 'answered', 'skipped_probability', 'skipped_language', 'no_assistant', 'dropped')),
  answer_id    bigint,
  decided_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE chat_assistant_quality (
  message_id    bigint PRIMARY KEY,
  assistant_id  uuid NOT NULL,
  score         smallint NOT NULL CHECK (score BETWEEN 1 AND 5),
  issues        text[] NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX chat_assistant_quality_created_idx ON chat_assistant_quality (created_at);
