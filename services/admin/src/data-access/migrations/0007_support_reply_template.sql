-- The e-mail to a worker who was not connected when support answered (issue 12), sent by the admin service on
-- support.reply_email_requested (the chat service asks at most once an hour per conversation). Admins may edit it in
-- Email Templates.
INSERT INTO email_templates (id, name, subject, html_content, text_content, variables)
VALUES (
  gen_random_uuid(),
  'support-reply',
  'Support replied to your message',
  '<!DOCTYPE html>
<html>
  <body style="font-family: Arial, Helvetica, sans-serif; color: #222; line-height: 1.5;">
    <p>Hello {{userName}},</p>
    <p>Our support team answered your message:</p>
    <blockquote style="margin: 0 0 1em; padding-left: 12px; border-left: 3px solid #ccc; color: #444;">{{preview}}</blockquote>
    <p>Read the whole answer and reply in the Support tab of the chat:</p>
    <p><a href="{{chatUrl}}">{{chatUrl}}</a></p>
    <p>The Platform team</p>
  </body>
</html>',
  'Hello {{userName}},

Our support team answered your message:

  {{preview}}

Read the whole answer and reply in the Support tab of the chat:
{{chatUrl}}

The Platform team
',
  ARRAY['userName', 'preview', 'chatUrl']
)
ON CONFLICT (name) DO NOTHING;
