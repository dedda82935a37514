import { randomUUID } from 'node:crypto';
import { pageThrough } from '@platform/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, startAdminHarness, type TAdminHarness } from './helpers.js';

let h: TAdminHarness;
beforeAll(async () => {
  h = await startAdminHarness('admin_audit_paging');
});
afterAll(async () => {
  await h?.close();
});

const list = (query: Record<string, string>) => callApi(h, 'GET', `/api/admin/audit-log?${new URLSearchParams(query).toString()}`);

/** Audit rows written straight into the table (the consumer that writes them is tested in audit-log.broker.test.ts). */
async function seed(rows: { createdAt: string; action?: string; actorId?: string }[]): Promise<string[]> {
  const ids: string[] = [];
  for (const r of rows) {
    const { rows: inserted } = await h.service.pool.query<{ id: string }>(
      `INSERT INTO audit_log (actor_id, action, target_type, target_id, created_at, event_id) VALUES ($1, $2, 'user', 'x', $3, $4) RETURNING id`,
      [r.actorId ?? randomUUID(), r.action ?? 'user.updated', r.createdAt, randomUUID()],
    );
    ids.push(inserted[0]!.id);
  }
  return ids;
}

describe('GET /api/admin/audit-log: paging by cursor', () => {
  it('when the log is paged by cursor while new rows arrive, then each existing row comes exactly once, newest first', async () => {
    const base = Date.parse('2025-02-01T00:00:00Z');
    // Triples share a created_at: the id breaks the tie.
    const seeded = await seed(Array.from({ length: 40 }, (_, i) => ({ createdAt: new Date(base + Math.floor(i / 3) * 1000).toISOString() })));
    const seen: { id: string; createdAt: string }[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await list(cursor ? { pageSize: '7', cursor } : { pageSize: '7' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ page: 1, pageSize: 7, totalExact: true });
      seen.push(...res.body.items);
      cursor = res.body.nextCursor;
      pages += 1;
      await seed([{ createdAt: new Date().toISOString() }]);
    } while (cursor && pages < 50);
    const ids = seen.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => seeded.includes(id))).toHaveLength(seeded.length);
    const keys = seen.map((r) => `${r.createdAt}|${r.id}`);
    expect(keys).toEqual([...keys].sort().reverse());
  });

  it('when a numbered page is asked, then its nextCursor continues where it ends', async () => {
    const page2 = await list({ page: '2', pageSize: '5' });
    const page3 = await list({ page: '3', pageSize: '5' });
    const byCursor = await list({ cursor: page2.body.nextCursor as string, pageSize: '5' });
    expect(byCursor.body.items.map((i: { id: string }) => i.id)).toEqual(page3.body.items.map((i: { id: string }) => i.id));
  });

  it('when the cursor is malformed, mixed with page, or a page is deeper than 10,000 rows, then 400 naming the field', async () => {
    const cursor = (await list({ pageSize: '1' })).body.nextCursor as string;
    const cases: [Record<string, string>, string, string][] = [
      [{ cursor: 'bad!' }, 'querystring.cursor', 'cursor is not valid: pass the nextCursor of the previous page of the same list'],
      [{ cursor: Buffer.from('["users.admin","2025-01-01T00:00:00.000000Z","00000000-0000-4000-8000-000000000000"]').toString('base64url') }, 'querystring.cursor', 'cursor is not valid: pass the nextCursor of the previous page of the same list'],
      [{ cursor, page: '2' }, 'querystring.page', 'Use cursor or page, not both'],
      [{ page: '501', pageSize: '20' }, 'querystring.page', 'page is too deep (past the first 10000 rows): page on with cursor'],
      [{ pageSize: '101' }, 'querystring.pageSize', 'pageSize must be a whole number from 1 to 100'],
    ];
    for (const [query, field, message] of cases) {
      const res = await list(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body).toMatchObject({ field, message });
    }
    expect((await list({ page: '500', pageSize: '20' })).status).toBe(200);
  });
});

describe('GET /api/admin/audit-log: oldest first', () => {
  it('when the log is paged oldest first while new rows arrive, then each existing row comes exactly once, in time order', async () => {
    const base = Date.parse('2020-03-01T00:00:00Z');
    const seeded = await seed(Array.from({ length: 26 }, (_, i) => ({ createdAt: new Date(base + Math.floor(i / 4) * 1000).toISOString() })));
    // New rows at both ends while the admin pages: the oldest of all and the newest.
    const seen = await pageThrough<{ id: string; createdAt: string }>(list, { sort: 'createdAt.asc' }, 6, (pages) =>
      seed([{ createdAt: new Date(base - pages * 60_000).toISOString() }, { createdAt: new Date().toISOString() }]),
    );
    const ids = seen.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => seeded.includes(id))).toHaveLength(seeded.length);
    const keys = seen.map((r) => `${r.createdAt}|${r.id}`);
    expect(keys).toEqual([...keys].sort());
    // Numbered pages follow the sort too.
    const first = await list({ sort: 'createdAt.asc', page: '1', pageSize: '3' });
    expect(first.body.items[0].createdAt <= first.body.items[2].createdAt).toBe(true);
  });

  it('when a cursor of one sort is sent with the other, or an unknown sort, then 400 naming the field', async () => {
    const oldest = (await list({ sort: 'createdAt.asc', pageSize: '1' })).body.nextCursor as string;
    const newest = (await list({ pageSize: '1' })).body.nextCursor as string;
    const cases: [Record<string, string>, string, string][] = [
      [{ cursor: oldest }, 'querystring.cursor', 'cursor is not valid: pass the nextCursor of the previous page of the same list'],
      [{ sort: 'createdAt.desc', cursor: oldest }, 'querystring.cursor', 'cursor is not valid: pass the nextCursor of the previous page of the same list'],
      [{ sort: 'createdAt.asc', cursor: newest }, 'querystring.cursor', 'cursor is not valid: pass the nextCursor of the previous page of the same list'],
      [{ sort: 'action.asc' }, 'querystring.sort', 'sort must be one of: createdAt.asc, createdAt.desc'],
    ];
    for (const [query, field, message] of cases) {
      const res = await list(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body).toMatchObject({ field, message });
    }
    expect((await list({ sort: 'createdAt.desc', cursor: newest })).status).toBe(200);
  });
});

describe('GET /api/admin/audit-log at volume', () => {
  it('when there are 30,000 rows, then total stops at 10,000 and each filter reads an index (EXPLAIN)', async () => {
    await h.service.pool.query(`INSERT INTO audit_log (actor_id, action, target_type, target_id, created_at, event_id)
      SELECT gen_random_uuid(), CASE WHEN g % 200 = 0 THEN 'withdrawal.rejected' ELSE 'user.updated' END, 'user', 't' || g,
        timestamptz '2024-01-01' + g * interval '1 minute', gen_random_uuid()
      FROM generate_series(1, 30000) g`);
    await h.service.pool.query('VACUUM ANALYZE audit_log');
    const all = await list({});
    expect(all.body).toMatchObject({ total: 10_000, totalExact: false });
    const deep = await list({ cursor: all.body.nextCursor as string });
    expect(deep.status).toBe(200);

    const plan = async (where: string, values: unknown[]) =>
      (await h.service.pool.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT a.id FROM audit_log a ${where} ORDER BY a.created_at DESC, a.id DESC LIMIT 21`, values,
      )).rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(await plan('', [])).toMatch(/audit_log_created_at_idx/);
    expect(await plan('WHERE (a.created_at, a.id) < ($1, $2)', ['2024-01-10T00:00:00Z', randomUUID()])).toMatch(/audit_log_created_at_idx/);
    expect(await plan('WHERE a.action = $1', ['withdrawal.rejected'])).toMatch(/audit_log_action_idx/);
    expect(await plan('WHERE a.target_type = $1 AND a.target_id = $2', ['user', 't77'])).toMatch(/audit_log_target_idx/);
    expect(await plan('WHERE a.actor_id = $1', [randomUUID()])).toMatch(/audit_log_actor_idx/);
    // Oldest first: the same indexes read backwards.
    const oldest = async (where: string, values: unknown[]) =>
      (await h.service.pool.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT a.id FROM audit_log a ${where} ORDER BY a.created_at ASC, a.id ASC LIMIT 21`, values,
      )).rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(await oldest('', [])).toMatch(/Index (Only )?Scan Backward using audit_log_created_at_idx/);
    expect(await oldest('WHERE (a.created_at, a.id) > ($1, $2)', ['2024-01-10T00:00:00Z', randomUUID()])).toMatch(/Index (Only )?Scan Backward using audit_log_created_at_idx/);
    expect(await oldest('WHERE a.action = $1', ['withdrawal.rejected'])).toMatch(/Index (Only )?Scan Backward using audit_log_action_idx/);
    const asc = await list({ sort: 'createdAt.asc' });
    expect(asc.status).toBe(200);
    expect((await list({ sort: 'createdAt.asc', cursor: asc.body.nextCursor as string })).status).toBe(200);
  });
});
