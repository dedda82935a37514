import type { TLanguage } from '@platform/contracts';

/**
 * The built-in e-mail templates (spec 03 section 9, issue 28), in English and Russian. An admin can create the
 * missing ones with one click and edit them afterwards (both languages); when a template is missing from the table,
 * the mailer falls back to the built-in one of the same name, so no mail is silently dropped. Each built-in template
 * names the placeholders it is given (documented in PLACEHOLDER_DOCS and in the console): a saved version may use
 * only those, and must keep the required ones (a reset mail without its link would be useless).
 */
export const TEMPLATE_NAMES = {
  welcome: 'welcome',
  passwordReset: 'password-reset',
  withdrawalRequested: 'withdrawal-requested',
  withdrawalApproved: 'withdrawal-approved',
  withdrawalRejected: 'withdrawal-rejected',
  supportReply: 'support-reply',
  verificationDecision: 'verification-decision',
  accountDeleted: 'account-deleted',
  appealReceived: 'appeal-received',
  appealDecided: 'appeal-decided',
} as const;

/** One language's version of a template. */
export interface TTemplateTexts {
  subject: string;
  htmlContent: string;
  textContent: string;
}

export interface TDefaultTemplate {
  name: string;
  en: TTemplateTexts;
  ru: TTemplateTexts;
  /** Every placeholder the mail is given (platformName always is). */
  placeholders: readonly string[];
  /** Placeholders a saved version must use in both bodies of each language. */
  required: readonly string[];
}

/** What each placeholder holds (the console shows the same, translated, beside the editor). */
export const PLACEHOLDER_DOCS: Record<string, string> = {
  platformName: 'The platform name from System Settings (platform_name), also the sender name',
  userName: "The recipient's first name",
  loginUrl: 'The sign-in page of the app',
  resetUrl: 'The single-use link that opens the new-password page',
  expiresInMinutes: 'How many minutes the reset link stays valid',
  amount: 'The amount in US dollars, written the way the language writes money',
  currency: 'The payout currency (USDT, BTC...)',
  walletAddress: 'The wallet address the payout goes to',
  withdrawalsUrl: 'The Withdrawals page of the app',
  txReference: 'The payout transaction reference (empty when none was given)',
  reason: "The admin's reason for the rejection",
  preview: 'The first 80 characters of the support reply',
  chatUrl: 'The Support tab of the chat',
  status: 'The decision in words (approved / rejected)',
  details: 'What the decision means for the user',
  profileUrl: 'The profile page of the app',
  deletedBy: 'Who deleted the account (you / an administrator; in Russian: по вашему запросу / администратором)',
  taskTitle: 'The title of the task',
  decisionDays: 'Days an admin has to decide an appeal (the setting appeal_decision_days)',
  tasksUrl: 'The Tasks page of the app',
};

/** How long a password-reset link stays valid; matches the auth service's reset token lifetime. */
export const RESET_LINK_VALIDITY_MINUTES = 60;

const htmlPage = (body: string) =>
  `<!DOCTYPE html>
<html>
  <body style="font-family: Arial, Helvetica, sans-serif; color: #222; line-height: 1.5;">
${body}
  </body>
</html>`;

const SIGN_OFF: Record<TLanguage, string> = { en: 'The {{platformName}} team', ru: 'Команда {{platformName}}' };

/** A template from its paragraphs: the HTML body gets one <p> per paragraph, the text body blank lines between them. */
function texts(language: TLanguage, subject: string, paragraphs: { html: string; text: string }[]): TTemplateTexts {
  const all = [...paragraphs, { html: SIGN_OFF[language], text: SIGN_OFF[language] }];
  return {
    subject,
    htmlContent: htmlPage(all.map((p) => `    <p>${p.html}</p>`).join('\n')),
    textContent: `${all.map((p) => p.text).join('\n\n')}\n`,
  };
}

const same = (line: string) => ({ html: line, text: line });
const link = (intro: string, variable: string) => ({ html: `${intro}<br><a href="{{${variable}}}">{{${variable}}}</a>`, text: `${intro}\n{{${variable}}}` });

export const DEFAULT_TEMPLATES: readonly TDefaultTemplate[] = [
  {
    name: TEMPLATE_NAMES.welcome,
    placeholders: ['platformName', 'userName', 'loginUrl'],
    required: ['loginUrl'],
    en: texts('en', 'Welcome to {{platformName}}, {{userName}}', [
      same('Hello {{userName}},'),
      same('Thank you for signing up. Your account is ready.'),
      link('Log in to read the company documents, pick your first task and follow your balance as your work is approved:', 'loginUrl'),
      same('If you did not create this account, you can ignore this e-mail.'),
    ]),
    ru: texts('ru', 'Добро пожаловать в {{platformName}}, {{userName}}', [
      same('Здравствуйте, {{userName}}!'),
      same('Спасибо за регистрацию. Ваш аккаунт готов.'),
      link('Войдите, чтобы прочитать документы компании, выбрать первое задание и следить за балансом по мере одобрения работ:', 'loginUrl'),
      same('Если вы не создавали этот аккаунт, просто проигнорируйте это письмо.'),
    ]),
  },
  {
    name: TEMPLATE_NAMES.passwordReset,
    placeholders: ['platformName', 'userName', 'resetUrl', 'expiresInMinutes'],
    required: ['resetUrl'],
    en: texts('en', 'Reset your password', [
      same('Hello {{userName}},'),
      link('We received a request to reset the password of your account. To choose a new password, open this link:', 'resetUrl'),
      same('The link expires in {{expiresInMinutes}} minutes and can be used once.'),
      same('If you did not ask for this, you can ignore this e-mail: your password stays the same.'),
    ]),
    ru: texts('ru', 'Сброс пароля', [
      same('Здравствуйте, {{userName}}!'),
      link('Мы получили запрос на сброс пароля вашего аккаунта. Чтобы задать новый пароль, откройте ссылку:', 'resetUrl'),
      same('Ссылка действует {{expiresInMinutes}} минут, и ею можно воспользоваться один раз.'),
      same('Если вы не запрашивали сброс, просто проигнорируйте это письмо: ваш пароль останется прежним.'),
    ]),
  },
  {
    name: TEMPLATE_NAMES.withdrawalRequested,
    placeholders: ['platformName', 'userName', 'amount', 'currency', 'walletAddress', 'withdrawalsUrl'],
    required: [],
    en: texts('en', 'We received your withdrawal request of {{amount}}', [
      same('Hello {{userName}},'),
      same('We received your request to withdraw {{amount}} in {{currency}} to the wallet {{walletAddress}}.'),
      same('The amount is held on your balance until an admin decides; we will write to you then.'),
      link('You can follow it on the Withdrawals page:', 'withdrawalsUrl'),
    ]),
    ru: texts('ru', 'Мы получили ваш запрос на вывод {{amount}}', [
      same('Здравствуйте, {{userName}}!'),
      same('Мы получили ваш запрос на вывод {{amount}} в {{currency}} на кошелёк {{walletAddress}}.'),
      same('Сумма удерживается на вашем балансе до решения администратора; мы напишем вам, когда оно будет принято.'),
      link('Следить за запросом можно на странице «Выводы»:', 'withdrawalsUrl'),
    ]),
  },
  {
    name: TEMPLATE_NAMES.withdrawalApproved,
    placeholders: ['platformName', 'userName', 'amount', 'currency', 'txReference', 'withdrawalsUrl'],
    required: [],
    en: texts('en', 'Your withdrawal of {{amount}} was approved', [
      same('Hello {{userName}},'),
      same('Your withdrawal of {{amount}} in {{currency}} was approved and paid out.'),
      same('Transaction reference: {{txReference}}'),
      link('The details are on the Withdrawals page and in your statement:', 'withdrawalsUrl'),
    ]),
    ru: texts('ru', 'Ваш вывод {{amount}} одобрен', [
      same('Здравствуйте, {{userName}}!'),
      same('Ваш вывод {{amount}} в {{currency}} одобрен и выплачен.'),
      same('Номер транзакции: {{txReference}}'),
      link('Подробности — на странице «Выводы» и в выписке:', 'withdrawalsUrl'),
    ]),
  },
  {
    name: TEMPLATE_NAMES.withdrawalRejected,
    placeholders: ['platformName', 'userName', 'amount', 'currency', 'reason', 'withdrawalsUrl'],
    required: ['reason'],
    en: texts('en', 'Your withdrawal of {{amount}} was rejected', [
      same('Hello {{userName}},'),
      same('Your withdrawal of {{amount}} in {{currency}} was rejected, and the amount is back in your available balance.'),
      same('Reason: {{reason}}'),
      link('The details are on the Withdrawals page; if you have a question, write to us in the support chat:', 'withdrawalsUrl'),
    ]),
    ru: texts('ru', 'Ваш вывод {{amount}} отклонён', [
      same('Здравствуйте, {{userName}}!'),
      same('Ваш вывод {{amount}} в {{currency}} отклонён, сумма вернулась на ваш доступный баланс.'),
      same('Причина: {{reason}}'),
      link('Подробности — на странице «Выводы»; если у вас есть вопрос, напишите нам в чат поддержки:', 'withdrawalsUrl'),
    ]),
  },
  {
    name: TEMPLATE_NAMES.supportReply,
    placeholders: ['platformName', 'userName', 'preview', 'chatUrl'],
    required: ['chatUrl'],
    en: texts('en', 'Support replied to your message', [
      same('Hello {{userName}},'),
      same('Our support team answered your message:'),
      same('{{preview}}'),
      link('Read the whole answer and reply in the Support tab of the chat:', 'chatUrl'),
    ]),
    ru: texts('ru', 'Поддержка ответила на ваше сообщение', [
      same('Здравствуйте, {{userName}}!'),
      same('Наша поддержка ответила на ваше сообщение:'),
      same('{{preview}}'),
      link('Прочитайте ответ целиком и ответьте во вкладке «Поддержка» в чате:', 'chatUrl'),
    ]),
  },
  {
    name: TEMPLATE_NAMES.verificationDecision,
    placeholders: ['platformName', 'userName', 'status', 'details', 'profileUrl'],
    required: [],
    en: texts('en', 'Your identity verification was {{status}}', [
      same('Hello {{userName}},'),
      same('Our team reviewed your identity verification. Decision: {{status}}.'),
      same('{{details}}'),
      link('You can see your verification status on your profile:', 'profileUrl'),
    ]),
    ru: texts('ru', 'Ваша проверка личности {{status}}', [
      same('Здравствуйте, {{userName}}!'),
      same('Наша команда рассмотрела вашу заявку на проверку личности. Решение: {{status}}.'),
      same('{{details}}'),
      link('Статус проверки виден в вашем профиле:', 'profileUrl'),
    ]),
  },
  {
    name: TEMPLATE_NAMES.accountDeleted,
    placeholders: ['platformName', 'userName', 'deletedBy'],
    required: [],
    en: texts('en', 'Your account has been deleted', [
      same('Hello {{userName}},'),
      same('Your account was deleted by {{deletedBy}}. Your name, e-mail address, submitted work and chat messages have been erased from our services.'),
      same('What we must keep as financial records (the entries of your balance and payouts) stays, under an anonymous account number only.'),
      same('If you did not ask for this, write to us by replying to this e-mail.'),
    ]),
    ru: texts('ru', 'Ваш аккаунт удалён', [
      same('Здравствуйте, {{userName}}!'),
      same('Ваш аккаунт удалён {{deletedBy}}. Ваше имя, адрес e-mail, отправленные работы и сообщения в чате стёрты из наших сервисов.'),
      same('То, что мы обязаны хранить как финансовые записи (операции по балансу и выплатам), остаётся — только под анонимным номером счёта.'),
      same('Если вы этого не просили, напишите нам, ответив на это письмо.'),
    ]),
  },
  {
    name: TEMPLATE_NAMES.appealReceived,
    placeholders: ['platformName', 'userName', 'taskTitle', 'decisionDays', 'tasksUrl'],
    required: [],
    en: texts('en', 'We received your appeal: {{taskTitle}}', [
      same('Hello {{userName}},'),
      same('We received your appeal of the rejection of your work on "{{taskTitle}}". It is now under appeal.'),
      same('An admin other than the one who rejected it will decide within {{decisionDays}} days, and we will write to you.'),
      link('You can follow it on the Tasks page:', 'tasksUrl'),
    ]),
    ru: texts('ru', 'Мы получили вашу апелляцию: {{taskTitle}}', [
      same('Здравствуйте, {{userName}}!'),
      same('Мы получили вашу апелляцию на отклонение работы по заданию «{{taskTitle}}». Сейчас она на рассмотрении.'),
      same('Решение примет другой администратор, не тот, кто отклонил работу, в течение {{decisionDays}} дн. Мы сообщим вам о нём.'),
      link('Следить за ней можно на странице «Задания»:', 'tasksUrl'),
    ]),
  },
  {
    name: TEMPLATE_NAMES.appealDecided,
    placeholders: ['platformName', 'userName', 'taskTitle', 'status', 'details', 'tasksUrl'],
    required: [],
    en: texts('en', 'Your appeal was {{status}}: {{taskTitle}}', [
      same('Hello {{userName}},'),
      same('A second admin decided your appeal on "{{taskTitle}}". Decision: {{status}}.'),
      same('{{details}}'),
      link('The details are on the Tasks page:', 'tasksUrl'),
    ]),
    ru: texts('ru', 'Решение по апелляции: {{status}} — {{taskTitle}}', [
      same('Здравствуйте, {{userName}}!'),
      same('Другой администратор рассмотрел вашу апелляцию по заданию «{{taskTitle}}». Решение: {{status}}.'),
      same('{{details}}'),
      link('Подробности — на странице «Задания»:', 'tasksUrl'),
    ]),
  },
];

export function findDefaultTemplate(name: string): TDefaultTemplate | undefined {
  return DEFAULT_TEMPLATES.find((t) => t.name === name);
}

/**
 * One formatter per language, made once: building an Intl.NumberFormat per mail (it loads its locale's data) was 6 %
 * of the admin process's CPU in the withdrawals bench (bench/README.md).
 */
const MAIL_AMOUNT_EN = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const MAIL_AMOUNT_RU = new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'USD' });

/** Money in the recipient's language: "$1,234.50" in English, "1 234,50 $" in Russian. */
export function formatMailAmount(amount: string, language: TLanguage): string {
  return (language === 'ru' ? MAIL_AMOUNT_RU : MAIL_AMOUNT_EN).format(Number(amount));
}
