-- The review cockpit (issue 30 item 4): in a bulk approval every N-th submission is left for an individual look (0: off).
-- Seeded unpublished, so the service publishes it as settings.changed at start and work learns it.
INSERT INTO system_settings (setting_key, setting_value, description) VALUES
  ('bulk_spot_check_every', '20', 'In a bulk approval, every N-th submission is not approved but left for an individual look (0: no spot checks)')
ON CONFLICT (setting_key) DO NOTHING;
