-- Identity: users, password reset tokens, company documents and their acceptances (spec 03 section 3).

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Stored lower-cased; unique case-insensitively (the index below).
  email text NOT NULL CHECK (email = lower(email)),
  password_hash text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  telegram_username text,
  role text NOT NULL DEFAULT 'employee' CHECK (role IN ('employee', 'admin')),
  is_active boolean NOT NULL DEFAULT true,
  is_verified boolean NOT NULL DEFAULT false,
  welcome_video_shown boolean NOT NULL DEFAULT false,
  documents_accepted boolean NOT NULL DEFAULT false,
  documents_accepted_at timestamptz,
  referral_source text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email));

-- Only the SHA-256 of a reset token is stored; the raw token travels once, to the mailer.
CREATE TABLE password_resets (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  -- Set when a newer token is issued for the same user, or when another token of the user is used.
  invalidated_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_resets_user_open_idx ON password_resets (user_id) WHERE used_at IS NULL AND invalidated_at IS NULL;

CREATE TABLE company_documents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  title text NOT NULL,
  -- HTML, sanitised before it is saved.
  content text NOT NULL,
  type varchar(50) NOT NULL,
  version varchar(20) NOT NULL DEFAULT '1.0',
  is_active boolean NOT NULL DEFAULT true,
  requires_acceptance boolean NOT NULL DEFAULT true,
  sort_order integer NOT NULL DEFAULT 0,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX company_documents_required_idx ON company_documents (sort_order, created_at) WHERE is_active AND requires_acceptance;

CREATE TABLE document_files (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  document_id uuid NOT NULL REFERENCES company_documents (id) ON DELETE CASCADE,
  file_name text NOT NULL,
  file_path text NOT NULL,
  file_type varchar(100) NOT NULL,
  file_size bigint NOT NULL CHECK (file_size >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX document_files_document_idx ON document_files (document_id);

-- One acceptance per user, document and version: a new version asks again.
CREATE TABLE user_document_acceptances (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  document_id uuid NOT NULL REFERENCES company_documents (id) ON DELETE CASCADE,
  document_version varchar(20) NOT NULL,
  accepted_at timestamptz NOT NULL DEFAULT now(),
  ip_address varchar(45),
  user_agent text,
  UNIQUE (user_id, document_id, document_version)
);
CREATE INDEX user_document_acceptances_document_idx ON user_document_acceptances (document_id, document_version);
