-- Fair pay (issue 29): the hourly floor of every task and whether underpaid tasks are topped up to it. Seeded
-- unpublished, so the service publishes them as settings.changed at start and work learns them.
INSERT INTO system_settings (setting_key, setting_value, description) VALUES
  ('minimum_hourly_rate', '8.00', 'The least a task may pay per hour (USD): tasks below it by their estimated time are refused; approved work on a task that the real times show pays less is topped up to it'),
  ('top_up_underpaid', '1', '1: approved submissions of a task whose median real time pays under the minimum hourly rate are topped up to it automatically; 0: they are only flagged')
ON CONFLICT (setting_key) DO NOTHING;
