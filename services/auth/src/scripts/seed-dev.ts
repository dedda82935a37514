/**
 * Development data: the development admin and the two documents to accept (seedDevelopment), and for `npm start` the
 * content a newcomer sees (seedDevelopmentContent). Idempotent. Only the development start
 * (SEED_DEV_DATA=true, refused in production by the config) calls it; never run it against production.
 */
import { withTransaction, writeEvent, type Logger, type Pool } from '@platform/service-kit';
import type { TLandingContent } from '@platform/contracts';
import { documentOfTypeExists } from '../data-access/documents.repository.js';
import { findLandingPageByName, insertLandingPage, insertReferralLink } from '../data-access/referrals.repository.js';
import { findUserByEmail, insertUser } from '../data-access/users.repository.js';
import { createCompanyDocument } from '../domain/documents.use-case.js';
import { hashPassword } from '../domain/passwords.js';

export const DEV_ADMIN_EMAIL = 'admin@platform.local';
export const DEV_ADMIN_PASSWORD = 'Admin123!';

const SEED_LOCK_ID = 724_100_412;

const TERMS_OF_WORK = `
<h2>Terms of Work</h2>
<p>These terms describe how work on this platform is offered, done, reviewed and paid. Please read them before you take your first task.</p>
<h3>1. What the work is</h3>
<ul>
  <li>Each task says what to do, how to submit the result and the reward it pays.</li>
  <li>You choose which tasks to take. Nobody is obliged to take any task.</li>
  <li>A task may have a time limit; if it is not submitted in time it is released for others.</li>
</ul>
<h3>2. Review and payment</h3>
<ul>
  <li>An administrator reviews every submission. A rejection always states its reason, and you may resubmit.</li>
  <li>A submission left unreviewed for the configured number of days is approved automatically.</li>
  <li>Approved work credits the task's reward to your balance once. Every change of your balance is an entry in your statement, which you can see and export at any time.</li>
  <li>You can request a withdrawal of your available balance to a cryptocurrency wallet. The amount is held while the request is <strong>Processing</strong>, then paid out or, if rejected, returned to your available balance with the reason.</li>
</ul>
<h3>3. Your conduct</h3>
<ul>
  <li>Submit only your own work, and only one account per person.</li>
  <li>Be respectful in chat. Messages written by assistants are always marked <strong>Bot</strong>.</li>
</ul>
<h3>4. Ending the arrangement</h3>
<p>You may stop working and delete your account at any time. An account that breaks these terms may be suspended; you can contact support about it.</p>
`;

const PRIVACY_NOTICE = `
<h2>Privacy Notice</h2>
<p>This notice explains what personal data the platform keeps, why, and what you can do about it.</p>
<h3>What we keep</h3>
<ul>
  <li>Your account: name, e-mail address, optional Telegram username, and a slow hash of your password (never the password itself).</li>
  <li>Your work: the tasks you took, your submissions and their files.</li>
  <li>Your money: the entries of your balance statement, your withdrawal requests and saved wallet addresses.</li>
  <li>Your acceptance of company documents, with the time, the network address and the browser it came from.</li>
  <li>Identity documents, if you apply for verification: encrypted, visible to administrators only, every view recorded, and deleted after the retention period.</li>
</ul>
<h3>Why</h3>
<p>To run your account, review and pay your work, prevent fraud, and meet legal obligations. We do not sell your data.</p>
<h3>Your choices</h3>
<ul>
  <li>You can export your data and delete your account from your profile.</li>
  <li>You can ask support any question about your data.</li>
</ul>
`;

const TERMS_OF_WORK_RU = `
<h2>Условия работы</h2>
<p>Перевод английской версии для удобства; при расхождении действует английский текст, который вы принимаете при регистрации.</p>
<h3>1. Что это за работа</h3>
<ul>
  <li>В каждом задании сказано, что сделать, как сдать результат и сколько за него платят.</li>
  <li>Вы сами выбираете задания. Никто не обязан брать какое-либо задание.</li>
  <li>У задания может быть срок; если результат не сдан вовремя, задание возвращается на доску для других.</li>
</ul>
<h3>2. Проверка и оплата</h3>
<ul>
  <li>Каждую сдачу проверяет администратор. Отказ всегда с причиной, и вы можете сдать работу заново.</li>
  <li>Сдача, не проверенная за установленное число дней, принимается автоматически.</li>
  <li>Принятая работа один раз зачисляет вознаграждение на ваш баланс. Каждое изменение баланса — строка в вашей выписке, которую можно посмотреть и выгрузить в любой момент.</li>
  <li>Доступный баланс можно вывести на криптокошелёк. Пока заявка в статусе <strong>В обработке</strong>, сумма удерживается; затем она выплачивается или, при отказе, возвращается на баланс с указанием причины.</li>
</ul>
<h3>3. Поведение</h3>
<ul>
  <li>Сдавайте только собственную работу; один аккаунт на человека.</li>
  <li>Будьте вежливы в чате. Сообщения ассистентов всегда помечены как <strong>Бот</strong>.</li>
</ul>
`;

const PRIVACY_NOTICE_RU = `
<h2>Уведомление о конфиденциальности</h2>
<p>Перевод английской версии для удобства.</p>
<h3>Что мы храним</h3>
<ul>
  <li>Аккаунт: имя, e-mail, необязательный Telegram и медленный хеш пароля (не сам пароль).</li>
  <li>Работу: взятые задания, сданные результаты и их файлы.</li>
  <li>Деньги: выписку баланса, заявки на вывод и сохранённые адреса кошельков.</li>
  <li>Документы для верификации, если вы её проходите: в зашифрованном виде, только для администраторов, каждый просмотр записывается; удаляются по истечении срока хранения.</li>
</ul>
<h3>Ваши возможности</h3>
<ul>
  <li>Вы можете выгрузить свои данные и удалить аккаунт в профиле.</li>
  <li>Любой вопрос о ваших данных можно задать поддержке.</li>
</ul>
`;

const PAYOUT_GUIDE = `
<h2>How withdrawals work</h2>
<ol>
  <li>Open Balance and choose Withdraw. The smallest amount is shown on the form.</li>
  <li>Choose the currency and paste your wallet address. Check that the address belongs to the same network as the currency: a payment sent to the wrong network cannot be recovered.</li>
  <li>The amount is held while the request is <strong>Processing</strong>. An administrator pays it out or rejects it with a reason; a rejected amount returns to your available balance.</li>
  <li>The network fee of the currency is shown before you confirm.</li>
</ol>
`;

const PAYOUT_GUIDE_RU = `
<h2>Как устроен вывод средств</h2>
<ol>
  <li>Откройте «Баланс» и нажмите «Вывести». Минимальная сумма указана в форме.</li>
  <li>Выберите валюту и вставьте адрес кошелька. Убедитесь, что адрес из той же сети, что и валюта: платёж в чужую сеть вернуть невозможно.</li>
  <li>Пока заявка «В обработке», сумма удерживается. Администратор выплачивает её или отклоняет с причиной; отклонённая сумма возвращается на доступный баланс.</li>
  <li>Комиссия сети показывается до подтверждения.</li>
</ol>
`;

/** One landing page per language, each with a referral link to share (the built-in templates stay as they are). */
export const LANDING_PAGES: { name: string; displayName: string; description: string; code: string; content: TLandingContent }[] = [
  {
    name: 'start-en',
    displayName: 'Start earning (English)',
    description: 'The general landing page for English-speaking visitors',
    code: 'welcome-en',
    content: {
      title: 'Small online tasks, paid per task',
      intro: 'Test apps, label images, transcribe short recordings and answer surveys when it suits you. Every task says what to do and what it pays before you take it.',
      work: 'Each task shows its estimated time and what it pays per hour before you take it. You choose which ones to take; nobody assigns you work. An administrator reviews each result and explains any rejection, and you may submit again.',
      payment: 'Approved work is credited to your balance at once, and every change is a line in your statement. Withdraw to a crypto wallet (USDT, BTC, ETH and others); the network fee is shown before you confirm.',
    },
  },
  {
    name: 'start-ru',
    displayName: 'Начните зарабатывать (русский)',
    description: 'Общая страница для русскоязычных посетителей',
    code: 'welcome-ru',
    content: {
      title: 'Небольшие задания онлайн с оплатой за каждое',
      intro: 'Тестируйте приложения, размечайте изображения, расшифровывайте короткие записи и отвечайте на опросы, когда вам удобно. В каждом задании заранее указано, что сделать и сколько за это платят.',
      work: 'В каждом задании заранее указано примерное время и оплата за час. Вы сами выбираете задания, никто не назначает их вам. Администратор проверяет каждый результат и объясняет причину отказа; работу можно сдать заново.',
      payment: 'Принятая работа сразу зачисляется на баланс, каждое изменение видно в выписке. Вывод на криптокошелёк (USDT, BTC, ETH и другие); комиссия сети показывается до подтверждения.',
    },
  },
];

/** Returns the development admin's id (the other services' seeds name it as the author of what they create). */
export async function seedDevelopment(pool: Pool, logger?: Logger): Promise<string | undefined> {
  const adminHash = await hashPassword(DEV_ADMIN_PASSWORD);
  return withTransaction(pool, async (client) => {
    // Two processes seeding at once must not both create the documents.
    await client.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_ID]);

    if (!(await findUserByEmail(client, DEV_ADMIN_EMAIL))) {
      const admin = await insertUser(client, { email: DEV_ADMIN_EMAIL, passwordHash: adminHash, firstName: 'Dev', lastName: 'Admin', role: 'admin' });
      if (admin) {
        await writeEvent(client, 'user.registered', {
          userId: admin.id,
          email: admin.email,
          firstName: admin.firstName,
          lastName: admin.lastName,
          role: admin.role,
          referralSource: null,
          registeredAt: admin.createdAt.toISOString(),
        });
        logger?.info({ email: DEV_ADMIN_EMAIL }, `development admin created: ${DEV_ADMIN_EMAIL} / ${DEV_ADMIN_PASSWORD}`);
      }
    }

    if (!(await documentOfTypeExists(client, 'terms'))) {
      await createCompanyDocument(client, { title: 'Terms of Work', content: TERMS_OF_WORK, type: 'terms', version: '1.0', sortOrder: 0 });
    }
    if (!(await documentOfTypeExists(client, 'privacy'))) {
      await createCompanyDocument(client, { title: 'Privacy Notice', content: PRIVACY_NOTICE, type: 'privacy', version: '1.0', sortOrder: 1 });
    }
    return (await findUserByEmail(client, DEV_ADMIN_EMAIL))?.id;
  });
}


/**
 * What a newcomer's first look at `npm start` shows besides the admin (issue 25 item 5): the Russian translations of
 * the two documents and a payout guide per language (to read, not to accept), and a landing page per language with a
 * referral link each. Each item once; a database that has it keeps its own. Only `npm start` asks for it (the tests'
 * stacks seed the admin and the documents alone).
 */
export async function seedDevelopmentContent(pool: Pool, adminId: string): Promise<void> {
  await withTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_ID]);
    // Translations and guides to read (not asked to accept): one of each per language.
    const readOnly = [
      { title: 'Условия работы (перевод)', content: TERMS_OF_WORK_RU, type: 'terms_ru', sortOrder: 2 },
      { title: 'Уведомление о конфиденциальности (перевод)', content: PRIVACY_NOTICE_RU, type: 'privacy_ru', sortOrder: 3 },
      { title: 'How withdrawals work', content: PAYOUT_GUIDE, type: 'guide_payouts', sortOrder: 4 },
      { title: 'Как устроен вывод средств', content: PAYOUT_GUIDE_RU, type: 'guide_payouts_ru', sortOrder: 5 },
    ];
    for (const doc of readOnly) {
      if (!(await documentOfTypeExists(client, doc.type))) await createCompanyDocument(client, { ...doc, version: '1.0', requiresAcceptance: false });
    }

    for (const page of LANDING_PAGES) {
      if (await findLandingPageByName(client, page.name)) continue;
      const created = await insertLandingPage(client, { name: page.name, displayName: page.displayName, description: page.description, content: page.content, isActive: true });
      if (created) {
        await insertReferralLink(client, { code: page.code, name: page.displayName, description: 'Shared in the welcome posts', landingPageId: created.id, isActive: true, createdBy: adminId });
      }
    }
  });
}
