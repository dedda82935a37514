import { randomUUID } from 'node:crypto';
import type { Queryable } from '@platform/service-kit';

export interface TEmailTemplate {
  id: string;
  name: string;
  subject: string;
  htmlContent: string;
  textContent: string;
  variables: string[];
  createdAt: string;
  updatedAt: string;
}

export interface TNewEmailTemplate {
  name: string;
  subject: string;
  htmlContent: string;
  textContent: string;
  variables: string[];
}

export type TEmailTemplateChanges = Partial<Omit<TNewEmailTemplate, 'name'>>;

interface TRow {
  id: string;
  name: string;
  subject: string;
  html_content: string;
  text_content: string;
  variables: string[];
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'id, name, subject, html_content, text_content, variables, created_at, updated_at';

function toTemplate(row: TRow): TEmailTemplate {
  return {
    id: row.id,
    name: row.name,
    subject: row.subject,
    htmlContent: row.html_content,
    textContent: row.text_content,
    variables: row.variables,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export async function findAllTemplates(db: Queryable): Promise<TEmailTemplate[]> {
  const { rows } = await db.query<TRow>(`SELECT ${COLUMNS} FROM email_templates ORDER BY name`);
  return rows.map(toTemplate);
}

export async function findTemplateById(db: Queryable, id: string): Promise<TEmailTemplate | undefined> {
  const { rows } = await db.query<TRow>(`SELECT ${COLUMNS} FROM email_templates WHERE id = $1`, [id]);
  return rows[0] ? toTemplate(rows[0]) : undefined;
}

export async function findTemplateByName(db: Queryable, name: string): Promise<TEmailTemplate | undefined> {
  const { rows } = await db.query<TRow>(`SELECT ${COLUMNS} FROM email_templates WHERE name = $1`, [name]);
  return rows[0] ? toTemplate(rows[0]) : undefined;
}

/** Inserts a template; returns undefined when the name is taken (the unique index decides, so races are safe). */
export async function insertTemplate(db: Queryable, template: TNewEmailTemplate): Promise<TEmailTemplate | undefined> {
  const { rows } = await db.query<TRow>(
    `INSERT INTO email_templates (id, name, subject, html_content, text_content, variables)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (name) DO NOTHING
     RETURNING ${COLUMNS}`,
    [randomUUID(), template.name, template.subject, template.htmlContent, template.textContent, template.variables],
  );
  return rows[0] ? toTemplate(rows[0]) : undefined;
}

export async function updateTemplateById(db: Queryable, id: string, changes: TEmailTemplateChanges): Promise<TEmailTemplate | undefined> {
  const { rows } = await db.query<TRow>(
    `UPDATE email_templates SET
       subject = COALESCE($2, subject),
       html_content = COALESCE($3, html_content),
       text_content = COALESCE($4, text_content),
       variables = COALESCE($5, variables),
       updated_at = now()
     WHERE id = $1
     RETURNING ${COLUMNS}`,
    [id, changes.subject ?? null, changes.htmlContent ?? null, changes.textContent ?? null, changes.variables ?? null],
  );
  return rows[0] ? toTemplate(rows[0]) : undefined;
}
