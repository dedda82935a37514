-- Paging the worker's own money lists (issue 25).
-- GET /api/withdrawals, newest request first: keyset on (created_at, id) within the user; ?status has its own.
-- (The old withdrawals_user_idx had no id, so it could not serve the keyset's tie-breaker.)
DROP INDEX withdrawals_user_idx;
CREATE INDEX withdrawals_user_idx ON withdrawals (user_id, created_at DESC, id DESC);
CREATE INDEX withdrawals_user_status_idx ON withdrawals (user_id, status, created_at DESC, id DESC);
-- GET /api/ledger/statement, newest first, pages on the ledger's own order: UNIQUE (user_id, seq) already indexes it,
-- and ?from/?to use ledger_entries_user_time_idx (user_id, created_at) of 0001. Nothing to add there.
