-- Tasks with several slots (issue 29: the median of real times and the top-ups need several workers per task). A
-- task takes `slots` workers (1 to 1000, 1 by default: every task before this keeps its one slot); each worker holds at
-- most one assignment of a task (task_assignments_one_live_per_worker_task stays), and a task is on the board while
-- fewer than `slots` of its assignments hold a slot or completed one (counted under the task row's lock by the take,
-- on task_assignments_task_slot_idx). The index that kept one live assignment per task goes.
ALTER TABLE tasks ADD COLUMN slots integer NOT NULL DEFAULT 1 CHECK (slots BETWEEN 1 AND 1000);
DROP INDEX task_assignments_one_live_per_task;
