-- Chat Monitor ?filter=assistants (issue 25): the assistants' messages newest first on an index of their own. Without
-- it the page and its count walk the room's time index past every person's message: 1.1 s at 500,000 messages when
-- the assistants have written none (bench/results/lists.txt).
CREATE INDEX chat_messages_assistant_time_idx ON chat_messages (created_at, id) WHERE assistant_id IS NOT NULL;
