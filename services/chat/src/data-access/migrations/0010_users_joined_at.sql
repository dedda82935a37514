-- When each user joined (user.registered's registeredAt; issue 28): unread counts take only messages written after
-- it, so history from before a user existed is never "unread" for them. NULL for users known only from older events.
ALTER TABLE users ADD COLUMN joined_at timestamptz;
