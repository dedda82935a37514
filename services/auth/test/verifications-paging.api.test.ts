import { randomUUID } from 'node:crypto';
import type { TAdminVerificationList, TAdminVerificationsQuery } from '@platform/contracts';
import { expectPagingRefusals } from '@platform/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listVerificationsPage } from '../src/data-access/verifications.repository.js';
import { startTestService, type TTestService } from './helpers.js';
import { adminTokenOf, expectRefused, expectSorted, pageThrough, planOf, seedUsers } from './paging-helpers.js';

let t: TTestService;
let adminToken: string;

beforeAll(async () => {
  t = await startTestService('auth_verifications_paging');
  adminToken = await adminTokenOf(t);
});
afterAll(async () => {
  await t?.close();
});

interface TSeedApplication {
  userId?: string;
  status?: 'pending' | 'approved' | 'rejected';
  submittedAt: string;
  reviewedAt?: string;
}

/** Applications written straight into the table (each pending one for its own user: one pending per user). */
async function seed(applications: TSeedApplication[]): Promise<string[]> {
  const ids: string[] = [];
  for (const a of applications) {
    const userId = a.userId ?? (await seedUsers(t, [{}]))[0]!;
    const status = a.status ?? 'pending';
    const { rows } = await t.service.pool.query<{ id: string }>(
      `INSERT INTO user_verifications (user_id, full_name, date_of_birth, address, city, country, postal_code, document_type, document_number,
         status, rejection_reason, reviewed_at, submitted_at)
       VALUES ($1, 'Ada Lovelace', '1990-01-01', '1 Main St', 'London', 'GB', 'N1', 'passport', 'P123456789', $2, $3, $4, $5) RETURNING id`,
      [userId, status, status === 'rejected' ? 'Blurred' : null, status === 'pending' ? null : (a.reviewedAt ?? a.submittedAt), a.submittedAt],
    );
    ids.push(rows[0]!.id);
  }
  return ids;
}

function list(query: Record<string, string>) {
  return t.api('GET', `/api/admin/verifications?${new URLSearchParams(query).toString()}`, { token: adminToken });
}

const at = (base: string, seconds: number) => new Date(Date.parse(base) + seconds * 1000).toISOString();

describe('GET /api/admin/verifications: paging', () => {
  it('when the queue is paged while workers apply, then each waiting application comes exactly once, oldest first', async () => {
    // Pairs share a submitted_at: the id breaks the tie.
    const seeded = await seed(Array.from({ length: 45 }, (_, i) => ({ submittedAt: at('2020-03-01T00:00:00Z', Math.floor(i / 2)) })));
    const seen = await pageThrough<{ id: string; submittedAt: string; status: string }>(list, { status: 'pending' }, 8, () =>
      // Applied while the admin pages: newer than every listed one, and one back-dated into the middle of the queue.
      seed([{ submittedAt: new Date().toISOString() }, { submittedAt: at('2020-03-01T00:00:00Z', 11.5) }]),
    );
    const ids = seen.map((v) => v.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => seeded.includes(id))).toHaveLength(seeded.length);
    expect(seen.every((v) => v.status === 'pending')).toBe(true);
    expectSorted(seen.filter((v) => seeded.includes(v.id)).map((v) => `${v.submittedAt}|${v.id}`), 'asc');
  });

  it('when the approved ones are paged while others are decided, then each comes exactly once, newest decision first', async () => {
    const seeded = await seed(
      Array.from({ length: 30 }, (_, i) => ({ status: 'approved' as const, submittedAt: '2019-01-01T00:00:00Z', reviewedAt: at('2019-06-01T00:00:00Z', Math.floor(i / 3)) })),
    );
    const seen = await pageThrough<{ id: string; reviewedAt: string }>(list, { status: 'approved' }, 7, () =>
      seed([{ status: 'approved', submittedAt: '2019-01-01T00:00:00Z', reviewedAt: new Date().toISOString() }]),
    );
    const ids = seen.map((v) => v.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => seeded.includes(id))).toHaveLength(seeded.length);
    expectSorted(seen.filter((v) => seeded.includes(v.id)).map((v) => `${v.reviewedAt}|${v.id}`), 'desc');
  });

  it('when pageSize is above 100 or not a whole number, then 400 naming pageSize; the default is 20 with the total', async () => {
    await seed(Array.from({ length: 25 }, (_, i) => ({ submittedAt: at('2018-01-01T00:00:00Z', i) })));
    const res = await list({});
    expect(res.body.items).toHaveLength(20);
    const [count] = (await t.service.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM user_verifications WHERE status = 'pending'`)).rows;
    expect(res.body).toMatchObject({ total: count!.n, totalExact: true });
  });

  it('when the cursor is malformed, from another list or of another status, then 400 naming cursor', async () => {
    await seed([{ status: 'rejected', submittedAt: '2017-01-01T00:00:00Z' }, { status: 'rejected', submittedAt: '2017-01-02T00:00:00Z' }]);
    const rejected = await list({ status: 'rejected', pageSize: '1' });
    const cursor = rejected.body.nextCursor as string;
    expect(cursor).toEqual(expect.any(String));
    expect((await list({ status: 'rejected', pageSize: '1', cursor })).status).toBe(200);
    await expectPagingRefusals(list, []);
    for (const status of ['pending', 'approved', 'all']) {
      const res = await list({ status, cursor });
      expect(res.status, status).toBe(400);
      expect(res.body.field).toBe('querystring.cursor');
    }
  });

  it('when an unknown parameter or a bad value is sent, then 400 naming it', async () => {
    await expectRefused(list, [
      [{ verified: 'true' }, 'Unknown field(s): verified'],
      [{ status: 'decided' }, 'status must be pending, approved, rejected or all', 'querystring.status'],
      [{ userId: 'me' }, 'User id must be a uuid', 'querystring.userId'],
      [{ search: ' ab ' }, 'search must be at least 3 characters', 'querystring.search'],
      [{ from: 'yesterday' }, 'from must be a date (YYYY-MM-DD) or an ISO date-time', 'querystring.from'],
      [{ from: '2024-02-01', to: '2024-01-01' }, 'to must not be before from', 'querystring.to'],
    ]);
  });
});

describe('GET /api/admin/verifications: filters', () => {
  it('when filtered by status, user, search (e-mail or name) and dates, then only the matching applications come', async () => {
    const tag = randomUUID().slice(0, 8);
    const [zed, ned] = await seedUsers(t, [
      { email: `zed.${tag}@example.com`, firstName: 'Zed', lastName: 'Orbit' },
      { email: `other.${tag}@example.com`, firstName: 'Ned', lastName: `Stark${tag}` },
    ]);
    const [zedOld, zedPending, nedApproved] = await seed([
      { userId: zed, status: 'rejected', submittedAt: '2016-05-01T10:00:00Z', reviewedAt: '2016-05-03T10:00:00Z' },
      { userId: zed, submittedAt: '2016-05-10T10:00:00Z' },
      { userId: ned, status: 'approved', submittedAt: '2016-05-02T10:00:00Z', reviewedAt: '2016-05-20T10:00:00Z' },
    ]);
    const ids = async (query: Record<string, string>) => {
      const res = await list({ pageSize: '100', ...query });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.total).toBe(res.body.items.length);
      return (res.body.items as { id: string }[]).map((v) => v.id);
    };
    // Without status: the queue; with userId: all of that user's, newest application first.
    expect(await ids({ search: `zed.${tag}` })).toEqual([zedPending]);
    expect(await ids({ userId: zed! })).toEqual([zedPending, zedOld]);
    expect(await ids({ status: 'all', search: `  ZED.${tag.toUpperCase()}  ` })).toEqual([zedPending, zedOld]);
    expect(await ids({ status: 'all', search: `ned stark${tag}` })).toEqual([nedApproved]);
    expect(await ids({ status: 'all', search: `%${tag}` })).toEqual([]);
    expect(await ids({ status: 'rejected', search: tag })).toEqual([zedOld]);
    expect(await ids({ status: 'approved', search: tag })).toEqual([nedApproved]);
    // from/to: the application's time for all and pending, the decision's for approved and rejected.
    expect(await ids({ status: 'all', search: tag, from: '2016-05-02', to: '2016-05-10' })).toEqual([zedPending, nedApproved]);
    expect(await ids({ status: 'all', search: tag, to: '2016-05-01' })).toEqual([zedOld]);
    expect(await ids({ status: 'approved', search: tag, from: '2016-05-03', to: '2016-05-19' })).toEqual([]);
    expect(await ids({ status: 'approved', search: tag, from: '2016-05-20T10:00:00Z' })).toEqual([nedApproved]);
    expect(await ids({ status: 'rejected', search: tag, from: '2016-05-03', to: '2016-05-03' })).toEqual([zedOld]);
    expect(await ids({ status: 'pending', search: tag, from: '2016-05-11' })).toEqual([]);
    // The list shows the number masked.
    expect((await list({ userId: zed! })).body.items[0].documentNumber).toBe('••••••6789');
  });
});

describe('GET /api/admin/verifications at volume', () => {
  it('when there are 30,000 applications, then each list and filter reads an index (EXPLAIN) and the total stops at 10,000', async () => {
    await t.service.pool.query(`INSERT INTO users (email, password_hash, first_name, last_name, created_at)
      SELECT 'bulkv' || g || '@example.com', 'x', 'Bulk', 'Applicant' || g, timestamptz '2015-01-01' + g * interval '1 minute' FROM generate_series(1, 30000) g`);
    await t.service.pool.query(`INSERT INTO user_verifications (user_id, full_name, date_of_birth, address, city, country, postal_code, document_type,
        document_number, status, rejection_reason, reviewed_at, submitted_at)
      SELECT u.id, 'Bulk', '1990-01-01', 'a', 'b', 'c', 'd', 'passport', 'P1',
        s.status, CASE WHEN s.status = 'rejected' THEN 'r' END, CASE WHEN s.status <> 'pending' THEN u.created_at + interval '1 day' END, u.created_at
      FROM users u CROSS JOIN LATERAL (SELECT CASE WHEN substring(u.email from '[0-9]+')::int % 10 = 0 THEN 'pending'
        WHEN substring(u.email from '[0-9]+')::int % 10 < 7 THEN 'approved' ELSE 'rejected' END AS status) s
      WHERE u.email LIKE 'bulkv%'`);
    // VACUUM, as autovacuum would: a fresh GIN index has no statistics until then.
    await t.service.pool.query('VACUUM ANALYZE users');
    await t.service.pool.query('VACUUM ANALYZE user_verifications');
    const approved = await list({ status: 'approved', pageSize: '50' });
    expect(approved.body).toMatchObject({ total: 10_000, totalExact: false });
    const [someone] = (await t.service.pool.query<{ user_id: string }>(`SELECT user_id FROM user_verifications LIMIT 1`)).rows;
    const cases: [TAdminVerificationList, Partial<TAdminVerificationsQuery>, RegExp][] = [
      ['pending', {}, /user_verifications_pending_idx/],
      ['pending', { from: '2015-01-05T00:00:00.000Z', to: '2015-01-06T00:00:00.000Z' }, /user_verifications_pending_idx/],
      ['approved', {}, /user_verifications_decided_idx/],
      ['approved', { cursor: approved.body.nextCursor as string }, /user_verifications_decided_idx/],
      ['rejected', { from: '2015-01-05T00:00:00.000Z' }, /user_verifications_decided_idx/],
      ['all', {}, /user_verifications_all_idx/],
      ['all', { userId: someone!.user_id }, /user_verifications_user_idx/],
      ['all', { search: 'applicant12345' }, /users_search_idx/],
      ['pending', { search: 'applicant12340' }, /users_search_idx/],
    ];
    for (const [status, query, index] of cases) {
      const plan = await planOf(t, (db) => listVerificationsPage(db, status, { pageSize: 20, ...query } as TAdminVerificationsQuery));
      expect(plan, `${status} ${JSON.stringify(query)}`).toMatch(index);
      expect(plan, `${status} ${JSON.stringify(query)}`).not.toMatch(/Seq Scan on (user_verifications|users)/);
    }
  });
});
