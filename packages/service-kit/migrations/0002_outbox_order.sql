-- Creation order for the relay. created_at is the start time of the writing transaction, shared by every event that
-- transaction writes, so it cannot order them; an identity column numbers rows in the order they were inserted.
ALTER TABLE outbox ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY;
CREATE INDEX outbox_unsent_seq_idx ON outbox (seq) WHERE sent_at IS NULL;
