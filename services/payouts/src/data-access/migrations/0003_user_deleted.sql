-- Account deletion (user.deleted): the users copy keeps the id with deleted_at set and no name or e-mail; the
-- ledger, its accounts and withdrawals stay by user id, as financial records must.
ALTER TABLE users ADD COLUMN deleted_at timestamptz;
