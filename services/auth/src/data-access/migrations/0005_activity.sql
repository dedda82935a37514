-- The activity history of the profile (issue 15; spec 02 Activity entry): a read model built from events (the
-- user's own registration, tasks assigned and completed, withdrawals requested and decided, verification
-- submitted and decided). Texts are not stored: params are, and the text is written in the reader's language.
CREATE TABLE activity_entries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('verification', 'task_completed', 'task_assigned', 'withdrawal_request', 'withdrawal_approved', 'withdrawal_rejected', 'account_created')),
  params jsonb NOT NULL DEFAULT '{}',
  occurred_at timestamptz NOT NULL,
  -- What the entry was built from (event type and the record's id): an event delivered twice makes one entry.
  source_key text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX activity_entries_user_idx ON activity_entries (user_id, occurred_at DESC, id DESC);

-- Users who registered before the history existed get their account_created entry.
INSERT INTO activity_entries (user_id, type, params, occurred_at, source_key)
SELECT id, 'account_created', '{}', created_at, 'user.registered:' || id FROM users
ON CONFLICT (source_key) DO NOTHING;
