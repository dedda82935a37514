-- Column sorting of the admin's All Users (issue 25): ?sort=email.asc|desc is a keyset on (lower(email), id), read
-- forwards or backwards (joined time, the default, is 0007's users_admin_list_idx).
CREATE INDEX users_admin_email_idx ON users (lower(email), id) WHERE deleted_at IS NULL;
