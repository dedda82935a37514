-- Identity verification (issue 15): the e-mail telling a worker an admin's decision on their application, sent on
-- verification.decided (admins may edit it in Email Templates), and the setting verification_retention_days (days
-- after the decision when the identity images are deleted; the decision stays), seeded unpublished so the service
-- publishes it as settings.changed at start and auth learns it.
INSERT INTO email_templates (id, name, subject, html_content, text_content, variables)
VALUES (
  gen_random_uuid(),
  'verification-decision',
  'Your identity verification was {{status}}',
  '<!DOCTYPE html>
<html>
  <body style="font-family: Arial, Helvetica, sans-serif; color: #222; line-height: 1.5;">
    <p>Hello {{userName}},</p>
    <p>Our team reviewed your identity verification. Decision: <strong>{{status}}</strong>.</p>
    <p>{{details}}</p>
    <p>You can see your verification status on your profile:</p>
    <p><a href="{{profileUrl}}">{{profileUrl}}</a></p>
    <p>The Platform team</p>
  </body>
</html>',
  'Hello {{userName}},

Our team reviewed your identity verification. Decision: {{status}}.

{{details}}

You can see your verification status on your profile:
{{profileUrl}}

The Platform team
',
  ARRAY['userName', 'status', 'details', 'profileUrl']
)
ON CONFLICT (name) DO NOTHING;

INSERT INTO system_settings (setting_key, setting_value, description) VALUES
  ('verification_retention_days', '30', 'Days after a verification decision when the identity images are deleted (the decision stays)')
ON CONFLICT (setting_key) DO NOTHING;
