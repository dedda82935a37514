import { describe, expect, it } from 'vitest';
import { AppError } from './errors.js';
import { countCapped, decodeCursor, encodeCursor, SqlConditions, toPage, ZTimeIdCursorKeySchema } from './paging.js';
import type { Queryable } from './db.js';

const ID = '00000000-0000-4000-8000-000000000001';

describe('decodeCursor', () => {
  it('when a cursor of the same list is decoded, then its key comes back (microseconds kept)', () => {
    const cursor = encodeCursor('things', ['2026-01-02T03:04:05.123456Z', ID]);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, 'things', ZTimeIdCursorKeySchema)).toEqual(['2026-01-02T03:04:05.123456Z', ID]);
    expect(decodeCursor(undefined, 'things', ZTimeIdCursorKeySchema)).toBeUndefined();
  });

  it.each([
    ['another list', encodeCursor('others', ['2026-01-02T03:04:05.123456Z', ID])],
    ['not JSON', Buffer.from('{{').toString('base64url')],
    ['a key of the wrong shape', encodeCursor('things', ['yesterday', ID])],
    ['a key too short', encodeCursor('things', ['2026-01-02T03:04:05Z'])],
    ['an object', Buffer.from('{"a":1}').toString('base64url')],
  ])('when the cursor is %s, then 400 naming querystring.cursor', (_what, cursor) => {
    let error: unknown;
    try {
      decodeCursor(cursor, 'things', ZTimeIdCursorKeySchema);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 400, code: 'REQUEST.VALIDATION', field: 'querystring.cursor' });
  });
});

describe('toPage', () => {
  const rows = [1, 2, 3].map((n) => ({ n, at: `2026-01-0${n}T00:00:00.000000Z`, id: ID }));
  const count = { total: 3, totalExact: true };

  it('when one more row than the page size was read, then the page keeps pageSize and the cursor is its last row', () => {
    const page = toPage(rows, 2, 'things', (r) => [r.at, r.id], (r) => r.n, count);
    expect(page.items).toEqual([1, 2]);
    expect(decodeCursor(page.nextCursor ?? undefined, 'things', ZTimeIdCursorKeySchema)).toEqual([rows[1]!.at, ID]);
  });

  it('when no further row was read, then nextCursor is null', () => {
    expect(toPage(rows, 3, 'things', (r) => [r.at, r.id], (r) => r.n, count).nextCursor).toBeNull();
  });
});

describe('SqlConditions', () => {
  it('when conditions are added, then their placeholders are numbered in order', () => {
    const c = new SqlConditions().add("status = 'pending'").add('a = ?', 1).add('b BETWEEN ? AND ?', 2, 3);
    expect(c.where()).toBe("WHERE status = 'pending' AND a = $1 AND b BETWEEN $2 AND $3");
    expect(c.param(20)).toBe('$4');
    expect(c.values).toEqual([1, 2, 3, 20]);
    expect(new SqlConditions().where()).toBe('');
  });
});

describe('countCapped', () => {
  it('when the count fails while no one awaits it yet (the page query failed first), then no unhandled rejection ends the process, and awaiting it still rejects', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const failing = { query: () => Promise.reject(new Error('connection lost')) } as unknown as Queryable;
      const count = countCapped(failing, 'withdrawals w', '', []);
      // Long enough for Node to report a rejection left without a handler.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).toEqual([]);
      await expect(count).rejects.toThrow('connection lost');
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
