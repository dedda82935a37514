/**
 * Every error code a client can hear, declared once with the names and kinds of its parameters (issue 28). A
 * service throws `new AppError(code, status, message, details?, field?, params)` (service-kit): the code must be one
 * of these (a typecheck error otherwise), and `params` must be exactly the code's parameters. The answer is
 * `{message, code, params?, field?, details?}`: `message` is the English sentence (the spec's text where the spec
 * names one), `params` the values it was built from, so the screens say it in the reader's language from their
 * catalogues (frontend/src/locales/errors.*.ts, an entry per code, checked against this table by a test).
 *
 * Kinds of parameter, as the screens write them:
 * - `count`: a number (a limit, a count, hours), written with the locale's separators and plural forms;
 * - `money`: an amount as the API writes it (a decimal string, "50.00"), written as money in the locale;
 * - `field`: the name of an input (`walletAddress`, `selfieFile`), said in words from the catalogue;
 * - `text`: a word or name as it is (a template name, a banned word) or one of a few fixed values the entry
 *   chooses a sentence by (`{{status:submitted=...|other=...}}`);
 * - `blockers`: the reasons an account cannot be deleted (`[{code, params}]`, each a DELETION.* entry).
 *
 * DELETION.* are not thrown: they are the reasons of AUTH.ACCOUNT_NOT_EMPTY and of the deletion check
 * (`reasons[].code` in lower case, e.g. `available_balance` is DELETION.AVAILABLE_BALANCE).
 *
 * This file imports nothing: the frontend takes it as code (`@platform/contracts/errors`) for its catalogue test
 * and for the kinds of the parameters.
 */
export const ERROR_PARAM_KINDS = ['count', 'money', 'field', 'text', 'blockers'] as const;
export type TErrorParamKind = (typeof ERROR_PARAM_KINDS)[number];

export const ERROR_CODES = {
  // The shared refusals of every service and of the gateway (service-kit, gateway).
  INTERNAL: {},
  NOT_FOUND: { what: 'text' },
  'SERVICE.UNAVAILABLE': {},
  'GATEWAY.BAD_GATEWAY': {},
  'GATEWAY.UPSTREAM_TIMEOUT': {},
  'REQUEST.VALIDATION': {},
  'REQUEST.FIELD_REQUIRED': { field: 'field' },
  'REQUEST.UNKNOWN_FIELDS': { fields: 'text' },
  // The field rules of the contracts' schemas, by kind (fieldRuleCodeOf below): `field` is the input's name (its path).
  'FIELD.REQUIRED': { field: 'field' },
  'FIELD.TOO_SHORT': { field: 'field', min: 'count' },
  'FIELD.TOO_LONG': { field: 'field', max: 'count' },
  'FIELD.TOO_SMALL': { field: 'field', min: 'count' },
  'FIELD.TOO_LARGE': { field: 'field', max: 'count' },
  'FIELD.INVALID': { field: 'field' },
  'FIELD.NOT_A_CHOICE': { field: 'field' },
  'FIELD.CONTROL_CHARACTERS': { field: 'field' },
  'FIELD.INVALID_UNICODE': { field: 'field' },
  // A landing page's copy states a figure typed by hand (principle 4, issue 31): `figure` is the words that make it.
  'FIELD.TYPED_FIGURE': { field: 'field', figure: 'text' },
  'FIELD.PASSWORDS_DIFFER': {},
  'REQUEST.INVALID': {},
  'REQUEST.MALFORMED': {},
  'REQUEST.MALFORMED_JSON': {},
  'REQUEST.MALFORMED_UPLOAD': {},
  'REQUEST.TOO_LARGE': {},
  'REQUEST.UNSUPPORTED_MEDIA_TYPE': {},
  'REQUEST.BAD_URL': {},
  'REQUEST.BAD_PATH': { reason: 'text' },
  'REQUEST.BAD_QUERY': { reason: 'text' },
  'REQUEST.URL_TOO_LONG': {},
  'REQUEST.INVALID_CONTENT_LENGTH': {},
  'REQUEST.BODY_INCOMPLETE': {},
  'REQUEST.TIMEOUT': {},
  'REQUEST.HEADERS_TOO_LARGE': {},
  'REQUEST.RANGE_NOT_SATISFIABLE': {},
  'REQUEST.PRECONDITION_FAILED': {},
  'REQUEST.UPGRADE_REQUIRED': {},
  'REQUEST.RATE_LIMITED': { what: 'text', minutes: 'count' },
  'REQUEST.TOO_MANY_CONNECTIONS': { state: 'text' },
  'REQUEST.BUSY': {},
  'AUTH.UNAUTHENTICATED': {},
  'AUTH.FORBIDDEN': {},
  'AUTH.INVALID_TOKEN': {},
  'AUTH.TOKEN_EXPIRED': {},
  'AUTH.TOKEN_REVOKED': {},
  'AUTH.ACCOUNT_DELETED': {},
  'EXPORT.FORBIDDEN': {},
  'EXPORT.NOT_FOUND': {},
  'EXPORT.IN_PROGRESS': {},

  // auth: identity, documents, users, referrals, verification
  'AUTH.EMAIL_TAKEN': {},
  'AUTH.INVALID_CREDENTIALS': {},
  'AUTH.ACCOUNT_SUSPENDED': {},
  'AUTH.USER_NOT_FOUND': {},
  'AUTH.INVALID_RESET_TOKEN': {},
  'AUTH.DOCUMENT_NOT_FOUND': {},
  'AUTH.DOCUMENT_CONTENT_REQUIRED': {},
  'AUTH.DOCUMENTS_INCOMPLETE': {},
  'AUTH.USER_EXISTS': { email: 'text' },
  'AUTH.WEAK_PASSWORD': {},
  'AUTH.WRONG_PASSWORD': {},
  'AUTH.ADMIN_PROTECTED': { action: 'text' },
  'AUTH.LAST_ADMIN': {},
  'AUTH.VALIDATION': { field: 'field' },
  'AUTH.ACCOUNT_NOT_EMPTY': { subject: 'text', reasons: 'blockers' },
  'AUTH.REFERRAL_LINK_NOT_FOUND': {},
  'AUTH.REFERRAL_CODE_NOT_FOUND': {},
  'AUTH.REFERRAL_CODE_TAKEN': {},
  'AUTH.REFERRAL_CODE_RESERVED': {},
  'AUTH.LANDING_PAGE_UNKNOWN': {},
  'AUTH.LANDING_PAGE_NOT_FOUND': {},
  'AUTH.LANDING_PAGE_NAME_TAKEN': {},
  'DELETION.AVAILABLE_BALANCE': { amount: 'money' },
  'DELETION.HELD_BALANCE': { amount: 'money' },
  'DELETION.PENDING_WITHDRAWAL': { count: 'count' },
  'DELETION.ACTIVE_ASSIGNMENT': { count: 'count' },
  'DELETION.SUBMISSION_UNDER_REVIEW': { count: 'count' },
  'DELETION.PENDING_TASK_REQUEST': { count: 'count' },
  'DELETION.ADMIN': {},
  'VERIFICATION.FIELD_REQUIRED': { field: 'field' },
  'VERIFICATION.FIELD_TOO_LONG': { field: 'field', max: 'count' },
  'VERIFICATION.FIELD_INVALID': { field: 'field', detail: 'text' },
  'VERIFICATION.DATE_OF_BIRTH_INVALID': {},
  'VERIFICATION.TOO_YOUNG': { minAge: 'count' },
  'VERIFICATION.DOCUMENT_TYPE_INVALID': {},
  'VERIFICATION.UNEXPECTED_FIELD': { name: 'text' },
  'VERIFICATION.DUPLICATE_FIELD': { name: 'text' },
  'VERIFICATION.ALREADY_PENDING': {},
  'VERIFICATION.ALREADY_VERIFIED': {},
  'VERIFICATION.NOT_FOUND': {},
  'VERIFICATION.FILE_NOT_FOUND': {},
  'VERIFICATION.ALREADY_DECIDED': { status: 'text' },
  'VERIFICATION.REASON_REQUIRED': {},
  'VERIFICATION.USER_NOT_FOUND': {},
  'VERIFICATION.NOT_AN_IMAGE': { field: 'field' },
  'VERIFICATION.IMAGE_TOO_LARGE': { field: 'field', maxMegabytes: 'count' },
  'VERIFICATION.IMAGE_TOO_MANY_PIXELS': { field: 'field', megapixels: 'count' },
  'VERIFICATION.IMAGE_TOO_SMALL': { field: 'field', minSide: 'count' },
  'VERIFICATION.IMAGE_UNREADABLE': { field: 'field' },

  // work
  'WORK.TASK_NOT_FOUND': {},
  'WORK.TASK_ALREADY_TAKEN': {},
  'WORK.TASK_ALREADY_YOURS': {},
  'WORK.TASK_ALREADY_DONE': {},
  'WORK.TASK_ALREADY_REQUESTED': {},
  'WORK.TASK_NOT_AVAILABLE': {},
  'WORK.TOO_MANY_TASKS': { max: 'count' },
  'WORK.TASK_PAST_DUE': {},
  'WORK.DUE_DATE_IN_PAST': {},
  'WORK.SLOTS_BELOW_FILLED': { filled: 'count' },
  'WORK.BELOW_HOURLY_FLOOR': { hourlyRate: 'money', minimumHourlyRate: 'money', reward: 'money', estimatedMinutes: 'count' },
  'WORK.ASSIGNMENT_NOT_FOUND': {},
  'WORK.NOT_YOUR_TASK': {},
  'WORK.CANNOT_SUBMIT': { status: 'text' },
  'WORK.CANNOT_RETURN': { status: 'text' },
  'WORK.TIME_LIMIT_EXPIRED': {},
  'WORK.SUBMISSION_REQUIRED': {},
  'WORK.SUBMISSION_TOO_LONG': {},
  'WORK.TOO_MANY_FILES': { max: 'count' },
  'WORK.FILE_TOO_LARGE': { maxMegabytes: 'count' },
  'WORK.FILE_TYPE_NOT_ALLOWED': {},
  'WORK.IMAGE_TYPE_NOT_SUPPORTED': {},
  'WORK.IMAGE_UNREADABLE': {},
  'WORK.IMAGE_TOO_MANY_PIXELS': { megapixels: 'count' },
  'WORK.UNEXPECTED_FIELD': { name: 'text' },
  'WORK.MALFORMED_UPLOAD': {},
  'WORK.FILE_NOT_FOUND': {},
  'WORK.SUBMISSION_NOT_FOUND': {},
  'WORK.ALREADY_REVIEWED': {},
  'WORK.NOT_AWAITING_REVIEW': {},
  'WORK.CANNOT_CANCEL': {},
  'WORK.NO_PENDING_REQUEST': {},
  'WORK.PACKAGE_NOT_FOUND': {},
  'WORK.TASK_ALREADY_IN_PACKAGE': {},
  'WORK.TASK_NOT_IN_PACKAGE': {},
  'WORK.UNKNOWN_CRITERIA': { numbers: 'text' },
  'WORK.CRITERIA_REQUIRED': {},
  'WORK.CANNOT_APPEAL': {},
  'WORK.APPEAL_WINDOW_CLOSED': { days: 'count' },
  'WORK.ALREADY_APPEALED': {},
  'WORK.UNDER_APPEAL': {},
  'WORK.APPEAL_NOT_FOUND': {},
  'WORK.APPEAL_ALREADY_DECIDED': {},
  'WORK.APPEAL_SAME_REVIEWER': {},
  'WORK.WORKER_NOT_FOUND': {},
  'WORK.CLAIMED_BY_OTHER': { name: 'text' },
  'WORK.REVIEW_JOB_NOT_FOUND': {},
  'WORK.REVIEW_JOB_EMPTY': {},
  'WORK.REVIEW_TEMPLATE_NOT_FOUND': {},
  'WORK.TOO_MANY_REVIEW_TEMPLATES': { max: 'count' },
  'WORK.UNKNOWN_TEMPLATE_VARIABLES': { names: 'text' },
  'WORK.TEMPLATE_NEEDS_CRITERION': {},

  // payouts
  'PAYOUTS.IDEMPOTENCY_KEY_REQUIRED': {},
  'PAYOUTS.IDEMPOTENCY_KEY_INVALID': {},
  'PAYOUTS.IDEMPOTENCY_KEY_REUSED': {},
  'PAYOUTS.FIELDS_REQUIRED': {},
  'PAYOUTS.INVALID_AMOUNT': {},
  'PAYOUTS.UNSUPPORTED_CURRENCY': {},
  'PAYOUTS.INVALID_WALLET_ADDRESS': { currency: 'text' },
  'PAYOUTS.AMOUNT_TOO_LOW': { minimum: 'money' },
  'PAYOUTS.INSUFFICIENT_FUNDS': {},
  'PAYOUTS.NOTHING_AVAILABLE': {},
  'PAYOUTS.GIVE_UP_AMOUNT_CHANGED': { available: 'money' },
  'PAYOUTS.NOT_CLOSING': {},
  'PAYOUTS.WALLET_COOLDOWN': { hours: 'count' },
  'PAYOUTS.WALLET_NOT_SAVED': { hours: 'count' },
  'PAYOUTS.WITHDRAWAL_NOT_FOUND': {},
  'PAYOUTS.ALREADY_PROCESSED': {},
  'PAYOUTS.BALANCE_UNCHANGED': {},
  'PAYOUTS.WALLET_NOT_FOUND': {},
  'PAYOUTS.WALLET_EXISTS': {},
  'PAYOUTS.USER_NOT_FOUND': {},
  'PAYOUTS.ACCOUNT_NOT_FOUND': {},

  // chat and support
  'CHAT.MESSAGE_BLOCKED': { words: 'text', count: 'count' },
  'CHAT.USER_BLOCKED': {},
  'CHAT.RATE_LIMITED': { seconds: 'count' },
  'CHAT.REPLY_NOT_FOUND': {},
  'CHAT.SUPPORT_NOT_HERE': {},
  'CHAT.INVALID_WORD': { word: 'text' },
  'CHAT.AUTH_REQUIRED': {},
  'CHAT.AUTH_TIMEOUT': {},
  'CHAT.TOO_MANY_FRAMES': {},
  'CHAT.TOKEN_MISMATCH': {},
  'CHAT.BINARY_FRAME': {},
  'CHAT.PROVIDER_URL_NOT_ALLOWED': { reason: 'text' },
  'CHAT.PROVIDER_URL_UNRESOLVABLE': {},
  'CHAT.PROVIDER_KEY_REQUIRED': {},
  'SUPPORT.CONVERSATION_NOT_FOUND': {},
  'SUPPORT.ADMINS_USE_DESK': {},
  'SUPPORT.NOT_AN_ADMIN': {},

  // admin: settings, templates, news, awards, statistics
  'ADMIN.TEMPLATE_NOT_FOUND': {},
  'ADMIN.TEMPLATE_NAME_TAKEN': { name: 'text' },
  'ADMIN.TEMPLATE_NAME_IMMUTABLE': {},
  'ADMIN.TEMPLATE_INVALID': { field: 'field', detail: 'text' },
  'ADMIN.UNKNOWN_SETTING': {},
  'ADMIN.WELCOME_VIDEO_TOO_LARGE': { max: 'text' },
  'ADMIN.WELCOME_VIDEO_NOT_VIDEO': {},
  'ADMIN.WELCOME_VIDEO_MISSING': {},
  'ADMIN.WELCOME_VIDEO_MALFORMED': {},
  'ADMIN.WELCOME_VIDEO_UNAVAILABLE': {},
  'ADMIN.SETTING_VALUE_REQUIRED': {},
  'ADMIN.INVALID_SETTING_VALUE': { detail: 'text' },
  'ADMIN.NEWS_CONTENT_REQUIRED': {},
  'ADMIN.NEWS_NOT_FOUND': {},
  'ADMIN.AWARD_NOT_FOUND': {},
  'ADMIN.AWARD_USER_NOT_FOUND': {},
  'ADMIN.AWARD_COMPUTED': {},
  'STATS.SOURCE_UNAVAILABLE': { service: 'text' },
} as const satisfies Record<string, Readonly<Record<string, TErrorParamKind>>>;

export type TErrorCode = keyof typeof ERROR_CODES;

/** A deletion blocker as the answers carry it (reasons[] of the deletion check, the `reasons` parameter). */
export interface TErrorBlocker {
  code: string;
  params?: Readonly<Record<string, string | number>>;
}

interface TErrorParamValues {
  count: number;
  money: string;
  field: string;
  text: string;
  blockers: readonly TErrorBlocker[];
}

/** The parameters of one code, each typed by its kind. */
export type TErrorParams<C extends TErrorCode> = { [K in keyof (typeof ERROR_CODES)[C]]: TErrorParamValues[(typeof ERROR_CODES)[C][K] & TErrorParamKind] };

/** What follows the message in AppError: nothing for a code without parameters, else exactly its parameters. */
export type TErrorParamsArg<C extends TErrorCode> = C extends TErrorCode ? (keyof (typeof ERROR_CODES)[C] extends never ? [] : [params: TErrorParams<C>]) : never;

export function isErrorCode(value: unknown): value is TErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}

/** The zod issue params (`refine(..., { params })`) by which a field's refusal carries its code and parameters. */
export const ERROR_CODE_ISSUE_PARAM = 'errorCode';
export const ERROR_PARAMS_ISSUE_PARAM = 'errorParams';

/**
 * The params of a zod issue that names its code: `ctx.addIssue({ code: 'custom', message, params: issueCode(code) })`
 * or `.refine(check, { message, params: issueCode(code, params) })`; service-kit puts them on the issue in `details`.
 */
export function issueCode<C extends TErrorCode>(code: C, ...params: TErrorParamsArg<C>): Record<string, unknown> {
  return { [ERROR_CODE_ISSUE_PARAM]: code, ...(params[0] ? { [ERROR_PARAMS_ISSUE_PARAM]: params[0] } : {}) };
}

/**
 * The params of a zod issue of a FIELD.* code: as issueCode, but the field's name is left out; service-kit takes it
 * from the issue's path (a schema does not know where it is used).
 */
export function fieldIssueCode(code: Extract<TErrorCode, `FIELD.${string}`>, params: Record<string, string | number> = {}): Record<string, unknown> {
  return { [ERROR_CODE_ISSUE_PARAM]: code, ...(Object.keys(params).length ? { [ERROR_PARAMS_ISSUE_PARAM]: params } : {}) };
}

/** The catalogue code of a deletion blocker's `code` (`available_balance` -> DELETION.AVAILABLE_BALANCE). */
export function deletionBlockerErrorCode(code: string): string {
  return `DELETION.${code.toUpperCase()}`;
}

/** What fieldRuleCodeOf reads of a zod issue (zod's own issue has these fields; this file imports nothing). */
export interface TFieldRuleIssue {
  code: string;
  origin?: unknown;
  minimum?: unknown;
  maximum?: unknown;
}

/** The codes a field rule is said by when it names none of its own (fieldRuleCodeOf). */
export const FIELD_RULE_CODES = [
  'FIELD.REQUIRED',
  'FIELD.TOO_SHORT',
  'FIELD.TOO_LONG',
  'FIELD.TOO_SMALL',
  'FIELD.TOO_LARGE',
  'FIELD.INVALID',
  'FIELD.NOT_A_CHOICE',
] as const satisfies readonly TErrorCode[];

/**
 * The code and parameters of a field rule's refusal by the rule's kind (issue 28 item 1): every built-in check of a
 * contracts schema (a length, a bound, a format, a choice, a type) is one of these, whatever its English message,
 * so the screens can say it in the reader's language with the field's name and the limit. A rule with a sentence of
 * its own (`refine`) names its code with issueCode instead; undefined for an issue of no known kind.
 */
export function fieldRuleCodeOf(issue: TFieldRuleIssue, field: string): { code: (typeof FIELD_RULE_CODES)[number]; params: Record<string, unknown> } | undefined {
  const bound = (value: unknown) => (typeof value === 'number' || typeof value === 'bigint' ? Number(value) : undefined);
  const measured = issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set';
  switch (issue.code) {
    case 'too_small': {
      const min = bound(issue.minimum);
      if (min === undefined) return { code: 'FIELD.INVALID', params: { field } };
      if (measured) return min <= 1 ? { code: 'FIELD.REQUIRED', params: { field } } : { code: 'FIELD.TOO_SHORT', params: { field, min } };
      return { code: 'FIELD.TOO_SMALL', params: { field, min } };
    }
    case 'too_big': {
      const max = bound(issue.maximum);
      if (max === undefined) return { code: 'FIELD.INVALID', params: { field } };
      return measured ? { code: 'FIELD.TOO_LONG', params: { field, max } } : { code: 'FIELD.TOO_LARGE', params: { field, max } };
    }
    case 'invalid_value':
    case 'invalid_union':
      return { code: 'FIELD.NOT_A_CHOICE', params: { field } };
    case 'invalid_format':
    case 'invalid_type':
    case 'not_multiple_of':
    case 'invalid_key':
    case 'invalid_element':
    case 'custom':
      return { code: 'FIELD.INVALID', params: { field } };
    default:
      return undefined;
  }
}
