/**
 * The three built-in e-mail templates (spec 03 section 9). An admin can create them with one click and edit them
 * afterwards; when a template is missing from the table, the mailer falls back to the built-in one of the same
 * name, so no mail is silently dropped.
 */
export const TEMPLATE_NAMES = {
  welcome: 'welcome',
  passwordReset: 'password-reset',
  withdrawalNotification: 'withdrawal-notification',
} as const;

export interface TDefaultTemplate {
  name: string;
  subject: string;
  htmlContent: string;
  textContent: string;
  variables: string[];
}

/** How long a password-reset link stays valid; matches the auth service's reset token lifetime. */
export const RESET_LINK_VALIDITY_MINUTES = 60;

const htmlPage = (body: string) =>
  `<!DOCTYPE html>
<html>
  <body style="font-family: Arial, Helvetica, sans-serif; color: #222; line-height: 1.5;">
${body}
  </body>
</html>`;

export const DEFAULT_TEMPLATES: readonly TDefaultTemplate[] = [
  {
    name: TEMPLATE_NAMES.welcome,
    subject: 'Welcome to the platform, {{userName}}',
    variables: ['userName', 'loginUrl'],
    htmlContent: htmlPage(`    <p>Hello {{userName}},</p>
    <p>Thank you for signing up. Your account is ready.</p>
    <p>Log in to read the company documents, pick your first task and follow your balance as your work is approved:</p>
    <p><a href="{{loginUrl}}">{{loginUrl}}</a></p>
    <p>If you did not create this account, you can ignore this e-mail.</p>
    <p>The Platform team</p>`),
    textContent: `Hello {{userName}},

Thank you for signing up. Your account is ready.

Log in to read the company documents, pick your first task and follow your balance as your work is approved:
{{loginUrl}}

If you did not create this account, you can ignore this e-mail.

The Platform team
`,
  },
  {
    name: TEMPLATE_NAMES.passwordReset,
    subject: 'Reset your password',
    variables: ['userName', 'resetUrl'],
    htmlContent: htmlPage(`    <p>Hello {{userName}},</p>
    <p>We received a request to reset the password of your account. To choose a new password, open this link:</p>
    <p><a href="{{resetUrl}}">{{resetUrl}}</a></p>
    <p>The link expires in ${RESET_LINK_VALIDITY_MINUTES} minutes and can be used once.</p>
    <p>If you did not ask for this, you can ignore this e-mail: your password stays the same.</p>
    <p>The Platform team</p>`),
    textContent: `Hello {{userName}},

We received a request to reset the password of your account. To choose a new password, open this link:
{{resetUrl}}

The link expires in ${RESET_LINK_VALIDITY_MINUTES} minutes and can be used once.

If you did not ask for this, you can ignore this e-mail: your password stays the same.

The Platform team
`,
  },
  {
    name: TEMPLATE_NAMES.withdrawalNotification,
    subject: 'Your withdrawal of {{amount}} is {{status}}',
    variables: ['userName', 'amount', 'status'],
    htmlContent: htmlPage(`    <p>Hello {{userName}},</p>
    <p>Your withdrawal request of <strong>{{amount}}</strong> has been reviewed.</p>
    <p>Status: <strong>{{status}}</strong></p>
    <p>You can see the details, including any comment from our team, on the Withdrawals page and in your statement.</p>
    <p>If you have a question, write to us in the support chat.</p>
    <p>The Platform team</p>`),
    textContent: `Hello {{userName}},

Your withdrawal request of {{amount}} has been reviewed.

Status: {{status}}

You can see the details, including any comment from our team, on the Withdrawals page and in your statement.

If you have a question, write to us in the support chat.

The Platform team
`,
  },
];

export function findDefaultTemplate(name: string): TDefaultTemplate | undefined {
  return DEFAULT_TEMPLATES.find((t) => t.name === name);
}
