-- chat_archive_days (issue 11): general chat messages older than this many days are moved to the chat service's
-- archive. Seeded unpublished, so the service publishes it as settings.changed at start and chat learns it.
INSERT INTO system_settings (setting_key, setting_value, description) VALUES
  ('chat_archive_days', '90', 'Days after which general chat messages move to the archive (they stay readable in the chat history)')
ON CONFLICT (setting_key) DO NOTHING;
