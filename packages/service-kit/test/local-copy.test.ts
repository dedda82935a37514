import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, defineLocalCopy, type Pool } from '../src/index.js';
import { createTestDatabase, type TTestDatabase } from '../src/testing.js';

type TUserCopy = { id: string; email: string; firstName: string; registeredAt: string };
type TSettingCopy = { key: string; value: string };

describe('defineLocalCopy', () => {
  let db: TTestDatabase;
  let pool: Pool;
  const users = defineLocalCopy<TUserCopy>({ table: 'users', key: 'id', fields: ['id', 'email', 'firstName', 'registeredAt'] });
  const settings = defineLocalCopy<TSettingCopy>({ table: 'settings', key: 'key', fields: ['key', 'value'] });

  beforeAll(async () => {
    db = await createTestDatabase('kit_local_copy');
    pool = createPool(db.url);
    await pool.query(`CREATE TABLE users (id uuid PRIMARY KEY, email text NOT NULL, first_name text NOT NULL, registered_at timestamptz NOT NULL, source_at timestamptz NOT NULL);
      CREATE TABLE settings (key text PRIMARY KEY, value text NOT NULL, source_at timestamptz NOT NULL);`);
  });
  afterAll(async () => {
    await pool.end();
    await db.drop();
  });

  it('when events arrive out of order, then the newer one wins whichever came last, and a repeat changes nothing', async () => {
    const id = randomUUID();
    const registeredAt = '2030-01-01T00:00:00.000Z';
    await users.upsert(pool, { id, email: 'new@example.com', firstName: 'New', registeredAt }, '2030-01-02T00:00:00.000Z');
    await users.upsert(pool, { id, email: 'old@example.com', firstName: 'Old', registeredAt }, '2030-01-01T00:00:00.000Z');
    expect(await users.find(pool, id)).toEqual({ id, email: 'new@example.com', firstName: 'New', registeredAt });
    await users.upsert(pool, { id, email: 'newer@example.com', firstName: 'Newer', registeredAt }, '2030-01-03T00:00:00.000Z');
    await users.upsert(pool, { id, email: 'newer@example.com', firstName: 'Newer', registeredAt }, '2030-01-03T00:00:00.000Z');
    expect(await users.find(pool, id)).toMatchObject({ email: 'newer@example.com', firstName: 'Newer' });
  });

  it('when several keys are asked for, then the known ones come back by key (uuid and text keys alike)', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    await users.upsert(pool, { id: a, email: 'a@example.com', firstName: 'A', registeredAt: '2030-01-01T00:00:00.000Z' }, '2030-01-01T00:00:00.000Z');
    const found = await users.findMany(pool, [a, b, a]);
    expect([...found.keys()]).toEqual([a]);
    expect(await users.findMany(pool, [])).toEqual(new Map());

    await settings.upsert(pool, { key: 'minimum_withdrawal', value: '10.00' }, '2030-01-01T00:00:00.000Z');
    expect(await settings.findMany(pool, ['minimum_withdrawal', 'other'])).toEqual(new Map([['minimum_withdrawal', { key: 'minimum_withdrawal', value: '10.00' }]]));
    expect(await settings.find(pool, 'other')).toBeUndefined();
  });

  it('when a definition names a table or field that is not a plain identifier, then it throws at once', () => {
    expect(() => defineLocalCopy<TSettingCopy>({ table: 'settings; DROP TABLE x', key: 'key', fields: ['key', 'value'] })).toThrow(/plain table name/);
    expect(() => defineLocalCopy<{ key: string; 'va lue': string }>({ table: 'settings', key: 'key', fields: ['key', 'va lue'] })).toThrow(/column name/);
  });
});
