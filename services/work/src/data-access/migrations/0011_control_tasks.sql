-- Control tasks (issue 30 item 5). An admin marks a task as a control task with a known expected answer; every
-- submission of it is checked when submitted, and the result kept with the submission. Both tables are admin-only:
-- nothing a worker reads (the task list, the assignment, the export, the task.saved event) selects from them, so a
-- control task looks to a worker exactly like any other.
CREATE TABLE control_tasks (
  task_id uuid PRIMARY KEY REFERENCES tasks (id) ON DELETE CASCADE,
  expected_answer text NOT NULL CHECK (char_length(expected_answer) BETWEEN 1 AND 1000),
  match_mode text NOT NULL CHECK (match_mode IN ('exact', 'normalised')),
  set_by uuid,
  set_at timestamptz NOT NULL DEFAULT now()
);

-- One row per checked (re)submission. The expected answer is copied as it was when compared, so a later edit of the
-- task does not change what a past check says. `counted` marks the assignment's first checked answer: the one that
-- counts toward the worker's control accuracy (a resubmission after a rejection could only repeat what the reviewer
-- said); the unique partial index keeps it one per assignment whatever races.
CREATE TABLE control_checks (
  id uuid PRIMARY KEY,
  assignment_id uuid NOT NULL REFERENCES task_assignments (id) ON DELETE CASCADE,
  task_id uuid NOT NULL,
  user_id uuid NOT NULL,
  matched boolean NOT NULL,
  match_mode text NOT NULL CHECK (match_mode IN ('exact', 'normalised')),
  expected_answer text NOT NULL,
  counted boolean NOT NULL,
  checked_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE UNIQUE INDEX control_checks_counted_idx ON control_checks (assignment_id) WHERE counted;
-- The latest check of a submission (the review) and a worker's accuracy (counted checks per user).
CREATE INDEX control_checks_assignment_idx ON control_checks (assignment_id, checked_at DESC);
CREATE INDEX control_checks_user_idx ON control_checks (user_id, matched) WHERE counted;
