import { REJECTION_REASON_REQUIRED, VERIFICATION_FIELD_LABELS, VERIFICATION_MESSAGES, type TVerificationFileField, type TVerificationTextField } from '@platform/contracts';
import { AppError } from '@platform/service-kit';

type TField = TVerificationTextField | TVerificationFileField;

/** Refusals of the verification calls; the message is what the screen shows (field: the form field at fault). */
export const VERIFICATION_ERRORS = {
  required: (field: TField) => new AppError('VERIFICATION.FIELD_REQUIRED', 400, VERIFICATION_MESSAGES[field], undefined, field, { field }),
  tooLong: (field: TVerificationTextField, max: number) =>
    new AppError('VERIFICATION.FIELD_TOO_LONG', 400, `${VERIFICATION_FIELD_LABELS[field]} must be at most ${max} characters`, undefined, field, { field, max }),
  badText: (field: TVerificationTextField, message: string) => new AppError('VERIFICATION.FIELD_INVALID', 400, message, undefined, field, { field, detail: message }),
  badDate: () => new AppError('VERIFICATION.DATE_OF_BIRTH_INVALID', 400, 'Date of birth must be a real date in the past (YYYY-MM-DD)', undefined, 'dateOfBirth'),
  tooYoung: () => new AppError('VERIFICATION.TOO_YOUNG', 400, 'You must be at least 18 years old to verify your identity', undefined, 'dateOfBirth', { minAge: 18 }),
  badDocumentType: () =>
    new AppError('VERIFICATION.DOCUMENT_TYPE_INVALID', 400, 'Document type must be passport, drivers_license or national_id', undefined, 'documentType'),
  unexpectedField: (name: string) => new AppError('VERIFICATION.UNEXPECTED_FIELD', 400, `Unexpected field "${name.slice(0, 50)}"`, undefined, undefined, { name: name.slice(0, 50) }),
  duplicateField: (name: string) => new AppError('VERIFICATION.DUPLICATE_FIELD', 400, `The field "${name.slice(0, 50)}" was sent twice`, undefined, undefined, { name: name.slice(0, 50) }),
  malformedUpload: () => new AppError('REQUEST.MALFORMED_UPLOAD', 400, 'The upload is incomplete or malformed'),
  notMultipart: () => new AppError('REQUEST.UNSUPPORTED_MEDIA_TYPE', 415, 'The verification must be sent as multipart/form-data'),
  alreadyPending: () => new AppError('VERIFICATION.ALREADY_PENDING', 409, 'You already have a verification pending review'),
  alreadyVerified: () => new AppError('VERIFICATION.ALREADY_VERIFIED', 409, 'Your identity is already verified'),
  notFound: () => new AppError('VERIFICATION.NOT_FOUND', 404, 'Verification not found'),
  fileNotFound: () => new AppError('VERIFICATION.FILE_NOT_FOUND', 404, 'File not found'),
  alreadyDecided: (status: string) => new AppError('VERIFICATION.ALREADY_DECIDED', 409, `This verification has already been ${status}`, undefined, undefined, { status }),
  reasonRequired: () => new AppError('VERIFICATION.REASON_REQUIRED', 400, REJECTION_REASON_REQUIRED, undefined, 'reason'),
  userGone: () => new AppError('VERIFICATION.USER_NOT_FOUND', 404, 'User not found'),
};
