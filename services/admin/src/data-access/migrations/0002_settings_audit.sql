-- System settings (spec 03): one row per key, seeded with the defaults of spec 03 section 9 and issue 5.
-- published_at: when the current value was last written to the outbox as settings.changed; NULL means never, and
-- the service publishes such values once at start (so consumers learn the seeded defaults too).
CREATE TABLE system_settings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  setting_key text NOT NULL UNIQUE,
  setting_value text NOT NULL,
  description text,
  updated_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  published_at timestamptz
);

INSERT INTO system_settings (setting_key, setting_value, description) VALUES
  ('minimum_withdrawal', '50.00', 'The smallest amount (USD) a worker may request as a withdrawal'),
  ('starting_balance', '0.00', 'Credited to every new worker at registration as a signup bonus (USD)'),
  ('auto_approval_days', '3', 'Days after which a submission left unreviewed is approved automatically'),
  ('wallet_cooldown_hours', '0', 'Hours a newly saved payout wallet must wait before it can receive a payout (0: no wait)')
ON CONFLICT (setting_key) DO NOTHING;

-- Audit log of admin actions, written only by the audit consumer from events (one row per event).
CREATE TABLE audit_log (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  actor_id uuid NOT NULL,
  action text NOT NULL,
  target_type text NOT NULL,
  target_id text NOT NULL,
  before jsonb,
  after jsonb,
  created_at timestamptz NOT NULL,
  event_id uuid NOT NULL UNIQUE
);
CREATE INDEX audit_log_created_at_idx ON audit_log (created_at DESC, id DESC);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, created_at DESC);
CREATE INDEX audit_log_target_idx ON audit_log (target_type, target_id, created_at DESC);
