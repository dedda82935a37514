import type { Queryable } from '@platform/service-kit';

/** news.changed: the item's title and state, unless a newer event was applied or the item was deleted. */
export async function saveNews(db: Queryable, news: { newsId: string; title: string; isPublished: boolean; deleted: boolean; createdAt: string }, sourceAt: string): Promise<void> {
  await db.query(
    `INSERT INTO chat_news (news_id, title, is_published, deleted, created_at, source_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (news_id) DO UPDATE SET title = EXCLUDED.title, is_published = EXCLUDED.is_published, deleted = EXCLUDED.deleted,
                                         created_at = EXCLUDED.created_at, source_at = EXCLUDED.source_at
      WHERE NOT chat_news.deleted AND chat_news.source_at <= EXCLUDED.source_at`,
    [news.newsId, news.title, news.isPublished, news.deleted, news.createdAt, sourceAt],
  );
}

/** Titles of published news of the last `days` days, newest first. */
export async function findRecentNewsTitles(db: Queryable, limit: number, days = 30): Promise<string[]> {
  const { rows } = await db.query<{ title: string }>(
    `SELECT title FROM chat_news
      WHERE is_published AND NOT deleted AND title <> '' AND created_at > now() - make_interval(days => $2)
      ORDER BY created_at DESC LIMIT $1`,
    [limit, days],
  );
  return rows.map((r) => r.title);
}
