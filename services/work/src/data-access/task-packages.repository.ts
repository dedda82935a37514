import { randomUUID } from 'node:crypto';
import type { TPage, TTaskPackage, TTaskPackagesQuery, TTaskStatus } from '@platform/contracts';
import { countCapped, cursorTimeSql, decodeCursor, likeContains, SqlConditions, toPage, ZTimeIdCursorKeySchema, type Queryable } from '@platform/service-kit';
import { iso } from './rows.js';

interface TPackageRow {
  id: string;
  name: string;
  description: string | null;
  is_active: boolean;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
  task_count: string;
}

const PACKAGE_SELECT = `SELECT p.id, p.name, p.description, p.is_active, p.created_by, p.created_at, p.updated_at,
    (SELECT count(*) FROM task_package_items i WHERE i.package_id = p.id) AS task_count
  FROM task_packages p`;

function mapPackage(row: TPackageRow): TTaskPackage {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    isActive: row.is_active,
    createdBy: row.created_by,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    taskCount: Number(row.task_count),
  };
}

/**
 * One page of the task packages, oldest first: keyset on (created_at, id) after the cursor (task_packages_created_idx;
 * with ?active task_packages_active_created_idx; ?search by trigrams on the name, migration 0006); the total counted
 * up to the cap.
 */
export async function listPackagesPage(db: Queryable, q: TTaskPackagesQuery): Promise<TPage<TTaskPackage>> {
  const list = 'task_packages.oldest';
  const after = decodeCursor(q.cursor, list, ZTimeIdCursorKeySchema);
  const c = new SqlConditions();
  if (q.active) c.add('p.is_active = ?', q.active === 'true');
  if (q.search) c.add('lower(p.name) LIKE ?', likeContains(q.search));
  const count = countCapped(db, 'task_packages p', c.where(), c.values);
  const keyset = after ? `(p.created_at, p.id) > (${c.param(after[0])}, ${c.param(after[1])})` : undefined;
  const limit = c.param(q.pageSize + 1);
  const { rows } = await db.query<TPackageRow & { sort_key: string }>(
    `${PACKAGE_SELECT.replace('FROM task_packages p', `, ${cursorTimeSql('p.created_at')} AS sort_key FROM task_packages p`)}
     ${c.where(keyset)} ORDER BY p.created_at, p.id LIMIT ${limit}`,
    c.values,
  );
  return toPage(rows, q.pageSize, list, (row) => [row.sort_key, row.id], mapPackage, await count);
}

export async function findPackage(db: Queryable, id: string, options: { forUpdate?: boolean } = {}): Promise<TTaskPackage | undefined> {
  const { rows } = await db.query<TPackageRow>(`${PACKAGE_SELECT} WHERE p.id = $1${options.forUpdate ? ' FOR UPDATE OF p' : ''}`, [id]);
  return rows[0] ? mapPackage(rows[0]) : undefined;
}

export async function insertPackage(db: Queryable, input: { name: string; description: string | null; isActive: boolean; createdBy: string }): Promise<string> {
  const id = randomUUID();
  await db.query('INSERT INTO task_packages (id, name, description, is_active, created_by) VALUES ($1, $2, $3, $4, $5)', [
    id,
    input.name,
    input.description,
    input.isActive,
    input.createdBy,
  ]);
  return id;
}

export async function updatePackage(db: Queryable, id: string, input: { name: string; description?: string | null; isActive?: boolean }): Promise<boolean> {
  const result = await db.query(
    `UPDATE task_packages SET name = $2,
       description = CASE WHEN $3::boolean THEN $4 ELSE description END,
       is_active = COALESCE($5, is_active), updated_at = now()
     WHERE id = $1`,
    [id, input.name, input.description !== undefined, input.description ?? null, input.isActive ?? null],
  );
  return (result.rowCount ?? 0) > 0;
}

export async function deletePackage(db: Queryable, id: string): Promise<boolean> {
  const result = await db.query('DELETE FROM task_packages WHERE id = $1', [id]);
  return (result.rowCount ?? 0) > 0;
}

export interface TPackageTask {
  id: string;
  title: string;
  reward: string;
  dueDate: string | null;
  status: TTaskStatus;
  sortOrder: number;
}

/** The package's tasks in package order (0 on top), then in the order they were added. */
export async function listPackageTasks(db: Queryable, packageId: string): Promise<TPackageTask[]> {
  const { rows } = await db.query<{ id: string; title: string; reward: string; due_date: string | null; status: TTaskStatus; sort_order: number }>(
    `SELECT t.id, t.title, t.reward::text AS reward, t.due_date::text AS due_date, t.status, i.sort_order
     FROM task_package_items i JOIN tasks t ON t.id = i.task_id
     WHERE i.package_id = $1 ORDER BY i.sort_order, i.created_at, i.id`,
    [packageId],
  );
  return rows.map((r) => ({ id: r.id, title: r.title, reward: r.reward, dueDate: r.due_date, status: r.status, sortOrder: r.sort_order }));
}

/** Adds the task at the given position, or after the last one; false when it is already in the package. */
export async function insertPackageItem(db: Queryable, packageId: string, taskId: string, sortOrder: number | undefined): Promise<boolean> {
  const result = await db.query(
    `INSERT INTO task_package_items (id, package_id, task_id, sort_order)
     VALUES ($1, $2, $3, COALESCE($4::int, (SELECT COALESCE(max(sort_order) + 1, 0) FROM task_package_items WHERE package_id = $2)))
     ON CONFLICT (package_id, task_id) DO NOTHING`,
    [randomUUID(), packageId, taskId, sortOrder ?? null],
  );
  return (result.rowCount ?? 0) > 0;
}

export async function deletePackageItem(db: Queryable, packageId: string, taskId: string): Promise<boolean> {
  const result = await db.query('DELETE FROM task_package_items WHERE package_id = $1 AND task_id = $2', [packageId, taskId]);
  return (result.rowCount ?? 0) > 0;
}
