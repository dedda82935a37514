import { randomUUID } from 'node:crypto';
import type { Queryable } from '@platform/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listEntriesPage } from '../src/data-access/ledger.repository.js';
import { GENESIS_HASH } from '../src/domain/ledger.js';
import { startPayoutsHarness, type TPayoutsHarness, type TTestUser } from './helpers.js';

/*
 * GET /api/admin/users/{id}/ledger pages a user's statement for an admin exactly as GET /api/ledger/statement does
 * for the worker (contracts paging.ts; the same repository query): newest entry first, keyset on seq, from/to.
 */

let h: TPayoutsHarness;
beforeAll(async () => {
  h = await startPayoutsHarness('payouts_admin_ledger_paging');
});
afterAll(async () => {
  await h?.close();
});

const cursorOf = (parts: unknown[]) => Buffer.from(JSON.stringify(parts)).toString('base64url');

interface TSeenEntry {
  id: string;
  seq: number;
  prevHash: string;
  hash: string;
  createdAt: string;
}

function ledgerOf(userId: string, query: Record<string, string> = {}, token = h.admin.token) {
  const qs = new URLSearchParams(query).toString();
  return h.api('GET', `/api/admin/users/${userId}/ledger${qs ? `?${qs}` : ''}`, { token });
}

function adjust(userId: string, balance: string) {
  return h.api('PATCH', `/api/admin/users/${userId}/balance`, { token: h.admin.token, body: { balance, reason: `set to ${balance}` } });
}

async function workerWithEntries(count: number): Promise<TTestUser> {
  const worker = await h.newUser();
  await h.fund(worker.id, '10.00');
  for (let i = 1; i < count; i += 1) expect((await adjust(worker.id, `${10 + i}.00`)).status).toBe(200);
  return worker;
}

/** Every page from the first, `between` run after each page. */
async function pageThrough(userId: string, query: Record<string, string>, between: () => Promise<void> = async () => {}): Promise<TSeenEntry[]> {
  const seen: TSeenEntry[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await ledgerOf(userId, cursor ? { ...query, cursor } : query);
    expect(res.status, res.text).toBe(200);
    seen.push(...(res.body.items as TSeenEntry[]));
    cursor = res.body.nextCursor;
    pages += 1;
    expect(pages).toBeLessThan(100);
    await between();
  } while (cursor);
  return seen;
}

describe("GET /api/admin/users/{id}/ledger: paging a user's statement", () => {
  it('when an admin pages while entries are posted, then each earlier entry comes exactly once, newest first, and the pages chain', async () => {
    const worker = await workerWithEntries(23);
    let next = 100;
    const seen = await pageThrough(worker.id, { pageSize: '5' }, async () => {
      next += 1;
      expect((await adjust(worker.id, `${next}.00`)).status).toBe(200);
    });
    expect(seen.map((e) => e.seq)).toEqual(Array.from({ length: 23 }, (_, i) => 23 - i));
    expect(new Set(seen.map((e) => e.id)).size).toBe(23);
    for (let i = 0; i + 1 < seen.length; i += 1) expect(seen[i]?.prevHash).toBe(seen[i + 1]?.hash);
    expect(seen.at(-1)?.prevHash).toBe(GENESIS_HASH);
    const first = await ledgerOf(worker.id);
    const total = 23 + (next - 100);
    expect(first.body).toMatchObject({ userId: worker.id, from: null, to: null, total, totalExact: true, opening: { available: '0.00', held: '0.00' }, closing: { available: `${next}.00`, held: '0.00' } });
    expect(first.body.items).toHaveLength(20);
    expect(first.body.items[0].seq).toBe(total);
    // The worker's own statement is the same list.
    const own = await h.api('GET', '/api/ledger/statement', { token: worker.token });
    expect(own.body).toEqual(first.body);
  });

  it('when filtered by date, then pages hold only that range with its total and opening balance; CSV is the whole range', async () => {
    const worker = await workerWithEntries(12);
    const all = await pageThrough(worker.id, { pageSize: '100' });
    const oldestFirst = [...all].reverse();
    const from = oldestFirst[2]!.createdAt;
    const to = oldestFirst[9]!.createdAt;
    const ranged = await pageThrough(worker.id, { from, to, pageSize: '3' });
    expect(ranged.map((e) => e.seq)).toEqual([10, 9, 8, 7, 6, 5, 4, 3]);
    const page = await ledgerOf(worker.id, { from, to, pageSize: '3' });
    expect(page.body).toMatchObject({ total: 8, totalExact: true, from, to, opening: { available: '11.00', held: '0.00' }, closing: { available: '19.00', held: '0.00' } });
    expect((await ledgerOf(worker.id, { from: '2999-01-01' })).body).toMatchObject({ items: [], total: 0, nextCursor: null });
    const csv = await ledgerOf(worker.id, { format: 'csv' });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.text.split('\r\n').filter(Boolean)).toHaveLength(13);
    const rangedCsv = await ledgerOf(worker.id, { format: 'csv', from, to });
    expect(rangedCsv.text.split('\r\n').filter(Boolean)).toHaveLength(9);
  });

  it('when pageSize, a date, a cursor or a parameter is wrong, then 400 naming the field; a worker is refused', async () => {
    const worker = await workerWithEntries(3);
    for (const pageSize of ['101', '0', 'x']) {
      const res = await ledgerOf(worker.id, { pageSize });
      expect(res.status, pageSize).toBe(400);
      expect(res.body).toMatchObject({ code: 'REQUEST.VALIDATION', field: 'querystring.pageSize', message: 'pageSize must be a whole number from 1 to 100' });
    }
    expect((await ledgerOf(worker.id, { pageSize: '100' })).status).toBe(200);
    const badCursors = [
      '%%',
      Buffer.from('not json').toString('base64url'),
      cursorOf(['ledger.statement', 0]),
      cursorOf(['ledger.statement', '3']),
      // Cursors of other lists: the worker's withdrawals, the admin's withdrawal queue.
      cursorOf(['withdrawals.own', new Date().toISOString(), randomUUID()]),
      cursorOf(['withdrawals.pending', new Date().toISOString(), randomUUID()]),
    ];
    for (const cursor of badCursors) {
      const res = await ledgerOf(worker.id, { cursor });
      expect(res.status, cursor).toBe(400);
      expect(res.body).toMatchObject({ field: 'querystring.cursor', message: 'cursor is not valid: pass the nextCursor of the previous page of the same list' });
    }
    const csvWithCursor = await ledgerOf(worker.id, { format: 'csv', cursor: cursorOf(['ledger.statement', 3]) });
    expect(csvWithCursor.body).toMatchObject({ field: 'querystring.cursor', message: 'cursor does not apply to format=csv: the CSV is the whole statement' });
    expect((await ledgerOf(worker.id, { from: 'yesterday' })).body).toMatchObject({ field: 'querystring.from' });
    const unknown = await ledgerOf(worker.id, { kind: 'task_reward' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Unknown field(s): kind');
    expect((await ledgerOf(worker.id, {}, worker.token)).status).toBe(403);
  });

  it("when one user's cursor is used on another's ledger, then it positions only that user's own entries", async () => {
    const anna = await workerWithEntries(7);
    const boris = await workerWithEntries(3);
    const annaFirst = await ledgerOf(anna.id, { pageSize: '2' });
    expect(annaFirst.body.items.map((e: TSeenEntry) => e.seq)).toEqual([7, 6]);
    const res = await ledgerOf(boris.id, { cursor: annaFirst.body.nextCursor });
    expect(res.status).toBe(200);
    expect(res.body.userId).toBe(boris.id);
    const owners = await h.query<{ user_id: string }>('SELECT DISTINCT user_id FROM ledger_entries WHERE id = ANY($1::uuid[])', [res.body.items.map((e: TSeenEntry) => e.id)]);
    expect(owners).toEqual([{ user_id: boris.id }]);
    expect(res.body.items.map((e: TSeenEntry) => e.seq)).toEqual([3, 2, 1]);
  });

  it('when a user has 20,000 entries among 60,000, then the page, a deep page and a date range read an index (EXPLAIN)', async () => {
    const heavy = await h.newUser();
    await h.openAccount(heavy.id);
    const others = Array.from({ length: 1_000 }, () => randomUUID());
    await h.query('INSERT INTO ledger_accounts (user_id) SELECT unnest($1::uuid[])', [others]);
    // Rows for the plans only (hashes are placeholders: no chain is verified here).
    await h.query(
      `INSERT INTO ledger_entries (id, user_id, seq, kind, amount, available_after, held_after, reference_type, reference_id, created_at, prev_hash, hash)
       SELECT gen_random_uuid(), $1::uuid, g, 'task_reward', 1, g, 0, 'assignment', 'bulk-' || g, timestamptz '2023-01-01' + g * interval '1 minute', repeat(md5('p' || g), 2), repeat(md5('h' || g), 2)
       FROM generate_series(1, 20000) g`,
      [heavy.id],
    );
    await h.query(
      `INSERT INTO ledger_entries (id, user_id, seq, kind, amount, available_after, held_after, reference_type, reference_id, created_at, prev_hash, hash)
       SELECT gen_random_uuid(), ($1::uuid[])[1 + (g - 1) / 40], 1 + (g - 1) % 40, 'task_reward', 1, 1, 0, 'assignment', 'other-' || g,
              timestamptz '2023-01-01' + g * interval '1 minute', repeat(md5('p' || g), 2), repeat(md5('h' || g), 2)
       FROM generate_series(1, 40000) g`,
      [others],
    );
    await h.query(`UPDATE ledger_accounts SET available = 20000, entry_count = 20000 WHERE user_id = $1`, [heavy.id]);
    await h.query('VACUUM ANALYZE ledger_entries');

    const first = await ledgerOf(heavy.id);
    expect(first.body).toMatchObject({ total: 20_000, totalExact: true });
    const deep = await ledgerOf(heavy.id, { cursor: cursorOf(['ledger.statement', 501]), pageSize: '3' });
    expect(deep.body.items.map((e: TSeenEntry) => e.seq)).toEqual([500, 499, 498]);
    const day = await ledgerOf(heavy.id, { from: '2023-01-02', to: '2023-01-02', pageSize: '1' });
    expect(day.body).toMatchObject({ total: 1440, totalExact: true });

    const cases: { from?: Date; toExclusive?: Date; cursor?: string }[] = [
      {},
      { cursor: first.body.nextCursor as string },
      { from: new Date('2023-01-05T00:00:00Z'), toExclusive: new Date('2023-01-06T00:00:00Z') },
      { from: new Date('2023-01-05T00:00:00Z'), toExclusive: new Date('2023-01-05T06:00:00Z'), cursor: cursorOf(['ledger.statement', 5_900]) },
    ];
    for (const query of cases) {
      const statements: { text: string; values: unknown[] }[] = [];
      const recorder = { query: async (text: string, values: unknown[]) => { statements.push({ text, values }); return h.service.pool.query(text, values); } } as unknown as Queryable;
      await listEntriesPage(recorder, heavy.id, { pageSize: 20, ...query });
      expect(statements, JSON.stringify(query)).toHaveLength(2);
      for (const s of statements) {
        const plan = (await h.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${s.text}`, s.values)).map((r) => r['QUERY PLAN']).join('\n');
        expect(plan, JSON.stringify(query)).toMatch(/ledger_entries_user_id_seq_key|ledger_entries_user_time_idx|ledger_accounts_pkey/);
        expect(plan, JSON.stringify(query)).not.toMatch(/Seq Scan/);
      }
    }
  });
});
