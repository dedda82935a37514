/**
 * Development data of the admin service (issue 25 item 5): company news in English and Russian, written once, on a
 * database without news, each with its news.changed event (the chat assistants' copy of the titles), as an admin's
 * "Publish" writes it. No figure is stated in them: public figures are computed from data (principle 4).
 * Never run against production.
 */
import { withTransaction, writeEvent, type Pool } from '@platform/service-kit';
import { insertNews } from '../data-access/news.repository.js';

const SEED_LOCK_ID = 724_100_414;
const DAY = 86_400_000;

/** Oldest first; daysAgo places each in the feed. */
export const DEV_NEWS: readonly { title: string; content: string; daysAgo: number }[] = [
  {
    title: 'Welcome to the platform',
    content:
      'Every task on the board says what to do, how to submit it and what it pays before you take it. Take one, submit your result, and an administrator reviews it. Approved work is credited to your balance at once.\n\nQuestions? Write to Support in the chat.',
    daysAgo: 28,
  },
  {
    title: 'Добро пожаловать!',
    content:
      'В каждом задании заранее указано, что сделать, как сдать результат и сколько за него платят. Возьмите задание, сдайте результат — администратор проверит его. Принятая работа сразу зачисляется на баланс.\n\nВопросы? Пишите в поддержку в чате.',
    daysAgo: 28,
  },
  {
    title: 'New task category: accessibility checks',
    content:
      'We now offer accessibility checks of websites and apps with a screen reader (TalkBack or VoiceOver). They take longer than regular app tests and pay more. Read the task description before you take one: it lists what to check and how to report it.',
    daysAgo: 14,
  },
  {
    title: 'Reminder: read the submission instructions',
    content:
      'Most results sent back for revision last week were missing the screenshots the task asked for. The instructions under each task say exactly what to attach. A revision is not a penalty: fix it and submit again.',
    daysAgo: 9,
  },
  {
    title: 'Расшифровка аудио на русском языке',
    content: 'На доске появились задания по расшифровке интервью и звонков на русском языке. Пишите дословно, отмечайте говорящих, неразборчивые места помечайте [неразборчиво].',
    daysAgo: 5,
  },
  {
    title: 'Scheduled maintenance on Sunday',
    content: 'The platform will be unavailable for about 20 minutes on Sunday at 03:00 UTC. Tasks you hold keep their time limit; nothing you submitted is lost.',
    daysAgo: 1,
  },
];

/** Returns how many news items were created (0 when there were some already). */
export async function seedAdminDevelopment(pool: Pool, adminId: string): Promise<number> {
  return withTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_ID]);
    const { rows } = await client.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM company_news) AS any');
    if (rows[0]?.any) return 0;
    const now = Date.now();
    for (const [index, item] of DEV_NEWS.entries()) {
      // A minute apart within a day, so items of one day keep this order.
      const record = await insertNews(client, { title: item.title, content: item.content, authorId: adminId, isPublished: true, createdAt: new Date(now - item.daysAgo * DAY + index * 60_000), emailRequested: false });
      await writeEvent(client, 'news.changed', {
        newsId: record.id,
        title: record.title,
        isPublished: record.isPublished,
        deleted: false,
        createdAt: record.createdAt.toISOString(),
        changedAt: new Date().toISOString(),
      });
    }
    return DEV_NEWS.length;
  });
}
