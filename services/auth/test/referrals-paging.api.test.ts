import { randomUUID } from 'node:crypto';
import type { TLandingPagesQuery, TReferralLinksQuery } from '@platform/contracts';
import { expectPagingRefusals } from '@platform/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listLandingPagesPage, listReferralLinksPage } from '../src/data-access/referrals.repository.js';
import { startTestService, type TTestService } from './helpers.js';
import { adminTokenOf, expectRefused, expectSorted, pageThrough, planOf } from './paging-helpers.js';

let t: TTestService;
let adminToken: string;
let landingId: string;

beforeAll(async () => {
  t = await startTestService('auth_referrals_paging');
  adminToken = await adminTokenOf(t);
  landingId = (await t.service.pool.query<{ id: string }>(`SELECT id FROM landing_pages WHERE name = 'crypto-gaming'`)).rows[0]!.id;
});
afterAll(async () => {
  await t?.close();
});

/** Landing pages and links written straight into the tables (the API's create is tested in referrals.api.test.ts). */
async function seedPages(pages: { name?: string; displayName?: string; isActive?: boolean; createdAt?: string }[]): Promise<string[]> {
  const ids: string[] = [];
  for (const p of pages) {
    const { rows } = await t.service.pool.query<{ id: string }>(
      `INSERT INTO landing_pages (name, display_name, is_active, created_at) VALUES ($1, $2, $3, $4) RETURNING id`,
      [p.name ?? `page-${randomUUID()}`, p.displayName ?? 'Seeded page', p.isActive ?? true, p.createdAt ?? new Date().toISOString()],
    );
    ids.push(rows[0]!.id);
  }
  return ids;
}

async function seedLinks(links: { code?: string; name?: string; isActive?: boolean; createdAt?: string }[]): Promise<string[]> {
  const ids: string[] = [];
  for (const l of links) {
    const { rows } = await t.service.pool.query<{ id: string }>(
      `INSERT INTO referral_links (code, name, landing_page_id, is_active, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [l.code ?? `c${randomUUID().slice(0, 12)}`, l.name ?? 'Seeded link', landingId, l.isActive ?? true, l.createdAt ?? new Date().toISOString()],
    );
    ids.push(rows[0]!.id);
  }
  return ids;
}

const get = (path: string) => (query: Record<string, string>) => t.api('GET', `${path}?${new URLSearchParams(query).toString()}`, { token: adminToken });
const links = get('/api/admin/referral-links');
const pages = get('/api/admin/landing-pages');
const at = (seconds: number) => new Date(Date.parse('2022-05-01T00:00:00Z') + seconds * 1000).toISOString();

describe('GET /api/admin/referral-links: paging and filters', () => {
  it('when links are paged while others are made, then each comes exactly once, newest first, with its funnel', async () => {
    const seeded = await seedLinks(Array.from({ length: 40 }, (_, i) => ({ createdAt: at(Math.floor(i / 2)) })));
    await t.service.pool.query(`INSERT INTO referral_clicks (referral_link_id, ip_address, counted) VALUES ($1, '1.1.1.1', true), ($1, '1.1.1.1', false)`, [seeded[0]]);
    await t.service.pool.query(`INSERT INTO referral_click_days (referral_link_id, day, counted_clicks, raw_clicks) VALUES ($1, '2022-01-01', 4, 6)`, [seeded[0]]);
    await t.service.pool.query(`INSERT INTO referral_registrations (referral_link_id, user_id, first_task_at) VALUES ($1, $2, now()), ($1, $3, NULL)`, [seeded[0], randomUUID(), randomUUID()]);
    const seen = await pageThrough<{ id: string; createdAt: string; totalClicks: number; rawClicks: number; totalRegistrations: number; firstTaskCount: number }>(
      links,
      {},
      7,
      // Made while the admin pages: newer than every listed one, and one back-dated into the middle.
      () => seedLinks([{}, { createdAt: at(9.5) }]),
    );
    const ids = seen.map((l) => l.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => seeded.includes(id))).toHaveLength(seeded.length);
    expectSorted(seen.filter((l) => seeded.includes(l.id)).map((l) => `${l.createdAt}|${l.id}`), 'desc');
    expect(seen.find((l) => l.id === seeded[0])).toMatchObject({ totalClicks: 5, rawClicks: 2, totalRegistrations: 2, firstTaskCount: 1 });
    expect(seen.find((l) => l.id === seeded[1])).toMatchObject({ totalClicks: 0, rawClicks: 0, totalRegistrations: 0 });
  });

  it('when searched by code or name or filtered by active, then only the matching links come, across pages', async () => {
    const tag = randomUUID().slice(0, 8);
    const [spring, autumn, off] = await seedLinks([
      { code: `SPRING-${tag}`, name: 'Telegram channel', createdAt: '2021-01-03T00:00:00Z' },
      { code: `autumn${tag}`, name: `Autumn 50%_off ${tag}`, createdAt: '2021-01-02T00:00:00Z' },
      { code: `off${tag}`, name: 'Retired', isActive: false, createdAt: '2021-01-01T00:00:00Z' },
    ]);
    const ids = async (query: Record<string, string>) => {
      const res = await links({ pageSize: '100', ...query });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.total).toBe(res.body.items.length);
      return (res.body.items as { id: string }[]).map((l) => l.id);
    };
    expect(await ids({ search: `  spring-${tag.toUpperCase()} ` })).toEqual([spring]);
    expect(await ids({ search: `50%_off ${tag}` })).toEqual([autumn]);
    expect(await ids({ search: `telegram channel` })).toContain(spring);
    expect(await ids({ search: tag })).toEqual([spring, autumn, off]);
    expect(await ids({ search: tag, active: 'true' })).toEqual([spring, autumn]);
    expect(await ids({ search: tag, active: 'false' })).toEqual([off]);
    const first = await links({ search: tag, pageSize: '2' });
    expect(first.body).toMatchObject({ total: 3, totalExact: true });
    const second = await links({ search: tag, pageSize: '2', cursor: first.body.nextCursor as string });
    expect((second.body.items as { id: string }[]).map((l) => l.id)).toEqual([off]);
    expect(second.body.nextCursor).toBeNull();
  });

  it('when pageSize, a parameter or the cursor is wrong, then 400 naming it; a landing pages cursor is refused', async () => {
    await expectRefused(links, [
      [{ landingPage: 'x' }, 'Unknown field(s): landingPage'],
      [{ active: '1' }, 'active must be true or false', 'querystring.active'],
      [{ search: 'ab' }, 'search must be at least 3 characters', 'querystring.search'],
    ]);
    await seedPages([{}, {}, {}]);
    const pageCursor = (await pages({ pageSize: '1' })).body.nextCursor as string;
    expect(pageCursor).toEqual(expect.any(String));
    await expectPagingRefusals(links, [pageCursor]);
  });
});

describe('GET /api/admin/landing-pages: paging and filters', () => {
  it('when pages are paged while others are made, then each comes exactly once, oldest first; /active stays the whole active list', async () => {
    const seeded = await seedPages(Array.from({ length: 30 }, (_, i) => ({ createdAt: at(Math.floor(i / 2)), isActive: i % 5 !== 0 })));
    const seen = await pageThrough<{ id: string; createdAt: string }>(pages, {}, 6, () => seedPages([{}, { createdAt: at(7.5) }]));
    const ids = seen.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => seeded.includes(id))).toHaveLength(seeded.length);
    expectSorted(seen.filter((p) => seeded.includes(p.id)).map((p) => `${p.createdAt}|${p.id}`), 'asc');
    const active = await t.api('GET', '/api/admin/landing-pages/active', { token: adminToken });
    expect(Array.isArray(active.body)).toBe(true);
    const activeIds = (active.body as { id: string; isActive: boolean }[]).map((p) => p.id);
    expect(seeded.filter((_, i) => i % 5 !== 0).every((id) => activeIds.includes(id))).toBe(true);
    expect(seeded.filter((_, i) => i % 5 === 0).some((id) => activeIds.includes(id))).toBe(false);
  });

  it('when searched by name or display name or filtered by active, then only the matching pages come', async () => {
    const tag = randomUUID().slice(0, 8);
    const [summer, winter] = await seedPages([
      { name: `summer-${tag}`, displayName: 'Summer promo', createdAt: '2020-02-01T00:00:00Z' },
      { name: `winter-${tag}`, displayName: `Winter ${tag}`, isActive: false, createdAt: '2020-02-02T00:00:00Z' },
    ]);
    const ids = async (query: Record<string, string>) => {
      const res = await pages({ pageSize: '100', ...query });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.total).toBe(res.body.items.length);
      return (res.body.items as { id: string }[]).map((p) => p.id);
    };
    expect(await ids({ search: `SUMMER-${tag}` })).toEqual([summer]);
    expect(await ids({ search: tag })).toEqual([summer, winter]);
    expect(await ids({ search: tag, active: 'false' })).toEqual([winter]);
    expect(await ids({ search: tag, active: 'true' })).toEqual([summer]);
    expect(await ids({ search: 'crypto gaming' })).toHaveLength(1);
    await expectRefused(pages, [[{ name: 'x' }, 'Unknown field(s): name']]);
    const linkCursor = (await links({ pageSize: '1' })).body.nextCursor as string;
    await expectPagingRefusals(pages, [linkCursor]);
  });
});

describe('the referral lists at volume', () => {
  it('when there are 20,000 landing pages and 20,000 links, then the order, each filter and a deep page read an index (EXPLAIN)', async () => {
    await t.service.pool.query(`INSERT INTO landing_pages (name, display_name, is_active, created_at)
      SELECT 'bulk-page-' || g, 'Bulk page ' || g, g % 50 <> 0, timestamptz '2018-01-01' + g * interval '1 minute' FROM generate_series(1, 20000) g`);
    await t.service.pool.query(`INSERT INTO referral_links (code, name, landing_page_id, is_active, created_at)
      SELECT 'bulk' || g, 'Bulk link ' || g, $1, g % 50 <> 0, timestamptz '2018-01-01' + g * interval '1 minute' FROM generate_series(1, 20000) g`, [landingId]);
    await t.service.pool.query('VACUUM ANALYZE landing_pages');
    await t.service.pool.query('VACUUM ANALYZE referral_links');
    const pagesCursor = (await pages({ pageSize: '50' })).body.nextCursor as string;
    const linksCursor = (await links({ pageSize: '50' })).body.nextCursor as string;
    const pageCases: [Partial<TLandingPagesQuery>, RegExp][] = [
      [{}, /landing_pages_admin_list_idx/],
      [{ cursor: pagesCursor }, /landing_pages_admin_list_idx/],
      [{ active: 'false' }, /landing_pages_admin_active_idx/],
      [{ search: 'page 12345' }, /landing_pages_search_idx/],
    ];
    for (const [query, index] of pageCases) {
      const plan = await planOf(t, (db) => listLandingPagesPage(db, { pageSize: 20, ...query } as TLandingPagesQuery));
      expect(plan, JSON.stringify(query)).toMatch(index);
      expect(plan, JSON.stringify(query)).not.toMatch(/Seq Scan on landing_pages/);
    }
    const linkCases: [Partial<TReferralLinksQuery>, RegExp][] = [
      [{}, /referral_links_admin_list_idx/],
      [{ cursor: linksCursor }, /referral_links_admin_list_idx/],
      [{ active: 'false' }, /referral_links_admin_active_idx/],
      [{ search: 'link 12345' }, /referral_links_search_idx/],
      [{ search: 'bulk12345', active: 'true' }, /referral_links_search_idx/],
    ];
    for (const [query, index] of linkCases) {
      const plan = await planOf(t, (db) => listReferralLinksPage(db, { pageSize: 20, ...query } as TReferralLinksQuery));
      expect(plan, JSON.stringify(query)).toMatch(index);
      expect(plan, JSON.stringify(query)).not.toMatch(/Seq Scan on referral_links/);
    }
  });
});
