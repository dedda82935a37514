-- The confirmation e-mail of an account deletion (issue 15 item 5), sent by the admin service on user.deleted to
-- the address the users copy still knows, before the copy is erased. Admins may edit it in Email Templates.
INSERT INTO email_templates (id, name, subject, html_content, text_content, variables)
VALUES (
  gen_random_uuid(),
  'account-deleted',
  'Your account has been deleted',
  '<!DOCTYPE html>
<html>
  <body style="font-family: Arial, Helvetica, sans-serif; color: #222; line-height: 1.5;">
    <p>Hello {{userName}},</p>
    <p>Your account was deleted by {{deletedBy}}. Your name, e-mail address, submitted work and chat messages have been erased from our services.</p>
    <p>What we must keep as financial records (the entries of your balance and payouts) stays, under an anonymous account number only.</p>
    <p>If you did not ask for this, write to us by replying to this e-mail.</p>
    <p>The Platform team</p>
  </body>
</html>',
  'Hello {{userName}},

Your account was deleted by {{deletedBy}}. Your name, e-mail address, submitted work and chat messages have been erased from our services.

What we must keep as financial records (the entries of your balance and payouts) stays, under an anonymous account number only.

If you did not ask for this, write to us by replying to this e-mail.

The Platform team
',
  ARRAY['userName', 'deletedBy']
)
ON CONFLICT (name) DO NOTHING;
