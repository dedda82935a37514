import { REFERRAL_REQUIRED_FIELDS_MESSAGE } from '@platform/contracts';
import { AppError } from '@platform/service-kit';

/** Failures of referral links and landing pages; the message is what the screen shows. */
export const REFERRAL_ERRORS = {
  linkNotFound: () => new AppError('AUTH.REFERRAL_LINK_NOT_FOUND', 404, 'Referral link not found'),
  /** An unknown or inactive code, alike: the visitor's screen goes to /register. */
  codeNotFound: () => new AppError('AUTH.REFERRAL_CODE_NOT_FOUND', 404, 'Referral link not found'),
  codeTaken: () => new AppError('AUTH.REFERRAL_CODE_TAKEN', 409, 'This code is already taken', undefined, 'code'),
  codeReserved: () => new AppError('AUTH.REFERRAL_CODE_RESERVED', 400, 'This code is reserved; please choose another', undefined, 'code'),
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
};
