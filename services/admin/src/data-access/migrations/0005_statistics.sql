-- The dashboard's statistics read model (GET /api/admin/stats), built from events the admin service consumes
-- (queue admin.stats) and rebuilt from the owners' /internal/stats APIs by `npm run stats:rebuild`. No service's
-- tables are read: every row here is a copy of what an event (or a snapshot) said. source_at is the time of what a
-- row was last written from; an older event never overwrites a newer state.

-- One row per user ever registered; a deleted user keeps a row without personal data (deleted_at set), so the
-- registrations per day stay true.
CREATE TABLE stats_users (
  user_id uuid PRIMARY KEY,
  email text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  role text NOT NULL,
  is_active boolean NOT NULL DEFAULT true,
  -- Null only while a user.updated has arrived before its user.registered.
  registered_at timestamptz,
  deleted_at timestamptz,
  source_at timestamptz NOT NULL
);
CREATE INDEX stats_users_registered_at_idx ON stats_users (registered_at DESC);

-- Tasks (task.saved, task.deleted): deleted ones are removed.
CREATE TABLE stats_tasks (
  task_id uuid PRIMARY KEY,
  title text NOT NULL,
  reward numeric(12, 2) NOT NULL,
  status text NOT NULL,
  created_at timestamptz NOT NULL,
  source_at timestamptz NOT NULL
);
CREATE INDEX stats_tasks_created_at_idx ON stats_tasks (created_at DESC);
CREATE INDEX stats_tasks_status_idx ON stats_tasks (status);
-- A task deleted before an older task.saved arrived stays deleted.
CREATE TABLE stats_deleted_tasks (
  task_id uuid PRIMARY KEY,
  deleted_at timestamptz NOT NULL
);

-- Submitted assignments: submitted (waiting for review), approved, rejected, cancelled.
CREATE TABLE stats_submissions (
  assignment_id uuid PRIMARY KEY,
  user_id uuid NOT NULL,
  task_id uuid NOT NULL,
  status text NOT NULL,
  submitted_at timestamptz,
  approved_at timestamptz,
  source_at timestamptz NOT NULL
);
CREATE INDEX stats_submissions_status_idx ON stats_submissions (status);
CREATE INDEX stats_submissions_approved_at_idx ON stats_submissions (approved_at) WHERE approved_at IS NOT NULL;

-- Withdrawals: pending, approved (paid), rejected.
CREATE TABLE stats_withdrawals (
  withdrawal_id uuid PRIMARY KEY,
  user_id uuid NOT NULL,
  amount numeric(12, 2) NOT NULL,
  status text NOT NULL,
  -- Null only while a withdrawal.decided has arrived before its withdrawal.requested.
  requested_at timestamptz,
  decided_at timestamptz,
  source_at timestamptz NOT NULL
);
CREATE INDEX stats_withdrawals_pending_idx ON stats_withdrawals (requested_at) WHERE status = 'pending';
CREATE INDEX stats_withdrawals_decided_at_idx ON stats_withdrawals (decided_at) WHERE status = 'approved';

-- Identity verification applications: pending, approved, rejected.
CREATE TABLE stats_verifications (
  verification_id uuid PRIMARY KEY,
  user_id uuid NOT NULL,
  status text NOT NULL,
  submitted_at timestamptz,
  source_at timestamptz NOT NULL
);
CREATE INDEX stats_verifications_status_idx ON stats_verifications (status);

-- When the read model last changed and when it was last rebuilt (one row).
CREATE TABLE stats_meta (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  updated_at timestamptz,
  rebuilt_at timestamptz
);
INSERT INTO stats_meta (id) VALUES (true);
