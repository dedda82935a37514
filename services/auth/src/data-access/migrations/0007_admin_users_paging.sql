-- Paging All Users (issue 25): GET /api/admin/users, newest first, keyset on (created_at, id); each filter has an index.
CREATE INDEX users_admin_list_idx ON users (created_at DESC, id DESC) WHERE deleted_at IS NULL;
-- ?role=admin and ?status=banned (the rare values; the common ones walk users_admin_list_idx).
CREATE INDEX users_admin_list_admins_idx ON users (created_at DESC, id DESC) WHERE deleted_at IS NULL AND role = 'admin';
CREATE INDEX users_admin_list_banned_idx ON users (created_at DESC, id DESC) WHERE deleted_at IS NULL AND NOT is_active;
-- ?search: part of the e-mail or full name, by trigrams.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX users_search_idx ON users USING gin (lower(email || ' ' || first_name || ' ' || last_name) gin_trgm_ops) WHERE deleted_at IS NULL;
