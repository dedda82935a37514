-- Column sorting of the admin's task list (issue 25): ?sort=reward.* and createdAt.* are keysets on (column, id),
-- read forwards or backwards (the default, sortOrder, is 0006's tasks_order_idx, also read either way). The
-- submissions' sort (submittedAt either way) reads 0005's task_assignments_submitted_idx.
CREATE INDEX tasks_reward_idx ON tasks (reward, id);
CREATE INDEX tasks_created_idx ON tasks (created_at, id);
