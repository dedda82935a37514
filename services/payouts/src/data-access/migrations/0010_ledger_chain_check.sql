-- The platform-wide ledger check (issue 31 item 4): a scheduled job verifies every account's hash chain and keeps the
-- time of its last run and the result: counts only, never an account's data. One row, replaced by each run.
CREATE TABLE ledger_chain_check (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  started_at timestamptz NOT NULL,
  finished_at timestamptz NOT NULL,
  valid boolean NOT NULL,
  accounts integer NOT NULL CHECK (accounts >= 0),
  entries bigint NOT NULL CHECK (entries >= 0),
  broken_accounts integer NOT NULL CHECK (broken_accounts >= 0)
);
