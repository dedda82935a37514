import type { Readable } from 'node:stream';
import {
  DOCUMENT_TYPES,
  findTextProblem,
  normaliseLineBreaks,
  VERIFICATION_FIELD_LABELS,
  VERIFICATION_FIELD_MAX_LENGTH,
  VERIFICATION_FILE_FIELDS,
  VERIFICATION_TEXT_FIELDS,
  type TDocumentType,
  type TMyVerification,
  type TVerificationFileField,
  type TVerificationTextField,
} from '@platform/contracts';
import { discardFile, withTransaction, writeEvent, type TUploadPart } from '@platform/service-kit';
import { findUserById } from '../data-access/users.repository.js';
import {
  findApplicant,
  findLatestVerificationOfUser,
  insertPendingVerification,
  insertVerificationImage,
  type TVerificationRecord,
  type TVerificationRecordStatus,
} from '../data-access/verifications.repository.js';
import { AUTH_ERRORS } from './auth.errors.js';
import { sealImage } from './envelope-crypto.js';
import { checkIdentityImage, cleanIdentityImage, type TCheckedImage, type TCleanImage } from './identity-images.js';
import { verificationStatusOf } from './verification-status.js';
import type { TVerificationDeps } from './verification-deps.js';

const TEXT_FIELDS = new Set<string>(VERIFICATION_TEXT_FIELDS);
const FILE_FIELDS = new Set<string>(VERIFICATION_FILE_FIELDS);

/** Reads a file part into memory (never to disk); its size is bounded by the multipart limit. */
async function readAll(field: TVerificationFileField, stream: Readable & { truncated?: boolean }): Promise<Buffer> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of stream) chunks.push(chunk as Buffer);
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw AUTH_ERRORS.imageTooLarge(field);
    throw AUTH_ERRORS.malformedUpload();
  }
  if (stream.truncated) throw AUTH_ERRORS.imageTooLarge(field);
  return Buffer.concat(chunks);
}

export interface TVerificationFields {
  fullName: string;
  dateOfBirth: string;
  address: string;
  city: string;
  country: string;
  postalCode: string;
  documentType: TDocumentType;
  documentNumber: string;
}

/** Whole years between a date of birth and today (UTC). */
function ageOn(dateOfBirth: Date, today: Date): number {
  let age = today.getUTCFullYear() - dateOfBirth.getUTCFullYear();
  const beforeBirthday =
    today.getUTCMonth() < dateOfBirth.getUTCMonth() || (today.getUTCMonth() === dateOfBirth.getUTCMonth() && today.getUTCDate() < dateOfBirth.getUTCDate());
  if (beforeBirthday) age -= 1;
  return age;
}

/**
 * Checks the text fields in the form's order and answers the first refusal with the spec's message ("Full name is
 * required" ...), or the field's other rule (length, control characters, a real past date, a known document type).
 */
export function checkVerificationFields(raw: Partial<Record<TVerificationTextField, string>>, today = new Date()): TVerificationFields {
  const out: Partial<Record<TVerificationTextField, string>> = {};
  for (const field of VERIFICATION_TEXT_FIELDS) {
    const value = normaliseLineBreaks(raw[field] ?? '').trim();
    if (!value) throw AUTH_ERRORS.verificationFieldRequired(field);
    const problem = findTextProblem(value, VERIFICATION_FIELD_LABELS[field]);
    if (problem) throw AUTH_ERRORS.verificationFieldInvalid(field, problem);
    if (value.length > VERIFICATION_FIELD_MAX_LENGTH[field]) throw AUTH_ERRORS.verificationFieldTooLong(field, VERIFICATION_FIELD_MAX_LENGTH[field]);
    if (field === 'dateOfBirth') {
      const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
      const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : undefined;
      if (!date || date.toISOString().slice(0, 10) !== value || date.getTime() >= today.getTime() || ageOn(date, today) > 130) throw AUTH_ERRORS.dateOfBirthInvalid();
      if (ageOn(date, today) < 18) throw AUTH_ERRORS.tooYoung();
    }
    if (field === 'documentType' && !(DOCUMENT_TYPES as readonly string[]).includes(value)) throw AUTH_ERRORS.documentTypeInvalid();
    out[field] = value;
  }
  return out as TVerificationFields;
}

/** The worker's own status as GET /api/user/verification answers it. */
export function myVerificationOf(isVerified: boolean, latest: TVerificationRecord | null): TMyVerification {
  return {
    status: verificationStatusOf(isVerified, latest?.status ?? null),
    isVerified,
    id: latest?.id ?? null,
    reason: latest?.status === 'rejected' ? latest.rejectionReason : null,
    submittedAt: latest?.submittedAt.toISOString() ?? null,
    reviewedAt: latest?.reviewedAt?.toISOString() ?? null,
  };
}

export async function getMyVerification(deps: TVerificationDeps, userId: string): Promise<TMyVerification> {
  const [user, latest] = await Promise.all([findUserById(deps.pool, userId), findLatestVerificationOfUser(deps.pool, userId)]);
  if (!user) throw AUTH_ERRORS.verificationUserNotFound();
  return myVerificationOf(user.isVerified, latest);
}

/** Why the user may not apply now, or undefined. */
function applyRefusal(isVerified: boolean, latestStatus: TVerificationRecordStatus | null) {
  if (latestStatus === 'pending') return AUTH_ERRORS.verificationPending();
  if (isVerified) return AUTH_ERRORS.alreadyVerified();
  return undefined;
}

/**
 * POST /api/user/verification. Reads the multipart body (fields, and both images into memory, each bounded), checks
 * each image's header (type, 10 MB, sides) as soon as it is in, then the fields (spec messages), then whether the
 * user may apply (one query); only then decodes each image and re-encodes it without metadata, encrypts each under
 * its own data key, and records the pending application, both encrypted images and the verification.submitted event
 * in ONE transaction. A refusal stores nothing, and an image refused by its header costs no database read at all
 * (issue 26: a flood of oversized photos must not slow other users down). One pending application per user
 * (checked before decoding, and enforced by a unique index against a race); a rejected user may apply again.
 */
export async function applyForVerification(deps: TVerificationDeps, userId: string, parts: AsyncIterable<TUploadPart>): Promise<TMyVerification> {
  const text: Partial<Record<TVerificationTextField, string>> = {};
  const files: Partial<Record<TVerificationFileField, TCheckedImage>> = {};
  for await (const part of parts) {
    if (part.type === 'file') {
      if (!FILE_FIELDS.has(part.fieldname)) {
        discardFile(part.file);
        throw AUTH_ERRORS.verificationUnexpectedField(part.fieldname);
      }
      const field = part.fieldname as TVerificationFileField;
      if (files[field]) {
        discardFile(part.file);
        throw AUTH_ERRORS.verificationDuplicateField(field);
      }
      const bytes = await readAll(field, part.file);
      if (bytes.length === 0) throw AUTH_ERRORS.verificationFieldRequired(field);
      // Its type and dimensions from the header, before the rest of the upload is read and before anything is decoded.
      files[field] = await checkIdentityImage(field, bytes);
      continue;
    }
    if (!TEXT_FIELDS.has(part.fieldname)) throw AUTH_ERRORS.verificationUnexpectedField(part.fieldname);
    const field = part.fieldname as TVerificationTextField;
    if (text[field] !== undefined) throw AUTH_ERRORS.verificationDuplicateField(field);
    if (part.valueTruncated) throw AUTH_ERRORS.verificationFieldTooLong(field, VERIFICATION_FIELD_MAX_LENGTH[field]);
    text[field] = typeof part.value === 'string' ? part.value : '';
  }

  const fields = checkVerificationFields(text);
  for (const field of VERIFICATION_FILE_FIELDS) if (!files[field]) throw AUTH_ERRORS.verificationFieldRequired(field);
  const applicant = await findApplicant(deps.pool, userId);
  if (!applicant) throw AUTH_ERRORS.verificationUserNotFound();
  const refusal = applyRefusal(applicant.isVerified, applicant.latestStatus);
  if (refusal) throw refusal;
  const selfie: TCleanImage = await cleanIdentityImage(deps.images, files.selfieFile!);
  const document: TCleanImage = await cleanIdentityImage(deps.images, files.documentFile!);

  return withTransaction(deps.pool, async (client) => {
    const locked = await findUserById(client, userId, { forUpdate: true });
    if (!locked) throw AUTH_ERRORS.verificationUserNotFound();
    if (locked.isVerified) throw AUTH_ERRORS.alreadyVerified();
    const created = await insertPendingVerification(client, { userId, ...fields });
    if (!created) throw AUTH_ERRORS.verificationPending();
    await insertVerificationImage(client, created.id, 'selfie', selfie.mimeType, sealImage(deps.keyRing, selfie.data, `${created.id}/selfie`));
    await insertVerificationImage(client, created.id, 'document', document.mimeType, sealImage(deps.keyRing, document.data, `${created.id}/document`));
    await writeEvent(client, 'verification.submitted', {
      verificationId: created.id,
      userId,
      documentType: fields.documentType,
      submittedAt: created.submittedAt.toISOString(),
    });
    return { status: 'pending', isVerified: false, id: created.id, reason: null, submittedAt: created.submittedAt.toISOString(), reviewedAt: null };
  });
}
