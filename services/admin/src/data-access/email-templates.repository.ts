import { randomUUID } from 'node:crypto';
import type { Queryable } from '@platform/service-kit';

export interface TEmailTemplate {
  id: string;
  name: string;
  subject: string;
  htmlContent: string;
  textContent: string;
  /** The Russian version; null when there is none (English is sent). */
  subjectRu: string | null;
  htmlContentRu: string | null;
  textContentRu: string | null;
  variables: string[];
  createdAt: string;
  updatedAt: string;
}

export interface TNewEmailTemplate {
  name: string;
  subject: string;
  htmlContent: string;
  textContent: string;
  subjectRu: string | null;
  htmlContentRu: string | null;
  textContentRu: string | null;
  variables: string[];
}

/** An edit; the Russian parts are written together (all three, or none to leave them). */
export type TEmailTemplateChanges = Partial<Omit<TNewEmailTemplate, 'name' | 'subjectRu' | 'htmlContentRu' | 'textContentRu'>> & {
  ru?: { subject: string; htmlContent: string; textContent: string } | undefined;
};

interface TRow {
  id: string;
  name: string;
  subject: string;
  html_content: string;
  text_content: string;
  subject_ru: string | null;
  html_content_ru: string | null;
  text_content_ru: string | null;
  variables: string[];
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'id, name, subject, html_content, text_content, subject_ru, html_content_ru, text_content_ru, variables, created_at, updated_at';

function toTemplate(row: TRow): TEmailTemplate {
  return {
    id: row.id,
    name: row.name,
    subject: row.subject,
    htmlContent: row.html_content,
    textContent: row.text_content,
    subjectRu: row.subject_ru,
    htmlContentRu: row.html_content_ru,
    textContentRu: row.text_content_ru,
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
  const { rows } = await db.query<TRow>({ name: 'admin_template_by_name', text: `SELECT ${COLUMNS} FROM email_templates WHERE name = $1`, values: [name] });
  return rows[0] ? toTemplate(rows[0]) : undefined;
}

/** Inserts a template; returns undefined when the name is taken (the unique index decides, so races are safe). */
export async function insertTemplate(db: Queryable, template: TNewEmailTemplate): Promise<TEmailTemplate | undefined> {
  const { rows } = await db.query<TRow>(
    `INSERT INTO email_templates (id, name, subject, html_content, text_content, subject_ru, html_content_ru, text_content_ru, variables)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (name) DO NOTHING
     RETURNING ${COLUMNS}`,
    [
      randomUUID(),
      template.name,
      template.subject,
      template.htmlContent,
      template.textContent,
      template.subjectRu,
      template.htmlContentRu,
      template.textContentRu,
      template.variables,
    ],
  );
  return rows[0] ? toTemplate(rows[0]) : undefined;
}

/** An admin's edit: the row is marked edited (edited_at), so no template migration changes it afterwards. */
export async function updateTemplateById(db: Queryable, id: string, changes: TEmailTemplateChanges): Promise<TEmailTemplate | undefined> {
  const { rows } = await db.query<TRow>(
    `UPDATE email_templates SET
       subject = COALESCE($2, subject),
       html_content = COALESCE($3, html_content),
       text_content = COALESCE($4, text_content),
       variables = COALESCE($5, variables),
       subject_ru = COALESCE($6, subject_ru),
       html_content_ru = COALESCE($7, html_content_ru),
       text_content_ru = COALESCE($8, text_content_ru),
       updated_at = now(),
       edited_at = now()
     WHERE id = $1
     RETURNING ${COLUMNS}`,
    [
      id,
      changes.subject ?? null,
      changes.htmlContent ?? null,
      changes.textContent ?? null,
      changes.variables ?? null,
      changes.ru?.subject ?? null,
      changes.ru?.htmlContent ?? null,
      changes.ru?.textContent ?? null,
    ],
  );
  return rows[0] ? toTemplate(rows[0]) : undefined;
}

/**
 * Gives a stored template of a built-in name the built-in Russian version when it has none (rows stored before
 * issue 28, or by migrations 0007-0009); returns whether a row was filled. An admin's own Russian text is kept.
 */
export async function fillRussianVersion(db: Queryable, name: string, ru: { subject: string; htmlContent: string; textContent: string }, variables: readonly string[]): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE email_templates
        SET subject_ru = $2, html_content_ru = $3, text_content_ru = $4,
            variables = variables || ARRAY(SELECT v FROM unnest($5::text[]) AS v WHERE v <> ALL (email_templates.variables))
      WHERE name = $1 AND subject_ru IS NULL`,
    [name, ru.subject, ru.htmlContent, ru.textContent, [...variables]],
  );
  return (rowCount ?? 0) > 0;
}
