-- The worker's task list (GET /api/tasks) reads their open assignments and their latest completed ones, and counts
-- the completed ones: each from an index of its own, so the cost does not grow with the worker's history.
CREATE INDEX task_assignments_user_completed_idx ON task_assignments (user_id, completed_at DESC, id DESC) WHERE status = 'completed';
CREATE INDEX task_assignments_user_open_idx ON task_assignments (user_id) WHERE status <> 'completed';
