import {
  BALANCE_REASON_REQUIRED,
  MAX_UPLOAD_IMAGE_PIXELS,
  MAX_VERIFICATION_IMAGE_BYTES,
  MIN_VERIFICATION_IMAGE_SIDE,
  REFERRAL_REQUIRED_FIELDS_MESSAGE,
  REJECTION_REASON_REQUIRED,
  VERIFICATION_FIELD_LABELS,
  VERIFICATION_MESSAGES,
  type TDeletionEligibility,
  type TVerificationFileField,
  type TVerificationTextField,
} from '@platform/contracts';
import { AppError } from '@platform/service-kit';
import { blockersOf } from './account-holdings.js';

/** The size limit of one identity photo in MB (10). */
const MAX_VERIFICATION_IMAGE_MEGABYTES = MAX_VERIFICATION_IMAGE_BYTES / 1024 / 1024;

/**
 * Every failure of the identity service the client hears about, in one table (issue 32); the message is what the
 * screen shows, `field` the form field at fault.
 */
export const AUTH_ERRORS = {
  emailTaken: () => new AppError('AUTH.EMAIL_TAKEN', 409, 'User with this email already exists', undefined, 'email'),
  invalidCredentials: () => new AppError('AUTH.INVALID_CREDENTIALS', 401, 'Invalid email or password'),
  accountSuspended: () => new AppError('AUTH.ACCOUNT_SUSPENDED', 403, 'Your account has been suspended. Please contact support.'),
  /** The token is valid but its user no longer exists. */
  userGone: () => new AppError('AUTH.USER_NOT_FOUND', 401, 'Your session has ended. Please log in again.'),
  invalidResetToken: () => new AppError('AUTH.INVALID_RESET_TOKEN', 400, 'Recovery link has expired or is invalid'),
  documentNotFound: () => new AppError('AUTH.DOCUMENT_NOT_FOUND', 404, 'Document not found'),
  /** Nothing is left of a document's content once it is sanitised. */
  documentContentRequired: () => new AppError('AUTH.DOCUMENT_CONTENT_REQUIRED', 400, 'Content is required', [{ path: 'content', message: 'Content is required' }], 'content'),
  /** An admin asked for a user that does not exist. */
  userNotFound: () => new AppError('AUTH.USER_NOT_FOUND', 404, 'User not found'),
  documentsIncomplete: () =>
    new AppError('AUTH.DOCUMENTS_INCOMPLETE', 400, 'Incomplete - Please accept all required documents before continuing'),
  userExistsNotPromoted: (email: string) =>
    new AppError('AUTH.USER_EXISTS', 409, `A user with the email ${email} already exists; pass --promote to make them an admin`, undefined, undefined, { email }),
  weakAdminPassword: () => new AppError('AUTH.WEAK_PASSWORD', 400, 'An admin password must have at least 12 characters'),

  /** A worker deleting their own account. */
  wrongPassword: () => new AppError('AUTH.WRONG_PASSWORD', 400, 'The password is incorrect', undefined, 'password'),
  ownAdminAccountNotDeleted: () => new AppError('AUTH.ADMIN_PROTECTED', 409, 'Admin accounts cannot be deleted', undefined, undefined, { action: 'deleted_own' }),
  ownAccountNotEmpty: (eligibility: TDeletionEligibility) =>
    new AppError('AUTH.ACCOUNT_NOT_EMPTY', 409, `Your account cannot be deleted yet: ${eligibility.reasons.map((r) => r.message).join('; ')}`, undefined, undefined, {
      subject: 'own',
      reasons: blockersOf(eligibility),
    }),

  /** User management (spec 03 section 6: Ban/Unban and Delete are not for admin users). */
  adminNotBanned: () => new AppError('AUTH.ADMIN_PROTECTED', 403, 'Admin users cannot be banned', undefined, undefined, { action: 'banned' }),
  adminNotDeleted: () => new AppError('AUTH.ADMIN_PROTECTED', 403, 'Admin users cannot be deleted', undefined, undefined, { action: 'deleted' }),
  lastAdmin: () => new AppError('AUTH.LAST_ADMIN', 409, 'The last admin cannot be demoted'),
  balanceReasonRequired: () => new AppError('AUTH.VALIDATION', 400, BALANCE_REASON_REQUIRED, undefined, 'balanceReason', { field: 'balanceReason' }),
  userAccountNotEmpty: (eligibility: TDeletionEligibility) =>
    new AppError('AUTH.ACCOUNT_NOT_EMPTY', 409, `The user cannot be deleted: ${eligibility.reasons.map((r) => r.message).join('; ')}`, undefined, undefined, {
      subject: 'user',
      reasons: blockersOf(eligibility),
    }),

  /** Referral links and landing pages. */
  referralLinkNotFound: () => new AppError('AUTH.REFERRAL_LINK_NOT_FOUND', 404, 'Referral link not found'),
  /** An unknown or inactive code, alike: the visitor's screen goes to /register. */
  referralCodeNotFound: () => new AppError('AUTH.REFERRAL_CODE_NOT_FOUND', 404, 'Referral link not found'),
  referralCodeTaken: () => new AppError('AUTH.REFERRAL_CODE_TAKEN', 409, 'This code is already taken', undefined, 'code'),
  referralCodeReserved: () => new AppError('AUTH.REFERRAL_CODE_RESERVED', 400, 'This code is reserved; please choose another', undefined, 'code'),
  landingPageRequired: () => new AppError('AUTH.VALIDATION', 400, REFERRAL_REQUIRED_FIELDS_MESSAGE, undefined, 'landingPageId', { field: 'landingPageId' }),
  landingPageUnknown: () => new AppError('AUTH.LANDING_PAGE_UNKNOWN', 400, 'Please choose a landing page', undefined, 'landingPageId'),
  landingPageNotFound: () => new AppError('AUTH.LANDING_PAGE_NOT_FOUND', 404, 'Landing page not found'),
  landingPageNameTaken: () => new AppError('AUTH.LANDING_PAGE_NAME_TAKEN', 409, 'A landing page with this name already exists', undefined, 'name'),
  /** Principle 4 (issue 31 item 5): the copy, once plain text, states a typed figure (markup cannot hide one). */
  typedFigure: (key: string, label: string, figure: string) =>
    new AppError(
      'FIELD.TYPED_FIGURE',
      400,
      `${label} must not state figures typed by hand ("${figure}"): the page shows the live figures computed by the platform`,
      undefined,
      `content.${key}`,
      { field: `content.${key}`, figure },
    ),

  /** Identity verification: the application's fields, its upload, the admins' review. */
  verificationFieldRequired: (field: TVerificationTextField | TVerificationFileField) =>
    new AppError('VERIFICATION.FIELD_REQUIRED', 400, VERIFICATION_MESSAGES[field], undefined, field, { field }),
  verificationFieldTooLong: (field: TVerificationTextField, max: number) =>
    new AppError('VERIFICATION.FIELD_TOO_LONG', 400, `${VERIFICATION_FIELD_LABELS[field]} must be at most ${max} characters`, undefined, field, { field, max }),
  verificationFieldInvalid: (field: TVerificationTextField, message: string) =>
    new AppError('VERIFICATION.FIELD_INVALID', 400, message, undefined, field, { field, detail: message }),
  dateOfBirthInvalid: () => new AppError('VERIFICATION.DATE_OF_BIRTH_INVALID', 400, 'Date of birth must be a real date in the past (YYYY-MM-DD)', undefined, 'dateOfBirth'),
  tooYoung: () => new AppError('VERIFICATION.TOO_YOUNG', 400, 'You must be at least 18 years old to verify your identity', undefined, 'dateOfBirth', { minAge: 18 }),
  documentTypeInvalid: () =>
    new AppError('VERIFICATION.DOCUMENT_TYPE_INVALID', 400, 'Document type must be passport, drivers_license or national_id', undefined, 'documentType'),
  verificationUnexpectedField: (name: string) =>
    new AppError('VERIFICATION.UNEXPECTED_FIELD', 400, `Unexpected field "${name.slice(0, 50)}"`, undefined, undefined, { name: name.slice(0, 50) }),
  verificationDuplicateField: (name: string) =>
    new AppError('VERIFICATION.DUPLICATE_FIELD', 400, `The field "${name.slice(0, 50)}" was sent twice`, undefined, undefined, { name: name.slice(0, 50) }),
  malformedUpload: () => new AppError('REQUEST.MALFORMED_UPLOAD', 400, 'The upload is incomplete or malformed'),
  verificationNotMultipart: () => new AppError('REQUEST.UNSUPPORTED_MEDIA_TYPE', 415, 'The verification must be sent as multipart/form-data'),
  verificationPending: () => new AppError('VERIFICATION.ALREADY_PENDING', 409, 'You already have a verification pending review'),
  alreadyVerified: () => new AppError('VERIFICATION.ALREADY_VERIFIED', 409, 'Your identity is already verified'),
  verificationNotFound: () => new AppError('VERIFICATION.NOT_FOUND', 404, 'Verification not found'),
  verificationFileNotFound: () => new AppError('VERIFICATION.FILE_NOT_FOUND', 404, 'File not found'),
  verificationDecided: (status: string) =>
    new AppError('VERIFICATION.ALREADY_DECIDED', 409, `This verification has already been ${status}`, undefined, undefined, { status }),
  rejectionReasonRequired: () => new AppError('VERIFICATION.REASON_REQUIRED', 400, REJECTION_REASON_REQUIRED, undefined, 'reason'),
  verificationUserNotFound: () => new AppError('VERIFICATION.USER_NOT_FOUND', 404, 'User not found'),

  /** The identity photos, judged by their content. */
  notAnImage: (field: TVerificationFileField) =>
    new AppError('VERIFICATION.NOT_AN_IMAGE', 400, `${VERIFICATION_FIELD_LABELS[field]} must be an image file (JPEG, PNG, WebP or HEIC)`, undefined, field, { field }),
  imageTooLarge: (field: TVerificationFileField) =>
    new AppError('VERIFICATION.IMAGE_TOO_LARGE', 413, `${VERIFICATION_FIELD_LABELS[field]} must be at most ${MAX_VERIFICATION_IMAGE_MEGABYTES} MB`, undefined, field, {
      field,
      maxMegabytes: MAX_VERIFICATION_IMAGE_MEGABYTES,
    }),
  /** The multipart parser's file limit: which of the two photos is not known there, so the catalogues say "Each photo". */
  photoTooLarge: () =>
    new AppError('VERIFICATION.IMAGE_TOO_LARGE', 413, `Each photo must be at most ${MAX_VERIFICATION_IMAGE_MEGABYTES} MB`, undefined, undefined, {
      field: 'photo',
      maxMegabytes: MAX_VERIFICATION_IMAGE_MEGABYTES,
    }),
  imageTooManyPixels: (field: TVerificationFileField) =>
    new AppError(
      'VERIFICATION.IMAGE_TOO_MANY_PIXELS',
      413,
      `${VERIFICATION_FIELD_LABELS[field]} must be at most ${MAX_UPLOAD_IMAGE_PIXELS / 1_000_000} megapixels (for example 6000 x 4000 pixels)`,
      undefined,
      field,
      { field, megapixels: MAX_UPLOAD_IMAGE_PIXELS / 1_000_000 },
    ),
  imageTooSmall: (field: TVerificationFileField) =>
    new AppError('VERIFICATION.IMAGE_TOO_SMALL', 400, `${VERIFICATION_FIELD_LABELS[field]} must be at least ${MIN_VERIFICATION_IMAGE_SIDE} pixels on its shorter side`, undefined, field, {
      field,
      minSide: MIN_VERIFICATION_IMAGE_SIDE,
    }),
  imageUnreadable: (field: TVerificationFileField) =>
    new AppError('VERIFICATION.IMAGE_UNREADABLE', 400, `${VERIFICATION_FIELD_LABELS[field]} could not be read as an image; please take the photo again`, undefined, field, { field }),

  /** The user's data export. */
  exportNotFound: () => new AppError('EXPORT.NOT_FOUND', 404, 'This download has expired or does not exist; request a new one'),
  exportInProgress: () => new AppError('EXPORT.IN_PROGRESS', 409, 'Your data export is already being prepared. Please wait a moment.'),
};
