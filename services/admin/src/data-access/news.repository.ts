import type { TPage } from '@platform/contracts';
import { countCapped, cursorTimeSql, decodeCursor, likeContains, SqlConditions, toPage, ZTimeIdCursorKeySchema, type Queryable } from '@platform/service-kit';

export interface TNewsRecord {
  id: string;
  title: string;
  content: string;
  authorId: string | null;
  isPublished: boolean;
  createdAt: Date;
  updatedAt: Date;
  emailRequestedAt: Date | null;
  emailDoneAt: Date | null;
}

interface TNewsRow {
  id: string;
  title: string;
  content: string;
  author_id: string | null;
  is_published: boolean;
  created_at: Date;
  updated_at: Date;
  email_requested_at: Date | null;
  email_done_at: Date | null;
}

const NEWS_COLUMNS = 'id, title, content, author_id, is_published, created_at, updated_at, email_requested_at, email_done_at';

function toNews(row: TNewsRow): TNewsRecord {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    authorId: row.author_id,
    isPublished: row.is_published,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    emailRequestedAt: row.email_requested_at,
    emailDoneAt: row.email_done_at,
  };
}

export async function insertNews(
  db: Queryable,
  news: { title: string; content: string; authorId: string; isPublished: boolean; createdAt: Date | null; emailRequested: boolean },
): Promise<TNewsRecord> {
  const result = await db.query<TNewsRow>(
    `INSERT INTO company_news (title, content, author_id, is_published, created_at, email_requested_at)
     VALUES ($1, $2, $3, $4, COALESCE($5, now()), CASE WHEN $6 THEN now() END)
     RETURNING ${NEWS_COLUMNS}`,
    [news.title, news.content, news.authorId, news.isPublished, news.createdAt, news.emailRequested],
  );
  return toNews(result.rows[0]!);
}

export async function findNews(db: Queryable, id: string, options: { forUpdate?: boolean } = {}): Promise<TNewsRecord | null> {
  const result = await db.query<TNewsRow>(`SELECT ${NEWS_COLUMNS} FROM company_news WHERE id = $1${options.forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return result.rows[0] ? toNews(result.rows[0]) : null;
}

export async function updateNews(
  db: Queryable,
  id: string,
  changes: { title?: string | undefined; content?: string | undefined; isPublished?: boolean | undefined; requestEmail: boolean },
): Promise<TNewsRecord | null> {
  const result = await db.query<TNewsRow>(
    `UPDATE company_news SET
       title = COALESCE($2, title),
       content = COALESCE($3, content),
       is_published = COALESCE($4, is_published),
       email_requested_at = CASE WHEN $5 AND email_requested_at IS NULL THEN now() ELSE email_requested_at END,
       updated_at = now()
     WHERE id = $1
     RETURNING ${NEWS_COLUMNS}`,
    [id, changes.title ?? null, changes.content ?? null, changes.isPublished ?? null, changes.requestEmail],
  );
  return result.rows[0] ? toNews(result.rows[0]) : null;
}

export async function deleteNews(db: Queryable, id: string): Promise<TNewsRecord | null> {
  const result = await db.query<TNewsRow>(`DELETE FROM company_news WHERE id = $1 RETURNING ${NEWS_COLUMNS}`, [id]);
  return result.rows[0] ? toNews(result.rows[0]) : null;
}

/**
 * One page of news, newest first: keyset on (created_at, id) descending after the cursor. `publishedOnly` (the
 * worker's list, 'news.published') reads company_news_published_idx; the admin's list ('news.admin') reads
 * company_news_created_idx, with ?published company_news_status_created_idx, ?search the title's trigram index
 * (migration 0013). The total is counted up to the cap.
 */
export async function listNewsPage(
  db: Queryable,
  q: { publishedOnly: boolean; published?: 'true' | 'false' | undefined; search?: string | undefined; pageSize: number; cursor?: string | undefined },
): Promise<TPage<TNewsRecord>> {
  const list = q.publishedOnly ? 'news.published' : 'news.admin';
  const after = decodeCursor(q.cursor, list, ZTimeIdCursorKeySchema);
  const c = new SqlConditions();
  if (q.publishedOnly) c.add('is_published');
  else if (q.published) c.add('is_published = ?', q.published === 'true');
  if (q.search) c.add('lower(title) LIKE ?', likeContains(q.search));
  const count = countCapped(db, 'company_news', c.where(), c.values);
  const keyset = after ? `(created_at, id) < (${c.param(after[0])}, ${c.param(after[1])})` : undefined;
  const limit = c.param(q.pageSize + 1);
  const { rows } = await db.query<TNewsRow & { sort_key: string }>(
    `SELECT ${NEWS_COLUMNS}, ${cursorTimeSql('created_at')} AS sort_key FROM company_news ${c.where(keyset)} ORDER BY created_at DESC, id DESC LIMIT ${limit}`,
    c.values,
  );
  return toPage(rows, q.pageSize, list, (row) => [row.sort_key, row.id], toNews, await count);
}

/** Published items whose mailing was asked for and is not finished (the sweep queues a batch for each). */
export async function findPendingMailings(db: Queryable): Promise<string[]> {
  const result = await db.query<{ id: string }>(
    'SELECT id FROM company_news WHERE is_published AND email_requested_at IS NOT NULL AND email_done_at IS NULL ORDER BY email_requested_at LIMIT 100',
  );
  return result.rows.map((row) => row.id);
}

/** Claims the item for one batch (another instance running the same batch skips it), or null. */
export async function claimMailing(db: Queryable, id: string): Promise<TNewsRecord | null> {
  const result = await db.query<TNewsRow>(
    `SELECT ${NEWS_COLUMNS} FROM company_news
     WHERE id = $1 AND is_published AND email_requested_at IS NOT NULL AND email_done_at IS NULL
     FOR UPDATE SKIP LOCKED`,
    [id],
  );
  return result.rows[0] ? toNews(result.rows[0]) : null;
}

export interface TRecipient {
  userId: string;
  email: string;
  firstName: string;
}

/** The next users (by id) who have not had this item's e-mail, from the local copy of users; deleted users never. */
export async function nextRecipients(db: Queryable, newsId: string, limit: number): Promise<TRecipient[]> {
  const result = await db.query<{ id: string; email: string; first_name: string }>(
    `SELECT u.id, u.email, u.first_name FROM users_copy u
     WHERE NOT EXISTS (SELECT 1 FROM news_email_deliveries d WHERE d.news_id = $1 AND d.user_id = u.id)
       AND NOT EXISTS (SELECT 1 FROM leaderboard_users l WHERE l.user_id = u.id AND l.deleted)
       AND u.email <> ''
     ORDER BY u.id LIMIT $2`,
    [newsId, limit],
  );
  return result.rows.map((row) => ({ userId: row.id, email: row.email, firstName: row.first_name }));
}

export async function recordDelivery(db: Queryable, newsId: string, userId: string): Promise<boolean> {
  const result = await db.query('INSERT INTO news_email_deliveries (news_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [newsId, userId]);
  return (result.rowCount ?? 0) > 0;
}

export async function markMailingDone(db: Queryable, newsId: string): Promise<void> {
  await db.query('UPDATE company_news SET email_done_at = now() WHERE id = $1', [newsId]);
}

export async function countDeliveries(db: Queryable, newsId: string): Promise<number> {
  const result = await db.query<{ n: string }>('SELECT count(*) AS n FROM news_email_deliveries WHERE news_id = $1', [newsId]);
  return Number(result.rows[0]!.n);
}
