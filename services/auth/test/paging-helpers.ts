import { randomUUID } from 'node:crypto';
import type { Queryable } from '@platform/service-kit';
import { expect } from 'vitest';
import { uniqueEmail, type TApiResponse, type TTestService } from './helpers.js';

/*
 * What every paged list's test asks of it (packages/contracts paging.ts), shared by the *-paging.api.test.ts files.
 */

/** A signed-in admin (registered, promoted in the table, logged in again). */
export async function adminTokenOf(t: TTestService): Promise<string> {
  const admin = await t.registerWorker({ email: uniqueEmail('admin'), firstName: 'Root', lastName: 'Admin' });
  await t.service.pool.query("UPDATE users SET role = 'admin' WHERE id = $1", [admin.user.id]);
  const login = await t.api('POST', '/api/auth/login', { body: { email: admin.email, password: admin.password } });
  return login.body.token as string;
}

/** Users written straight into the table (the lists' owners; registration is tested elsewhere). */
export async function seedUsers(t: TTestService, users: { email?: string; firstName?: string; lastName?: string }[]): Promise<string[]> {
  const ids: string[] = [];
  for (const u of users) {
    const id = randomUUID();
    await t.service.pool.query(`INSERT INTO users (id, email, password_hash, first_name, last_name) VALUES ($1, $2, 'x', $3, $4)`, [
      id,
      (u.email ?? `seed.${id}@example.com`).toLowerCase(),
      u.firstName ?? 'Seed',
      u.lastName ?? 'User',
    ]);
    ids.push(id);
  }
  return ids;
}

/**
 * Pages through a list to its end with `pageSize`, calling `between` after each page (rows inserted while the client
 * pages); returns every item read, in order. Fails on a non-200 or past 100 pages.
 */
export async function pageThrough<T>(
  get: (query: Record<string, string>) => Promise<TApiResponse>,
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
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    seen.push(...itemsOf(res.body));
    cursor = res.body.nextCursor as string | null;
    pages += 1;
    await between(pages);
  } while (cursor && pages < 100);
  expect(cursor, 'the list ended').toBeNull();
  return seen;
}

/** pageSize over the cap, zero or not a number: 400 naming pageSize. */
export async function expectPageSizeRefused(get: (query: Record<string, string>) => Promise<TApiResponse>): Promise<void> {
  for (const pageSize of ['101', '0', 'x']) {
    const res = await get({ pageSize });
    expect(res.status, pageSize).toBe(400);
    expect(res.body).toMatchObject({ field: 'querystring.pageSize', message: 'pageSize must be a whole number from 1 to 100' });
  }
}

/** A malformed cursor, one of a wrong shape, and the given cursors of other lists: 400 naming cursor. */
export async function expectCursorsRefused(get: (query: Record<string, string>) => Promise<TApiResponse>, foreign: string[]): Promise<void> {
  const users = Buffer.from(JSON.stringify(['users.admin', '2024-01-01T00:00:00.000000Z', randomUUID()])).toString('base64url');
  for (const cursor of ['%%%', 'x'.repeat(600), Buffer.from('[1,2]').toString('base64url'), Buffer.from('not json').toString('base64url'), users, ...foreign]) {
    const res = await get({ cursor });
    expect(res.status, cursor).toBe(400);
    expect(res.body.field, cursor).toBe('querystring.cursor');
  }
}

/** Each [query, message]: 400 with that message. */
export async function expectRefused(get: (query: Record<string, string>) => Promise<TApiResponse>, cases: [Record<string, string>, string, string?][]): Promise<void> {
  for (const [query, message, field] of cases) {
    const res = await get(query);
    expect(res.status, JSON.stringify(query)).toBe(400);
    expect(res.body.message, JSON.stringify(query)).toBe(message);
    if (field) expect(res.body.field, JSON.stringify(query)).toBe(field);
  }
}

/** The plan of the page's statement (the one with ORDER BY) a repository call issues. */
export async function planOf(t: TTestService, run: (db: Queryable) => Promise<unknown>): Promise<string> {
  const statements: { text: string; values: unknown[] }[] = [];
  const recorder = {
    query: async (text: string, values: unknown[]) => {
      statements.push({ text, values });
      return t.service.pool.query(text, values);
    },
  } as unknown as Queryable;
  await run(recorder);
  const page = statements.find((s) => s.text.includes('ORDER BY'));
  if (!page) throw new Error('no page statement');
  const { rows } = await t.service.pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${page.text}`, page.values);
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

/** "a|b" keys of the rows, to compare an order. */
export function expectSorted(keys: string[], direction: 'asc' | 'desc'): void {
  const sorted = [...keys].sort();
  expect(keys).toEqual(direction === 'asc' ? sorted : sorted.reverse());
}
