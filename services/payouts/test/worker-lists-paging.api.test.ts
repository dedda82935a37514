import { randomUUID } from 'node:crypto';
import type { Queryable } from '@platform/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listEntriesPage } from '../src/data-access/ledger.repository.js';
import { listOwnWithdrawalsPage } from '../src/data-access/withdrawals.repository.js';
import { GENESIS_HASH, hashEntry, type TStoredEntry } from '../src/domain/ledger.js';
import { ETH_ADDRESS, startPayoutsHarness, withdraw, type TPayoutsHarness, type TTestUser } from './helpers.js';

/*
 * The worker's own money lists follow the paging convention (contracts paging.ts): GET /api/withdrawals (newest
 * request first, keyset on (created_at, id)) and GET /api/ledger/statement (newest entry first, keyset on seq).
 */

let h: TPayoutsHarness;
beforeAll(async () => {
  h = await startPayoutsHarness('payouts_worker_paging');
});
afterAll(async () => {
  await h?.close();
});

const cursorOf = (parts: unknown[]) => Buffer.from(JSON.stringify(parts)).toString('base64url');

async function fundedWorker(balance = '5000.00'): Promise<TTestUser> {
  const worker = await h.newUser();
  await h.fund(worker.id, balance);
  return worker;
}

/** Withdrawals written straight into the table for the user (an open account), at the given request times. */
async function seedWithdrawals(userId: string, rows: { createdAt: string; status?: 'pending' | 'approved' | 'rejected' }[]): Promise<string[]> {
  const ids: string[] = [];
  for (const r of rows) {
    const id = randomUUID();
    ids.push(id);
    const status = r.status ?? 'pending';
    await h.query(
      `INSERT INTO withdrawals (id, user_id, amount, currency, network_fee, wallet_address, status, admin_comment, tx_reference, idempotency_key, reviewed_at, created_at)
       VALUES ($1, $2, '50.00', 'ETH', 0, $3, $4, $5, $6, $7, $8, $9)`,
      [id, userId, ETH_ADDRESS, status, status === 'rejected' ? 'Wrong network' : null, status === 'approved' ? 'tx' : null, `seed-${id}`,
        status === 'pending' ? null : r.createdAt, r.createdAt],
    );
  }
  return ids;
}

function get(path: string, user: TTestUser, query: Record<string, string> = {}) {
  const qs = new URLSearchParams(query).toString();
  return h.api('GET', qs ? `${path}?${qs}` : path, { token: user.token });
}

/** Every page of a list from the first, with `between` run after each page (while the client pages). */
async function pageThrough<T>(path: string, user: TTestUser, query: Record<string, string>, between: () => Promise<void> = async () => {}): Promise<T[]> {
  const seen: T[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await get(path, user, cursor ? { ...query, cursor } : query);
    expect(res.status, res.text).toBe(200);
    seen.push(...(res.body.items as T[]));
    cursor = res.body.nextCursor;
    pages += 1;
    expect(pages).toBeLessThan(200);
    await between();
  } while (cursor);
  return seen;
}

interface TSeenWithdrawal {
  id: string;
  status: string;
  createdAt: string;
  adminComment: string | null;
}

describe('GET /api/withdrawals: paging the worker\'s own withdrawals', () => {
  it('when the worker pages while making new withdrawals, then each earlier one comes exactly once, newest first, and none of the new ones in between', async () => {
    const worker = await fundedWorker();
    const base = Date.parse('2025-03-01T00:00:00Z');
    // Groups of 3 share a created_at: the id breaks the tie.
    const seeded = await seedWithdrawals(worker.id, Array.from({ length: 41 }, (_, i) => ({ createdAt: new Date(base + Math.floor(i / 3) * 1000).toISOString() })));
    const made: string[] = [];
    const seen = await pageThrough<TSeenWithdrawal>('/api/withdrawals', worker, { pageSize: '6' }, async () => {
      const res = await withdraw(h, worker, { amount: '50', currency: 'ETH', walletAddress: ETH_ADDRESS });
      expect(res.status, res.text).toBe(201);
      made.push(res.body.id);
    });
    const ids = seen.map((w) => w.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual([...seeded].sort());
    const keys = seen.map((w) => `${w.createdAt}|${w.id}`);
    expect(keys).toEqual([...keys].sort().reverse());
    expect(made.length).toBeGreaterThan(5);
    // The new ones are on a fresh first page, newest first.
    const fresh = await get('/api/withdrawals', worker, { pageSize: '100' });
    expect(fresh.body.items.slice(0, made.length).map((w: { id: string }) => w.id)).toEqual([...made].reverse());
    expect(fresh.body).toMatchObject({ total: seeded.length + made.length, totalExact: true, nextCursor: null });
  });

  it('when no page size is given, then 20 and a cursor; the last page has nextCursor null; status narrows the list and its total', async () => {
    const worker = await fundedWorker();
    const statuses = Array.from({ length: 25 }, (_, i) => (i % 5 === 0 ? 'rejected' : i % 5 === 1 ? 'approved' : 'pending') as 'pending' | 'approved' | 'rejected');
    await seedWithdrawals(worker.id, statuses.map((status, i) => ({ status, createdAt: new Date(Date.parse('2025-04-01T00:00:00Z') + i * 60_000).toISOString() })));
    const first = await get('/api/withdrawals', worker);
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ total: 25, totalExact: true, nextCursor: expect.any(String) });
    expect(first.body.items).toHaveLength(20);
    const rest = await get('/api/withdrawals', worker, { cursor: first.body.nextCursor });
    expect(rest.body.items).toHaveLength(5);
    expect(rest.body.nextCursor).toBeNull();

    const rejected = await get('/api/withdrawals', worker, { status: 'rejected', pageSize: '3' });
    expect(rejected.body).toMatchObject({ total: 5, totalExact: true });
    expect(rejected.body.items).toHaveLength(3);
    // A rejection keeps its reason, a pending one is pending.
    expect(rejected.body.items.every((w: TSeenWithdrawal) => w.status === 'rejected' && w.adminComment === 'Wrong network')).toBe(true);
    const allRejected = await pageThrough<TSeenWithdrawal>('/api/withdrawals', worker, { status: 'rejected', pageSize: '2' });
    expect(allRejected).toHaveLength(5);
    const pending = await get('/api/withdrawals', worker, { status: 'pending', pageSize: '100' });
    expect(pending.body.total).toBe(15);
    expect(pending.body.items.every((w: TSeenWithdrawal) => w.status === 'pending')).toBe(true);
  });

  it('when pageSize, status or an unknown parameter is wrong, then 400 naming the field', async () => {
    const worker = await h.newUser();
    for (const pageSize of ['101', '0', 'abc', '-1', '1e2']) {
      const res = await get('/api/withdrawals', worker, { pageSize });
      expect(res.status, pageSize).toBe(400);
      expect(res.body).toMatchObject({ code: 'REQUEST.VALIDATION', field: 'querystring.pageSize', message: 'pageSize must be a whole number from 1 to 100' });
    }
    expect((await get('/api/withdrawals', worker, { pageSize: '100' })).status).toBe(200);
    const status = await get('/api/withdrawals', worker, { status: 'paid' });
    expect(status.status).toBe(400);
    expect(status.body).toMatchObject({ field: 'querystring.status', message: 'status must be pending, approved or rejected' });
    const unknown = await get('/api/withdrawals', worker, { sort: 'amount' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Unknown field(s): sort');
  });

  it('when a cursor is malformed or from another list (the admin queue, the statement), then 400 naming cursor', async () => {
    const worker = await h.newUser();
    const bad = [
      'not a cursor!',
      Buffer.from('not json').toString('base64url'),
      cursorOf(['withdrawals.own', 'yesterday', randomUUID()]),
      cursorOf(['withdrawals.own', new Date().toISOString()]),
      cursorOf(['withdrawals.pending', new Date().toISOString(), randomUUID()]),
      cursorOf(['ledger.statement', 5]),
      'A'.repeat(600),
    ];
    for (const cursor of bad) {
      const res = await get('/api/withdrawals', worker, { cursor });
      expect(res.status, cursor).toBe(400);
      expect(res.body).toMatchObject({ code: 'REQUEST.VALIDATION', field: 'querystring.cursor' });
    }
  });

  it("when another user's cursor is used, then it only positions the caller's own list: nothing of the other user's", async () => {
    const anna = await fundedWorker();
    const boris = await fundedWorker();
    const annas = await seedWithdrawals(anna.id, Array.from({ length: 8 }, (_, i) => ({ createdAt: new Date(Date.parse('2025-05-01T00:00:00Z') + i * 1000).toISOString() })));
    const boriss = await seedWithdrawals(boris.id, Array.from({ length: 8 }, (_, i) => ({ createdAt: new Date(Date.parse('2025-05-01T00:00:00Z') + i * 1000 + 500).toISOString() })));
    const annaFirst = await get('/api/withdrawals', anna, { pageSize: '3' });
    expect(annaFirst.body.items.map((w: { id: string }) => w.id)).toEqual(annas.slice(-3).reverse());
    const borisWithAnnasCursor = await get('/api/withdrawals', boris, { cursor: annaFirst.body.nextCursor, pageSize: '100' });
    expect(borisWithAnnasCursor.status).toBe(200);
    const ids = borisWithAnnasCursor.body.items.map((w: { id: string }) => w.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.every((id: string) => boriss.includes(id))).toBe(true);
    expect(borisWithAnnasCursor.body.total).toBe(8);
    const borisAll = await pageThrough<{ id: string }>('/api/withdrawals', boris, { pageSize: '5' });
    expect(borisAll.map((w) => w.id).sort()).toEqual([...boriss].sort());
  });
});

interface TSeenEntry {
  id: string;
  seq: number;
  kind: string;
  prevHash: string;
  hash: string;
}

function adjust(userId: string, balance: string) {
  return h.api('PATCH', `/api/admin/users/${userId}/balance`, { token: h.admin.token, body: { balance, reason: `set to ${balance}` } });
}

describe('GET /api/ledger/statement: paging the worker\'s statement', () => {
  it('when the worker pages while entries are posted, then each earlier entry comes exactly once, newest first, and the pages chain', async () => {
    const worker = await fundedWorker('100.00');
    for (let i = 1; i <= 29; i += 1) expect((await adjust(worker.id, `${100 + i}.00`)).status).toBe(200);
    let next = 200;
    const seen = await pageThrough<TSeenEntry>('/api/ledger/statement', worker, { pageSize: '7' }, async () => {
      next += 1;
      expect((await adjust(worker.id, `${next}.00`)).status).toBe(200);
    });
    // Entries 30..1 (funding + 29 adjustments), each once, seq descending without a gap.
    expect(seen.map((e) => e.seq)).toEqual(Array.from({ length: 30 }, (_, i) => 30 - i));
    expect(new Set(seen.map((e) => e.id)).size).toBe(30);
    // Across page boundaries, each entry's prevHash is the hash of the one after it: a client can check the chain.
    for (let i = 0; i + 1 < seen.length; i += 1) expect(seen[i]?.prevHash).toBe(seen[i + 1]?.hash);
    expect(seen.at(-1)?.prevHash).toBe(GENESIS_HASH);
    const verification = await get('/api/ledger/verify', worker);
    expect(verification.body).toEqual({ valid: true, entries: 30 + (next - 200) });
    const first = await get('/api/ledger/statement', worker);
    expect(first.body).toMatchObject({ total: 30 + (next - 200), totalExact: true, closing: { available: `${next}.00`, held: '0.00' } });
    expect(first.body.items).toHaveLength(20);
    expect(first.body.items[0].seq).toBe(30 + (next - 200));
  });

  it('when the statement is filtered by date, then pages hold only that range, with its total, and CSV is the whole range in one download', async () => {
    const worker = await fundedWorker('10.00');
    for (let i = 1; i <= 11; i += 1) expect((await adjust(worker.id, `${10 + i}.00`)).status).toBe(200);
    const all = await pageThrough<TSeenEntry & { createdAt: string }>('/api/ledger/statement', worker, { pageSize: '100' });
    expect(all).toHaveLength(12);
    const oldestFirst = [...all].reverse();
    const from = oldestFirst[2]!.createdAt;
    const to = oldestFirst[9]!.createdAt;
    const ranged = await pageThrough<TSeenEntry>('/api/ledger/statement', worker, { from, to, pageSize: '3' });
    expect(ranged.map((e) => e.seq)).toEqual([10, 9, 8, 7, 6, 5, 4, 3]);
    expect((await get('/api/ledger/statement', worker, { from, to, pageSize: '3' })).body).toMatchObject({ total: 8, totalExact: true });
    const csv = await get('/api/ledger/statement', worker, { format: 'csv' });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.text.split('\r\n').filter(Boolean)).toHaveLength(13);
    const rangedCsv = await get('/api/ledger/statement', worker, { format: 'csv', from, to });
    expect(rangedCsv.text.split('\r\n').filter(Boolean)).toHaveLength(9);
  });

  it('when pageSize, a cursor or a parameter is wrong, then 400 naming the field', async () => {
    const worker = await fundedWorker('10.00');
    for (const pageSize of ['101', '0', 'x']) {
      const res = await get('/api/ledger/statement', worker, { pageSize });
      expect(res.status, pageSize).toBe(400);
      expect(res.body).toMatchObject({ field: 'querystring.pageSize', message: 'pageSize must be a whole number from 1 to 100' });
    }
    for (const cursor of ['%%', cursorOf(['ledger.statement', 0]), cursorOf(['ledger.statement', '3']), cursorOf(['withdrawals.own', new Date().toISOString(), randomUUID()]), cursorOf(['ledger.statement'])]) {
      const res = await get('/api/ledger/statement', worker, { cursor });
      expect(res.status, cursor).toBe(400);
      expect(res.body.field).toBe('querystring.cursor');
    }
    const csvWithCursor = await get('/api/ledger/statement', worker, { format: 'csv', cursor: cursorOf(['ledger.statement', 3]) });
    expect(csvWithCursor.status).toBe(400);
    expect(csvWithCursor.body).toMatchObject({ field: 'querystring.cursor', message: 'cursor does not apply to format=csv: the CSV is the whole statement' });
    const unknown = await get('/api/ledger/statement', worker, { kind: 'task_reward' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Unknown field(s): kind');
  });

  it("when another user's cursor is used, then the caller sees only their own entries", async () => {
    const anna = await fundedWorker('10.00');
    for (let i = 1; i <= 6; i += 1) await adjust(anna.id, `${10 + i}.00`);
    const boris = await fundedWorker('20.00');
    for (let i = 1; i <= 2; i += 1) await adjust(boris.id, `${20 + i}.00`);
    const annaFirst = await get('/api/ledger/statement', anna, { pageSize: '2' });
    expect(annaFirst.body.items.map((e: TSeenEntry) => e.seq)).toEqual([7, 6]);
    const res = await get('/api/ledger/statement', boris, { cursor: annaFirst.body.nextCursor });
    expect(res.status).toBe(200);
    expect(res.body.userId).toBe(boris.id);
    const owners = await h.query<{ user_id: string }>('SELECT DISTINCT user_id FROM ledger_entries WHERE id = ANY($1::uuid[])', [res.body.items.map((e: TSeenEntry) => e.id)]);
    expect(owners).toEqual([{ user_id: boris.id }]);
    expect(res.body.items.map((e: TSeenEntry) => e.seq)).toEqual([3, 2, 1]);
  });
});

describe('the worker lists at volume', () => {
  /** The statements a repository call runs, each with its plan in PostgreSQL. */
  async function plansOf(run: (db: Queryable) => Promise<unknown>): Promise<string[]> {
    const statements: { text: string; values: unknown[] }[] = [];
    const recorder = { query: async (text: string, values: unknown[]) => { statements.push({ text, values }); return h.service.pool.query(text, values); } } as unknown as Queryable;
    await run(recorder);
    const plans: string[] = [];
    for (const s of statements) {
      const rows = await h.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${s.text}`, s.values);
      plans.push(rows.map((r) => r['QUERY PLAN']).join('\n'));
    }
    return plans;
  }

  it('when there are 72,000 withdrawals (12,000 of one worker), then each page and filter reads an index (EXPLAIN) and the total stops at 10,000', async () => {
    const heavy = await fundedWorker('10.00');
    const typical = await fundedWorker('10.00');
    const others = Array.from({ length: 2_000 }, () => randomUUID());
    await h.query('INSERT INTO ledger_accounts (user_id) SELECT unnest($1::uuid[])', [others]);
    // 30 withdrawals for each of 2,000 workers (the typical one among them), 12,000 for the heavy one.
    await h.query(
      `INSERT INTO withdrawals (id, user_id, amount, currency, network_fee, wallet_address, status, admin_comment, tx_reference, idempotency_key, reviewed_at, created_at)
       SELECT gen_random_uuid(), CASE WHEN g <= 12000 THEN $1::uuid WHEN g % 2000 = 0 THEN $3::uuid ELSE ($2::uuid[])[g % 2000 + 1] END, 50, 'ETH', 0, 'addr',
         CASE WHEN g % 10 = 0 THEN 'pending' WHEN g % 3 = 0 THEN 'rejected' ELSE 'approved' END, 'no', 'tx', 'bulk' || g,
         CASE WHEN g % 10 = 0 THEN NULL ELSE timestamptz '2024-01-01' + g * interval '1 minute' END, timestamptz '2024-01-01' + g * interval '1 minute'
       FROM generate_series(1, 72000) g`,
      [heavy.id, others, typical.id],
    );
    await h.query('VACUUM ANALYZE withdrawals');
    const first = await get('/api/withdrawals', heavy);
    expect(first.body).toMatchObject({ total: 10_000, totalExact: false });
    expect(first.body.items).toHaveLength(20);
    const typicalFirst = await get('/api/withdrawals', typical, { pageSize: '10' });
    expect(typicalFirst.body).toMatchObject({ total: 30, totalExact: true });
    const cases: [string, Record<string, string>, RegExp][] = [
      [heavy.id, {}, /withdrawals_user_idx/],
      [heavy.id, { cursor: first.body.nextCursor as string }, /withdrawals_user_idx/],
      // The heavy worker has a sixth of all pending ones: the planner may walk the admin queue's index instead (also no sort).
      [heavy.id, { status: 'pending' }, /withdrawals_user_status_idx|withdrawals_pending_idx/],
      [heavy.id, { status: 'rejected', cursor: first.body.nextCursor as string }, /withdrawals_user_status_idx/],
      [typical.id, {}, /withdrawals_user_idx/],
      [typical.id, { cursor: typicalFirst.body.nextCursor as string }, /withdrawals_user_idx/],
      [typical.id, { status: 'approved' }, /withdrawals_user_status_idx|withdrawals_user_idx/],
    ];
    for (const [userId, query, index] of cases) {
      const what = `${userId === heavy.id ? 'heavy' : 'typical'} ${JSON.stringify(query)}`;
      const plans = await plansOf((db) => listOwnWithdrawalsPage(db, userId, { pageSize: 20, ...query } as never));
      const [count, page] = plans;
      expect(page, what).toMatch(index);
      expect(page, what).not.toMatch(/Seq Scan on withdrawals/);
      // The heavy worker's page walks the index in order and stops after 21 rows; a typical worker's 30 rows may be
      // fetched by the same index as a bitmap and sorted (the planner's choice at that size).
      if (userId === heavy.id) expect(page, what).not.toMatch(/Sort/);
      // Counting up to 10,000 of the heavy worker's rows, the planner may rightly prefer reading the table; a typical
      // worker's count reads the index.
      if (userId === typical.id) expect(count, what).toMatch(/Index (Only )?Scan using withdrawals_user(_status)?_idx/);
    }
  });

  it('when a worker has 30,000 ledger entries, then each page and the date range read an index (EXPLAIN), a deep page is right and the chain still verifies', async () => {
    const worker = await h.newUser();
    await h.openAccount(worker.id);
    /** A valid chain of n rewards of 1.00, a minute apart, as the ledger would have written them. */
    const chainOf = (userId: string, n: number, start: number): TStoredEntry[] => {
      let prevHash = GENESIS_HASH;
      const chain: TStoredEntry[] = [];
      for (let seq = 1; seq <= n; seq += 1) {
        const unhashed = {
          id: randomUUID(), userId, seq, kind: 'task_reward' as const, amount: '1.00', availableAfter: `${seq}.00`, heldAfter: '0.00',
          referenceType: 'assignment', referenceId: `bulk-${userId}-${seq}`, reason: null, createdBy: null, createdAt: new Date(start + seq * 60_000).toISOString(), prevHash,
        };
        const entry = { ...unhashed, hash: hashEntry(unhashed) };
        prevHash = entry.hash;
        chain.push(entry);
      }
      return chain;
    };
    const entries = chainOf(worker.id, 30_000, Date.parse('2023-01-01T00:00:00Z'));
    const prevHash = entries.at(-1)!.hash;
    // 2,000 other workers with 30 entries each, so the heavy one is a third of the table.
    const others = Array.from({ length: 2_000 }, () => randomUUID());
    await h.query('INSERT INTO ledger_accounts (user_id) SELECT unnest($1::uuid[])', [others]);
    const all = [...entries, ...others.flatMap((id) => chainOf(id, 30, Date.parse('2023-01-01T00:00:00Z')))];
    for (let i = 0; i < all.length; i += 5_000) {
      const batch = all.slice(i, i + 5_000);
      await h.query(
        `INSERT INTO ledger_entries (id, user_id, seq, kind, amount, available_after, held_after, reference_type, reference_id, created_at, prev_hash, hash)
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::int[], $4::text[], $5::numeric[], $6::numeric[], $7::numeric[], $8::text[], $9::text[], $10::timestamptz[], $11::text[], $12::text[])`,
        [batch.map((e) => e.id), batch.map((e) => e.userId), batch.map((e) => e.seq), batch.map((e) => e.kind), batch.map((e) => e.amount), batch.map((e) => e.availableAfter),
          batch.map((e) => e.heldAfter), batch.map((e) => e.referenceType), batch.map((e) => e.referenceId), batch.map((e) => e.createdAt), batch.map((e) => e.prevHash), batch.map((e) => e.hash)],
      );
    }
    await h.query(`UPDATE ledger_accounts SET available = 30000, last_entry_hash = $2, entry_count = 30000 WHERE user_id = $1`, [worker.id, prevHash]);
    await h.query(`UPDATE ledger_accounts a SET available = 30, entry_count = 30, last_entry_hash = e.hash FROM ledger_entries e
      WHERE a.user_id = ANY($1::uuid[]) AND e.user_id = a.user_id AND e.seq = 30`, [others]);
    await h.query('VACUUM ANALYZE ledger_entries');

    const first = await get('/api/ledger/statement', worker);
    // Without a range the total is the account's entry count: exact however large.
    expect(first.body).toMatchObject({ total: 30_000, totalExact: true, closing: { available: '30000.00', held: '0.00' } });
    expect(first.body.items.map((e: TSeenEntry) => e.seq)).toEqual(Array.from({ length: 20 }, (_, i) => 30_000 - i));
    const deep = await get('/api/ledger/statement', worker, { cursor: cursorOf(['ledger.statement', 101]), pageSize: '3' });
    expect(deep.body.items.map((e: TSeenEntry) => e.seq)).toEqual([100, 99, 98]);
    expect(deep.body.items[0].hash).toBe(entries[99]?.hash);
    const day = await get('/api/ledger/statement', worker, { from: '2023-01-02', to: '2023-01-02', pageSize: '100' });
    expect(day.body).toMatchObject({ total: 1440, totalExact: true });
    const year = await get('/api/ledger/statement', worker, { from: '2023-01-01', to: '2023-12-31', pageSize: '1' });
    expect(year.body).toMatchObject({ total: 10_000, totalExact: false });
    expect(day.body.opening.available).toBe(`${entries.findLastIndex((e) => e.createdAt < '2023-01-02') + 1}.00`);

    const cases: [string, { from?: Date; toExclusive?: Date; cursor?: string }][] = [
      [worker.id, {}],
      [worker.id, { cursor: first.body.nextCursor as string }],
      [worker.id, { from: new Date('2023-01-10T00:00:00Z'), toExclusive: new Date('2023-01-11T00:00:00Z') }],
      [worker.id, { from: new Date('2023-01-10T00:00:00Z'), toExclusive: new Date('2023-01-10T06:00:00Z'), cursor: cursorOf(['ledger.statement', 12_900]) }],
      [others[7]!, {}],
      [others[7]!, { from: new Date('2023-01-01T00:10:00Z') }],
    ];
    for (const [userId, query] of cases) {
      const what = `${userId === worker.id ? 'heavy' : 'typical'} ${JSON.stringify(query)}`;
      const plans = await plansOf((db) => listEntriesPage(db, userId, { pageSize: 20, ...query }));
      expect(plans, what).toHaveLength(2);
      for (const plan of plans) {
        expect(plan, what).toMatch(/ledger_entries_user_id_seq_key|ledger_entries_user_time_idx|ledger_accounts_pkey/);
        expect(plan, what).not.toMatch(/Seq Scan/);
      }
    }
    expect((await get('/api/ledger/verify', worker)).body).toEqual({ valid: true, entries: 30_000 });
  });
});
