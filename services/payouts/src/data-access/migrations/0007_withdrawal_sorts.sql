-- Column sorting of the admin's withdrawal lists (issue 25): each ?sort is a keyset on (column, id), read forwards
-- or backwards on one of these (the defaults, requested time of pending and decision time of the others, are 0004's).
CREATE INDEX withdrawals_pending_amount_idx ON withdrawals (amount, id) WHERE status = 'pending';
CREATE INDEX withdrawals_decided_amount_idx ON withdrawals (amount, id) WHERE status <> 'pending';
CREATE INDEX withdrawals_decided_requested_idx ON withdrawals (created_at, id) WHERE status <> 'pending';
