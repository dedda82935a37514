-- Account deletion (spec 02 Delete account AMENDED, spec 03 All Users Delete): the row stays, keyed by the same id
-- (ledger entries and audit rows elsewhere refer to it), but every personal field is erased and deleted_at is set.
-- A deleted user is not listed, cannot sign in (the password hash is replaced by one that matches nothing) and
-- the e-mail is replaced by deleted-<id>@deleted.invalid, so the address can be registered again.
ALTER TABLE users ADD COLUMN deleted_at timestamptz;
CREATE INDEX users_admins_idx ON users (id) WHERE role = 'admin' AND deleted_at IS NULL;
