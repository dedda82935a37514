-- Identity verification (issue 15; spec 03 user_verifications). The images live in verification_images, encrypted
-- (AES-256-GCM with a data key per image, the data key wrapped by the master key from the environment); no image
-- is ever written in clear. The retention job deletes the image rows after verification_retention_days; the
-- application row (the decision) stays.

CREATE TABLE user_verifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  full_name text NOT NULL,
  date_of_birth date NOT NULL,
  address text NOT NULL,
  city text NOT NULL,
  country text NOT NULL,
  postal_code text NOT NULL,
  document_type text NOT NULL CHECK (document_type IN ('passport', 'drivers_license', 'national_id')),
  document_number text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  rejection_reason text,
  reviewed_by uuid,
  reviewed_at timestamptz,
  submitted_at timestamptz NOT NULL DEFAULT now(),
  images_deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'pending') = (reviewed_at IS NULL)),
  CHECK (status <> 'rejected' OR rejection_reason IS NOT NULL)
);
-- One pending application per user, whatever the race.
CREATE UNIQUE INDEX user_verifications_one_pending ON user_verifications (user_id) WHERE status = 'pending';
CREATE INDEX user_verifications_user_idx ON user_verifications (user_id, submitted_at DESC);
CREATE INDEX user_verifications_status_idx ON user_verifications (status, submitted_at);
CREATE INDEX user_verifications_retention_idx ON user_verifications (reviewed_at) WHERE images_deleted_at IS NULL AND status <> 'pending';

CREATE TABLE verification_images (
  verification_id uuid NOT NULL REFERENCES user_verifications (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('selfie', 'document')),
  -- The stored (cleaned) image's type: image/jpeg, image/png or image/webp.
  mime_type text NOT NULL,
  -- Which master key wrapped the data key (its fingerprint), the wrapped data key (iv | tag | ciphertext).
  key_id text NOT NULL,
  wrapped_key bytea NOT NULL,
  -- The image: AES-256-GCM under the data key; iv 12 bytes, tag 16 bytes.
  iv bytea NOT NULL,
  auth_tag bytea NOT NULL,
  ciphertext bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (verification_id, kind)
);
CREATE INDEX verification_images_key_idx ON verification_images (key_id);

-- The settings this service reads (verification_retention_days), learnt from settings.changed.
CREATE TABLE verification_settings (
  key text PRIMARY KEY,
  value text NOT NULL,
  source_at timestamptz NOT NULL
);
