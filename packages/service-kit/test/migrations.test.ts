import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, KIT_MIGRATIONS_DIR, runMigrations, withTransaction, type Pool } from '../src/index.js';
import { createTestDatabase, type TTestDatabase } from '../src/testing.js';

describe('runMigrations', () => {
  let db: TTestDatabase;
  let pool: Pool;
  let dir: string;

  beforeAll(async () => {
    db = await createTestDatabase('kit_migrations');
    pool = createPool(db.url);
    dir = await mkdtemp(join(tmpdir(), 'migrations-'));
    await writeFile(join(dir, '0001_things.sql'), 'CREATE TABLE things (id serial PRIMARY KEY, name text NOT NULL);');
    await writeFile(join(dir, '0002_more.sql'), "INSERT INTO things (name) VALUES ('seeded');");
    await writeFile(join(dir, 'notes.txt'), 'not a migration');
  });
  afterAll(async () => {
    await pool.end();
    await db.drop();
  });

  it('when several instances start at once, then every migration is applied exactly once', async () => {
    const runs = await Promise.all([1, 2, 3].map(() => runMigrations(pool, [{ name: 'kit', dir: KIT_MIGRATIONS_DIR }, { name: 'svc', dir }])));
    const applied = runs.flat();
    expect(applied.filter((n) => n.startsWith('svc/')).sort()).toEqual(['svc/0001_things.sql', 'svc/0002_more.sql']);
    expect(new Set(applied).size).toBe(applied.length);
    expect((await pool.query('SELECT count(*)::int AS n FROM things')).rows[0].n).toBe(1);
    expect(await runMigrations(pool, [{ name: 'svc', dir }])).toEqual([]);
  });

  it('when a migration fails, then it is rolled back and named in the error', async () => {
    await writeFile(join(dir, '0003_broken.sql'), "INSERT INTO things (name) VALUES ('half'); SELECT nonsense FROM nowhere;");
    await expect(runMigrations(pool, [{ name: 'svc', dir }])).rejects.toThrow(/Migration svc\/0003_broken.sql failed/);
    expect((await pool.query("SELECT count(*)::int AS n FROM things WHERE name = 'half'")).rows[0].n).toBe(0);
  });
});

describe('withTransaction', () => {
  let db: TTestDatabase;
  let pool: Pool;
  beforeAll(async () => {
    db = await createTestDatabase('kit_tx');
    pool = createPool(db.url);
    await pool.query('CREATE TABLE t (v int)');
  });
  afterAll(async () => {
    await pool.end();
    await db.drop();
  });

  it('when the work throws, then nothing it wrote remains', async () => {
    await expect(
      withTransaction(pool, async (client) => {
        await client.query('INSERT INTO t VALUES (1)');
        throw new Error('fail midway');
      }),
    ).rejects.toThrow('fail midway');
    expect((await pool.query('SELECT count(*)::int AS n FROM t')).rows[0].n).toBe(0);
  });
});
