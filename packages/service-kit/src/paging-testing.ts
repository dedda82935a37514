import assert from 'node:assert/strict';
import { PAGING_MESSAGES } from '@platform/contracts';

/*
 * What every paged list's test asks of it (packages/contracts paging.ts), once for all services: a page size out of
 * range, a malformed cursor or one of another list, and an unknown parameter are each refused with 400 naming the
 * field. Plain assertions (node:assert), so any test runner reports them.
 */

/** Reads the list with these query parameters (added to the list's own), as the test's client does. */
export type TListGet = (query: Record<string, string>) => Promise<{ status: number; body: unknown }>;

/** A cursor that is well-formed (base64url JSON) but of no list a service has: refused by every list. */
export const FOREIGN_CURSOR = Buffer.from(JSON.stringify(['no.such.list', '2024-01-01T00:00:00.000000Z', '00000000-0000-4000-8000-000000000000'])).toString('base64url');

/** The refusals every paged list shares: [query, field, message]. */
export const PAGING_REFUSALS: readonly [Record<string, string>, string, string][] = [
  [{ pageSize: '101' }, 'querystring.pageSize', PAGING_MESSAGES.pageSize],
  [{ pageSize: '0' }, 'querystring.pageSize', PAGING_MESSAGES.pageSize],
  [{ pageSize: 'ten' }, 'querystring.pageSize', PAGING_MESSAGES.pageSize],
  [{ pageSize: '-1' }, 'querystring.pageSize', PAGING_MESSAGES.pageSize],
  [{ pageSize: '1e2' }, 'querystring.pageSize', PAGING_MESSAGES.pageSize],
  [{ cursor: 'x!' }, 'querystring.cursor', PAGING_MESSAGES.cursor],
  [{ cursor: 'A'.repeat(600) }, 'querystring.cursor', PAGING_MESSAGES.cursor],
  [{ cursor: Buffer.from('not json').toString('base64url') }, 'querystring.cursor', PAGING_MESSAGES.cursor],
  [{ cursor: Buffer.from('[1,2]').toString('base64url') }, 'querystring.cursor', PAGING_MESSAGES.cursor],
  [{ cursor: FOREIGN_CURSOR }, 'querystring.cursor', PAGING_MESSAGES.cursor],
];

/**
 * Asserts the shared refusals (PAGING_REFUSALS), each given cursor of another list or sort refused naming cursor, and
 * an unknown parameter refused naming it ("Unknown field(s): colour"); and that pageSize 100 is taken.
 */
export async function expectPagingRefusals(get: TListGet, foreignCursors: readonly string[] = []): Promise<void> {
  const cases = [...PAGING_REFUSALS, ...foreignCursors.map((cursor): [Record<string, string>, string, string] => [{ cursor }, 'querystring.cursor', PAGING_MESSAGES.cursor])];
  for (const [query, field, message] of cases) {
    const res = await get(query);
    const what = `${JSON.stringify(query)} -> ${res.status} ${JSON.stringify(res.body)}`;
    assert.equal(res.status, 400, what);
    const body = res.body as { field?: unknown; message?: unknown };
    assert.equal(body.field, field, what);
    assert.equal(body.message, message, what);
  }
  const unknown = await get({ colour: 'red' });
  assert.equal(unknown.status, 400, `unknown parameter -> ${unknown.status}`);
  assert.equal((unknown.body as { message?: unknown }).message, 'Unknown field(s): colour');
  const most = await get({ pageSize: '100' });
  assert.equal(most.status, 200, `pageSize 100 -> ${most.status} ${JSON.stringify(most.body)}`);
}

/**
 * Pages through a list to its end, `pageSize` rows a page, calling `between` after each page (rows written while the
 * client pages); every item read, in order. Fails on a non-200 answer or past 100 pages.
 */
export async function pageThrough<T>(
  get: TListGet,
  query: Record<string, string>,
  pageSize: number,
  between: (page: number) => Promise<unknown>,
  itemsOf: (body: { items: T[] }) => T[] = (body) => body.items,
): Promise<T[]> {
  const seen: T[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await get({ ...query, pageSize: String(pageSize), ...(cursor ? { cursor } : {}) });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const body = res.body as { items: T[]; nextCursor: string | null };
    seen.push(...itemsOf(body));
    cursor = body.nextCursor;
    pages += 1;
    await between(pages);
  } while (cursor && pages < 100);
  assert.equal(cursor, null, 'the list ended within 100 pages');
  return seen;
}
