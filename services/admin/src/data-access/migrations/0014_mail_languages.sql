-- E-mails in the recipient's language, from the platform's name (issue 28).
--
-- Each template holds a Russian version beside the English one (all three parts, or none: then English is sent).
-- The built-in templates' Russian versions are filled in at start (fillBuiltInTranslations) where a row has none.
ALTER TABLE email_templates
  ADD COLUMN subject_ru text,
  ADD COLUMN html_content_ru text,
  ADD COLUMN text_content_ru text,
  ADD CONSTRAINT email_templates_ru_whole CHECK (
    (subject_ru IS NULL) = (html_content_ru IS NULL) AND (subject_ru IS NULL) = (text_content_ru IS NULL)
  );

-- The sign-off names the platform (the setting platform_name, also the sender's name) instead of "The Platform team".
UPDATE email_templates
   SET html_content = replace(html_content, 'The Platform team', 'The {{platformName}} team'),
       text_content = replace(text_content, 'The Platform team', 'The {{platformName}} team'),
       variables = CASE WHEN 'platformName' = ANY (variables) THEN variables ELSE array_append(variables, 'platformName') END,
       updated_at = now()
 WHERE html_content LIKE '%The Platform team%' OR text_content LIKE '%The Platform team%';

-- withdrawal-notification ("Your withdrawal of $X is approved") gives way to withdrawal-approved and
-- withdrawal-rejected (with the transaction reference or the reason), and withdrawal-requested is new; the old row
-- is no longer sent, so it is removed rather than left in Email Templates as if it were used.
DELETE FROM email_templates WHERE name = 'withdrawal-notification';

-- The language of each user's e-mails, learnt from user.registered and user.updated (auth owns it).
ALTER TABLE users_copy ADD COLUMN language text NOT NULL DEFAULT 'en';

-- The platform's name: the sender name and sign-off of every e-mail. Published at start like every new setting.
INSERT INTO system_settings (setting_key, setting_value, description) VALUES
  ('platform_name', 'Task Portal', 'The platform''s name: the sender name and the sign-off of every e-mail')
ON CONFLICT (setting_key) DO NOTHING;
