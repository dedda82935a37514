import type { TCompanyDocument, TDocumentAcceptance, TRequiredDocument, TUser } from '@platform/contracts';
import { withTransaction, type Queryable } from '@platform/service-kit';
import {
  countUnacceptedRequiredDocuments,
  findActiveDocument,
  insertDocument,
  listRequiredDocuments,
  recordAcceptance,
  type TDocumentRecord,
  type TNewDocument,
} from '../data-access/documents.repository.js';
import { findUserById, markDocumentsAccepted } from '../data-access/users.repository.js';
import { AUTH_ERRORS } from './auth.errors.js';
import { requireActiveUser } from './current-user.use-case.js';
import type { TAuthDeps } from './deps.js';
import { sanitizeDocumentHtml } from './document-html.js';
import { presentUser } from './user-view.js';

function presentDocument(doc: TDocumentRecord): TCompanyDocument {
  return { id: doc.id, title: doc.title, version: doc.version, content: doc.content, updatedAt: doc.updatedAt.toISOString() };
}

/**
 * Saves a company document; its HTML is sanitised here, on save, so every reader gets safe content. (Called by the
 * development seed and tests with a pool or client; there is no route for it yet.)
 */
export async function createCompanyDocument(db: Queryable, doc: TNewDocument): Promise<TDocumentRecord> {
  return insertDocument(db, { ...doc, content: sanitizeDocumentHtml(doc.content) });
}

export async function getRequiredDocuments(deps: TAuthDeps, userId: string): Promise<TRequiredDocument[]> {
  await requireActiveUser(deps.pool, userId);
  const docs = await listRequiredDocuments(deps.pool, userId);
  return docs.map((doc) => ({ ...presentDocument(doc), accepted: doc.accepted }));
}

export async function getDocument(deps: TAuthDeps, userId: string, documentId: string): Promise<TCompanyDocument> {
  await requireActiveUser(deps.pool, userId);
  const doc = await findActiveDocument(deps.pool, documentId);
  if (!doc) throw AUTH_ERRORS.documentNotFound();
  return presentDocument(doc);
}

/**
 * Records that the user accepted the document's current version, with the address the request came from (never
 * a value the client sends). Accepting again returns the first record.
 */
export async function acceptDocument(
  deps: TAuthDeps,
  input: { userId: string; documentId: string; ipAddress: string | null; userAgent: string | null },
): Promise<TDocumentAcceptance> {
  await requireActiveUser(deps.pool, input.userId);
  const doc = await findActiveDocument(deps.pool, input.documentId);
  if (!doc) throw AUTH_ERRORS.documentNotFound();
  const record = await recordAcceptance(deps.pool, {
    userId: input.userId,
    documentId: doc.id,
    documentVersion: doc.version,
    ipAddress: input.ipAddress ? input.ipAddress.slice(0, 45) : null,
    userAgent: input.userAgent ?? null,
  });
  return { ...record, acceptedAt: record.acceptedAt.toISOString() };
}

/** Finishes document onboarding when every required document is accepted in its current version (balances read with the user's token). */
export async function completeDocuments(deps: TAuthDeps, userId: string, token: string | undefined): Promise<TUser> {
  const user = await withTransaction(deps.pool, async (client) => {
    await requireActiveUser(client, userId);
    await findUserById(client, userId, { forUpdate: true });
    if ((await countUnacceptedRequiredDocuments(client, userId)) > 0) throw AUTH_ERRORS.documentsIncomplete();
    const updated = await markDocumentsAccepted(client, userId);
    if (!updated) throw AUTH_ERRORS.userGone();
    return updated;
  });
  return presentUser(user, deps.pool, { payouts: deps.payouts, token });
}
