-- Which e-mail templates an admin has edited (issue 28): a template migration must leave such a row as the admin
-- wrote it (test/template-migrations.test.ts refuses a later migration that updates or deletes email_templates without
-- `edited_at IS NULL`). Set by every admin edit (updateTemplateById).
--
-- 0014 deleted the withdrawal-notification rows, an admin's edits included. They cannot be restored here: template
-- edits were not audited and nothing else kept their text; only a backup from before 0014 holds it (admin README).
ALTER TABLE email_templates ADD COLUMN edited_at timestamptz;

-- Rows changed after they were created may be an admin's edits (or a migration's change: kept as well, the safe side).
UPDATE email_templates SET edited_at = updated_at WHERE updated_at > created_at + interval '1 second';
