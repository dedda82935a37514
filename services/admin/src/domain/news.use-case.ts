import type { TAuditAction } from '@platform/contracts';
import { randomUUID } from 'node:crypto';
import type { TAdminNewsQuery, TCreateNewsRequest, TNewsArticle, TNewsListQuery, TNewsPage, TUpdateNewsRequest } from '@platform/contracts';
import { withTransaction, writeEvent, type PoolClient, type Queryable } from '@platform/service-kit';
import { insertAuditEntry } from '../data-access/audit-log.repository.js';
import { deleteNews, findNews, insertNews, listNewsPage, updateNews, type TNewsRecord } from '../data-access/news.repository.js';
import { ADMIN_ERRORS } from './admin.errors.js';
import type { TAdminDeps } from './deps.js';
import { toPlainNewsText } from './news-text.js';

/** Queues the first batch of a news item's mailing (after the commit that asked for it). */
export type TQueueNewsMailing = (newsId: string) => Promise<void>;

export interface TNewsDeps extends TAdminDeps {
  queueNewsMailing: TQueueNewsMailing;
}

export function presentNews(record: TNewsRecord): TNewsArticle {
  return {
    id: record.id,
    title: record.title,
    content: record.content,
    isPublished: record.isPublished,
    authorId: record.authorId,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}

function auditOf(news: TNewsRecord) {
  return { title: news.title, isPublished: news.isPublished };
}

async function audit(db: Queryable, actorId: string, action: TAuditAction, targetId: string, before: unknown, after: unknown): Promise<void> {
  await insertAuditEntry(db, { eventId: randomUUID(), actorId, action, targetType: 'news', targetId, before, after, createdAt: new Date().toISOString() });
}

/** GET /api/news: a page of the published items, newest first (Home's news list; admins read the same). */
export async function listPublishedNews(deps: TAdminDeps, query: TNewsListQuery): Promise<TNewsPage> {
  const page = await listNewsPage(deps.pool, { publishedOnly: true, pageSize: query.pageSize, cursor: query.cursor });
  return { ...page, items: page.items.map(presentNews) };
}

/** GET /api/admin/news: a page of every item, drafts too, newest first; ?search in the title, ?published. */
export async function listAdminNews(deps: TAdminDeps, query: TAdminNewsQuery): Promise<TNewsPage> {
  const page = await listNewsPage(deps.pool, { publishedOnly: false, ...query });
  return { ...page, items: page.items.map(presentNews) };
}

function plainContent(content: string): string {
  const plain = toPlainNewsText(content);
  if (!plain) throw ADMIN_ERRORS.newsContentRequired();
  return plain;
}

async function queueAfterCommit(deps: TNewsDeps, record: TNewsRecord, asked: boolean): Promise<void> {
  if (!asked) return;
  // The sweep job queues it again if this fails (the request is stored with the item).
  await deps.queueNewsMailing(record.id).catch((error: unknown) => deps.logger.warn({ err: error, newsId: record.id }, 'news mailing not queued now; the sweep will'));
}

/** news.changed in the same transaction: what other services may show of the item (the chat assistants' titles). */
async function announce(client: PoolClient, record: { id: string; title: string; isPublished: boolean; createdAt: Date }, deleted: boolean): Promise<void> {
  await writeEvent(client, 'news.changed', {
    newsId: record.id,
    title: record.title,
    isPublished: record.isPublished,
    deleted,
    createdAt: record.createdAt.toISOString(),
    changedAt: new Date().toISOString(),
  });
}

/** POST /api/news. The e-mail goes out only when asked and the item is published. */
export async function createNews(deps: TNewsDeps, adminId: string, input: TCreateNewsRequest & { isPublished: boolean; emailEveryone: boolean }): Promise<TNewsArticle> {
  const emailRequested = input.emailEveryone && input.isPublished;
  const created = await withTransaction(deps.pool, async (client) => {
    const record = await insertNews(client, {
      title: input.title,
      content: plainContent(input.content),
      authorId: adminId,
      isPublished: input.isPublished,
      createdAt: input.createdAt ? new Date(input.createdAt) : null,
      emailRequested,
    });
    await audit(client, adminId, 'news.created', record.id, null, { ...auditOf(record), emailEveryone: emailRequested });
    await announce(client, record, false);
    return record;
  });
  await queueAfterCommit(deps, created, emailRequested);
  return presentNews(created);
}

/** PATCH /api/news/{id}: the given fields change; ticking "e-mail everyone" on a published item mails it once. */
export async function changeNews(deps: TNewsDeps, adminId: string, id: string, input: TUpdateNewsRequest): Promise<TNewsArticle> {
  const { record, asked } = await withTransaction(deps.pool, async (client) => {
    const before = await findNews(client, id, { forUpdate: true });
    if (!before) throw ADMIN_ERRORS.newsNotFound();
    const published = input.isPublished ?? before.isPublished;
    const asked = Boolean(input.emailEveryone) && published && before.emailRequestedAt === null;
    const updated = await updateNews(client, id, {
      title: input.title,
      content: input.content === undefined ? undefined : plainContent(input.content),
      isPublished: input.isPublished,
      requestEmail: asked,
    });
    if (!updated) throw ADMIN_ERRORS.newsNotFound();
    await audit(client, adminId, 'news.updated', id, auditOf(before), { ...auditOf(updated), emailEveryone: asked });
    await announce(client, updated, false);
    return { record: updated, asked };
  });
  await queueAfterCommit(deps, record, asked);
  return presentNews(record);
}

export async function removeNews(deps: TAdminDeps, adminId: string, id: string): Promise<void> {
  await withTransaction(deps.pool, async (client) => {
    const deleted = await deleteNews(client, id);
    if (!deleted) throw ADMIN_ERRORS.newsNotFound();
    await audit(client, adminId, 'news.deleted', id, auditOf(deleted), null);
    await announce(client, deleted, true);
  });
}
