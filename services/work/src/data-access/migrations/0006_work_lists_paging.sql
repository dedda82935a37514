-- Paging the work service's other growing lists (issue 25): each sort is keyset on an index ending in id, and each
-- filter has an index of its own.
-- Admin tasks: sortOrder (0 on top), then oldest first; ?status; ?search (part of the title, by trigrams).
DROP INDEX tasks_order_idx;
CREATE INDEX tasks_order_idx ON tasks (sort_order, created_at, id);
DROP INDEX tasks_status_idx;
CREATE INDEX tasks_status_idx ON tasks (status, sort_order, created_at, id);
CREATE INDEX tasks_title_search_idx ON tasks USING gin (lower(title) gin_trgm_ops);
-- Each listed task's slot (its latest assignment not cancelled), looked up per row of the page.
CREATE INDEX task_assignments_task_slot_idx ON task_assignments (task_id, assigned_at DESC) WHERE status <> 'cancelled';
-- Admin task requests: newest first (read backwards); ?status; ?user (users_search_idx, then task_requests_user_idx);
-- ?from/?to on the same index.
CREATE INDEX task_requests_requested_idx ON task_requests (requested_at, id);
CREATE INDEX task_requests_status_requested_idx ON task_requests (status, requested_at, id);
-- Admin task packages: oldest first; ?active; ?search (part of the name, by trigrams).
CREATE INDEX task_packages_created_idx ON task_packages (created_at, id);
CREATE INDEX task_packages_active_created_idx ON task_packages (is_active, created_at, id);
CREATE INDEX task_packages_name_search_idx ON task_packages USING gin (lower(name) gin_trgm_ops);
-- The worker's completed tasks (GET /api/tasks/completed), newest first: task_assignments_user_completed_idx (0003).
