import { join } from 'node:path';
import { createPool, KIT_MIGRATIONS_DIR, runMigrations, type Pool } from '@platform/service-kit';
import { createTestDatabase, previousReleaseProblems, releasedTables, type TTestDatabase } from '@platform/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Expand and contract (CONTRIBUTING.md "Changing a contract"): the previous release of admin keeps working on the
 * tables the current migrations make, because instances of both run side by side during a deploy. "The previous
 * release's queries" are its reads and writes of the columns it had (packages/contracts/released/tables.json, written
 * by `npm run contracts:release` from the migrated database): every such table is read with every such column here,
 * and none was dropped, retyped or made NOT NULL unless a migration of the release had retired it first.
 */
const MIGRATIONS = [
  { name: 'service-kit', dir: KIT_MIGRATIONS_DIR },
  { name: 'admin', dir: join(import.meta.dirname, '../src/data-access/migrations') },
];

let database: TTestDatabase;
let pool: Pool;

beforeAll(async () => {
  database = await createTestDatabase('admin_expand');
  pool = createPool(database.url, { max: 2 });
  await runMigrations(pool, MIGRATIONS);
}, 60_000);

afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

describe('admin migrations against the released version', () => {
  it('when the current migrations have run, then the released version\'s queries of its tables still run', async () => {
    expect(await previousReleaseProblems(pool, 'admin', MIGRATIONS)).toEqual([]);
  });

  it('when a migration drops a column the released version uses, or adds a NOT NULL one without a default, then the check names it', async () => {
    const [table, columns] = Object.entries(releasedTables('admin').tables).find(([name]) => !['inbox', 'outbox', 'schema_migrations'].includes(name))!;
    const column = Object.keys(columns).find((name) => name !== 'id')!;
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`ALTER TABLE "${table}" DROP COLUMN "${column}" CASCADE`);
      await client.query(`ALTER TABLE "${table}" ADD COLUMN contract_probe text NOT NULL DEFAULT 'x'`);
      await client.query(`ALTER TABLE "${table}" ALTER COLUMN contract_probe DROP DEFAULT`);
      const problems = await previousReleaseProblems(client, 'admin', MIGRATIONS);
      expect(problems).toEqual([
        expect.stringContaining(`column ${table}.${column} was dropped, and the released version uses it`),
        `column ${table}.contract_probe is new, NOT NULL and without a default: the released version's inserts do not name it`,
      ]);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});
