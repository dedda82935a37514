-- The read model of the public figures (issue 16, principle 4): built only from events, never typed in.
-- figures_tasks: one row per approved assignment (submission.approved).
-- figures_withdrawals: one row per withdrawal, its request time (withdrawal.requested) and, once approved, its
-- payout time (withdrawal.decided); either event may arrive first.

CREATE TABLE figures_tasks (
  assignment_id uuid PRIMARY KEY,
  user_id uuid NOT NULL,
  reward numeric(12, 2) NOT NULL,
  approved_at timestamptz NOT NULL
);
CREATE INDEX figures_tasks_approved_at_idx ON figures_tasks (approved_at);

CREATE TABLE figures_withdrawals (
  withdrawal_id uuid PRIMARY KEY,
  user_id uuid NOT NULL,
  requested_at timestamptz,
  paid_at timestamptz
);
CREATE INDEX figures_withdrawals_paid_at_idx ON figures_withdrawals (paid_at) WHERE paid_at IS NOT NULL;
