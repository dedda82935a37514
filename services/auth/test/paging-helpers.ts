import { randomUUID } from 'node:crypto';
import type { Queryable } from '@platform/service-kit';
import { expect } from 'vitest';
import { uniqueEmail, type TApiResponse, type TTestService } from './helpers.js';

/*
 * What auth's paged lists' tests share (the refusals every service's lists share are service-kit's
 * expectPagingRefusals, '@platform/service-kit/testing').
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

/** The service-kit's (every service's paging tests page through their lists alike). */
export { pageThrough } from '@platform/service-kit/testing';

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
