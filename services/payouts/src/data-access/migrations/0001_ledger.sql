-- The payouts service's tables: the ledger (accounts and append-only entries), withdrawals with their idempotency
-- records, payout wallets, and local copies of users (from user events) and settings (from settings.changed).

CREATE TABLE users (
  id uuid PRIMARY KEY,
  email text NOT NULL DEFAULT '',
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  -- occurredAt of the event the row was last written from: an older event never overwrites a newer one.
  source_at timestamptz NOT NULL
);

CREATE TABLE settings (
  key text PRIMARY KEY,
  value text NOT NULL,
  source_at timestamptz NOT NULL
);

-- One account per user. The CHECKs make a negative balance impossible whatever the code does.
CREATE TABLE ledger_accounts (
  user_id uuid PRIMARY KEY,
  available numeric(12, 2) NOT NULL DEFAULT 0 CHECK (available >= 0),
  held numeric(12, 2) NOT NULL DEFAULT 0 CHECK (held >= 0),
  -- hash of the newest entry (64 zeros while there is none) and how many entries there are (= the newest seq).
  last_entry_hash text NOT NULL DEFAULT repeat('0', 64),
  entry_count integer NOT NULL DEFAULT 0 CHECK (entry_count >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE ledger_entries (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES ledger_accounts (user_id),
  seq integer NOT NULL CHECK (seq > 0),
  kind text NOT NULL CHECK (kind IN ('task_reward', 'signup_bonus', 'admin_adjustment', 'withdrawal_hold', 'withdrawal_release', 'withdrawal_payout')),
  amount numeric(12, 2) NOT NULL,
  available_after numeric(12, 2) NOT NULL CHECK (available_after >= 0),
  held_after numeric(12, 2) NOT NULL CHECK (held_after >= 0),
  reference_type text,
  reference_id text,
  reason text,
  created_by uuid,
  created_at timestamptz NOT NULL,
  prev_hash text NOT NULL CHECK (prev_hash ~ '^[0-9a-f]{64}$'),
  hash text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
  UNIQUE (user_id, seq),
  CHECK ((reference_type IS NULL) = (reference_id IS NULL)),
  -- The sign of each kind: credits and releases add, holds and payouts take away; an adjustment is never zero.
  CHECK (CASE kind
    WHEN 'task_reward' THEN amount > 0
    WHEN 'signup_bonus' THEN amount > 0
    WHEN 'withdrawal_release' THEN amount > 0
    WHEN 'withdrawal_hold' THEN amount < 0
    WHEN 'withdrawal_payout' THEN amount < 0
    ELSE amount <> 0
  END),
  CHECK (kind <> 'admin_adjustment' OR (reason IS NOT NULL AND btrim(reason) <> ''))
);
-- The same assignment (or withdrawal, or signup) can never be credited or posted twice.
CREATE UNIQUE INDEX ledger_entries_reference_once ON ledger_entries (kind, reference_type, reference_id) WHERE reference_id IS NOT NULL;
CREATE INDEX ledger_entries_user_time_idx ON ledger_entries (user_id, created_at);

-- Append-only, enforced by the database: an entry is never edited or deleted.
CREATE FUNCTION ledger_entries_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entries is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_refuse_change();
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_refuse_change();

CREATE TABLE withdrawals (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES ledger_accounts (user_id),
  amount numeric(12, 2) NOT NULL CHECK (amount > 0),
  currency text NOT NULL,
  -- In the currency's units, copied from the catalogue at creation (unconstrained numeric keeps '0.0005' as is).
  network_fee numeric NOT NULL CHECK (network_fee >= 0),
  wallet_address text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  admin_comment text,
  tx_reference text,
  idempotency_key text NOT NULL,
  reviewed_by uuid,
  reviewed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, idempotency_key),
  CHECK (status <> 'approved' OR tx_reference IS NOT NULL),
  CHECK (status <> 'rejected' OR admin_comment IS NOT NULL)
);
CREATE INDEX withdrawals_user_idx ON withdrawals (user_id, created_at DESC);
CREATE INDEX withdrawals_pending_idx ON withdrawals (created_at) WHERE status = 'pending';

-- The first answer given to a POST /api/withdrawals with an Idempotency-Key, replayed for the same key and body.
CREATE TABLE idempotency_keys (
  user_id uuid NOT NULL,
  key text NOT NULL,
  request_hash text NOT NULL,
  status_code integer NOT NULL,
  response jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);

CREATE TABLE payout_wallets (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL,
  currency text NOT NULL,
  address text NOT NULL,
  -- The address in its comparable form (lower case where the chain's format is case-insensitive).
  address_key text NOT NULL,
  label text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, currency, address_key)
);
