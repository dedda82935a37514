-- A worker may hand a task back before submitting (issue 29): the assignment ends as 'returned' with the time and
-- the optional reason; it no longer holds the task's slot (the live indexes already name the live statuses only).
ALTER TABLE task_assignments DROP CONSTRAINT task_assignments_status_check;
ALTER TABLE task_assignments ADD CONSTRAINT task_assignments_status_check
  CHECK (status IN ('assigned', 'in_progress', 'submitted', 'completed', 'rejected', 'cancelled', 'returned'));
ALTER TABLE task_assignments ADD COLUMN returned_at timestamptz, ADD COLUMN return_reason text;
-- Each listed task's slot (its latest assignment neither cancelled nor returned), looked up per row of the page.
DROP INDEX task_assignments_task_slot_idx;
CREATE INDEX task_assignments_task_slot_idx ON task_assignments (task_id, assigned_at DESC) WHERE status NOT IN ('cancelled', 'returned');
-- The admin's count of returns per task.
CREATE INDEX task_assignments_returns_idx ON task_assignments (task_id) WHERE status = 'returned';
