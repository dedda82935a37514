-- The work service's tables: tasks, assignments, submission files, task requests, task packages, and local copies
-- of users (from user events) and of the auto_approval_days setting (from settings.changed).

CREATE TABLE users (
  id uuid PRIMARY KEY,
  email text NOT NULL DEFAULT '',
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  role text NOT NULL DEFAULT 'employee',
  -- occurredAt of the event the row was last written from: an older event never overwrites a newer one.
  source_at timestamptz NOT NULL
);

CREATE TABLE settings (
  key text PRIMARY KEY,
  value text NOT NULL,
  source_at timestamptz NOT NULL
);

CREATE TABLE tasks (
  id uuid PRIMARY KEY,
  title text NOT NULL,
  description text NOT NULL,
  submission_instructions text,
  reward numeric(10, 2) NOT NULL CHECK (reward >= 0),
  status text NOT NULL DEFAULT 'available'
    CHECK (status IN ('available', 'pending', 'assigned', 'in_progress', 'submitted', 'completed', 'cancelled')),
  sort_order integer NOT NULL DEFAULT 0 CHECK (sort_order >= 0),
  created_by uuid,
  due_date date,
  time_limit_minutes integer CHECK (time_limit_minutes > 0),
  requires_approval boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tasks_order_idx ON tasks (sort_order, created_at);
CREATE INDEX tasks_status_idx ON tasks (status);

CREATE TABLE task_assignments (
  id uuid PRIMARY KEY,
  task_id uuid NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  status text NOT NULL DEFAULT 'assigned'
    CHECK (status IN ('assigned', 'in_progress', 'submitted', 'completed', 'rejected', 'cancelled')),
  submission text,
  assigned_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz,
  submitted_at timestamptz,
  rejected_by uuid,
  rejection_reason text,
  rejected_at timestamptz,
  completed_at timestamptz,
  approved_by uuid,
  auto_approved boolean NOT NULL DEFAULT false,
  cancelled_by uuid,
  cancellation_reason text,
  cancelled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- One task = one slot: at most one live assignment per task (and so per worker and task).
CREATE UNIQUE INDEX task_assignments_one_live_per_task ON task_assignments (task_id)
  WHERE status IN ('assigned', 'in_progress', 'submitted', 'rejected');
CREATE UNIQUE INDEX task_assignments_one_live_per_worker_task ON task_assignments (task_id, user_id)
  WHERE status IN ('assigned', 'in_progress', 'submitted', 'rejected');
CREATE INDEX task_assignments_user_idx ON task_assignments (user_id, assigned_at DESC);
CREATE INDEX task_assignments_submitted_idx ON task_assignments (submitted_at) WHERE status = 'submitted';
CREATE INDEX task_assignments_expiry_idx ON task_assignments (expires_at) WHERE status IN ('assigned', 'in_progress') AND expires_at IS NOT NULL;

CREATE TABLE task_submission_files (
  id uuid PRIMARY KEY,
  assignment_id uuid NOT NULL REFERENCES task_assignments (id) ON DELETE CASCADE,
  -- Server-generated (uuid + extension of the detected type); the only name the storage knows.
  file_name text NOT NULL UNIQUE,
  file_path text NOT NULL,
  original_name text NOT NULL,
  file_type varchar(50) NOT NULL,
  file_size bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Upload order (created_at is shared by every file of one submission).
  seq bigint GENERATED ALWAYS AS IDENTITY
);
CREATE INDEX task_submission_files_assignment_idx ON task_submission_files (assignment_id, seq);

CREATE TABLE task_requests (
  id uuid PRIMARY KEY,
  task_id uuid NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  submission text,
  reason text,
  decided_by uuid,
  decided_at timestamptz,
  requested_at timestamptz NOT NULL DEFAULT now()
);
-- The task's one slot: at most one pending request per task.
CREATE UNIQUE INDEX task_requests_one_pending_per_task ON task_requests (task_id) WHERE status = 'pending';
CREATE INDEX task_requests_user_idx ON task_requests (user_id, requested_at DESC);

CREATE TABLE task_packages (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  description text,
  is_active boolean NOT NULL DEFAULT true,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE task_package_items (
  id uuid PRIMARY KEY,
  package_id uuid NOT NULL REFERENCES task_packages (id) ON DELETE CASCADE,
  task_id uuid NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
  sort_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (package_id, task_id)
);
CREATE INDEX task_package_items_task_idx ON task_package_items (task_id);
