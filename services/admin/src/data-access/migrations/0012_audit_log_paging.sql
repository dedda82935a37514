-- Paging the audit log (issue 25): ?action has its own index (actor, target and time already have one).
CREATE INDEX audit_log_action_idx ON audit_log (action, created_at DESC, id DESC);
