import { randomUUID } from 'node:crypto';
import type { TAdminAwardsQuery } from '@platform/contracts';
import { encodeCursor, type Queryable } from '@platform/service-kit';
import { expectPagingRefusals } from '@platform/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAwardsPage } from '../src/data-access/awards.repository.js';
import { listNewsPage } from '../src/data-access/news.repository.js';
import { callApi, startAdminHarness, type TAdminHarness } from './helpers.js';

/*
 * The paging convention (contracts paging.ts) on the admin service's news and awards lists: GET /api/news (the
 * published items, newest first), GET /api/admin/news (every item, newest first, ?search ?published) and
 * GET /api/admin/awards (the leaderboards' order, ?period ?category ?source ?user). Rows are written straight into
 * the service's tables.
 */

let h: TAdminHarness;
beforeAll(async () => {
  h = await startAdminHarness('admin_news_awards_paging');
});
afterAll(async () => {
  await h?.close();
});

const MALFORMED = 'cursor is not valid: pass the nextCursor of the previous page of the same list';
const AUDIT_CURSOR = encodeCursor('audit_log', [new Date().toISOString(), randomUUID()]);

const get = (path: string, query: Record<string, string> = {}, token: string = h.adminToken) => {
  const qs = new URLSearchParams(query).toString();
  return callApi(h, 'GET', qs ? `${path}?${qs}` : path, { token });
};
const query = async <T extends Record<string, unknown>>(sql: string, values: unknown[] = []) => (await h.service.pool.query<T>(sql, values)).rows;

/** Every page from the first, `between` run after each page. */
async function pageThrough<T>(path: string, q: Record<string, string>, between: () => Promise<void>, token?: string): Promise<T[]> {
  const seen: T[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await get(path, cursor ? { ...q, cursor } : q, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    seen.push(...(res.body.items as T[]));
    cursor = res.body.nextCursor;
    pages += 1;
    await between();
  } while (cursor && pages < 100);
  return seen;
}

async function seedNews(rows: { createdAt: string; title?: string; published?: boolean }[]): Promise<string[]> {
  const ids: string[] = [];
  for (const r of rows) {
    const id = randomUUID();
    ids.push(id);
    await query(`INSERT INTO company_news (id, title, content, is_published, created_at) VALUES ($1, $2, 'Seeded', $3, $4)`, [
      id,
      r.title ?? `News ${id.slice(0, 8)}`,
      r.published ?? true,
      r.createdAt,
    ]);
  }
  return ids;
}

interface TSeenNews {
  id: string;
  createdAt: string;
  isPublished: boolean;
}

describe('GET /api/news and GET /api/admin/news: paging', () => {
  it('when a worker pages the news while items are published, then each earlier published item comes exactly once, newest first, and no draft', async () => {
    const base = Date.now() - 3_600_000;
    // Triples share a created_at: the id breaks the tie. Every fourth is a draft.
    const seeded = await seedNews(Array.from({ length: 33 }, (_, i) => ({ createdAt: new Date(base + Math.floor(i / 3) * 1000).toISOString(), published: i % 4 !== 0 })));
    const published = seeded.filter((_, i) => i % 4 !== 0);
    const seen = await pageThrough<TSeenNews>(
      '/api/news',
      { pageSize: '5' },
      async () => {
        await seedNews([{ createdAt: new Date().toISOString() }, { createdAt: new Date(base - 5000).toISOString(), published: false }]);
      },
      h.employeeToken,
    );
    const ids = seen.map((n) => n.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => seeded.includes(id)).sort()).toEqual([...published].sort());
    expect(seen.every((n) => n.isPublished)).toBe(true);
    const keys = seen.map((n) => `${n.createdAt} ${n.id}`);
    expect(keys).toEqual([...keys].sort().reverse());
    const [{ n }] = (await query<{ n: number }>('SELECT count(*)::int AS n FROM company_news WHERE is_published')) as [{ n: number }];
    expect((await get('/api/news', {}, h.employeeToken)).body).toMatchObject({ total: n, totalExact: true });
  });

  it('when an admin pages every item while more are written, then each earlier item (drafts too) comes exactly once, newest first', async () => {
    const base = Date.now() - 7_200_000;
    const seeded = await seedNews(Array.from({ length: 31 }, (_, i) => ({ createdAt: new Date(base + Math.floor(i / 3) * 1000).toISOString(), published: i % 2 === 0 })));
    const seen = await pageThrough<TSeenNews>('/api/admin/news', { pageSize: '6' }, async () => {
      await seedNews([{ createdAt: new Date().toISOString(), published: false }, { createdAt: new Date(base - 1000).toISOString() }]);
    });
    const ids = seen.map((n) => n.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => seeded.includes(id)).sort()).toEqual([...seeded].sort());
    const keys = seen.map((n) => `${n.createdAt} ${n.id}`);
    expect(keys).toEqual([...keys].sort().reverse());
  });

  it('when the admin filters by part of the title and by published, then only matching items come, counted', async () => {
    const tag = randomUUID().slice(0, 8);
    const at = new Date().toISOString();
    const [live, draft] = await seedNews([
      { createdAt: at, title: `Payday 100%_${tag}`, published: true },
      { createdAt: at, title: `Payday plan ${tag}`, published: false },
    ]);
    const ids = async (q: Record<string, string>) => {
      const res = await get('/api/admin/news', { pageSize: '100', ...q });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.items.map((item: { id: string }) => item.id);
    };
    expect((await ids({ search: tag.toUpperCase() })).sort()).toEqual([live, draft].sort());
    expect(await ids({ search: `100%_${tag}` })).toEqual([live]);
    expect(await ids({ search: tag, published: 'true' })).toEqual([live]);
    expect(await ids({ search: tag, published: 'false' })).toEqual([draft]);
    const drafts = await ids({ published: 'false' });
    expect(drafts).toContain(draft);
    expect(drafts).not.toContain(live);
    const page = await get('/api/admin/news', { search: tag, pageSize: '1' });
    expect(page.body).toMatchObject({ total: 2, totalExact: true, nextCursor: expect.any(String) });
  });

  it('when pageSize, a filter or the cursor is bad, then 400 naming it; the lists refuse each other\'s cursors; a worker cannot read the admin list', async () => {
    await seedNews([{ createdAt: new Date().toISOString() }, { createdAt: new Date().toISOString() }]);
    await expectPagingRefusals((q) => get('/api/news', q, h.employeeToken), [AUDIT_CURSOR]);
    await expectPagingRefusals((q) => get('/api/admin/news', q), [AUDIT_CURSOR]);
    expect((await get('/api/admin/news', { search: 'ab' })).body).toMatchObject({ field: 'querystring.search', message: 'search must be at least 3 characters' });
    expect((await get('/api/admin/news', { published: 'yes' })).body).toMatchObject({ field: 'querystring.published', message: 'published must be true or false' });
    // The worker's list takes no filters: an admin's search there is an unknown parameter, as is the old ?page.
    expect((await get('/api/news', { search: 'payday' }, h.employeeToken)).body.message).toBe('Unknown field(s): search');
    expect((await get('/api/news', { page: '2' }, h.employeeToken)).body.message).toBe('Unknown field(s): page');
    const workerCursor = (await get('/api/news', { pageSize: '1' }, h.employeeToken)).body.nextCursor as string;
    const adminCursor = (await get('/api/admin/news', { pageSize: '1' })).body.nextCursor as string;
    expect((await get('/api/admin/news', { cursor: workerCursor })).body).toMatchObject({ field: 'querystring.cursor', message: MALFORMED });
    expect((await get('/api/news', { cursor: adminCursor }, h.employeeToken)).body).toMatchObject({ field: 'querystring.cursor', message: MALFORMED });
    expect((await get('/api/admin/news', {}, h.employeeToken)).status).toBe(403);
    expect((await callApi(h, 'GET', '/api/news', { token: null })).status).toBe(401);
  });
});

const PERIODS = ['weekly', 'monthly', 'quarterly', 'yearly', 'all_time'] as const;
const CATEGORIES = ['top_earner', 'top_completion', 'top_rate'] as const;

async function seedAwards(rows: { userId?: string; period?: string; category?: string; rank?: number; source?: 'manual' | 'computed'; createdAt?: string }[]): Promise<string[]> {
  const ids: string[] = [];
  for (const r of rows) {
    const id = randomUUID();
    ids.push(id);
    await query(`INSERT INTO awards (id, user_id, category, rank, value, period, source, created_at) VALUES ($1, $2, $3, $4, 1, $5, $6, $7)`, [
      id,
      r.userId ?? randomUUID(),
      r.category ?? 'top_earner',
      r.rank ?? 1,
      r.period ?? 'weekly',
      r.source ?? 'manual',
      r.createdAt ?? new Date().toISOString(),
    ]);
  }
  return ids;
}

interface TSeenAward {
  id: string;
  period: string;
  category: string;
  rank: number;
  source: string;
  createdAt: string;
  firstName: string;
}

const orderKey = (a: TSeenAward) => [PERIODS.indexOf(a.period as never), CATEGORIES.indexOf(a.category as never), a.rank, a.createdAt, a.id] as const;
function compareKeys(a: readonly (string | number)[], b: readonly (string | number)[]): number {
  for (let i = 0; i < a.length; i += 1) if (a[i]! !== b[i]!) return a[i]! < b[i]! ? -1 : 1;
  return 0;
}

describe('GET /api/admin/awards: paging', () => {
  it('when the awards are paged while new ones are given, then each earlier award comes exactly once, in the leaderboards order', async () => {
    const base = Date.now() - 3_600_000;
    const seeded = await seedAwards(
      Array.from({ length: 40 }, (_, i) => ({
        period: PERIODS[i % 5],
        category: CATEGORIES[i % 3],
        rank: 1 + (i % 2),
        // Pairs share a created_at: the id breaks the tie.
        createdAt: new Date(base + Math.floor(i / 2) * 1000).toISOString(),
      })),
    );
    let n = 0;
    const seen = await pageThrough<TSeenAward>('/api/admin/awards', { pageSize: '7' }, async () => {
      n += 1;
      await seedAwards([{ period: PERIODS[n % 5], category: CATEGORIES[n % 3], rank: 1 + (n % 5) }]);
    });
    const ids = seen.map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => seeded.includes(id)).sort()).toEqual([...seeded].sort());
    const keys = seen.map(orderKey);
    expect(keys).toEqual([...keys].sort(compareKeys));
  });

  it('when filtered by period, category, source and user, then only the matching awards come, counted', async () => {
    const tag = randomUUID().slice(0, 8);
    const ada = randomUUID();
    const bob = randomUUID();
    await query(`INSERT INTO leaderboard_users (user_id, first_name, last_name, role, source_at) VALUES ($1, 'Ada', $2, 'employee', now())`, [ada, `Lovelace${tag}`]);
    // Bob is known only to the users copy (registered before the leaderboards saw him): found by e-mail.
    await query(`INSERT INTO users_copy (id, email, first_name, last_name, role, registered_at, source_at) VALUES ($1, $2, 'Bob', 'Marley', 'employee', now(), now())`, [
      bob,
      `bob.${tag}@example.com`,
    ]);
    const [adaWeekly, adaMonthlyRate, bobComputed] = await seedAwards([
      { userId: ada, period: 'weekly', category: 'top_earner', rank: 2 },
      { userId: ada, period: 'monthly', category: 'top_rate', rank: 1 },
      { userId: bob, period: 'all_time', category: 'top_completion', rank: 5, source: 'computed' },
    ]);
    const ids = async (q: Record<string, string>) => {
      const res = await get('/api/admin/awards', { pageSize: '100', ...q });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.items.map((a: { id: string }) => a.id);
    };
    expect(await ids({ user: `lovelace${tag}`.toUpperCase() })).toEqual([adaWeekly, adaMonthlyRate]);
    expect(await ids({ user: `bob.${tag}` })).toEqual([bobComputed]);
    expect(await ids({ user: `ada lovelace${tag}`, period: 'monthly' })).toEqual([adaMonthlyRate]);
    expect(await ids({ user: `lovelace${tag}`, category: 'top_earner' })).toEqual([adaWeekly]);
    expect(await ids({ user: tag, source: 'computed' })).toEqual([bobComputed]);
    expect(await ids({ user: tag, source: 'manual', category: 'top_completion' })).toEqual([]);
    for (const period of PERIODS) {
      const res = await get('/api/admin/awards', { period, pageSize: '100' });
      expect(res.body.items.every((a: TSeenAward) => a.period === period), period).toBe(true);
    }
    for (const category of CATEGORIES) {
      const res = await get('/api/admin/awards', { category, pageSize: '100' });
      expect(res.body.items.every((a: TSeenAward) => a.category === category), category).toBe(true);
    }
    const page = await get('/api/admin/awards', { user: tag, pageSize: '1' });
    expect(page.body).toMatchObject({ total: 3, totalExact: true, nextCursor: expect.any(String) });
    expect(page.body.items[0]).toMatchObject({ id: adaWeekly, firstName: 'Ada', lastName: `Lovelace${tag}`, source: 'manual' });
  });

  it('when pageSize, a filter or the cursor is bad, then 400 naming it; a worker is refused', async () => {
    await seedAwards([{}, {}]);
    await expectPagingRefusals((q) => get('/api/admin/awards', q), [AUDIT_CURSOR]);
    expect((await get('/api/admin/awards', { cursor: encodeCursor('awards.admin', [1, 1, 1, 'yesterday', randomUUID()]) })).body).toMatchObject({ field: 'querystring.cursor', message: MALFORMED });
    await seedNews([{ createdAt: new Date().toISOString() }, { createdAt: new Date().toISOString() }]);
    const newsCursor = (await get('/api/admin/news', { pageSize: '1' })).body.nextCursor as string;
    expect(newsCursor).toEqual(expect.any(String));
    expect((await get('/api/admin/awards', { cursor: newsCursor })).body).toMatchObject({ field: 'querystring.cursor', message: MALFORMED });
    expect((await get('/api/admin/awards', { user: 'ab' })).body).toMatchObject({ field: 'querystring.user', message: 'user must be at least 3 characters' });
    expect((await get('/api/admin/awards', { period: 'daily' })).body).toMatchObject({ field: 'querystring.period' });
    expect((await get('/api/admin/awards', { category: 'best' })).body).toMatchObject({ field: 'querystring.category' });
    expect((await get('/api/admin/awards', { source: 'robot' })).body).toMatchObject({ field: 'querystring.source', message: 'source must be computed or manual' });
    expect((await get('/api/admin/awards', {}, h.employeeToken)).status).toBe(403);
  });
});

describe('GET /api/awards (the worker\'s Awards screen): paging', () => {
  it('when a worker pages the awards while new ones are given, then each earlier award comes exactly once, in the leaderboards order, and no opted-out user', async () => {
    const optedOut = randomUUID();
    await query(`INSERT INTO leaderboard_users (user_id, first_name, last_name, role, opted_out, source_at) VALUES ($1, 'Hidden', 'Person', 'employee', true, now())`, [optedOut]);
    const hidden = await seedAwards([{ userId: optedOut, period: 'monthly', category: 'top_rate', rank: 3 }]);
    const base = Date.now() - 3_600_000;
    const seeded = await seedAwards(
      Array.from({ length: 23 }, (_, i) => ({ period: PERIODS[i % 5], category: CATEGORIES[i % 3], rank: 1 + (i % 2), createdAt: new Date(base + Math.floor(i / 2) * 1000).toISOString() })),
    );
    let n = 0;
    const seen = await pageThrough<TSeenAward>(
      '/api/awards',
      { pageSize: '6' },
      async () => {
        n += 1;
        await seedAwards([{ period: PERIODS[n % 5], category: CATEGORIES[n % 3], rank: 1 + (n % 5) }]);
      },
      h.employeeToken,
    );
    const ids = seen.map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => seeded.includes(id)).sort()).toEqual([...seeded].sort());
    expect(ids).not.toContain(hidden[0]);
    const keys = seen.map(orderKey);
    expect(keys).toEqual([...keys].sort(compareKeys));
    // An admin sees the opted-out user's award on the same list.
    const admin = await get('/api/awards', { period: 'monthly', category: 'top_rate', pageSize: '100' });
    expect(admin.body.items.map((a: { id: string }) => a.id)).toContain(hidden[0]);
    // The period filter and the count.
    const monthly = await get('/api/awards', { period: 'monthly', pageSize: '1' }, h.employeeToken);
    expect(monthly.status).toBe(200);
    expect(monthly.body.items.every((a: TSeenAward) => a.period === 'monthly')).toBe(true);
    const [counted] = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM awards a WHERE a.period = 'monthly' AND NOT EXISTS (SELECT 1 FROM leaderboard_users l WHERE l.user_id = a.user_id AND (l.opted_out OR l.deleted))`,
    );
    expect(monthly.body).toMatchObject({ total: counted?.n, totalExact: true });
  });

  it("when pageSize, a filter or the cursor is bad, then 400 naming it; the admin list's cursor is refused; without a token 401", async () => {
    await seedAwards([{}, {}]);
    await expectPagingRefusals((q) => get('/api/awards', q, h.employeeToken), [AUDIT_CURSOR]);
    const adminCursor = (await get('/api/admin/awards', { pageSize: '1' })).body.nextCursor as string;
    expect((await get('/api/awards', { cursor: adminCursor }, h.employeeToken)).body).toMatchObject({ field: 'querystring.cursor', message: MALFORMED });
    const workerCursor = (await get('/api/awards', { pageSize: '1' }, h.employeeToken)).body.nextCursor as string;
    expect((await get('/api/admin/awards', { cursor: workerCursor })).body).toMatchObject({ field: 'querystring.cursor', message: MALFORMED });
    expect((await get('/api/awards', { period: 'daily' }, h.employeeToken)).body).toMatchObject({ field: 'querystring.period' });
    expect((await get('/api/awards', { user: 'ada' }, h.employeeToken)).body.message).toBe('Unknown field(s): user');
    expect((await callApi(h, 'GET', '/api/awards', { token: null })).status).toBe(401);
  });
});

describe('the news and awards lists at volume', () => {
  /** The plan of the page query a repository call runs (the one with ORDER BY; the count is the other). */
  async function planOf(run: (db: Queryable) => Promise<unknown>): Promise<string> {
    const statements: { text: string; values: unknown[] }[] = [];
    const recorder = { query: async (text: string, values: unknown[]) => { statements.push({ text, values }); return h.service.pool.query(text, values); } } as unknown as Queryable;
    await run(recorder);
    const page = statements.find((s) => s.text.includes('ORDER BY'))!;
    return (await query<{ 'QUERY PLAN': string }>(`EXPLAIN ${page.text}`, page.values)).map((r) => r['QUERY PLAN']).join('\n');
  }

  it('when there are 30,000 news items and 30,000 awards, then each list, deep page and filter reads an index (EXPLAIN)', async () => {
    await query(`INSERT INTO company_news (title, content, is_published, created_at)
      SELECT 'Volume news ' || g, 'Volume', g % 10 <> 0, now() - g * interval '1 minute' FROM generate_series(1, 30000) g`);
    await query(`INSERT INTO leaderboard_users (user_id, first_name, last_name, role, source_at)
      SELECT gen_random_uuid(), 'Volume', 'Worker' || g, 'employee', now() FROM generate_series(1, 20000) g`);
    await query(`INSERT INTO users_copy (id, email, first_name, last_name, role, registered_at, source_at)
      SELECT user_id, 'vol.' || last_name || '@example.com', first_name, last_name, role, now(), now() FROM leaderboard_users WHERE first_name = 'Volume'`);
    await query(`INSERT INTO awards (user_id, category, rank, value, period, source, created_at)
      SELECT u.user_id, (ARRAY['top_earner', 'top_completion', 'top_rate'])[1 + g % 3], 1 + g % 5, 1, (ARRAY['weekly', 'monthly', 'quarterly', 'yearly', 'all_time'])[1 + g % 5],
             'manual', now() - g * interval '1 second'
      FROM generate_series(1, 30000) g JOIN (SELECT user_id, row_number() OVER () AS r FROM leaderboard_users WHERE first_name = 'Volume') u ON u.r = 1 + g % 20000`);
    for (const table of ['company_news', 'awards', 'leaderboard_users', 'users_copy']) await query(`VACUUM ANALYZE ${table}`);

    const newsFirst = await get('/api/admin/news', { pageSize: '50' });
    expect(newsFirst.body).toMatchObject({ total: 10_000, totalExact: false });
    const publishedFirst = await get('/api/news', { pageSize: '50' }, h.employeeToken);
    const awardsFirst = await get('/api/admin/awards', { pageSize: '50' });
    expect(awardsFirst.body).toMatchObject({ total: 10_000, totalExact: false });
    const news = (q: Parameters<typeof listNewsPage>[1]) => (db: Queryable) => listNewsPage(db, q);
    const awards = (q: Partial<TAdminAwardsQuery>) => (db: Queryable) => listAwardsPage(db, { pageSize: 20, ...q } as TAdminAwardsQuery);
    const cases: [string, (db: Queryable) => Promise<unknown>, RegExp, RegExp][] = [
      ['published news', news({ publishedOnly: true, pageSize: 20 }), /company_news_published_idx/, /Seq Scan on company_news/],
      ['published news cursor', news({ publishedOnly: true, pageSize: 20, cursor: publishedFirst.body.nextCursor }), /company_news_published_idx/, /Seq Scan on company_news/],
      ['admin news', news({ publishedOnly: false, pageSize: 20 }), /company_news_created_idx/, /Seq Scan on company_news/],
      ['admin news cursor', news({ publishedOnly: false, pageSize: 20, cursor: newsFirst.body.nextCursor }), /company_news_created_idx/, /Seq Scan on company_news/],
      ['admin news drafts', news({ publishedOnly: false, published: 'false', pageSize: 20 }), /company_news_status_created_idx/, /Seq Scan on company_news/],
      ['admin news search', news({ publishedOnly: false, search: 'news 12345', pageSize: 20 }), /company_news_title_search_idx/, /Seq Scan on company_news/],
      ['awards', awards({}), /awards_admin_order_idx/, /Seq Scan on awards/],
      ['awards cursor', awards({ cursor: awardsFirst.body.nextCursor }), /awards_admin_order_idx/, /Seq Scan on awards/],
      ['awards period', awards({ period: 'quarterly' }), /awards_admin_order_idx/, /Seq Scan on awards/],
      ['awards category', awards({ category: 'top_rate' }), /awards_category_order_idx/, /Seq Scan on awards/],
      // Computed awards are at most one per period, category and rank (75): their unique index finds them.
      ['awards computed', awards({ source: 'computed' }), /awards_computed_once|awards_source_order_idx/, /Seq Scan on awards/],
      ['awards manual', awards({ source: 'manual' }), /awards_source_order_idx|awards_admin_order_idx/, /Seq Scan on awards/],
      ['worker awards', (db: Queryable) => listAwardsPage(db, { pageSize: 20 }, { publicOnly: true }), /awards_admin_order_idx/, /Seq Scan on awards/],
      ['worker awards period', (db: Queryable) => listAwardsPage(db, { pageSize: 20, period: 'monthly' }, { publicOnly: true }), /awards_admin_order_idx/, /Seq Scan on awards/],
      ['awards user', awards({ user: 'worker12345' }), /leaderboard_users_search_idx[\s\S]*users_copy_search_idx|users_copy_search_idx[\s\S]*leaderboard_users_search_idx/, /Seq Scan on (awards|leaderboard_users|users_copy)/],
    ];
    for (const [name, run, index, seqScan] of cases) {
      const plan = await planOf(run);
      expect(plan, name).toMatch(index);
      expect(plan, name).not.toMatch(seqScan);
      // The lists in their own order read their index in that order and stop at the page: no sort of every row.
      if (!/search|user|computed/.test(name)) expect(plan, name).not.toMatch(/Sort/);
    }
    // The awarded user's awards are found by their user id.
    expect(await planOf(awards({ user: 'worker12345' }))).toMatch(/awards_user_idx/);
    // A common name (11,111 of the 20,000 users match "worker1"): its users are looked up once, then their awards by
    // user id; never a loop of every award against every matching user (130 ms at 100,000 users in bench:lists).
    const common = await planOf(awards({ user: 'worker1' }));
    expect(common).toMatch(/Index Cond: \(user_id = ANY/);
    expect(common).not.toMatch(/Join Filter/);
  });
});
