-- Transactional outbox: an event row is written in the same transaction as the change it announces.
CREATE TABLE outbox (
  id uuid PRIMARY KEY,
  type text NOT NULL,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  last_error text
);
CREATE INDEX outbox_unsent_idx ON outbox (created_at) WHERE sent_at IS NULL;

-- Inbox: the ids of events a consumer has applied, written in the same transaction as the effect.
CREATE TABLE inbox (
  consumer text NOT NULL,
  event_id uuid NOT NULL,
  event_type text NOT NULL,
  processed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (consumer, event_id)
);
