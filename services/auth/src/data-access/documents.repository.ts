import type { TAdminDocumentsQuery, TPage } from '@platform/contracts';
import { countCapped, cursorTimeSql, decodeCursor, likeContains, searchedFirst, SqlConditions, toPage, ZCursorIdSchema, ZCursorTimeSchema, type Queryable } from '@platform/service-kit';
import { z } from 'zod';

export interface TDocumentRecord {
  id: string;
  title: string;
  content: string;
  type: string;
  version: string;
  isActive: boolean;
  requiresAcceptance: boolean;
  sortOrder: number;
  createdAt: Date;
  updatedAt: Date;
}

interface TDocumentRow {
  id: string;
  title: string;
  content: string;
  type: string;
  version: string;
  is_active: boolean;
  requires_acceptance: boolean;
  sort_order: number;
  created_at: Date;
  updated_at: Date;
}

const DOCUMENT_COLUMNS = 'd.id, d.title, d.content, d.type, d.version, d.is_active, d.requires_acceptance, d.sort_order, d.created_at, d.updated_at';

function toDocument(row: TDocumentRow): TDocumentRecord {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    type: row.type,
    version: row.version,
    isActive: row.is_active,
    requiresAcceptance: row.requires_acceptance,
    sortOrder: row.sort_order,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export interface TNewDocument {
  title: string;
  /** Already sanitised. */
  content: string;
  type: string;
  version?: string;
  isActive?: boolean;
  requiresAcceptance?: boolean;
  sortOrder?: number;
  createdBy?: string | null;
}

export async function insertDocument(db: Queryable, doc: TNewDocument): Promise<TDocumentRecord> {
  const result = await db.query<TDocumentRow>(
    `INSERT INTO company_documents AS d (title, content, type, version, is_active, requires_acceptance, sort_order, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     RETURNING ${DOCUMENT_COLUMNS}`,
    [doc.title, doc.content, doc.type, doc.version ?? '1.0', doc.isActive ?? true, doc.requiresAcceptance ?? true, doc.sortOrder ?? 0, doc.createdBy ?? null],
  );
  return toDocument(result.rows[0]!);
}

export async function documentOfTypeExists(db: Queryable, type: string): Promise<boolean> {
  const result = await db.query('SELECT 1 FROM company_documents WHERE type = $1 LIMIT 1', [type]);
  return (result.rowCount ?? 0) > 0;
}

export async function findActiveDocument(db: Queryable, id: string): Promise<TDocumentRecord | null> {
  const result = await db.query<TDocumentRow>(`SELECT ${DOCUMENT_COLUMNS} FROM company_documents d WHERE d.id = $1 AND d.is_active`, [id]);
  const row = result.rows[0];
  return row ? toDocument(row) : null;
}

/** Active documents that require acceptance, in display order, each with whether the user accepted its current version. */
export async function listRequiredDocuments(db: Queryable, userId: string): Promise<(TDocumentRecord & { accepted: boolean })[]> {
  const result = await db.query<TDocumentRow & { accepted: boolean }>(
    `SELECT ${DOCUMENT_COLUMNS},
       EXISTS (SELECT 1 FROM user_document_acceptances a
               WHERE a.user_id = $1 AND a.document_id = d.id AND a.document_version = d.version) AS accepted
     FROM company_documents d
     WHERE d.is_active AND d.requires_acceptance
     ORDER BY d.sort_order, d.created_at, d.id`,
    [userId],
  );
  return result.rows.map((row) => ({ ...toDocument(row), accepted: row.accepted }));
}

/** How many required documents the user has not accepted in their current version. */
export async function countUnacceptedRequiredDocuments(db: Queryable, userId: string): Promise<number> {
  const result = await db.query<{ n: string }>(
    `SELECT count(*) AS n FROM company_documents d
     WHERE d.is_active AND d.requires_acceptance
       AND NOT EXISTS (SELECT 1 FROM user_document_acceptances a
                       WHERE a.user_id = $1 AND a.document_id = d.id AND a.document_version = d.version)`,
    [userId],
  );
  return Number(result.rows[0]!.n);
}

export interface TAcceptanceRecord {
  id: string;
  userId: string;
  documentId: string;
  documentVersion: string;
  acceptedAt: Date;
  ipAddress: string | null;
  userAgent: string | null;
}

interface TAcceptanceRow {
  id: string;
  user_id: string;
  document_id: string;
  document_version: string;
  accepted_at: Date;
  ip_address: string | null;
  user_agent: string | null;
}

const ACCEPTANCE_COLUMNS = 'id, user_id, document_id, document_version, accepted_at, ip_address, user_agent';

function toAcceptance(row: TAcceptanceRow): TAcceptanceRecord {
  return {
    id: row.id,
    userId: row.user_id,
    documentId: row.document_id,
    documentVersion: row.document_version,
    acceptedAt: row.accepted_at,
    ipAddress: row.ip_address,
    userAgent: row.user_agent,
  };
}

/** Records an acceptance once per user, document and version; a repeat returns the first record unchanged. */
export async function recordAcceptance(
  db: Queryable,
  acceptance: { userId: string; documentId: string; documentVersion: string; ipAddress: string | null; userAgent: string | null },
): Promise<TAcceptanceRecord> {
  const params = [acceptance.userId, acceptance.documentId, acceptance.documentVersion];
  const inserted = await db.query<TAcceptanceRow>(
    `INSERT INTO user_document_acceptances (user_id, document_id, document_version, ip_address, user_agent)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (user_id, document_id, document_version) DO NOTHING
     RETURNING ${ACCEPTANCE_COLUMNS}`,
    [...params, acceptance.ipAddress, acceptance.userAgent],
  );
  const row =
    inserted.rows[0] ??
    (
      await db.query<TAcceptanceRow>(
        `SELECT ${ACCEPTANCE_COLUMNS} FROM user_document_acceptances WHERE user_id = $1 AND document_id = $2 AND document_version = $3`,
        params,
      )
    ).rows[0];
  if (!row) throw new Error('acceptance neither inserted nor found');
  return toAcceptance(row);
}

/* ---- Admin management (spec 03 Documents AMENDED). ---- */

/** Acceptances per version (newest version first) of the given documents only. */
async function acceptancesOf(db: Queryable, ids: string[]): Promise<Map<string, { version: string; count: number }[]>> {
  const byDocument = new Map<string, { version: string; count: number }[]>();
  if (ids.length === 0) return byDocument;
  const counts = await db.query<{ document_id: string; document_version: string; n: string }>(
    `SELECT document_id, document_version, count(*) AS n FROM user_document_acceptances WHERE document_id = ANY($1::uuid[])
     GROUP BY document_id, document_version`,
    [ids],
  );
  for (const row of counts.rows) {
    const list = byDocument.get(row.document_id) ?? [];
    list.push({ version: row.document_version, count: Number(row.n) });
    byDocument.set(row.document_id, list);
  }
  for (const list of byDocument.values()) list.sort((a, b) => compareVersions(b.version, a.version));
  return byDocument;
}

export type TDocumentWithAcceptances = TDocumentRecord & { acceptances: { version: string; count: number }[] };

/** One document (active or not) with its acceptances per version; null when there is none. */
export async function findDocumentWithAcceptances(db: Queryable, id: string): Promise<TDocumentWithAcceptances | null> {
  const doc = await findDocumentById(db, id);
  if (!doc) return null;
  return { ...doc, acceptances: (await acceptancesOf(db, [id])).get(id) ?? [] };
}

const ADMIN_DOCUMENTS_LIST = 'documents.admin';

/** The cursor key of the admins' list: sort_order, created_at, id. */
const ZDocumentCursorKeySchema = z.tuple([z.number().int(), ZCursorTimeSchema, ZCursorIdSchema]);

/**
 * One page of every document (active or not) for admins, in display order: keyset on (sort_order, created_at, id)
 * after the cursor; search is part of the title (trigrams, company_documents_title_search_idx), active the flag
 * (company_documents_admin_active_idx); migration 0008. Each with its acceptances per version.
 */
export async function listDocumentsPage(db: Queryable, q: TAdminDocumentsQuery): Promise<TPage<TDocumentWithAcceptances>> {
  const after = decodeCursor(q.cursor, ADMIN_DOCUMENTS_LIST, ZDocumentCursorKeySchema);
  const filters = new SqlConditions();
  if (q.active) filters.add('d.is_active = ?', q.active === 'true');
  if (q.search) filters.add('lower(d.title) LIKE ?', likeContains(q.search));
  const count = countCapped(db, 'company_documents d', filters.where(), filters.values);
  const page = new SqlConditions();
  page.values.push(...filters.values);
  const keyset = after
    ? `(d.sort_order, d.created_at, d.id) > ($${page.values.push(after[0])}, $${page.values.push(after[1])}, $${page.values.push(after[2])})`
    : undefined;
  const limit = page.param(q.pageSize + 1);
  const { rows } = await db.query<TDocumentRow & { sort_key: string }>(
    `SELECT ${DOCUMENT_COLUMNS}, ${cursorTimeSql('d.created_at')} AS sort_key FROM ${searchedFirst('company_documents', 'd', q.search, filters, keyset)}
     ORDER BY d.sort_order, d.created_at, d.id LIMIT ${limit}`,
    page.values,
  );
  const kept = rows.slice(0, q.pageSize);
  const acceptances = await acceptancesOf(db, kept.map((r) => r.id));
  return toPage(
    rows,
    q.pageSize,
    ADMIN_DOCUMENTS_LIST,
    (row) => [row.sort_order, row.sort_key, row.id],
    (row) => ({ ...toDocument(row), acceptances: acceptances.get(row.id) ?? [] }),
    await count,
  );
}

/** "2.0" > "1.10" > "1.9": numeric parts compared in order, text parts as text. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.');
  const pb = b.split('.');
  for (let i = 0; i < Math.max(pa.length, pb.length); i += 1) {
    const x = pa[i] ?? '0';
    const y = pb[i] ?? '0';
    const nx = Number(x);
    const ny = Number(y);
    const diff = Number.isFinite(nx) && Number.isFinite(ny) ? nx - ny : x.localeCompare(y);
    if (diff !== 0) return diff;
  }
  return 0;
}

export async function findDocumentById(db: Queryable, id: string, options: { forUpdate?: boolean } = {}): Promise<TDocumentRecord | null> {
  const result = await db.query<TDocumentRow>(`SELECT ${DOCUMENT_COLUMNS} FROM company_documents d WHERE d.id = $1${options.forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return result.rows[0] ? toDocument(result.rows[0]) : null;
}

export async function updateDocument(
  db: Queryable,
  id: string,
  doc: { title: string; content: string; type: string; version: string; isActive: boolean; requiresAcceptance: boolean; sortOrder: number },
): Promise<TDocumentRecord> {
  const result = await db.query<TDocumentRow>(
    `UPDATE company_documents AS d SET title = $2, content = $3, type = $4, version = $5, is_active = $6, requires_acceptance = $7,
       sort_order = $8, updated_at = now()
     WHERE d.id = $1 RETURNING ${DOCUMENT_COLUMNS}`,
    [id, doc.title, doc.content, doc.type, doc.version, doc.isActive, doc.requiresAcceptance, doc.sortOrder],
  );
  return toDocument(result.rows[0]!);
}

export async function deleteDocument(db: Queryable, id: string): Promise<boolean> {
  const result = await db.query('DELETE FROM company_documents WHERE id = $1', [id]);
  return (result.rowCount ?? 0) > 0;
}

/**
 * Users who finished document onboarding but have not accepted this document in its current version start it
 * again: the onboarding modal opens for them at their next start. Returns how many.
 */
export async function askUsersToAcceptAgain(db: Queryable, documentId: string, version: string): Promise<number> {
  const result = await db.query(
    `UPDATE users u SET documents_accepted = false, updated_at = now()
     WHERE u.documents_accepted
       AND NOT EXISTS (SELECT 1 FROM user_document_acceptances a WHERE a.user_id = u.id AND a.document_id = $1 AND a.document_version = $2)`,
    [documentId, version],
  );
  return result.rowCount ?? 0;
}
