-- E-mail templates edited by admins (Mustache syntax: {{userName}}).
CREATE TABLE email_templates (
  id uuid PRIMARY KEY,
  name text NOT NULL UNIQUE,
  subject text NOT NULL,
  html_content text NOT NULL,
  text_content text NOT NULL,
  variables text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One row per mail sent, keyed by the event that caused it (written in the consumer's transaction).
CREATE TABLE sent_emails (
  id uuid PRIMARY KEY,
  event_id uuid NOT NULL UNIQUE,
  template text NOT NULL,
  recipient text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sent_emails_created_at_idx ON sent_emails (created_at);

-- Local copy of users, learnt from user.registered (the auth service owns the users).
CREATE TABLE users_copy (
  id uuid PRIMARY KEY,
  email text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  role text NOT NULL,
  registered_at timestamptz NOT NULL
);
CREATE INDEX users_copy_registered_at_idx ON users_copy (registered_at DESC);
