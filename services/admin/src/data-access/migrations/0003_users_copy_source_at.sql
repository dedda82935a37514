-- users_copy is a service-kit local copy (defineLocalCopy): source_at is the occurredAt of the event a row was last
-- written from, so an older event never overwrites what a newer one wrote.
ALTER TABLE users_copy ADD COLUMN source_at timestamptz;
UPDATE users_copy SET source_at = registered_at;
ALTER TABLE users_copy ALTER COLUMN source_at SET NOT NULL;
