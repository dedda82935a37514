import { randomUUID } from 'node:crypto';
import type { TAdminUsersQuery } from '@platform/contracts';
import type { Queryable } from '@platform/service-kit';
import { pageThrough } from '@platform/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUsersPageForAdmin } from '../src/data-access/users.repository.js';
import { startTestService, uniqueEmail, type TTestService } from './helpers.js';

let t: TTestService;
let adminToken: string;

beforeAll(async () => {
  t = await startTestService('auth_users_paging');
  const admin = await t.registerWorker({ email: uniqueEmail('admin'), firstName: 'Root', lastName: 'Admin' });
  await t.service.pool.query("UPDATE users SET role = 'admin', created_at = '2000-01-01' WHERE id = $1", [admin.user.id]);
  const login = await t.api('POST', '/api/auth/login', { body: { email: admin.email, password: admin.password } });
  adminToken = login.body.token as string;
});
afterAll(async () => {
  await t?.close();
});

interface TSeedUser {
  createdAt: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  role?: 'employee' | 'admin';
  isActive?: boolean;
}

/** Users written straight into auth's table (the list's data; registration is tested elsewhere). */
async function seed(users: TSeedUser[]): Promise<string[]> {
  const ids: string[] = [];
  for (const u of users) {
    const id = randomUUID();
    ids.push(id);
    await t.service.pool.query(
      `INSERT INTO users (id, email, password_hash, first_name, last_name, role, is_active, created_at) VALUES ($1, $2, 'x', $3, $4, $5, $6, $7)`,
      [id, (u.email ?? `seed.${id}@example.com`).toLowerCase(), u.firstName ?? 'Seed', u.lastName ?? 'User', u.role ?? 'employee', u.isActive ?? true, u.createdAt],
    );
  }
  return ids;
}

function list(query: Record<string, string>) {
  return t.api('GET', `/api/admin/users?${new URLSearchParams(query).toString()}`, { token: adminToken });
}

describe('GET /api/admin/users: paging', () => {
  it('when users are paged while others register, then each existing user comes exactly once, newest first', async () => {
    const base = Date.parse('2024-03-01T00:00:00Z');
    // Pairs share a created_at: the id breaks the tie.
    const seeded = await seed(Array.from({ length: 45 }, (_, i) => ({ createdAt: new Date(base + Math.floor(i / 2) * 1000).toISOString() })));
    const seen: { id: string; createdAt: string }[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await list(cursor ? { pageSize: '8', cursor } : { pageSize: '8' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      seen.push(...res.body.items);
      cursor = res.body.nextCursor;
      pages += 1;
      // Registered while the admin pages: newer than every listed user.
      await seed([{ createdAt: new Date().toISOString() }]);
    } while (cursor && pages < 50);
    const ids = seen.map((u) => u.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => seeded.includes(id))).toHaveLength(seeded.length);
    // Newest first: createdAt descending, ties by id descending.
    const keys = seen.map((u) => `${u.createdAt}|${u.id}`);
    expect(keys).toEqual([...keys].sort().reverse());
  });

  it('when pageSize is above 100 or not a whole number, then 400 naming pageSize; the default is 20', async () => {
    for (const pageSize of ['101', '0', 'x']) {
      const res = await list({ pageSize });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ field: 'querystring.pageSize', message: 'pageSize must be a whole number from 1 to 100' });
    }
    const res = await list({});
    expect(res.body.items).toHaveLength(20);
    expect(res.body.totalExact).toBe(true);
    const [count] = (await t.service.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE deleted_at IS NULL')).rows;
    expect(res.body.total).toBe(count!.n);
  });

  it('when the cursor is malformed or from another list, then 400 naming cursor', async () => {
    const foreign = Buffer.from(JSON.stringify(['withdrawals.pending', '2024-01-01T00:00:00.000000Z', randomUUID()])).toString('base64url');
    for (const cursor of ['%%%', Buffer.from('[1,2]').toString('base64url'), foreign]) {
      const res = await list({ cursor });
      expect(res.status, cursor).toBe(400);
      expect(res.body.field).toBe('querystring.cursor');
    }
  });

  it('when an unknown filter or a bad value is sent, then 400 naming it', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ verified: 'true' }, 'Unknown field(s): verified'],
      [{ sort: 'name.asc' }, 'sort must be one of: createdAt.asc, createdAt.desc, email.asc, email.desc'],
      [{ role: 'owner' }, 'role must be employee or admin'],
      [{ status: 'gone' }, 'status must be active or banned'],
      [{ verification: 'verified' }, 'verification must be none, pending, approved or rejected'],
      [{ verification: '' }, 'verification must be none, pending, approved or rejected'],
      [{ from: 'yesterday' }, 'from must be a date (YYYY-MM-DD) or an ISO date-time'],
    ];
    for (const [query, message] of cases) {
      const res = await list(query);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });
});

describe('GET /api/admin/users: sorting', () => {
  it('when users are paged by each sort while others register, then each existing user comes exactly once, in the sort\'s order', async () => {
    const tag = randomUUID().slice(0, 6);
    const base = Date.parse('2024-05-01T00:00:00Z');
    // Times repeat, so the id decides among them; e-mails of mixed case sort as lower-case.
    const seeded = await seed(Array.from({ length: 31 }, (_, i) => ({ createdAt: new Date(base + (i % 4) * 1000).toISOString(), email: `${i % 2 ? 'Sort' : 'sort'}.${tag}.${String(i).padStart(2, '0')}@example.com` })));
    let added = 0;
    for (const sort of ['createdAt.asc', 'createdAt.desc', 'email.asc', 'email.desc']) {
      // Registered while the admin pages, at both ends of each order.
      const seen = await pageThrough<{ id: string }>(list, { sort }, 7, () => {
        added += 1;
        return seed([{ createdAt: new Date(base + (added % 2 ? -1 : 1) * 86_400_000).toISOString(), email: `${added % 2 ? 'aaa' : 'zzz'}.${tag}.${added}@example.com` }]);
      });
      const ids = seen.map((u) => u.id);
      expect(new Set(ids).size, sort).toBe(ids.length);
      expect(ids.filter((id) => seeded.includes(id)), sort).toHaveLength(seeded.length);
      // The order PostgreSQL gives the rows seen (its collation is the one the index keeps).
      const [field, direction] = sort.split('.') as [string, string];
      const { rows } = await t.service.pool.query<{ id: string }>(
        `SELECT id FROM users WHERE id = ANY($1::uuid[]) ORDER BY ${field === 'email' ? 'lower(email)' : 'created_at'} ${direction}, id ${direction}`,
        [ids],
      );
      expect(ids, sort).toEqual(rows.map((r) => r.id));
    }
  });

  it('when a cursor of one sort is sent with another, then 400 naming cursor', async () => {
    const byEmail = await list({ sort: 'email.asc', pageSize: '1' });
    expect(byEmail.status).toBe(200);
    for (const query of [{}, { sort: 'email.desc' }, { sort: 'createdAt.desc' }] as Record<string, string>[]) {
      const res = await list({ ...query, cursor: byEmail.body.nextCursor as string });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.field).toBe('querystring.cursor');
    }
  });
});

describe('GET /api/admin/users: filters', () => {
  it('when filtered by search, role, status and registration date, then only the matching users come', async () => {
    const tag = randomUUID().slice(0, 8);
    const [zed, banned, admin, old] = await seed([
      { createdAt: '2023-02-02T10:00:00Z', email: `zed.${tag}@example.com`, firstName: 'Zed', lastName: 'Orbit' },
      { createdAt: '2023-02-03T10:00:00Z', firstName: 'Bann', lastName: `Ned${tag}`, isActive: false },
      { createdAt: '2023-02-04T10:00:00Z', firstName: 'Other', lastName: `Admin${tag}`, role: 'admin' },
      { createdAt: '2019-07-07T07:00:00Z', firstName: 'Old', lastName: 'Timer' },
    ]);
    const ids = async (query: Record<string, string>) => {
      const res = await list({ pageSize: '100', ...query });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.items as { id: string }[]).map((u) => u.id);
    };
    expect(await ids({ search: `ZED.${tag}` })).toEqual([zed]);
    expect(await ids({ search: `bann ned${tag}` })).toEqual([banned]);
    expect(await ids({ search: `_${tag}` })).toEqual([]);
    expect(await ids({ status: 'banned' })).toEqual([banned]);
    expect(await ids({ role: 'admin', from: '2023-01-01' })).toEqual([admin]);
    expect(await ids({ from: '2019-07-07', to: '2019-07-07' })).toEqual([old]);
    expect((await ids({ status: 'active', search: tag })).sort()).toEqual([zed, admin].sort());
  });
});

/** An identity verification application of a user, as auth stores one (the status triggers keep users.verification_status). */
async function apply(userId: string, status: 'pending' | 'approved' | 'rejected', submittedAt: string): Promise<string> {
  const { rows } = await t.service.pool.query<{ id: string }>(
    `INSERT INTO user_verifications (user_id, full_name, date_of_birth, address, city, country, postal_code, document_type, document_number, status, rejection_reason, reviewed_at, submitted_at, created_at)
     VALUES ($1, 'Seed User', '1990-01-01', 'Main St 1', 'Berlin', 'Germany', '10115', 'passport', 'X123', $2, $3, $4, $5, $5) RETURNING id`,
    [userId, status, status === 'rejected' ? 'Blurred photo' : null, status === 'pending' ? null : submittedAt, submittedAt],
  );
  return rows[0]!.id;
}

describe('GET /api/admin/users: verification status (issue 28 item 7)', () => {
  it('when users are in each verification state, then each shows its status and the filter returns exactly those; the details show it too', async () => {
    const tag = randomUUID().slice(0, 8);
    const [none, pending, approved, rejected, reapplied, marked] = await seed(
      ['none', 'pending', 'approved', 'rejected', 'reapplied', 'marked'].map((name, i) => ({ createdAt: new Date(Date.UTC(2024, 0, 1 + i)).toISOString(), firstName: name, lastName: tag })),
    );
    await apply(pending!, 'pending', '2024-02-01T10:00:00Z');
    await apply(approved!, 'pending', '2024-02-01T10:00:00Z');
    // A decision (as verification-review does): the application approved and the user verified.
    await t.service.pool.query(`UPDATE user_verifications SET status = 'approved', reviewed_at = now() WHERE user_id = $1`, [approved]);
    await t.service.pool.query('UPDATE users SET is_verified = true WHERE id = $1', [approved]);
    await apply(rejected!, 'rejected', '2024-02-01T10:00:00Z');
    // Rejected once, then applied again: pending (the latest application decides).
    await apply(reapplied!, 'rejected', '2024-02-01T10:00:00Z');
    await apply(reapplied!, 'pending', '2024-02-02T10:00:00Z');
    // Verified by an admin's mark without an application.
    await t.service.pool.query('UPDATE users SET is_verified = true WHERE id = $1', [marked]);

    const statuses = async (query: Record<string, string>) => {
      const res = await list({ pageSize: '100', search: tag, ...query });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return Object.fromEntries((res.body.items as { firstName: string; verificationStatus: string }[]).map((u) => [u.firstName, u.verificationStatus]));
    };
    expect(await statuses({})).toEqual({ none: 'none', pending: 'pending', approved: 'approved', rejected: 'rejected', reapplied: 'pending', marked: 'approved' });
    expect(Object.keys(await statuses({ verification: 'pending' })).sort()).toEqual(['pending', 'reapplied']);
    expect(Object.keys(await statuses({ verification: 'approved' })).sort()).toEqual(['approved', 'marked']);
    expect(Object.keys(await statuses({ verification: 'rejected' }))).toEqual(['rejected']);
    expect(Object.keys(await statuses({ verification: 'none' }))).toEqual(['none']);

    // Each status agrees with what the user is told (the rule of verification-status.ts), and with the detail.
    const detail = await t.api('GET', `/api/admin/users/${reapplied}`, { token: adminToken });
    expect(detail.body.verificationStatus).toBe('pending');
    // A deleted application (an erasure) takes the status back.
    await t.service.pool.query('DELETE FROM user_verifications WHERE user_id = $1', [rejected]);
    expect((await t.api('GET', `/api/admin/users/${rejected}`, { token: adminToken })).body.verificationStatus).toBe('none');
    // An admin's mark taken back (no application): none again.
    await t.service.pool.query('UPDATE users SET is_verified = false WHERE id = $1', [marked]);
    expect((await t.api('GET', `/api/admin/users/${marked}`, { token: adminToken })).body.verificationStatus).toBe('none');
    expect(none).toBeDefined();
  });

  it('when another user id or a hostile value is sent as the filter, then 400 naming verification, never a 5xx', async () => {
    for (const value of [randomUUID(), 'PENDING', 'pending,approved', 'x'.repeat(5000), '%00']) {
      const res = await list({ verification: value });
      expect(res.status, value.slice(0, 20)).toBe(400);
      expect(JSON.stringify(res.body)).toContain('verification');
    }
  });
});

describe('GET /api/admin/users at volume', () => {
  async function planOf(query: Partial<TAdminUsersQuery>): Promise<string> {
    const statements: { text: string; values: unknown[] }[] = [];
    const recorder = {
      query: async (text: string, values: unknown[]) => {
        statements.push({ text, values });
        return t.service.pool.query(text, values);
      },
    } as unknown as Queryable;
    await findUsersPageForAdmin(recorder, { pageSize: 20, ...query } as TAdminUsersQuery);
    const page = statements.find((s) => s.text.includes('ORDER BY'));
    if (!page) throw new Error('no page statement');
    const { rows } = await t.service.pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${page.text}`, page.values);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  }

  it('when there are 30,000 users, then each filter reads an index (EXPLAIN), the verification status too (issue 28 item 7)', async () => {
    await t.service.pool.query(`INSERT INTO users (email, password_hash, first_name, last_name, role, is_active, is_verified, created_at)
      SELECT 'bulk' || g || '@example.com', 'x', 'Bulk', 'Person' || g, CASE WHEN g % 500 = 0 THEN 'admin' ELSE 'employee' END, g % 300 <> 0, g % 400 = 0,
        timestamptz '2022-01-01' + g * interval '1 minute'
      FROM generate_series(1, 30000) g`);
    // VACUUM, as autovacuum would: a fresh GIN index has no statistics until then.
    await t.service.pool.query('VACUUM ANALYZE users');
    const first = await list({ pageSize: '50' });
    const cases: [Partial<TAdminUsersQuery>, RegExp][] = [
      [{}, /users_admin_list_idx/],
      [{ cursor: first.body.nextCursor as string }, /users_admin_list_idx/],
      [{ role: 'admin' }, /users_admin_list_admins_idx/],
      [{ status: 'banned' }, /users_admin_list_banned_idx/],
      [{ from: '2022-01-05T00:00:00.000Z', to: '2022-01-06T00:00:00.000Z' }, /users_admin_list_idx/],
      [{ search: 'person12345' }, /users_search_idx/],
      [{ sort: 'createdAt.asc' }, /Index Scan Backward using users_admin_list_idx/],
      [{ verification: 'approved' }, /users_admin_list_verification_idx/],
      [{ verification: 'pending' }, /users_admin_list_verification_idx/],
      [{ verification: 'rejected', cursor: first.body.nextCursor as string }, /users_admin_list_verification_idx/],
      [{ verification: 'none' }, /users_admin_list_idx/],
      [{ sort: 'email.asc' }, /users_admin_email_idx/],
      [{ sort: 'email.desc', cursor: (await list({ sort: 'email.desc', pageSize: '50' })).body.nextCursor as string }, /Index Scan Backward using users_admin_email_idx/],
    ];
    for (const [query, index] of cases) {
      const plan = await planOf(query);
      expect(plan, JSON.stringify(query)).toMatch(index);
      expect(plan, JSON.stringify(query)).not.toMatch(/Seq Scan on users/);
    }
  });
});
