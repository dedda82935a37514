import { randomUUID } from 'node:crypto';
import type { TAdminSubmissionsQuery } from '@platform/contracts';
import type { Queryable } from '@platform/service-kit';
import { pageThrough } from '@platform/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listSubmissionsPage } from '../src/data-access/assignments.repository.js';
import { startWorkHarness, type TWorkHarness } from './helpers.js';

let h: TWorkHarness;
beforeAll(async () => {
  h = await startWorkHarness('work_submissions_paging');
});
afterAll(async () => {
  await h?.close();
});

const list = (query: Record<string, string>) => h.api('GET', `/api/admin/submissions?${new URLSearchParams(query).toString()}`, { token: h.admin.token });

/**
 * Submissions written straight into the service's tables (one task each: a task has one live assignment), submitted
 * within the last hour so the auto-approval job leaves them alone.
 */
async function seed(rows: { submittedAt: string; email?: string; firstName?: string; taskId?: string }[]): Promise<string[]> {
  const ids: string[] = [];
  for (const r of rows) {
    const userId = randomUUID();
    const taskId = r.taskId ?? randomUUID();
    const id = randomUUID();
    ids.push(id);
    await h.query(`INSERT INTO users (id, email, first_name, last_name, source_at) VALUES ($1, $2, $3, 'Worker', now())`, [userId, r.email ?? `s.${userId}@example.com`, r.firstName ?? 'Seed']);
    await h.query(`INSERT INTO tasks (id, title, description, reward, status) VALUES ($1, 'Seeded', 'Seeded task', 1, 'submitted') ON CONFLICT (id) DO NOTHING`, [taskId]);
    await h.query(`INSERT INTO task_assignments (id, task_id, user_id, status, submission, submitted_at) VALUES ($1, $2, $3, 'submitted', 'done', $4)`, [id, taskId, userId, r.submittedAt]);
  }
  return ids;
}

describe('GET /api/admin/submissions: paging', () => {
  it('when the queue is paged while new submissions arrive, then each waiting one comes exactly once, oldest first', async () => {
    const base = Date.now() - 3_600_000;
    const seeded = await seed(Array.from({ length: 35 }, (_, i) => ({ submittedAt: new Date(base + Math.floor(i / 3) * 1000).toISOString() })));
    const seen: { id: string; submittedAt: string }[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await list(cursor ? { pageSize: '6', cursor } : { pageSize: '6' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      seen.push(...res.body.items);
      cursor = res.body.nextCursor;
      pages += 1;
      await seed([{ submittedAt: new Date().toISOString() }]);
    } while (cursor && pages < 50);
    const ids = seen.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => seeded.includes(id))).toHaveLength(seeded.length);
    expect(ids.slice(0, seeded.length)).toEqual(ids.filter((id) => seeded.includes(id)));
  });

  it('when the queue is paged newest first while new submissions arrive, then each waiting one comes exactly once, newest first', async () => {
    const base = Date.now() - 5_400_000;
    const seeded = await seed(Array.from({ length: 23 }, (_, i) => ({ submittedAt: new Date(base + Math.floor(i / 3) * 1000).toISOString() })));
    // New submissions at both ends while the admin pages: the newest of all, and one older than any seeded.
    const seen = await pageThrough<{ id: string; submittedAt: string }>(list, { sort: 'submittedAt.desc' }, 5, (pages) =>
      seed([{ submittedAt: new Date().toISOString() }, { submittedAt: new Date(base - pages * 60_000).toISOString() }]),
    );
    const ids = seen.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => seeded.includes(id))).toHaveLength(seeded.length);
    const keys = seen.map((s) => `${new Date(s.submittedAt).toISOString()}|${s.id}`);
    expect(keys).toEqual([...keys].sort().reverse());
    // A cursor of the newest-first order is not one of the oldest-first order, nor the other way round.
    const newest = (await list({ sort: 'submittedAt.desc', pageSize: '1' })).body.nextCursor as string;
    const oldest = (await list({ pageSize: '1' })).body.nextCursor as string;
    for (const query of [{ cursor: newest }, { sort: 'submittedAt.asc', cursor: newest }, { sort: 'submittedAt.desc', cursor: oldest }] as Record<string, string>[]) {
      const res = await list(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.field).toBe('querystring.cursor');
    }
  });

  it('when pageSize, a filter or the cursor is bad, then 400 naming it', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ pageSize: '101' }, 'querystring.pageSize', 'pageSize must be a whole number from 1 to 100'],
      [{ cursor: 'x!' }, 'querystring.cursor', 'cursor is not valid: pass the nextCursor of the previous page of the same list'],
      [{ cursor: Buffer.from('["submissions.awaiting","soon","x"]').toString('base64url') }, 'querystring.cursor', 'cursor is not valid: pass the nextCursor of the previous page of the same list'],
      [{ taskId: 'abc' }, 'querystring.taskId', 'taskId must be a task id'],
      [{ user: 'ab' }, 'querystring.user', 'user must be at least 3 characters'],
      [{ sort: 'reward.desc' }, 'querystring.sort', 'sort must be one of: submittedAt.asc, submittedAt.desc'],
    ];
    for (const [query, field, message] of cases) {
      const res = await list(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body).toMatchObject({ field, message });
    }
    const unknown = await list({ status: 'submitted' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Unknown field(s): status');
    const first = await list({});
    expect(first.body.items).toHaveLength(20);
    expect(first.body.totalExact).toBe(true);
  });

  it('when filtered by user, task and time, then only the matching submissions come', async () => {
    const tag = randomUUID().slice(0, 8);
    const taskId = randomUUID();
    const at = new Date(Date.now() - 1_800_000).toISOString();
    const [kim, onTask] = await seed([{ submittedAt: at, email: `kim.${tag}@example.com`, firstName: 'Kim' }, { submittedAt: at, taskId }]);
    const ids = async (query: Record<string, string>) => (await list({ pageSize: '100', ...query })).body.items.map((s: { id: string }) => s.id);
    expect(await ids({ user: `KIM.${tag}` })).toEqual([kim]);
    expect(await ids({ taskId })).toEqual([onTask]);
    expect((await ids({ from: at, to: at })).sort()).toEqual([kim, onTask].sort());
  });
});

describe('GET /api/admin/submissions at volume', () => {
  it('when 30,000 submissions wait, then each filter reads an index (EXPLAIN)', async () => {
    await h.query(`INSERT INTO users (id, email, first_name, last_name, source_at)
      SELECT gen_random_uuid(), 'bulk' || g || '@example.com', 'Bulk', 'Worker' || g, now() FROM generate_series(1, 20000) g`);
    await h.query(`INSERT INTO tasks (id, title, description, reward, status)
      SELECT gen_random_uuid(), 'Bulk', 'Bulk task', 1, 'submitted' FROM generate_series(1, 30000) g`);
    await h.query(`INSERT INTO task_assignments (id, task_id, user_id, status, submission, submitted_at)
      SELECT gen_random_uuid(), t.id, (SELECT id FROM users ORDER BY id LIMIT 1), 'submitted', 'done', now() - interval '50 minutes' + row_number() OVER () * interval '1 millisecond'
      FROM tasks t WHERE t.title = 'Bulk'`);
    await h.query('VACUUM ANALYZE task_assignments');
    await h.query('VACUUM ANALYZE users');
    const planOf = async (query: Partial<TAdminSubmissionsQuery>) => {
      const statements: { text: string; values: unknown[] }[] = [];
      const recorder = { query: async (text: string, values: unknown[]) => { statements.push({ text, values }); return h.service.pool.query(text, values); } } as unknown as Queryable;
      await listSubmissionsPage(recorder, { pageSize: 20, ...query } as TAdminSubmissionsQuery);
      const page = statements.find((s) => s.text.includes('ORDER BY'))!;
      return (await h.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${page.text}`, page.values)).map((r) => r['QUERY PLAN']).join('\n');
    };
    const first = await list({ pageSize: '50' });
    const cases: [Partial<TAdminSubmissionsQuery>, RegExp][] = [
      [{}, /task_assignments_submitted_idx/],
      [{ cursor: first.body.nextCursor as string }, /task_assignments_submitted_idx/],
      [{ taskId: randomUUID() }, /task_assignments_task_submitted_idx/],
      [{ user: 'worker12345' }, /users_search_idx/],
      [{ sort: 'submittedAt.desc' }, /Index Scan Backward using task_assignments_submitted_idx/],
      [{ sort: 'submittedAt.desc', taskId: randomUUID() }, /Index Scan Backward using task_assignments_task_submitted_idx/],
    ];
    for (const [query, index] of cases) {
      const plan = await planOf(query);
      expect(plan, JSON.stringify(query)).toMatch(index);
      expect(plan, JSON.stringify(query)).not.toMatch(/Seq Scan on task_assignments/);
    }
  });
});
