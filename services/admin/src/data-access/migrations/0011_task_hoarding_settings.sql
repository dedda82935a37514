-- No task hoarding (issue 26): how many tasks one worker may hold at once, and the time limit of an assignment
-- whose task has none. Seeded unpublished, so the service publishes them as settings.changed at start and work
-- learns them.
INSERT INTO system_settings (setting_key, setting_value, description) VALUES
  ('max_live_assignments', '3', 'How many tasks one worker may hold at once (taken and not yet submitted, or requested)'),
  ('assignment_time_limit_hours', '24', 'Hours a worker has for a task without a time limit of its own; then it returns to the board')
ON CONFLICT (setting_key) DO NOTHING;
