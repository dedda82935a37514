-- Fair pay (issue 29): a task whose median real time shows it pays under the hourly floor tops each approved
-- submission up to it with an entry of its own kind, task_top_up (always positive), referencing the assignment; the
-- unique index of 0001 (kind, reference) posts it once per assignment, beside that assignment's task_reward.
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_kind_check;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_kind_check CHECK (kind IN (
  'task_reward', 'signup_bonus', 'admin_adjustment', 'withdrawal_hold', 'withdrawal_release', 'withdrawal_payout', 'balance_given_up', 'task_top_up'));
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_top_up_positive CHECK (kind <> 'task_top_up' OR amount > 0);
