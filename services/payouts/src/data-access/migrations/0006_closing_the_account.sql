-- Closing the account (issue 28 item 4): a worker closing their account may withdraw the whole available balance
-- whatever the minimum (a closing withdrawal, marked so the reviewer knows why it is under the minimum), or give it up
-- with a balance_given_up entry of its own kind (available decreases; the amount is always negative).
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_kind_check;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_kind_check CHECK (kind IN (
  'task_reward', 'signup_bonus', 'admin_adjustment', 'withdrawal_hold', 'withdrawal_release', 'withdrawal_payout', 'balance_given_up'));
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_given_up_negative CHECK (kind <> 'balance_given_up' OR amount < 0);
ALTER TABLE withdrawals ADD COLUMN closing boolean NOT NULL DEFAULT false;
