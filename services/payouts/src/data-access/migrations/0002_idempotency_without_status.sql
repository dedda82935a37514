-- A stored idempotent answer is the withdrawal a key created (a refused request stores nothing); the HTTP status is
-- the route's (201, first time or replayed), not the ledger's.
ALTER TABLE idempotency_keys DROP COLUMN status_code;
