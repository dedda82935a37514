-- The newest message id of each room known to be published on the bus (issue 19: a process killed between the
-- commit of a message and its publish). Read and advanced under the room's lock; a writer or the repair job that
-- finds newer stored messages publishes them first, in order, so "a client holding id N has every message up to N"
-- holds across crashes.
CREATE TABLE chat_room_published (
  room            text PRIMARY KEY,
  chat_type       text NOT NULL CHECK (chat_type IN ('general', 'support')),
  support_user_id uuid,
  last_id         bigint NOT NULL
);
