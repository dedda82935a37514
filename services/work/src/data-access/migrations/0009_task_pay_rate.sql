-- Pay per hour on every task (issue 29, principle 7). estimated_minutes is the admin's estimate (required by the API
-- for new tasks); a row written without one (tasks created before this migration, bulk seeds) gets 15 minutes with
-- estimate_missing, so the console shows which lack a real estimate (the service sets it false; setting an estimate
-- clears it). Once 10 submissions are approved, median_seconds is the median real time (taken to
-- submitted) of the approved assignments and median_workers how many; hourly_rate is the platform's figure, computed
-- by the database from the reward and the median (else the estimate), rounded down to the cent: the worker's
-- ?sort=hourlyRate and the admin's read it on tasks_hourly_rate_idx.
ALTER TABLE tasks
  ADD COLUMN estimated_minutes integer NOT NULL DEFAULT 15 CHECK (estimated_minutes BETWEEN 1 AND 10080),
  ADD COLUMN estimate_missing boolean NOT NULL DEFAULT true,
  ADD COLUMN median_seconds integer CHECK (median_seconds > 0),
  ADD COLUMN median_workers integer NOT NULL DEFAULT 0 CHECK (median_workers >= 0);
ALTER TABLE tasks ADD COLUMN hourly_rate numeric(12, 2) GENERATED ALWAYS AS (
  trunc(CASE WHEN median_seconds IS NOT NULL THEN reward * 3600 / median_seconds ELSE reward * 60 / estimated_minutes END, 2)
) STORED;
CREATE INDEX tasks_hourly_rate_idx ON tasks (hourly_rate, id);
-- The tasks the median shows underpaid (the admin's ?underpaid=true, the dashboard's flag): hourly_rate below the floor.
CREATE INDEX tasks_median_rate_idx ON tasks (hourly_rate, id) WHERE median_seconds IS NOT NULL;

-- The top-ups of approved submissions of a task whose median real time pays under the floor: one per assignment (the
-- primary key), written with its task.topped_up event in the transaction of the approval that showed it.
CREATE TABLE task_top_ups (
  assignment_id uuid PRIMARY KEY REFERENCES task_assignments (id) ON DELETE CASCADE,
  task_id uuid NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  amount numeric(10, 2) NOT NULL CHECK (amount > 0),
  median_seconds integer NOT NULL,
  minimum_hourly_rate numeric(10, 2) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX task_top_ups_task_idx ON task_top_ups (task_id);
-- The approved assignments of a task with their real time (the median is taken over them).
CREATE INDEX task_assignments_task_completed_idx ON task_assignments (task_id) WHERE status = 'completed';
