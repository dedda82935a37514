-- Paging the submissions awaiting review (issue 25): keyset on (submitted_at, id), oldest first; each filter has an index.
DROP INDEX task_assignments_submitted_idx;
CREATE INDEX task_assignments_submitted_idx ON task_assignments (submitted_at, id) WHERE status = 'submitted';
-- ?taskId.
CREATE INDEX task_assignments_task_submitted_idx ON task_assignments (task_id, submitted_at, id) WHERE status = 'submitted';
-- ?user: part of the worker's e-mail or full name in the users copy, by trigrams (then task_assignments_user_idx).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX users_search_idx ON users USING gin (lower(email || ' ' || first_name || ' ' || last_name) gin_trgm_ops);
