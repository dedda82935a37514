-- Account deletion (user.deleted): the users copy keeps the id with deleted_at set and no name or e-mail; the
-- assignments stay by user id (the task's history, the reward paid) without the worker's submitted text and files.
ALTER TABLE users ADD COLUMN deleted_at timestamptz;
