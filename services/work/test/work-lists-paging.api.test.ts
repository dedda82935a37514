import { randomUUID } from 'node:crypto';
import type { TAdminTasksQuery, TCompletedTasksQuery, TTaskPackagesQuery, TTaskRequestsQuery } from '@platform/contracts';
import { encodeCursor, type Queryable } from '@platform/service-kit';
import { expectPagingRefusals } from '@platform/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listPackagesPage } from '../src/data-access/task-packages.repository.js';
import { listTaskRequestsPage } from '../src/data-access/task-requests.repository.js';
import { listCompletedPage, listTasksPage } from '../src/data-access/tasks.repository.js';
import { startWorkHarness, type TTestUser, type TWorkHarness } from './helpers.js';

/*
 * The paging convention (contracts paging.ts) on the work service's other growing lists: admin tasks, task requests,
 * task packages and the worker's completed tasks. Rows are written straight into the service's tables.
 */

let h: TWorkHarness;
beforeAll(async () => {
  h = await startWorkHarness('work_lists_paging');
});
afterAll(async () => {
  await h?.close();
});

const get = (path: string, query: Record<string, string>, token = h.admin.token) =>
  h.api('GET', `${path}?${new URLSearchParams(query).toString()}`, { token });

/** Pages through a list, calling `between` after each page; every item in the order the pages gave them. */
async function pageThrough<T>(path: string, query: Record<string, string>, between: () => Promise<void>, token?: string): Promise<T[]> {
  const seen: T[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await get(path, cursor ? { ...query, cursor } : query, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    seen.push(...(res.body.items as T[]));
    cursor = res.body.nextCursor;
    pages += 1;
    await between();
  } while (cursor && pages < 100);
  return seen;
}

const MALFORMED = 'cursor is not valid: pass the nextCursor of the previous page of the same list';

const SUBMISSIONS_CURSOR = encodeCursor('submissions.awaiting', [new Date().toISOString(), randomUUID()]);

async function seedTasks(rows: { sortOrder: number; createdAt: string; title?: string; status?: string; reward?: string }[]): Promise<string[]> {
  const ids: string[] = [];
  for (const r of rows) {
    const id = randomUUID();
    ids.push(id);
    await h.query(`INSERT INTO tasks (id, title, description, reward, status, sort_order, created_at) VALUES ($1, $2, 'Seeded task', $6, $3, $4, $5)`, [
      id,
      r.title ?? `Seeded ${id.slice(0, 8)}`,
      r.status ?? 'available',
      r.sortOrder,
      r.createdAt,
      r.reward ?? '1',
    ]);
  }
  return ids;
}

describe('GET /api/admin/tasks: paging', () => {
  it('when the tasks are paged while new ones are created, then each existing task comes exactly once, in the admin order', async () => {
    const base = Date.now() - 3_600_000;
    // Ties on purpose: three tasks share each creation time and the sort orders repeat.
    const seeded = await seedTasks(Array.from({ length: 35 }, (_, i) => ({ sortOrder: i % 3, createdAt: new Date(base + Math.floor(i / 3) * 1000).toISOString() })));
    const seen = await pageThrough<{ id: string; sortOrder: number; createdAt: string }>('/api/admin/tasks', { pageSize: '6' }, async () => {
      await seedTasks([{ sortOrder: 1, createdAt: new Date().toISOString() }, { sortOrder: 0, createdAt: new Date(base - 1000).toISOString() }]);
    });
    const ids = seen.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => seeded.includes(id))).toHaveLength(seeded.length);
    const keys = seen.map((t) => [t.sortOrder, t.createdAt, t.id] as const);
    const sorted = [...keys].sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0) || (a[2] < b[2] ? -1 : a[2] > b[2] ? 1 : 0));
    expect(keys).toEqual(sorted);
  });

  it('when the tasks are paged in each sort while new ones are created, then each existing task comes exactly once, in that order', async () => {
    const base = Date.now() - 7_200_000;
    const seeded = await seedTasks(Array.from({ length: 25 }, (_, i) => ({ sortOrder: i % 3, reward: `${(i % 4) * 2 + 1}.50`, createdAt: new Date(base + (i % 5) * 1000).toISOString() })));
    // Estimates that do not follow the rewards, so pay per hour orders the tasks otherwise than the reward does.
    await h.query(`UPDATE tasks SET estimated_minutes = 5 + (array_position($1::uuid[], id) * 7) % 50 WHERE id = ANY($1::uuid[])`, [seeded]);
    type TSeen = { id: string; sortOrder: number; reward: string; createdAt: string; pay: { hourlyRate: string } };
    const byId = (a: TSeen, b: TSeen) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    const compare: Record<string, (a: TSeen, b: TSeen) => number> = {
      sortOrder: (a, b) => a.sortOrder - b.sortOrder || Date.parse(a.createdAt) - Date.parse(b.createdAt) || byId(a, b),
      reward: (a, b) => Number(a.reward) - Number(b.reward) || byId(a, b),
      createdAt: (a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || byId(a, b),
      hourlyRate: (a, b) => Number(a.pay.hourlyRate) - Number(b.pay.hourlyRate) || byId(a, b),
    };
    let added = 0;
    for (const sort of ['sortOrder.desc', 'reward.asc', 'reward.desc', 'createdAt.asc', 'createdAt.desc', 'hourlyRate.asc', 'hourlyRate.desc']) {
      const seen = await pageThrough<TSeen>('/api/admin/tasks', { sort, pageSize: '6' }, async () => {
        added += 1;
        // New tasks at both ends of every order.
        await seedTasks([
          { sortOrder: 0, reward: '0.01', createdAt: new Date(base - added * 60_000).toISOString() },
          { sortOrder: 9, reward: '9999', createdAt: new Date().toISOString() },
        ]);
      });
      const ids = seen.map((t) => t.id);
      expect(new Set(ids).size, sort).toBe(ids.length);
      expect(ids.filter((id) => seeded.includes(id)), sort).toHaveLength(seeded.length);
      const [field, direction] = sort.split('.') as [string, string];
      const ordered = [...seen].sort(compare[field]);
      expect(ids, sort).toEqual((direction === 'asc' ? ordered : ordered.reverse()).map((t) => t.id));
    }
  });

  it('when a cursor of one sort is sent with another, or the sort is unknown, then 400 naming the field', async () => {
    const byReward = await get('/api/admin/tasks', { sort: 'reward.asc', pageSize: '1' });
    expect(byReward.status).toBe(200);
    for (const query of [{}, { sort: 'reward.desc' }, { sort: 'createdAt.asc' }] as Record<string, string>[]) {
      const res = await get('/api/admin/tasks', { ...query, cursor: byReward.body.nextCursor as string });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body).toMatchObject({ field: 'querystring.cursor', message: MALFORMED });
    }
    expect((await get('/api/admin/tasks', { sort: 'title.asc' })).body).toMatchObject({
      field: 'querystring.sort',
      message: 'sort must be one of: sortOrder.asc, sortOrder.desc, reward.asc, reward.desc, createdAt.asc, createdAt.desc, hourlyRate.asc, hourlyRate.desc',
    });
  });

  it('when filtered by status and by part of the title, then only the matching tasks come, counted', async () => {
    const tag = randomUUID().slice(0, 8);
    const at = new Date().toISOString();
    const [match, other] = await seedTasks([
      { sortOrder: 0, createdAt: at, title: `Shopfront 100%_${tag}`, status: 'completed' },
      { sortOrder: 0, createdAt: at, title: `Shopfront plain ${tag}`, status: 'available' },
    ]);
    const ids = async (query: Record<string, string>) => {
      const res = await get('/api/admin/tasks', { pageSize: '100', ...query });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.items.map((t: { id: string }) => t.id);
    };
    expect((await ids({ search: tag.toUpperCase() })).sort()).toEqual([match, other].sort());
    expect(await ids({ search: `100%_${tag}` })).toEqual([match]);
    expect(await ids({ search: tag, status: 'completed' })).toEqual([match]);
    const page = await get('/api/admin/tasks', { search: tag, pageSize: '1' });
    expect(page.body).toMatchObject({ total: 2, totalExact: true });
    expect(page.body.items).toHaveLength(1);
    expect(page.body.nextCursor).toEqual(expect.any(String));
  });

  it('when pageSize, a filter or the cursor is bad, then 400 naming it; a worker is refused', async () => {
    await expectPagingRefusals((q) => get('/api/admin/tasks', q), [SUBMISSIONS_CURSOR]);
    expect((await get('/api/admin/tasks', { search: 'ab' })).body).toMatchObject({ field: 'querystring.search', message: 'search must be at least 3 characters' });
    expect((await get('/api/admin/tasks', { status: 'lost' })).body).toMatchObject({ field: 'querystring.status' });
    const worker = await h.newUser();
    expect((await get('/api/admin/tasks', {}, worker.token)).status).toBe(403);
    const first = await get('/api/admin/tasks', {});
    expect(first.body.items).toHaveLength(20);
  });
});

async function seedRequests(rows: { requestedAt: string; status?: string; userId?: string; email?: string }[]): Promise<string[]> {
  const ids: string[] = [];
  for (const r of rows) {
    const userId = r.userId ?? randomUUID();
    if (!r.userId || r.email) {
      await h.query(`INSERT INTO users (id, email, first_name, last_name, source_at) VALUES ($1, $2, 'Req', 'Worker', now()) ON CONFLICT (id) DO NOTHING`, [userId, r.email ?? `r.${userId}@example.com`]);
    }
    const [taskId] = await seedTasks([{ sortOrder: 0, createdAt: r.requestedAt, status: r.status === 'pending' || !r.status ? 'pending' : 'available' }]);
    const id = randomUUID();
    ids.push(id);
    await h.query(`INSERT INTO task_requests (id, task_id, user_id, status, requested_at) VALUES ($1, $2, $3, $4, $5)`, [id, taskId, userId, r.status ?? 'pending', r.requestedAt]);
  }
  return ids;
}

describe('GET /api/admin/task-requests: paging', () => {
  it('when the requests are paged while new ones arrive, then each existing request comes exactly once, newest first', async () => {
    const base = Date.now() - 3_600_000;
    const seeded = await seedRequests(Array.from({ length: 35 }, (_, i) => ({ requestedAt: new Date(base + Math.floor(i / 3) * 1000).toISOString() })));
    const seen = await pageThrough<{ id: string; requestedAt: string }>('/api/admin/task-requests', { pageSize: '6' }, async () => {
      await seedRequests([{ requestedAt: new Date().toISOString() }]);
    });
    const ids = seen.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => seeded.includes(id))).toHaveLength(seeded.length);
    const keys = seen.map((r) => `${r.requestedAt} ${r.id}`);
    expect(keys).toEqual([...keys].sort().reverse());
  });

  it('when filtered by status, user and time, then only the matching requests come', async () => {
    const tag = randomUUID().slice(0, 8);
    const at = new Date(Date.now() - 7 * 86_400_000).toISOString();
    const [kim] = await seedRequests([{ requestedAt: at, email: `kim.${tag}@example.com`, status: 'approved' }]);
    const [old] = await seedRequests([{ requestedAt: '2020-01-02T10:00:00.000Z', status: 'rejected' }]);
    const ids = async (query: Record<string, string>) => {
      const res = await get('/api/admin/task-requests', { pageSize: '100', ...query });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.items.map((r: { id: string }) => r.id);
    };
    expect(await ids({ user: `KIM.${tag}` })).toEqual([kim]);
    expect(await ids({ user: `kim.${tag}`, status: 'pending' })).toEqual([]);
    expect(await ids({ from: '2020-01-02', to: '2020-01-02' })).toEqual([old]);
    expect(await ids({ status: 'rejected', to: '2020-01-02' })).toEqual([old]);
    const approved = await ids({ status: 'approved' });
    expect(approved).toContain(kim);
    expect(approved).not.toContain(old);
  });

  it('when pageSize, a filter or the cursor is bad, then 400 naming it; a worker is refused', async () => {
    await expectPagingRefusals((q) => get('/api/admin/task-requests', q), [SUBMISSIONS_CURSOR]);
    expect((await get('/api/admin/task-requests', { status: 'maybe' })).body).toMatchObject({ field: 'querystring.status' });
    expect((await get('/api/admin/task-requests', { user: 'ab' })).body).toMatchObject({ field: 'querystring.user', message: 'user must be at least 3 characters' });
    expect((await get('/api/admin/task-requests', { from: '2020-02-31' })).body).toMatchObject({ field: 'querystring.from' });
    expect((await get('/api/admin/task-requests', { from: '2021-01-02', to: '2021-01-01' })).body).toMatchObject({ field: 'querystring.to', message: 'to must not be before from' });
    // A cursor of the admin's task list is not one of this list.
    const tasksPage = await get('/api/admin/tasks', { pageSize: '1' });
    expect((await get('/api/admin/task-requests', { cursor: tasksPage.body.nextCursor })).body).toMatchObject({ field: 'querystring.cursor', message: MALFORMED });
    const worker = await h.newUser();
    expect((await get('/api/admin/task-requests', {}, worker.token)).status).toBe(403);
  });
});

describe('GET /api/admin/task-requests/stats', () => {
  it('when requests are pending, approved and rejected, then the cards count them over all requests and sum the pending rewards', async () => {
    const before = (await h.api('GET', '/api/admin/task-requests/stats', { token: h.admin.token })).body;
    const at = new Date().toISOString();
    const [pendingA, pendingB] = await seedRequests([{ requestedAt: at }, { requestedAt: at }]);
    await seedRequests([{ requestedAt: at, status: 'approved' }, { requestedAt: at, status: 'rejected' }]);
    await h.query(`UPDATE tasks SET reward = 2.25 WHERE id IN (SELECT task_id FROM task_requests WHERE id = ANY($1::uuid[]))`, [[pendingA, pendingB]]);
    const res = await h.api('GET', '/api/admin/task-requests/stats', { token: h.admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      pending: before.pending + 2,
      approved: before.approved + 1,
      approvedExact: true,
      pendingRewards: (Number(before.pendingRewards) + 4.5).toFixed(2),
    });
    const worker = await h.newUser();
    expect((await h.api('GET', '/api/admin/task-requests/stats', { token: worker.token })).status).toBe(403);
    expect((await h.api('GET', '/api/admin/task-requests/stats?x=1', { token: h.admin.token })).status).toBe(400);
  });
});

async function seedPackages(rows: { createdAt: string; name?: string; isActive?: boolean }[]): Promise<string[]> {
  const ids: string[] = [];
  for (const r of rows) {
    const id = randomUUID();
    ids.push(id);
    await h.query(`INSERT INTO task_packages (id, name, is_active, created_at) VALUES ($1, $2, $3, $4)`, [id, r.name ?? `Pack ${id.slice(0, 8)}`, r.isActive ?? true, r.createdAt]);
  }
  return ids;
}

describe('GET /api/admin/task-packages: paging', () => {
  it('when the packages are paged while new ones are created, then each existing package comes exactly once, oldest first', async () => {
    const base = Date.now() - 3_600_000;
    const seeded = await seedPackages(Array.from({ length: 35 }, (_, i) => ({ createdAt: new Date(base + Math.floor(i / 3) * 1000).toISOString() })));
    const seen = await pageThrough<{ id: string; createdAt: string }>('/api/admin/task-packages', { pageSize: '6' }, async () => {
      await seedPackages([{ createdAt: new Date().toISOString() }, { createdAt: new Date(base - 1000).toISOString() }]);
    });
    const ids = seen.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => seeded.includes(id))).toEqual(seeded.slice().sort((a, b) => {
      const at = (id: string) => Math.floor(seeded.indexOf(id) / 3);
      return at(a) - at(b) || (a < b ? -1 : 1);
    }));
  });

  it('when filtered by active and by part of the name, then only the matching packages come', async () => {
    const tag = randomUUID().slice(0, 8);
    const at = new Date().toISOString();
    const [on, off] = await seedPackages([{ createdAt: at, name: `Starter ${tag}` }, { createdAt: at, name: `Retired ${tag}`, isActive: false }]);
    const ids = async (query: Record<string, string>) => (await get('/api/admin/task-packages', { pageSize: '100', ...query })).body.items.map((p: { id: string }) => p.id);
    expect((await ids({ search: tag })).sort()).toEqual([on, off].sort());
    expect(await ids({ search: tag, active: 'true' })).toEqual([on]);
    expect(await ids({ search: tag, active: 'false' })).toEqual([off]);
  });

  it('when pageSize, a filter or the cursor is bad, then 400 naming it; a worker is refused', async () => {
    await expectPagingRefusals((q) => get('/api/admin/task-packages', q), [SUBMISSIONS_CURSOR]);
    expect((await get('/api/admin/task-packages', { active: 'yes' })).body).toMatchObject({ field: 'querystring.active', message: 'active must be true or false' });
    const worker = await h.newUser();
    expect((await get('/api/admin/task-packages', {}, worker.token)).status).toBe(403);
  });
});

async function seedCompleted(worker: TTestUser, count: number, completedAt: (i: number) => string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const at = completedAt(i);
    const [taskId] = await seedTasks([{ sortOrder: 0, createdAt: at, status: 'completed' }]);
    const id = randomUUID();
    ids.push(id);
    await h.query(
      `INSERT INTO task_assignments (id, task_id, user_id, status, submission, submitted_at, completed_at) VALUES ($1, $2, $3, 'completed', 'done', $4, $4)`,
      [id, taskId, worker.id, at],
    );
  }
  return ids;
}

describe('GET /api/tasks/completed', () => {
  it('when a worker pages their completed tasks while more are approved, then each comes exactly once, newest first, and only theirs', async () => {
    const worker = await h.newUser();
    const other = await h.newUser();
    const base = Date.now() - 3_600_000;
    const mine = await seedCompleted(worker, 25, (i) => new Date(base + Math.floor(i / 2) * 1000).toISOString());
    const theirs = await seedCompleted(other, 3, () => new Date(base).toISOString());
    const seen = await pageThrough<{ id: string; completedAt: string; title: string; reward: string }>(
      '/api/tasks/completed',
      { pageSize: '4' },
      async () => {
        await seedCompleted(worker, 1, () => new Date().toISOString());
      },
      worker.token,
    );
    const ids = seen.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => mine.includes(id))).toHaveLength(mine.length);
    expect(ids.filter((id) => theirs.includes(id))).toEqual([]);
    const keys = seen.map((t) => `${t.completedAt} ${t.id}`);
    expect(keys).toEqual([...keys].sort().reverse());
    expect(seen[0]).toMatchObject({ reward: '1.00', title: expect.stringMatching(/^Seeded /) });

    const otherPage = await get('/api/tasks/completed', {}, other.token);
    expect(otherPage.body).toMatchObject({ total: 3, totalExact: true, nextCursor: null });
    expect(otherPage.body.items.map((t: { id: string }) => t.id).sort()).toEqual([...theirs].sort());
  });

  it("when a worker sends another worker's cursor, then they still read only their own rows", async () => {
    const alice = await h.newUser();
    const bob = await h.newUser();
    const base = Date.now() - 600_000;
    await seedCompleted(alice, 3, (i) => new Date(base + i * 1000).toISOString());
    const bobs = await seedCompleted(bob, 2, (i) => new Date(base - 60_000 + i * 1000).toISOString());
    const alicePage = await get('/api/tasks/completed', { pageSize: '1' }, alice.token);
    const res = await get('/api/tasks/completed', { cursor: alicePage.body.nextCursor }, bob.token);
    expect(res.status).toBe(200);
    expect(res.body.items.map((t: { id: string }) => t.id).sort()).toEqual([...bobs].sort());
  });

  it('when pageSize or the cursor is bad or a filter unknown, then 400 naming it; without a token 401', async () => {
    const worker = await h.newUser();
    await expectPagingRefusals((q) => get('/api/tasks/completed', q, worker.token), [SUBMISSIONS_CURSOR]);
    expect((await get('/api/tasks/completed', { userId: worker.id }, worker.token)).body.message).toBe('Unknown field(s): userId');
    expect((await h.api('GET', '/api/tasks/completed')).status).toBe(401);
  });
});

describe('the lists at volume', () => {
  it('when there are 30,000 tasks, requests and completed tasks, then each list and filter reads an index (EXPLAIN)', async () => {
    await h.query(`INSERT INTO users (id, email, first_name, last_name, source_at)
      SELECT gen_random_uuid(), 'vol' || g || '@example.com', 'Volume', 'Worker' || g, now() FROM generate_series(1, 20000) g`);
    await h.query(`INSERT INTO tasks (id, title, description, reward, status, sort_order, created_at)
      SELECT gen_random_uuid(), 'Volume task ' || g, 'Volume', 1, (ARRAY['available', 'completed', 'pending'])[1 + g % 3], g % 5, now() - g * interval '1 second'
      FROM generate_series(1, 30000) g`);
    const heavy = randomUUID();
    await h.query(`INSERT INTO task_requests (id, task_id, user_id, status, requested_at)
      SELECT gen_random_uuid(), t.id, gen_random_uuid(), 'approved', t.created_at
      FROM tasks t WHERE t.title LIKE 'Volume task %'`);
    await h.query(`INSERT INTO task_assignments (id, task_id, user_id, status, submission, submitted_at, completed_at)
      SELECT gen_random_uuid(), t.id, CASE WHEN row_number() OVER () % 2 = 0 THEN $1::uuid ELSE gen_random_uuid() END, 'completed', 'done', t.created_at, t.created_at
      FROM tasks t WHERE t.title LIKE 'Volume task %'`, [heavy]);
    await h.query(`INSERT INTO task_packages (id, name, is_active, created_at)
      -- A few packages retired (is_active false), as on a real platform.
      SELECT gen_random_uuid(), 'Volume pack ' || g, g % 20 <> 0, now() - g * interval '1 second' FROM generate_series(1, 30000) g`);
    for (const table of ['tasks', 'task_requests', 'task_assignments', 'task_packages', 'users']) await h.query(`VACUUM ANALYZE ${table}`);

    /** The plan of the page query a repository call runs (the one with ORDER BY; the count is the other). */
    const planOf = async (run: (db: Queryable) => Promise<unknown>) => {
      const statements: { text: string; values: unknown[] }[] = [];
      const recorder = { query: async (text: string, values: unknown[]) => { statements.push({ text, values }); return h.service.pool.query(text, values); } } as unknown as Queryable;
      await run(recorder);
      const page = statements.find((s) => s.text.includes('ORDER BY'))!;
      return (await h.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${page.text}`, page.values)).map((r) => r['QUERY PLAN']).join('\n');
    };
    const tasksCursor = (await get('/api/admin/tasks', { pageSize: '50' })).body.nextCursor as string;
    const rewardCursor = (await get('/api/admin/tasks', { sort: 'reward.desc', pageSize: '50' })).body.nextCursor as string;
    const requestsCursor = (await get('/api/admin/task-requests', { pageSize: '50' })).body.nextCursor as string;
    const packagesCursor = (await get('/api/admin/task-packages', { pageSize: '50' })).body.nextCursor as string;
    const rateCursor = (await get('/api/admin/tasks', { sort: 'hourlyRate.desc', pageSize: '50' })).body.nextCursor as string;
    const tasks = (q: Partial<TAdminTasksQuery>) => (db: Queryable) => listTasksPage(db, { pageSize: 20, ...q } as TAdminTasksQuery, '8.00');
    const requests = (q: Partial<TTaskRequestsQuery>) => (db: Queryable) => listTaskRequestsPage(db, { pageSize: 20, ...q } as TTaskRequestsQuery);
    const packages = (q: Partial<TTaskPackagesQuery>) => (db: Queryable) => listPackagesPage(db, { pageSize: 20, ...q } as TTaskPackagesQuery);
    const completed = (q: Partial<TCompletedTasksQuery>) => (db: Queryable) => listCompletedPage(db, heavy, { pageSize: 20, ...q } as TCompletedTasksQuery);
    const heavyCursor = (await listCompletedPage(h.service.pool, heavy, { pageSize: 50 } as TCompletedTasksQuery)).nextCursor as string;
    const cases: [string, (db: Queryable) => Promise<unknown>, RegExp, RegExp][] = [
      ['tasks', tasks({}), /tasks_order_idx/, /Seq Scan on tasks/],
      ['tasks cursor', tasks({ cursor: tasksCursor }), /tasks_order_idx/, /Seq Scan on tasks/],
      ['tasks status', tasks({ status: 'completed' }), /tasks_status_idx/, /Seq Scan on tasks/],
      ['tasks search', tasks({ search: 'task 12345' }), /tasks_title_search_idx/, /Seq Scan on tasks/],
      ['tasks sortOrder.desc', tasks({ sort: 'sortOrder.desc' }), /Index (Only )?Scan Backward using tasks_order_idx/, /Seq Scan on tasks/],
      ['tasks reward.asc', tasks({ sort: 'reward.asc' }), /tasks_reward_idx/, /Seq Scan on tasks/],
      ['tasks reward.desc cursor', tasks({ sort: 'reward.desc', cursor: rewardCursor }), /Index (Only )?Scan Backward using tasks_reward_idx/, /Seq Scan on tasks/],
      ['tasks createdAt.asc', tasks({ sort: 'createdAt.asc' }), /tasks_created_idx/, /Seq Scan on tasks/],
      ['tasks createdAt.desc', tasks({ sort: 'createdAt.desc' }), /Index (Only )?Scan Backward using tasks_created_idx/, /Seq Scan on tasks/],
      ['tasks hourlyRate.asc', tasks({ sort: 'hourlyRate.asc' }), /tasks_hourly_rate_idx/, /Seq Scan on tasks/],
      ['tasks hourlyRate.desc cursor', tasks({ sort: 'hourlyRate.desc', cursor: rateCursor }), /Index (Only )?Scan Backward using tasks_hourly_rate_idx/, /Seq Scan on tasks/],
      ['tasks underpaid', tasks({ underpaid: 'true' }), /tasks_median_rate_idx/, /Seq Scan on tasks/],
      ['requests', requests({}), /task_requests_requested_idx/, /Seq Scan on task_requests/],
      ['requests cursor', requests({ cursor: requestsCursor }), /task_requests_requested_idx/, /Seq Scan on task_requests/],
      ['requests status', requests({ status: 'pending' }), /task_requests_status_requested_idx/, /Seq Scan on task_requests/],
      ['requests user', requests({ user: 'worker12345' }), /users_search_idx/, /Seq Scan on task_requests/],
      ['packages', packages({}), /task_packages_created_idx/, /Seq Scan on task_packages/],
      ['packages cursor', packages({ cursor: packagesCursor }), /task_packages_created_idx/, /Seq Scan on task_packages/],
      ['packages active', packages({ active: 'false' }), /task_packages_active_created_idx/, /Seq Scan on task_packages/],
      ['packages search', packages({ search: 'pack 12345' }), /task_packages_name_search_idx/, /Seq Scan on task_packages/],
      ['completed', completed({}), /task_assignments_user_completed_idx/, /Seq Scan on task_assignments/],
      ['completed cursor', completed({ cursor: heavyCursor }), /task_assignments_user_completed_idx/, /Seq Scan on task_assignments/],
    ];
    for (const [name, run, index, seqScan] of cases) {
      const plan = await planOf(run);
      expect(plan, name).toMatch(index);
      expect(plan, name).not.toMatch(seqScan);
    }
    // Each listed task's slot is looked up by index, not by scanning every assignment per row.
    expect(await planOf(tasks({}))).toMatch(/task_assignments_task_slot_idx/);
  });
});
