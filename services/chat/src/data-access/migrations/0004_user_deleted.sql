-- Account deletion (user.deleted): the users copy keeps the id with deleted_at set and no name or e-mail. (email
-- comes with the support desk's migration; IF NOT EXISTS keeps this one independent of it.)
ALTER TABLE users ADD COLUMN IF NOT EXISTS email text;
ALTER TABLE users ADD COLUMN deleted_at timestamptz;
