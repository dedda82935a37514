-- Paging the admin's withdrawals (issue 25): each list and filter of GET /api/admin/withdrawals has an index.
-- Pending, oldest first: keyset on (created_at, id); the history, newest decision first: (reviewed_at, id) descending.
DROP INDEX withdrawals_pending_idx;
CREATE INDEX withdrawals_pending_idx ON withdrawals (created_at, id) WHERE status = 'pending';
CREATE INDEX withdrawals_decided_idx ON withdrawals (reviewed_at DESC, id DESC) WHERE status <> 'pending';
-- ?currency on either list.
CREATE INDEX withdrawals_pending_currency_idx ON withdrawals (currency, created_at, id) WHERE status = 'pending';
CREATE INDEX withdrawals_decided_currency_idx ON withdrawals (currency, reviewed_at DESC, id DESC) WHERE status <> 'pending';
-- ?user: part of the owner's e-mail or full name, matched in the users copy by trigrams, then withdrawals_user_idx.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX users_search_idx ON users USING gin (lower(email || ' ' || first_name || ' ' || last_name) gin_trgm_ops);
