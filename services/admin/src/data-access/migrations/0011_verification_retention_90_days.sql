-- Spec 03 (AMENDED, user_verifications): identity images are deleted 90 days after the decision. 0008 seeded 30.
-- A value no admin has changed (updated_by is null) becomes 90 and is published again at start (settings.changed),
-- so auth's retention job learns it; a value an admin chose stays.
UPDATE system_settings
   SET setting_value = '90', updated_at = now(), published_at = NULL
 WHERE setting_key = 'verification_retention_days' AND setting_value = '30' AND updated_by IS NULL;
