-- Due process on the dashboard (issue 29): appeals waiting for a decision (submission.appealed / appeal.decided),
-- those past appeal_decision_days (escalated), and the tasks workers handed back (assignment.returned).
CREATE TABLE stats_appeals (
  appeal_id uuid PRIMARY KEY,
  user_id uuid NOT NULL,
  status text NOT NULL,
  -- Null only while an appeal.decided has arrived before its submission.appealed.
  appealed_at timestamptz,
  decided_at timestamptz,
  source_at timestamptz NOT NULL
);
CREATE INDEX stats_appeals_pending_idx ON stats_appeals (appealed_at) WHERE status = 'pending';

CREATE TABLE stats_returns (
  assignment_id uuid PRIMARY KEY,
  task_id uuid NOT NULL,
  returned_at timestamptz NOT NULL
);
CREATE INDEX stats_returns_returned_at_idx ON stats_returns (returned_at);
