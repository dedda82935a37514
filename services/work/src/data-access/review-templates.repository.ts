import { randomUUID } from 'node:crypto';
import type { TReviewTemplate } from '@platform/contracts';
import type { Queryable } from '@platform/service-kit';
import { iso } from './rows.js';

interface TTemplateRow {
  id: string;
  title: string;
  body: string;
  criterion: number | null;
  sort_order: number;
  created_by: string | null;
  updated_by: string | null;
  created_at: Date;
  updated_at: Date;
  uses: string;
}

/** The fields an admin sets. */
export interface TTemplateFields {
  title: string;
  body: string;
  criterion: number | null;
  sortOrder: number;
}

// Uses are the rejections that named the template (submission_rejections_template_idx).
const TEMPLATE_SELECT = `SELECT t.id, t.title, t.body, t.criterion, t.sort_order, t.created_by, t.updated_by, t.created_at, t.updated_at,
    (SELECT count(*) FROM submission_rejections r WHERE r.template_id = t.id) AS uses
  FROM review_templates t`;

function mapTemplate(row: TTemplateRow): TReviewTemplate {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    criterion: row.criterion,
    sortOrder: row.sort_order,
    uses: Number(row.uses),
    createdBy: row.created_by,
    updatedBy: row.updated_by,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** Every template in list order: sort_order (0 on top), then oldest first (review_templates_order_idx). */
export async function listTemplates(db: Queryable): Promise<TReviewTemplate[]> {
  const { rows } = await db.query<TTemplateRow>(`${TEMPLATE_SELECT} ORDER BY t.sort_order, t.created_at, t.id`);
  return rows.map(mapTemplate);
}

export async function findTemplate(db: Queryable, id: string, options: { lock?: 'update' | 'key share' } = {}): Promise<TReviewTemplate | undefined> {
  const lock = options.lock === 'update' ? ' FOR UPDATE OF t' : options.lock === 'key share' ? ' FOR KEY SHARE OF t' : '';
  const { rows } = await db.query<TTemplateRow>(`${TEMPLATE_SELECT} WHERE t.id = $1${lock}`, [id]);
  return rows[0] ? mapTemplate(rows[0]) : undefined;
}

/**
 * Serialises the creations of templates (a transaction-scoped advisory lock), so of two admins creating the last
 * allowed one at once, one is refused: the count and the insert happen under it.
 */
export async function lockTemplateCreation(db: Queryable): Promise<void> {
  await db.query(`SELECT pg_advisory_xact_lock(hashtext('work.review_templates.create'))`);
}

export async function countTemplates(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: string }>('SELECT count(*) AS n FROM review_templates');
  return Number(rows[0]?.n ?? 0);
}

export async function insertTemplate(db: Queryable, fields: TTemplateFields, createdBy: string): Promise<string> {
  const id = randomUUID();
  await db.query(
    `INSERT INTO review_templates (id, title, body, criterion, sort_order, created_by, updated_by, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $6, clock_timestamp(), clock_timestamp())`,
    [id, fields.title, fields.body, fields.criterion, fields.sortOrder, createdBy],
  );
  return id;
}

export async function updateTemplate(db: Queryable, id: string, fields: TTemplateFields, updatedBy: string): Promise<void> {
  await db.query(
    `UPDATE review_templates SET title = $2, body = $3, criterion = $4, sort_order = $5, updated_by = $6, updated_at = clock_timestamp() WHERE id = $1`,
    [id, fields.title, fields.body, fields.criterion, fields.sortOrder, updatedBy],
  );
}

/** Deletes it; the rejections that named it keep their text and lose the link (ON DELETE SET NULL). */
export async function deleteTemplate(db: Queryable, id: string): Promise<boolean> {
  const result = await db.query('DELETE FROM review_templates WHERE id = $1', [id]);
  return (result.rowCount ?? 0) > 0;
}
