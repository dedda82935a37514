import { randomUUID } from 'node:crypto';
import type { TPackageAvailableTasksQuery } from '@platform/contracts';
import { encodeCursor, type Queryable } from '@platform/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listTasksNotInPackagePage } from '../src/data-access/tasks.repository.js';
import { startWorkHarness, type TWorkHarness } from './helpers.js';

/*
 * GET /api/admin/task-packages/{id}/available-tasks follows the paging convention (contracts paging.ts): the tasks not
 * in the package, in the admin's order (sortOrder, createdAt, id), searched by title on the server. Rows are written
 * straight into the service's tables.
 */

let h: TWorkHarness;
beforeAll(async () => {
  h = await startWorkHarness('work_package_available');
});
afterAll(async () => {
  await h?.close();
});

const MALFORMED = 'cursor is not valid: pass the nextCursor of the previous page of the same list';

const availablePath = (packageId: string) => `/api/admin/task-packages/${packageId}/available-tasks`;
const get = (path: string, query: Record<string, string>, token = h.admin.token) => h.api('GET', `${path}?${new URLSearchParams(query).toString()}`, { token });

async function seedTasks(rows: { sortOrder: number; createdAt: string; title?: string }[]): Promise<string[]> {
  const ids: string[] = [];
  for (const r of rows) {
    const id = randomUUID();
    ids.push(id);
    await h.query(`INSERT INTO tasks (id, title, description, reward, status, sort_order, created_at) VALUES ($1, $2, 'Seeded task', 1, 'available', $3, $4)`, [
      id,
      r.title ?? `Seeded ${id.slice(0, 8)}`,
      r.sortOrder,
      r.createdAt,
    ]);
  }
  return ids;
}

async function newPackage(taskIds: string[] = []): Promise<string> {
  const id = randomUUID();
  await h.query(`INSERT INTO task_packages (id, name, is_active) VALUES ($1, $2, true)`, [id, `Pack ${id.slice(0, 8)}`]);
  for (const [i, taskId] of taskIds.entries()) {
    await h.query(`INSERT INTO task_package_items (id, package_id, task_id, sort_order) VALUES ($1, $2, $3, $4)`, [randomUUID(), id, taskId, i]);
  }
  return id;
}

async function pageThrough(path: string, query: Record<string, string>, between: () => Promise<void>): Promise<{ id: string; sortOrder: number }[]> {
  const seen: { id: string; sortOrder: number }[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await get(path, cursor ? { ...query, cursor } : query);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    seen.push(...res.body.items);
    cursor = res.body.nextCursor;
    pages += 1;
    await between();
  } while (cursor && pages < 100);
  return seen;
}

describe('GET /api/admin/task-packages/{id}/available-tasks: paging', () => {
  it('when the offer is paged while tasks are created and added to the package, then each task not in it comes exactly once, in the admin order', async () => {
    const tag = randomUUID().slice(0, 8);
    const base = Date.now() - 3_600_000;
    // Ties on purpose: three tasks share each creation time and the sort orders repeat.
    const seeded = await seedTasks(Array.from({ length: 33 }, (_, i) => ({ sortOrder: i % 3, createdAt: new Date(base + Math.floor(i / 3) * 1000).toISOString(), title: `Offer ${tag} ${i}` })));
    const inPackage = seeded.filter((_, i) => i % 4 === 0);
    const packageId = await newPackage(inPackage);
    const seen = await pageThrough(availablePath(packageId), { pageSize: '5', search: tag }, async () => {
      await seedTasks([{ sortOrder: 1, createdAt: new Date().toISOString(), title: `Offer ${tag} new` }, { sortOrder: 0, createdAt: new Date(base - 1000).toISOString(), title: `Offer ${tag} old` }]);
    });
    const ids = seen.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    const expected = seeded.filter((id) => !inPackage.includes(id));
    expect(ids.filter((id) => seeded.includes(id)).sort()).toEqual([...expected].sort());
    expect(ids.filter((id) => inPackage.includes(id))).toEqual([]);
    const rows = await h.query<{ id: string; sort_order: number; created_at: Date }>('SELECT id, sort_order, created_at FROM tasks WHERE id = ANY($1::uuid[])', [ids]);
    const keyOf = new Map(rows.map((r) => [r.id, [r.sort_order, r.created_at.getTime(), r.id] as const]));
    const keys = ids.map((id) => keyOf.get(id)!);
    const sorted = [...keys].sort((a, b) => a[0] - b[0] || a[1] - b[1] || (a[2] < b[2] ? -1 : a[2] > b[2] ? 1 : 0));
    expect(keys).toEqual(sorted);
  });

  it('when searched by part of the title, then only matching tasks not in the package come, counted; without a search every such task', async () => {
    const tag = randomUUID().slice(0, 8);
    const at = new Date().toISOString();
    const [match, other, taken] = await seedTasks([
      { sortOrder: 0, createdAt: at, title: `Banner 100%_${tag}` },
      { sortOrder: 0, createdAt: at, title: `Banner plain ${tag}` },
      { sortOrder: 0, createdAt: at, title: `Banner taken ${tag}` },
    ]);
    const packageId = await newPackage([taken!]);
    const ids = async (query: Record<string, string>) => {
      const res = await get(availablePath(packageId), { pageSize: '100', ...query });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.items.map((t: { id: string }) => t.id);
    };
    expect((await ids({ search: tag.toUpperCase() })).sort()).toEqual([match, other].sort());
    expect(await ids({ search: `100%_${tag}` })).toEqual([match]);
    const page = await get(availablePath(packageId), { search: tag, pageSize: '1' });
    expect(page.body).toMatchObject({ total: 2, totalExact: true, nextCursor: expect.any(String) });
    expect(page.body.items[0]).toEqual({ id: expect.any(String), title: expect.stringContaining(tag), reward: '1.00', dueDate: null, status: 'available', sortOrder: 0 });
    const all = await get(availablePath(packageId), {});
    const n = (await h.query<{ n: number }>('SELECT count(*)::int AS n FROM tasks'))[0]!.n;
    expect(all.body).toMatchObject({ total: n - 1, totalExact: true });
    expect(all.body.items).toHaveLength(Math.min(20, n - 1));
  });

  it('when pageSize, the search or the cursor is bad or a parameter unknown, then 400 naming it; an unknown package 404; a worker is refused', async () => {
    const packageId = await newPackage();
    const path = availablePath(packageId);
    const cases: [Record<string, string>, string, string][] = [
      [{ pageSize: '101' }, 'querystring.pageSize', 'pageSize must be a whole number from 1 to 100'],
      [{ pageSize: '0' }, 'querystring.pageSize', 'pageSize must be a whole number from 1 to 100'],
      [{ pageSize: 'ten' }, 'querystring.pageSize', 'pageSize must be a whole number from 1 to 100'],
      [{ cursor: 'x!' }, 'querystring.cursor', MALFORMED],
      [{ cursor: Buffer.from('not json').toString('base64url') }, 'querystring.cursor', MALFORMED],
      [{ cursor: encodeCursor('tasks.not_in_package', ['0', new Date().toISOString(), randomUUID()]) }, 'querystring.cursor', MALFORMED],
      [{ search: 'ab' }, 'querystring.search', 'search must be at least 3 characters'],
    ];
    for (const [query, field, message] of cases) {
      const res = await get(path, query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body, JSON.stringify(query)).toMatchObject({ field, message });
    }
    // A cursor of the admin's task list (the same sort, another list) is not one of this list.
    await seedTasks([{ sortOrder: 0, createdAt: new Date().toISOString() }, { sortOrder: 0, createdAt: new Date().toISOString() }]);
    const tasksPage = await get('/api/admin/tasks', { pageSize: '1' });
    expect((await get(path, { cursor: tasksPage.body.nextCursor })).body).toMatchObject({ field: 'querystring.cursor', message: MALFORMED });
    const unknown = await get(path, { status: 'available' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Unknown field(s): status');
    expect((await get(availablePath(randomUUID()), {})).status).toBe(404);
    const worker = await h.newUser();
    expect((await get(path, {}, worker.token)).status).toBe(403);
  });

  it('when there are 30,000 tasks and the package holds 5,000, then the page, a deep page and the search read indexes (EXPLAIN)', async () => {
    await h.query(`INSERT INTO tasks (id, title, description, reward, status, sort_order, created_at)
      SELECT gen_random_uuid(), 'Volume task ' || g, 'Volume', 1, (ARRAY['available', 'completed', 'pending'])[1 + g % 3], g % 5, now() - g * interval '1 second'
      FROM generate_series(1, 30000) g`);
    const packageId = await newPackage();
    await h.query(`INSERT INTO task_package_items (id, package_id, task_id, sort_order)
      SELECT gen_random_uuid(), $1, id, row_number() OVER () FROM (SELECT id FROM tasks WHERE title LIKE 'Volume task %' ORDER BY random() LIMIT 5000) t`, [packageId]);
    for (const table of ['tasks', 'task_package_items']) await h.query(`VACUUM ANALYZE ${table}`);
    const first = await get(availablePath(packageId), { pageSize: '50' });
    expect(first.body).toMatchObject({ total: 10_000, totalExact: false });

    const planOf = async (q: Partial<TPackageAvailableTasksQuery>) => {
      const statements: { text: string; values: unknown[] }[] = [];
      const recorder = { query: async (text: string, values: unknown[]) => { statements.push({ text, values }); return h.service.pool.query(text, values); } } as unknown as Queryable;
      await listTasksNotInPackagePage(recorder, packageId, { pageSize: 20, ...q } as TPackageAvailableTasksQuery);
      const page = statements.find((s) => s.text.includes('ORDER BY'))!;
      return (await h.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${page.text}`, page.values)).map((r) => r['QUERY PLAN']).join('\n');
    };
    const cases: [string, Partial<TPackageAvailableTasksQuery>, RegExp][] = [
      ['first page', {}, /tasks_order_idx/],
      ['deep page', { cursor: first.body.nextCursor as string }, /tasks_order_idx/],
      ['search', { search: 'task 12345' }, /tasks_title_search_idx/],
    ];
    for (const [name, query, index] of cases) {
      const plan = await planOf(query);
      expect(plan, name).toMatch(index);
      // "Not in the package" is looked up in the package's items by their unique index, never by reading them all.
      expect(plan, name).toMatch(/task_package_items_package_id_task_id_key/);
      expect(plan, name).not.toMatch(/Seq Scan/);
    }
  });
});
