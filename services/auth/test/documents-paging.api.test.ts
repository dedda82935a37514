import { randomUUID } from 'node:crypto';
import type { TAdminDocumentsQuery } from '@platform/contracts';
import { expectPagingRefusals } from '@platform/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listDocumentsPage } from '../src/data-access/documents.repository.js';
import { startTestService, type TTestService } from './helpers.js';
import { adminTokenOf, expectRefused, pageThrough, planOf } from './paging-helpers.js';

let t: TTestService;
let adminToken: string;

beforeAll(async () => {
  t = await startTestService('auth_documents_paging');
  adminToken = await adminTokenOf(t);
});
afterAll(async () => {
  await t?.close();
});

/** Documents written straight into the table (creating them through the API is tested in documents-admin.api.test.ts). */
async function seed(docs: { title?: string; sortOrder?: number; isActive?: boolean; createdAt?: string }[]): Promise<string[]> {
  const ids: string[] = [];
  for (const d of docs) {
    const { rows } = await t.service.pool.query<{ id: string }>(
      `INSERT INTO company_documents (title, content, type, is_active, sort_order, created_at) VALUES ($1, '<p>x</p>', 'terms', $2, $3, $4) RETURNING id`,
      [d.title ?? `Doc ${randomUUID()}`, d.isActive ?? true, d.sortOrder ?? 0, d.createdAt ?? new Date().toISOString()],
    );
    ids.push(rows[0]!.id);
  }
  return ids;
}

function list(query: Record<string, string>) {
  return t.api('GET', `/api/admin/documents?${new URLSearchParams(query).toString()}`, { token: adminToken });
}

describe('GET /api/admin/documents: paging', () => {
  it('when documents are paged while others are written, then each comes exactly once, in display order (sortOrder, then oldest)', async () => {
    const base = Date.parse('2021-01-01T00:00:00Z');
    // Three orders; within each, pairs share a created_at (the id breaks the tie).
    const seeded = await seed(Array.from({ length: 42 }, (_, i) => ({ sortOrder: (i % 3) * 10, createdAt: new Date(base + Math.floor(i / 6) * 1000).toISOString() })));
    const seen = await pageThrough<{ id: string; sortOrder: number; createdAt: string }>(list, {}, 8, () =>
      // Written while the admin pages: one on top of the list, one in the middle, one at its end.
      seed([{ sortOrder: 0 }, { sortOrder: 10, createdAt: new Date(base + 500).toISOString() }, { sortOrder: 99 }]),
    );
    const ids = seen.map((d) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => seeded.includes(id))).toHaveLength(seeded.length);
    const keys = seen.filter((d) => seeded.includes(d.id)).map((d) => [d.sortOrder, d.createdAt, d.id] as const);
    const sorted = [...keys].sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1]) || a[2].localeCompare(b[2]));
    expect(keys).toEqual(sorted);
  });

  it('when pageSize, a parameter or the cursor is wrong, then 400 naming it; a cursor of another list is refused', async () => {
    await expectRefused(list, [
      [{ language: 'en' }, 'Unknown field(s): language'],
      [{ active: 'yes' }, 'active must be true or false', 'querystring.active'],
      [{ search: 'ab' }, 'search must be at least 3 characters', 'querystring.search'],
    ]);
    const links = Buffer.from(JSON.stringify(['referral-links.admin', '2024-01-01T00:00:00.000000Z', randomUUID()])).toString('base64url');
    const shape = Buffer.from(JSON.stringify(['documents.admin', 'zero', '2024-01-01T00:00:00.000000Z', randomUUID()])).toString('base64url');
    await expectPagingRefusals(list, [links, shape]);
    const res = await list({});
    expect(res.body.items.length).toBeLessThanOrEqual(20);
    const [count] = (await t.service.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM company_documents')).rows;
    expect(res.body).toMatchObject({ total: count!.n, totalExact: true });
  });
});

describe('GET /api/admin/documents: filters', () => {
  it('when searched by title or filtered by active, then only the matching documents come, each with its acceptances', async () => {
    const tag = randomUUID().slice(0, 8);
    const [privacy, draft] = await seed([
      { title: `Privacy Notice ${tag}`, createdAt: '2020-01-01T00:00:00Z' },
      { title: `Draft 50%_off ${tag}`, isActive: false, createdAt: '2020-01-02T00:00:00Z' },
    ]);
    const worker = await t.registerWorker();
    await t.api('POST', `/api/documents/${privacy}/accept`, { token: worker.token });
    const ids = async (query: Record<string, string>) => {
      const res = await list({ pageSize: '100', ...query });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.total).toBe(res.body.items.length);
      return res.body.items as { id: string; acceptedCount: number }[];
    };
    expect((await ids({ search: `  PRIVACY notice ${tag} ` })).map((d) => d.id)).toEqual([privacy]);
    expect((await ids({ search: `privacy notice ${tag}` }))[0]!.acceptedCount).toBe(1);
    expect((await ids({ search: `50%_off ${tag}` })).map((d) => d.id)).toEqual([draft]);
    expect((await ids({ search: `50_%off ${tag}` })).map((d) => d.id)).toEqual([]);
    expect((await ids({ search: tag, active: 'false' })).map((d) => d.id)).toEqual([draft]);
    expect((await ids({ search: tag, active: 'true' })).map((d) => d.id)).toEqual([privacy]);
    const first = await list({ search: tag, pageSize: '1' });
    expect(first.body).toMatchObject({ total: 2, totalExact: true, items: [{ id: privacy }] });
    const second = await list({ search: tag, pageSize: '1', cursor: first.body.nextCursor as string });
    expect(second.body).toMatchObject({ nextCursor: null, items: [{ id: draft }] });
  });
});

describe('GET /api/admin/documents at volume', () => {
  it('when there are 20,000 documents, then the order, each filter and a deep page read an index (EXPLAIN)', async () => {
    await t.service.pool.query(`INSERT INTO company_documents (title, content, type, is_active, sort_order, created_at)
      SELECT 'Bulk policy ' || g, '<p>x</p>', 'terms', g % 50 <> 0, g % 7, timestamptz '2019-01-01' + g * interval '1 minute' FROM generate_series(1, 20000) g`);
    await t.service.pool.query('VACUUM ANALYZE company_documents');
    const first = await list({ pageSize: '50' });
    const cases: [Partial<TAdminDocumentsQuery>, RegExp][] = [
      [{}, /company_documents_admin_list_idx/],
      [{ cursor: first.body.nextCursor as string }, /company_documents_admin_list_idx/],
      [{ active: 'false' }, /company_documents_admin_active_idx/],
      [{ search: 'policy 12345' }, /company_documents_title_search_idx/],
      [{ search: 'policy 12345', active: 'true', cursor: first.body.nextCursor as string }, /company_documents_title_search_idx/],
    ];
    for (const [query, index] of cases) {
      const plan = await planOf(t, (db) => listDocumentsPage(db, { pageSize: 20, ...query } as TAdminDocumentsQuery));
      expect(plan, JSON.stringify(query)).toMatch(index);
      expect(plan, JSON.stringify(query)).not.toMatch(/Seq Scan on company_documents/);
    }
  });
});
