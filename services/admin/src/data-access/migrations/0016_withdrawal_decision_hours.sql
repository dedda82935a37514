-- A payout promise (issue 31 item 3): hours after a request by which a withdrawal is decided. Seeded unpublished, so
-- the service publishes it as settings.changed at start and payouts learns it.
INSERT INTO system_settings (setting_key, setting_value, description) VALUES
  ('withdrawal_decision_hours', '48', 'Hours after a request by which a withdrawal is promised a decision (its decideBy; new withdrawals only)')
ON CONFLICT (setting_key) DO NOTHING;
