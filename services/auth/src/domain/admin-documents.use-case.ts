import type { TAdminDocument, TAdminDocumentPage, TAdminDocumentsQuery, TCreateDocumentRequest, TUpdateDocumentRequest } from '@platform/contracts';
import { withTransaction, writeEvent, type PoolClient } from '@platform/service-kit';
import {
  askUsersToAcceptAgain,
  deleteDocument,
  findDocumentById,
  insertDocument,
  findDocumentWithAcceptances,
  listDocumentsPage,
  updateDocument,
  type TDocumentRecord,
} from '../data-access/documents.repository.js';
import { AUTH_ERRORS } from './auth.errors.js';
import type { TAuthDeps } from './deps.js';
import { sanitizeDocumentHtml } from './document-html.js';

/** The version after a content change: "1.0" -> "2.0", "2.3" -> "3.0"; anything else gets ".1" more (max 20 characters). */
export function nextDocumentVersion(version: string): string {
  const match = /^(\d+)(?:\.\d+)*$/.exec(version);
  if (match) return `${Number(match[1]) + 1}.0`;
  return `${version.slice(0, 18)}.1`;
}

function present(doc: TDocumentRecord, acceptances: { version: string; count: number }[]): TAdminDocument {
  return {
    id: doc.id,
    title: doc.title,
    content: doc.content,
    type: doc.type,
    version: doc.version,
    isActive: doc.isActive,
    requiresAcceptance: doc.requiresAcceptance,
    sortOrder: doc.sortOrder,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
    acceptedCount: acceptances.find((a) => a.version === doc.version)?.count ?? 0,
    acceptances,
  };
}

/** GET /api/admin/documents: one page of the documents (active or not) in display order, searched and filtered. */
export async function listAdminDocuments(deps: TAuthDeps, query: TAdminDocumentsQuery): Promise<TAdminDocumentPage> {
  const page = await listDocumentsPage(deps.pool, query);
  return { ...page, items: page.items.map((doc) => present(doc, doc.acceptances)) };
}

async function presentOne(deps: TAuthDeps, id: string): Promise<TAdminDocument> {
  const doc = await findDocumentWithAcceptances(deps.pool, id);
  if (!doc) throw AUTH_ERRORS.documentNotFound();
  return present(doc, doc.acceptances);
}

/** The audit log's record of an admin's change (document.changed, in the change's transaction). */
async function publishChange(client: PoolClient, adminId: string, action: 'created' | 'updated' | 'deleted', doc: TDocumentRecord, previousVersion: string | null): Promise<void> {
  await writeEvent(client, 'document.changed', {
    documentId: doc.id,
    action,
    title: doc.title,
    type: doc.type,
    version: doc.version,
    previousVersion,
    isActive: doc.isActive,
    requiresAcceptance: doc.requiresAcceptance,
    changedBy: adminId,
    changedAt: new Date().toISOString(),
  });
}

function sanitized(content: string): string {
  const html = sanitizeDocumentHtml(content);
  if (!html) throw AUTH_ERRORS.documentContentRequired();
  return html;
}

/** POST /api/admin/documents: HTML sanitised on save; a required active document asks every user who finished onboarding. */
export async function createAdminDocument(deps: TAuthDeps, adminId: string, input: TCreateDocumentRequest & { isActive: boolean; requiresAcceptance: boolean; sortOrder: number }): Promise<TAdminDocument> {
  const created = await withTransaction(deps.pool, async (client) => {
    const doc = await insertDocument(client, { ...input, content: sanitized(input.content), createdBy: adminId });
    if (doc.isActive && doc.requiresAcceptance) await askUsersToAcceptAgain(client, doc.id, doc.version);
    await publishChange(client, adminId, 'created', doc, null);
    return doc;
  });
  return presentOne(deps, created.id);
}

/**
 * PATCH /api/admin/documents/{id}: a content change (after sanitising) raises the version, so acceptances of the old
 * one no longer count and users accept again; so does making a document active and required.
 */
export async function changeAdminDocument(deps: TAuthDeps, adminId: string, id: string, input: TUpdateDocumentRequest): Promise<TAdminDocument> {
  await withTransaction(deps.pool, async (client) => {
    const before = await findDocumentById(client, id, { forUpdate: true });
    if (!before) throw AUTH_ERRORS.documentNotFound();
    const content = input.content === undefined ? before.content : sanitized(input.content);
    const contentChanged = content !== before.content;
    const after = await updateDocument(client, id, {
      title: input.title ?? before.title,
      content,
      type: input.type ?? before.type,
      version: contentChanged ? nextDocumentVersion(before.version) : before.version,
      isActive: input.isActive ?? before.isActive,
      requiresAcceptance: input.requiresAcceptance ?? before.requiresAcceptance,
      sortOrder: input.sortOrder ?? before.sortOrder,
    });
    const wasRequired = before.isActive && before.requiresAcceptance;
    if (after.isActive && after.requiresAcceptance && (contentChanged || !wasRequired)) await askUsersToAcceptAgain(client, id, after.version);
    await publishChange(client, adminId, 'updated', after, before.version);
  });
  return presentOne(deps, id);
}

/** DELETE /api/admin/documents/{id}: the document and its acceptances go (users who accepted it keep their onboarding). */
export async function removeAdminDocument(deps: TAuthDeps, adminId: string, id: string): Promise<void> {
  await withTransaction(deps.pool, async (client) => {
    const before = await findDocumentById(client, id, { forUpdate: true });
    if (!before || !(await deleteDocument(client, id))) throw AUTH_ERRORS.documentNotFound();
    await publishChange(client, adminId, 'deleted', before, before.version);
  });
}
