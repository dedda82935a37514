import { AppError } from '@platform/service-kit';

/** Every failure of the identity service the client hears about; the message is what the screen shows. */
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
};
