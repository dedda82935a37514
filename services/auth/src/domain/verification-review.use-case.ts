import type { TAdminVerification, TAdminVerificationPage, TAdminVerificationsQuery, TVerificationDecision, TVerificationFileKind } from '@platform/contracts';
import { withTransaction, writeEvent } from '@platform/service-kit';
import { findUserById } from '../data-access/users.repository.js';
import {
  decideVerification,
  findVerification,
  findVerificationImage,
  listVerificationsPage,
  setUserVerified,
  type TVerificationRecord,
} from '../data-access/verifications.repository.js';
import { openImage } from './envelope-crypto.js';
import { AUTH_ERRORS } from './auth.errors.js';
import type { TVerificationDeps } from './verification-deps.js';

/** A document number as lists show it: only the last 4 characters (fewer for short numbers), the rest as '•'. */
export function maskDocumentNumber(value: string): string {
  const shown = value.length > 6 ? 4 : value.length > 2 ? 2 : 0;
  return '•'.repeat(Math.max(value.length - shown, 4)) + value.slice(value.length - shown);
}

export function presentVerification(record: TVerificationRecord, options: { unmasked: boolean }): TAdminVerification {
  const name = [record.userFirstName, record.userLastName].filter(Boolean).join(' ');
  return {
    id: record.id,
    userId: record.userId,
    userEmail: record.userEmail,
    userName: name || null,
    fullName: record.fullName,
    dateOfBirth: record.dateOfBirth,
    address: record.address,
    city: record.city,
    country: record.country,
    postalCode: record.postalCode,
    documentType: record.documentType,
    documentNumber: options.unmasked ? record.documentNumber : maskDocumentNumber(record.documentNumber),
    status: record.status,
    rejectionReason: record.rejectionReason,
    reviewedBy: record.reviewedBy,
    reviewedAt: record.reviewedAt?.toISOString() ?? null,
    submittedAt: record.submittedAt.toISOString(),
    hasImages: record.imageCount > 0,
    imagesDeletedAt: record.imagesDeletedAt?.toISOString() ?? null,
  };
}

/**
 * GET /api/admin/verifications: one page of a list (the queue, pending oldest first, unless status or userId says
 * otherwise), searched and filtered; document numbers masked.
 */
export async function listVerificationsForAdmin(deps: TVerificationDeps, query: TAdminVerificationsQuery): Promise<TAdminVerificationPage> {
  const { status, ...rest } = query;
  const list = status ?? (query.userId ? 'all' : 'pending');
  const page = await listVerificationsPage(deps.pool, list, rest);
  return { ...page, items: page.items.map((r) => presentVerification(r, { unmasked: false })) };
}

/** GET /api/admin/verifications/{id}: the review dialog, the one place the document number is shown whole. */
export async function getVerificationForAdmin(deps: TVerificationDeps, id: string): Promise<TAdminVerification> {
  const record = await findVerification(deps.pool, id);
  if (!record) throw AUTH_ERRORS.verificationNotFound();
  return presentVerification(record, { unmasked: true });
}

/**
 * PATCH /api/admin/verifications/{id}: approve (the user becomes verified, user.updated) or reject (a reason is
 * required; the user stays unverified and may apply again). The decision is ONE conditional update of a pending
 * row, so of two admins deciding at once one wins and the other gets 409; verification.decided (the e-mail, the
 * audit log, the activity history) is written in the same transaction.
 */
export async function decideVerificationAsAdmin(deps: TVerificationDeps, adminId: string, id: string, decision: TVerificationDecision): Promise<TAdminVerification> {
  const reason = decision.reason?.trim() || null;
  if (decision.status === 'rejected' && !reason) throw AUTH_ERRORS.rejectionReasonRequired();
  await withTransaction(deps.pool, async (client) => {
    const decided = await decideVerification(client, id, { status: decision.status, reason: decision.status === 'rejected' ? reason : null, reviewedBy: adminId });
    if (!decided) {
      const existing = await findVerification(client, id);
      if (!existing) throw AUTH_ERRORS.verificationNotFound();
      throw AUTH_ERRORS.verificationDecided(existing.status);
    }
    if (decision.status === 'approved') await setUserVerified(client, decided.userId);
    const user = await findUserById(client, decided.userId);
    if (!user) throw AUTH_ERRORS.verificationUserNotFound();
    if (decision.status === 'approved') {
      await writeEvent(client, 'user.updated', {
        userId: user.id,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        role: user.role,
        isActive: user.isActive,
        isVerified: user.isVerified,
        updatedAt: user.updatedAt.toISOString(),
      });
    }
    await writeEvent(client, 'verification.decided', {
      verificationId: id,
      userId: user.id,
      status: decision.status,
      reason: decision.status === 'rejected' ? reason : null,
      decidedBy: adminId,
      decidedAt: decided.reviewedAt.toISOString(),
      email: user.email,
      firstName: user.firstName,
    });
  });
  return getVerificationForAdmin(deps, id);
}

/**
 * GET /api/admin/verifications/{id}/files/{selfie|document}: decrypts one image in memory for an admin. The view
 * is recorded first (verification.file_viewed, which the admin service's audit log turns into a row); a failure to
 * record it means no image. Gone after the retention job: 404.
 */
export async function viewVerificationImage(deps: TVerificationDeps, adminId: string, id: string, kind: TVerificationFileKind): Promise<{ mimeType: string; data: Buffer }> {
  const record = await findVerification(deps.pool, id);
  if (!record) throw AUTH_ERRORS.verificationNotFound();
  const sealed = await findVerificationImage(deps.pool, id, kind);
  if (!sealed) throw AUTH_ERRORS.verificationFileNotFound();
  const data = openImage(deps.keyRing, sealed, `${id}/${kind}`);
  await withTransaction(deps.pool, (client) =>
    writeEvent(client, 'verification.file_viewed', { verificationId: id, userId: record.userId, file: kind, viewedBy: adminId, viewedAt: new Date().toISOString() }),
  );
  return { mimeType: sealed.mimeType, data };
}
