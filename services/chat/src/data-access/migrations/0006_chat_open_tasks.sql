-- Moved out of 0003, to which it had been appended after 0003 was first committed: a database that applied the first
-- 0003 gets the table here; one that applied the later 0003 already has it (IF NOT EXISTS).
-- Open tasks the offline generator may mention (a local copy from work's task.saved and task.deleted events; chat never
-- reads work's tables). An older event never overwrites a newer one; a deleted task stays deleted.
CREATE TABLE IF NOT EXISTS chat_open_tasks (
  task_id    uuid PRIMARY KEY,
  title      text NOT NULL,
  status     text NOT NULL,
  deleted    boolean NOT NULL DEFAULT false,
  source_at  timestamptz NOT NULL
);
