-- The workers who started closing their account (issue 28 item 4), learnt from auth's account.closing_started: only
-- they may withdraw the whole balance below the minimum (POST /api/withdrawals/closing) or give it up
-- (POST /api/ledger/give-up). Auth owns the intent; this is payouts' copy, one row per worker, never removed (a deleted
-- account stays closed).
CREATE TABLE closing_intents (
  user_id uuid PRIMARY KEY,
  started_at timestamptz NOT NULL
);
