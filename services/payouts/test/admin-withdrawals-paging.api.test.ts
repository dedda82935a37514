import { randomUUID } from 'node:crypto';
import { OWNER_SEARCH_COUNT_CAP, type TAdminWithdrawalsQuery } from '@platform/contracts';
import type { Queryable } from '@platform/service-kit';
import { expectPagingRefusals } from '@platform/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listWithdrawalsPage } from '../src/data-access/withdrawals.repository.js';
import { ETH_ADDRESS, startPayoutsHarness, withdraw, type TPayoutsHarness } from './helpers.js';

let h: TPayoutsHarness;
beforeAll(async () => {
  h = await startPayoutsHarness('payouts_withdrawal_paging');
});
afterAll(async () => {
  await h?.close();
});

interface TSeed {
  currency?: string;
  amount?: string;
  status?: 'pending' | 'approved' | 'rejected';
  createdAt: string;
  reviewedAt?: string;
  email?: string;
  firstName?: string;
  lastName?: string;
}

/** Rows written straight into the service's own tables (the list's data; the ledger is not what is tested here). */
async function seed(rows: TSeed[]): Promise<string[]> {
  const ids: string[] = [];
  for (const r of rows) {
    const userId = randomUUID();
    const id = randomUUID();
    ids.push(id);
    await h.query(`INSERT INTO users (id, email, first_name, last_name, source_at) VALUES ($1, $2, $3, $4, now())`, [
      userId, r.email ?? `seed.${userId}@example.com`, r.firstName ?? 'Seed', r.lastName ?? 'Worker',
    ]);
    await h.query('INSERT INTO ledger_accounts (user_id) VALUES ($1)', [userId]);
    const status = r.status ?? 'pending';
    await h.query(
      `INSERT INTO withdrawals (id, user_id, amount, currency, network_fee, wallet_address, status, admin_comment, tx_reference, idempotency_key, reviewed_by, reviewed_at, created_at)
       VALUES ($1, $2, $3, $4, 0, $5, $6, $7, $8, $12, $9, $10, $11)`,
      [id, userId, r.amount ?? '10.00', r.currency ?? 'ETH', ETH_ADDRESS, status, status === 'rejected' ? 'no' : null, status === 'approved' ? 'tx' : null,
        status === 'pending' ? null : h.admin.id, status === 'pending' ? null : (r.reviewedAt ?? r.createdAt), r.createdAt, `seed-${id}`],
    );
  }
  return ids;
}

function list(query: Record<string, string>) {
  return h.api('GET', `/api/admin/withdrawals?${new URLSearchParams(query).toString()}`, { token: h.admin.token });
}

/** Every page of a list from the first, with `between` run after each page (while the client pages). */
async function pageThrough(query: Record<string, string>, between: () => Promise<void> = async () => {}) {
  const seen: { id: string; status: string; createdAt: string; reviewedAt: string | null }[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await list(cursor ? { ...query, cursor } : query);
    expect(res.status, res.text).toBe(200);
    seen.push(...res.body.items);
    cursor = res.body.nextCursor;
    pages += 1;
    expect(pages).toBeLessThan(100);
    await between();
  } while (cursor);
  return seen;
}

/** A worker with an account, funded, as the real service has one, for withdrawals made through the API. */
async function fundedWorker() {
  const worker = await h.newUser();
  await h.fund(worker.id, '1000.00');
  return worker;
}

describe('GET /api/admin/withdrawals: paging', () => {
  it('when pending withdrawals are paged while new ones are requested, then each existing one comes exactly once, oldest first', async () => {
    const base = Date.parse('2026-01-01T00:00:00Z');
    // Groups of 3 share a created_at: the id breaks the tie.
    const seeded = await seed(Array.from({ length: 47 }, (_, i) => ({ createdAt: new Date(base + Math.floor(i / 3) * 1000).toISOString() })));
    const worker = await fundedWorker();
    const requested: string[] = [];
    const seen = await pageThrough({ pageSize: '10' }, async () => {
      const res = await withdraw(h, worker, { amount: '50', currency: 'ETH', walletAddress: ETH_ADDRESS });
      expect(res.status).toBe(201);
      requested.push(res.body.id);
    });
    const ids = seen.map((w) => w.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => seeded.includes(id))).toHaveLength(seeded.length);
    expect(seen.every((w) => w.status === 'pending')).toBe(true);
    const keys = seen.map((w) => `${w.createdAt}|${w.id}`);
    expect(keys).toEqual([...keys].sort());
    // Requested while paging: later than every seeded one, so they come at the end (those not yet passed).
    expect(ids.slice(0, seeded.length)).toEqual(ids.filter((id) => seeded.includes(id)));
    expect(requested.length).toBeGreaterThan(0);
  });

  it('when the history is paged while pending withdrawals are decided, then each decided one comes exactly once, newest decision first', async () => {
    const base = Date.parse('2025-06-01T00:00:00Z');
    const decidedSeed = await seed(Array.from({ length: 33 }, (_, i) => ({
      status: i % 2 ? 'approved' as const : 'rejected' as const, createdAt: new Date(base).toISOString(), reviewedAt: new Date(base + Math.floor(i / 4) * 60_000).toISOString(),
    })));
    const worker = await fundedWorker();
    const toDecide: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await withdraw(h, worker, { amount: '50', currency: 'ETH', walletAddress: ETH_ADDRESS });
      expect(res.status).toBe(201);
      toDecide.push(res.body.id);
    }
    const decidedWhilePaging: string[] = [];
    const seen = await pageThrough({ status: 'decided', pageSize: '7' }, async () => {
      const id = toDecide.shift();
      if (!id) return;
      expect((await h.api('PATCH', `/api/admin/withdrawals/${id}`, { token: h.admin.token, body: { status: 'approved', txReference: 'tx-p' } })).status).toBe(200);
      decidedWhilePaging.push(id);
    });
    expect(decidedWhilePaging).toHaveLength(5);
    const ids = seen.map((w) => w.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => decidedSeed.includes(id))).toHaveLength(decidedSeed.length);
    expect(seen.every((w) => w.status !== 'pending')).toBe(true);
    const keys = seen.map((w) => `${w.reviewedAt}|${w.id}`);
    expect(keys).toEqual([...keys].sort().reverse());
  });

  it('when no page size is given, then 20 items, the total and a cursor; the last page has nextCursor null', async () => {
    const res = await list({});
    expect(res.status, res.text).toBe(200);
    expect(res.body.items).toHaveLength(20);
    expect(res.body.totalExact).toBe(true);
    const pending = await h.query<{ n: number }>(`SELECT count(*)::int AS n FROM withdrawals WHERE status = 'pending'`);
    expect(res.body.total).toBe(pending[0]?.n);
    expect(typeof res.body.nextCursor).toBe('string');
    const all = await list({ pageSize: '100' });
    expect(all.body.nextCursor).toBeNull();
    expect(all.body.items).toHaveLength(pending[0]?.n ?? -1);
  });

  it('when pageSize is out of range, a cursor malformed or foreign, or a parameter unknown, then 400 naming it', async () => {
    await expectPagingRefusals(list);
  });

  it('when a cursor is malformed or belongs to another list, then 400 naming cursor', async () => {
    const pendingCursor = (await list({ pageSize: '1' })).body.nextCursor as string;
    const bad = [
      'not a cursor!',
      Buffer.from('not json').toString('base64url'),
      Buffer.from(JSON.stringify(['withdrawals.pending', 'yesterday', 'x'])).toString('base64url'),
      Buffer.from(JSON.stringify({ a: 1 })).toString('base64url'),
      'A'.repeat(600),
    ];
    for (const cursor of bad) {
      const res = await list({ cursor });
      expect(res.status, cursor).toBe(400);
      expect(res.body.field).toBe('querystring.cursor');
    }
    const other = await list({ status: 'decided', cursor: pendingCursor });
    expect(other.status).toBe(400);
    expect(other.body).toMatchObject({ field: 'querystring.cursor', message: 'cursor is not valid: pass the nextCursor of the previous page of the same list' });
  });

  it('when an unknown filter or a bad filter value is sent, then 400 naming it', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ order: 'amount' }, 'Unknown field(s): order', ''],
      [{ sort: 'amount' }, 'sort must be one of: createdAt.asc, createdAt.desc, amount.asc, amount.desc, reviewedAt.asc, reviewedAt.desc', 'sort'],
      [{ sort: 'reviewedAt.desc' }, 'sort reviewedAt is for decided requests: pending ones have no decision', 'sort'],
      [{ status: 'paid' }, 'status must be pending, decided, approved or rejected', 'status'],
      [{ from: '2026-02-30' }, 'from must be a date (YYYY-MM-DD) or an ISO date-time', 'from'],
      [{ from: '2026-03-02', to: '2026-03-01' }, 'to must not be before from', 'to'],
      [{ minAmount: 'ten' }, 'minAmount must be an amount such as 10 or 12.50', 'minAmount'],
      [{ minAmount: '50', maxAmount: '10' }, 'maxAmount must not be below minAmount', 'maxAmount'],
      [{ user: 'a' }, 'user must be at least 3 characters', 'user'],
      [{ currency: 'E$H' }, 'currency must be a currency code such as USDT', 'currency'],
    ];
    for (const [query, message, field] of cases) {
      const res = await list(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.message).toBe(message);
      if (field) expect(res.body.field).toBe(`querystring.${field}`);
    }
  });
});

describe('GET /api/admin/withdrawals: sorting', () => {
  type TSorted = { id: string; amount: string; createdAt: string; reviewedAt: string | null; status: string };
  /** The sort's key of an item, compared as the server orders: the column, then the id. */
  const compare = (field: string) => (a: TSorted, b: TSorted) => {
    const diff = field === 'amount'
      ? Number(a.amount) - Number(b.amount)
      : Date.parse(field === 'reviewedAt' ? (a.reviewedAt ?? '') : a.createdAt) - Date.parse(field === 'reviewedAt' ? (b.reviewedAt ?? '') : b.createdAt);
    return diff || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  };

  it('when a list is paged in each sort while withdrawals are added, then each existing one comes exactly once, in the sort\'s order', async () => {
    const base = Date.parse('2024-06-01T00:00:00Z');
    // Few amounts and times, so many rows tie and the id decides.
    const pending = await seed(Array.from({ length: 29 }, (_, i) => ({ amount: `${(i % 4) * 10 + 5}.50`, createdAt: new Date(base + (i % 5) * 1000).toISOString() })));
    const decided = await seed(Array.from({ length: 23 }, (_, i) => ({
      status: i % 2 ? 'approved' as const : 'rejected' as const, amount: `${(i % 3) * 100}.25`,
      createdAt: new Date(base + (i % 4) * 1000).toISOString(), reviewedAt: new Date(base + (i % 6) * 60_000).toISOString(),
    })));
    const cases: [string, string, string[]][] = [
      ['pending', 'createdAt.desc', pending], ['pending', 'amount.asc', pending], ['pending', 'amount.desc', pending],
      ['decided', 'createdAt.asc', decided], ['decided', 'amount.desc', decided], ['decided', 'reviewedAt.asc', decided],
    ];
    let added = 0;
    for (const [status, sort, seeded] of cases) {
      const seen = (await pageThrough({ status, sort, pageSize: '6' }, async () => {
        added += 1;
        // New rows at both ends of every order: tiny and huge amounts, old and new times.
        await seed([
          { amount: added % 2 ? '0.01' : '99999.99', createdAt: new Date(added % 2 ? base - 86_400_000 : base + 86_400_000).toISOString() },
          { status: 'approved', amount: added % 2 ? '99999.99' : '0.01', createdAt: new Date(base).toISOString(), reviewedAt: new Date(added % 2 ? base + 86_400_000 : base - 86_400_000).toISOString() },
        ]);
      })) as TSorted[];
      const ids = seen.map((w) => w.id);
      expect(new Set(ids).size, sort).toBe(ids.length);
      expect(ids.filter((id) => seeded.includes(id)), `${status} ${sort}`).toHaveLength(seeded.length);
      const [field, direction] = sort.split('.') as [string, string];
      const ordered = [...seen].sort(compare(field));
      expect(ids, `${status} ${sort}`).toEqual((direction === 'asc' ? ordered : ordered.reverse()).map((w) => w.id));
    }
  });

  it('when a cursor of one sort is sent with another, then 400 naming cursor', async () => {
    const byAmount = await list({ sort: 'amount.asc', pageSize: '1' });
    expect(byAmount.status, byAmount.text).toBe(200);
    for (const query of [{}, { sort: 'amount.desc' }, { sort: 'createdAt.asc' }] as Record<string, string>[]) {
      const res = await list({ ...query, cursor: byAmount.body.nextCursor as string });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body).toMatchObject({ field: 'querystring.cursor', message: 'cursor is not valid: pass the nextCursor of the previous page of the same list' });
    }
    expect((await list({ sort: 'amount.asc', pageSize: '1', cursor: byAmount.body.nextCursor as string })).status).toBe(200);
  });
});

describe('GET /api/admin/withdrawals: filters', () => {
  it('when filtered by currency, user, date range and amount range, then only the matching withdrawals come', async () => {
    const tag = randomUUID().slice(0, 8);
    const [btc, , , big, dated] = await seed([
      { currency: 'BTC', createdAt: '2024-01-01T10:00:00Z', email: `zed.${tag}@example.com`, firstName: 'Zed', lastName: 'Orbit' },
      { currency: 'USDT', amount: '5.00', createdAt: '2024-01-02T10:00:00Z', firstName: 'Maria', lastName: `Quill${tag}` },
      { currency: 'USDT', amount: '700.00', status: 'approved', createdAt: '2024-01-03T10:00:00Z', reviewedAt: '2024-01-04T10:00:00Z' },
      { currency: 'USDT', amount: '900.50', createdAt: '2024-01-05T10:00:00Z' },
      { currency: 'LTC', createdAt: '2023-05-05T08:00:00Z' },
    ]);
    const ids = async (query: Record<string, string>) => {
      const res = await list({ pageSize: '100', ...query });
      expect(res.status, res.text).toBe(200);
      return (res.body.items as { id: string }[]).map((w) => w.id);
    };
    expect(await ids({ currency: 'btc' })).toEqual([btc]);
    expect(await ids({ user: `ZED.${tag}` })).toEqual([btc]);
    expect(await ids({ user: `maria quill${tag}` })).toHaveLength(1);
    expect(await ids({ user: `100%${tag}` })).toEqual([]);
    expect(await ids({ from: '2023-05-05', to: '2023-05-05' })).toEqual([dated]);
    expect(await ids({ from: '2023-05-05T08:00:00.001Z', to: '2023-05-06' })).toEqual([]);
    expect(await ids({ minAmount: '800', maxAmount: '900.50' })).toEqual([big]);
    expect(await ids({ status: 'approved', minAmount: '700', maxAmount: '700', to: '2024-01-04' })).toHaveLength(1);
    expect(await ids({ status: 'rejected', minAmount: '700', maxAmount: '700' })).toEqual([]);
    const filtered = await list({ currency: 'USDT', pageSize: '1' });
    expect(filtered.body).toMatchObject({ total: 2, totalExact: true });
    expect((await list({ currency: 'USDT', pageSize: '1', cursor: filtered.body.nextCursor })).body.nextCursor).toBeNull();
  });
});

describe('GET /api/admin/withdrawals at volume', () => {
  /** The statement the list runs for a query, and its plan in PostgreSQL. */
  async function planOf(query: Partial<TAdminWithdrawalsQuery>, kind: 'page' | 'count' = 'page'): Promise<string> {
    const statements: { text: string; values: unknown[] }[] = [];
    const recorder = { query: async (text: string, values: unknown[]) => { statements.push({ text, values }); return h.service.pool.query(text, values); } } as unknown as Queryable;
    await listWithdrawalsPage(recorder, { status: 'pending', pageSize: 20, ...query } as TAdminWithdrawalsQuery);
    const page = statements.find((s) => s.text.includes(kind === 'page' ? 'ORDER BY' : 'count(*)'));
    if (!page) throw new Error('no page statement');
    const rows = await h.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${page.text}`, page.values);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  }

  async function firstCursor(): Promise<string> {
    return firstCursorOf({});
  }

  async function firstCursorOf(query: Record<string, string>): Promise<string> {
    const res = await list({ ...query, pageSize: '50' });
    expect(res.status, res.text).toBe(200);
    return res.body.nextCursor as string;
  }

  /** A valid version-4 uuid made from a number (md5 with the version and variant digits set). */
  const uuidOf = (expr: string) => `overlay(overlay(md5('u' || ${expr}) placing '4' from 13) placing '8' from 17)::uuid`;

  it('when there are 30,000 withdrawals, then each list and filter reads an index (EXPLAIN), and the total stops at 10,000', async () => {
    await h.query(`INSERT INTO users (id, email, first_name, last_name, source_at)
      SELECT ${uuidOf('g')}, 'bulk' || g || '@example.com', 'Bulk', 'Worker' || g, now() FROM generate_series(1, 20000) g`);
    await h.query(`INSERT INTO ledger_accounts (user_id) SELECT ${uuidOf('g')} FROM generate_series(1, 20000) g`);
    await h.query(`INSERT INTO withdrawals (id, user_id, amount, currency, network_fee, wallet_address, status, admin_comment, tx_reference, idempotency_key, reviewed_by, reviewed_at, created_at)
      SELECT gen_random_uuid(), ${uuidOf('(g % 20000 + 1)')}, (g % 1000) + 1,
        CASE WHEN g % 97 = 0 THEN 'BTC' ELSE (ARRAY['ETH','USDT','LTC','TRX'])[g % 4 + 1] END, 0, 'addr',
        CASE WHEN g % 10 = 0 THEN 'pending' WHEN g % 2 = 0 THEN 'approved' ELSE 'rejected' END,
        'no', 'tx', 'bulk' || g, NULL, CASE WHEN g % 10 = 0 THEN NULL ELSE timestamptz '2025-01-01' + g * interval '1 minute' END,
        timestamptz '2025-01-01' + g * interval '1 minute' - interval '1 hour'
      FROM generate_series(1, 30000) g`);
    await h.query('VACUUM ANALYZE withdrawals');
    // VACUUM, as autovacuum would: a fresh GIN index has no statistics until then.
    await h.query('VACUUM ANALYZE users');

    const cases: [Partial<TAdminWithdrawalsQuery>, RegExp][] = [
      [{}, /withdrawals_pending_idx/],
      [{ cursor: await firstCursor() }, /withdrawals_pending_idx/],
      [{ status: 'decided' }, /withdrawals_decided_idx/],
      [{ status: 'approved' }, /withdrawals_decided_idx/],
      [{ currency: 'BTC' }, /withdrawals_pending_currency_idx/],
      [{ status: 'decided', currency: 'BTC' }, /withdrawals_decided_currency_idx/],
      [{ from: '2025-01-10T00:00:00.000Z', to: '2025-01-11T00:00:00.000Z' }, /withdrawals_pending_idx/],
      [{ status: 'decided', from: '2025-01-10T00:00:00.000Z' }, /withdrawals_decided_idx/],
      [{ minAmount: '100', maxAmount: '200' }, /withdrawals_pending_idx/],
      [{ user: 'worker1234' }, /users_search_idx/],
      [{ sort: 'createdAt.desc' }, /Index Scan Backward using withdrawals_pending_idx/],
      [{ sort: 'amount.asc' }, /withdrawals_pending_amount_idx/],
      [{ sort: 'amount.desc', cursor: await firstCursorOf({ sort: 'amount.desc' }) }, /Index Scan Backward using withdrawals_pending_amount_idx/],
      [{ status: 'decided', sort: 'reviewedAt.asc' }, /withdrawals_decided_idx/],
      [{ status: 'decided', sort: 'createdAt.desc' }, /withdrawals_decided_requested_idx/],
      [{ status: 'approved', sort: 'amount.desc' }, /withdrawals_decided_amount_idx/],
    ];
    for (const [query, index] of cases) {
      const plan = await planOf(query);
      expect(plan, JSON.stringify(query)).toMatch(index);
      expect(plan, JSON.stringify(query)).not.toMatch(/Seq Scan on withdrawals/);
    }
    // The total of a name search: the matching users, then each one's withdrawals by their index (not a scan of
    // every withdrawal joined to them).
    for (const status of ['pending', 'decided'] as const) {
      const count = await planOf({ status, user: 'worker1' }, 'count');
      expect(count, status).toMatch(/Nested Loop[\s\S]*users_search_idx[\s\S]*Index (Only )?Scan using withdrawals_\w+ on withdrawals w[\s\S]*Index Cond: \(user_id = s\.id/);
      expect(count, status).not.toMatch(/Seq Scan on withdrawals/);
    }

    const decided = await list({ status: 'decided' });
    expect(decided.body).toMatchObject({ total: 10_000, totalExact: false });
    expect(decided.body.items).toHaveLength(20);
    // Searched by the owners' name, the total stops at OWNER_SEARCH_COUNT_CAP ("1,000+": 11,111 users match "worker1");
    // a rarer name is counted exactly.
    const named = await list({ status: 'decided', user: 'worker1' });
    expect(named.body).toMatchObject({ total: OWNER_SEARCH_COUNT_CAP, totalExact: false });
    expect(named.body.items).toHaveLength(20);
    const rare = await list({ status: 'decided', user: 'worker12345' });
    expect(rare.body.totalExact).toBe(true);
    expect(rare.body.total).toBe(rare.body.items.length);
  });
});
