-- Due process (issue 29): days a worker may appeal a rejection, and days an admin has to decide an appeal (past
-- them the dashboard escalates it). Seeded unpublished, so the service publishes them as settings.changed at start
-- and work learns them.
INSERT INTO system_settings (setting_key, setting_value, description) VALUES
  ('appeal_window_days', '7', 'Days after a rejection within which the worker may appeal it'),
  ('appeal_decision_days', '3', 'Days an admin has to decide an appeal; past them it is escalated on the dashboard')
ON CONFLICT (setting_key) DO NOTHING;
