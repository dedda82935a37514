-- Due process (issue 29 item 4). A task carries a short numbered list of acceptance criteria; each rejection is kept
-- as a row (the assignment's own columns are cleared by a resubmission) naming the criteria not met, and may be
-- appealed once by its worker: the appeal is decided by an admin other than the one who rejected.
ALTER TABLE tasks ADD COLUMN acceptance_criteria text[] NOT NULL DEFAULT '{}';
-- True while the assignment's latest rejection is under appeal: a resubmission, a return and a cancellation wait for
-- the decision (their conditional updates test this column, so an appeal and a resubmission cannot both win).
ALTER TABLE task_assignments ADD COLUMN under_appeal boolean NOT NULL DEFAULT false;

CREATE TABLE submission_rejections (
  id uuid PRIMARY KEY,
  assignment_id uuid NOT NULL REFERENCES task_assignments (id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  task_id uuid NOT NULL,
  reason text NOT NULL,
  criteria integer[] NOT NULL DEFAULT '{}',
  rejected_by uuid NOT NULL,
  rejected_at timestamptz NOT NULL,
  -- The appeal of this rejection (at most one): pending until decided, then upheld or overturned.
  appeal_id uuid UNIQUE,
  appeal_status text CHECK (appeal_status IN ('pending', 'upheld', 'overturned')),
  appeal_statement text,
  appealed_at timestamptz,
  appeal_decided_by uuid,
  appeal_decided_at timestamptz,
  appeal_decision_reason text,
  CHECK ((appeal_id IS NULL) = (appeal_status IS NULL) AND (appeal_id IS NULL) = (appealed_at IS NULL))
);
-- The worker's record and their latest rejection per assignment.
CREATE INDEX submission_rejections_user_idx ON submission_rejections (user_id, rejected_at DESC);
CREATE INDEX submission_rejections_assignment_idx ON submission_rejections (assignment_id, rejected_at DESC);
-- The admin's appeal queue (pending oldest first) and the decided ones (newest first): keyset on (appealed_at, appeal_id).
CREATE INDEX submission_rejections_appeals_idx ON submission_rejections (appeal_status, appealed_at, appeal_id) WHERE appeal_id IS NOT NULL;

-- Submissions rejected before this migration keep their rejection (without criteria) and may be appealed.
INSERT INTO submission_rejections (id, assignment_id, user_id, task_id, reason, rejected_by, rejected_at)
SELECT gen_random_uuid(), id, user_id, task_id, rejection_reason, rejected_by, rejected_at FROM task_assignments
 WHERE status = 'rejected' AND rejection_reason IS NOT NULL AND rejected_by IS NOT NULL AND rejected_at IS NOT NULL;
