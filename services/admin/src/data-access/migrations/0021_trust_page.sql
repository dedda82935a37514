-- The public trust page (issue 31 items 2 and 5).
--
-- Who operates the platform: three one-line settings, empty until an admin fills them in (the trust page says which
-- are missing). Seeded unpublished, so the service publishes them as settings.changed at start like every new setting.
INSERT INTO system_settings (setting_key, setting_value, description) VALUES
  ('operator_legal_name', '', 'The legal name of the company or person operating the platform, shown on the public trust page'),
  ('operator_address', '', 'The operator''s registered postal address, on one line, shown on the public trust page'),
  ('operator_contact', '', 'How to reach the operator (an e-mail address, phone number or web address), shown on the public trust page')
ON CONFLICT (setting_key) DO NOTHING;

-- The trust figures, from events only (principle 4), beside figures_tasks / figures_withdrawals of 0010.
-- figures_withdrawals learns every decision (approved or rejected) and the promise it was made with.
ALTER TABLE figures_withdrawals
  ADD COLUMN decided_at timestamptz,
  ADD COLUMN decision text CHECK (decision IN ('approved', 'rejected')),
  ADD COLUMN decide_by timestamptz;
CREATE INDEX figures_withdrawals_decided_at_idx ON figures_withdrawals (decided_at) WHERE decided_at IS NOT NULL;
CREATE INDEX figures_withdrawals_decide_by_idx ON figures_withdrawals (decide_by) WHERE decide_by IS NOT NULL;
-- An approval learnt before this migration is a decision too.
UPDATE figures_withdrawals SET decided_at = paid_at, decision = 'approved' WHERE paid_at IS NOT NULL;

-- Every submission of an assignment (submission.submitted; a resubmission is another row), and every review of one
-- (submission.approved, automatic ones too, and submission.rejected). A review's time is measured from the latest
-- submission of its assignment before it, whichever event arrived first.
CREATE TABLE figures_submissions (
  assignment_id uuid NOT NULL,
  submitted_at timestamptz NOT NULL,
  PRIMARY KEY (assignment_id, submitted_at)
);
CREATE TABLE figures_reviews (
  assignment_id uuid NOT NULL,
  reviewed_at timestamptz NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('approved', 'rejected')),
  PRIMARY KEY (assignment_id, reviewed_at, outcome)
);
CREATE INDEX figures_reviews_reviewed_at_idx ON figures_reviews (reviewed_at);

-- Appeals decided (appeal.decided): upheld or overturned.
CREATE TABLE figures_appeals (
  appeal_id uuid PRIMARY KEY,
  assignment_id uuid NOT NULL,
  decided_at timestamptz NOT NULL,
  decision text NOT NULL CHECK (decision IN ('upheld', 'overturned'))
);
CREATE INDEX figures_appeals_decided_at_idx ON figures_appeals (decided_at);

-- Support: the first answer of each round of a worker's support conversation (support.first_response, chat).
CREATE TABLE figures_support_responses (
  conversation_id uuid NOT NULL,
  opened_at timestamptz NOT NULL,
  responded_at timestamptz NOT NULL,
  PRIMARY KEY (conversation_id, opened_at)
);
CREATE INDEX figures_support_responses_responded_at_idx ON figures_support_responses (responded_at);
