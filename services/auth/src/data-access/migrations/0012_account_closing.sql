-- The worker's intent to close the account (issue 28 item 4): set once by POST /api/user/account/closing and announced
-- with account.closing_started; payouts accepts a closing withdrawal or a give-up only from a worker who has it.
ALTER TABLE users ADD COLUMN closing_started_at timestamptz;
