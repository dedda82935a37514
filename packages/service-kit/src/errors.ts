import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError, type z } from 'zod';
import {
  ERROR_CODE_ISSUE_PARAM,
  ERROR_CODES,
  ERROR_PARAMS_ISSUE_PARAM,
  fieldRuleCodeOf,
  isErrorCode,
  NOT_FOUND_ISSUE_PARAM,
  type TErrorCode,
  type TErrorParams,
  type TErrorParamsArg,
  type TFieldRuleIssue,
} from '@platform/contracts';
import { isDependencyUnavailable, isTransientConflict, SERVICE_UNAVAILABLE_MESSAGE, TRANSIENT_CONFLICT_MESSAGE } from './dependency-errors.js';

/** A validation issue as the answer carries it: where, the English message, and its code and parameters if any. */
export interface TErrorDetail {
  path: string;
  message: string;
  code?: TErrorCode;
  params?: Record<string, unknown>;
}

/**
 * A failure the client should hear about: a stable code declared in contracts (ERROR_CODES, `SERVICE.REASON`; an
 * undeclared code does not typecheck), an HTTP status, the English message and, for a code that has parameters,
 * exactly those parameters (the screens say it in the reader's language from them). Anything else thrown becomes a
 * 500 with a generic message, logged in full. `field` names the input the refusal belongs to (a body field such as
 * `email` or `amount`), so the screen can show it under that field.
 */
export class AppError<C extends TErrorCode = TErrorCode> extends Error {
  readonly params: TErrorParams<C> | undefined;
  constructor(
    readonly code: C,
    readonly status: number,
    message: string,
    readonly details?: TErrorDetail[],
    readonly field?: string,
    ...params: TErrorParamsArg<C>
  ) {
    super(message);
    this.name = 'AppError';
    this.params = params[0] as TErrorParams<C> | undefined;
  }
}

/**
 * 429 for a limit that frees up after a while: "Too many <what>. Please try again in N minutes.", and the answer
 * carries `Retry-After: <seconds>` (answerError). `what` is one of a few fixed phrases the catalogues know.
 */
export class RateLimitedError extends AppError<'REQUEST.RATE_LIMITED'> {
  constructor(
    what: string,
    readonly retryAfterSeconds: number,
  ) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super('REQUEST.RATE_LIMITED', 429, `Too many ${what}. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`, undefined, undefined, {
      what,
      minutes,
    });
  }
}

/** What `notFound` names: the catalogues say "<what> not found" (a route, a user, an assistant, the video). */
export type TNotFoundWhat = 'record' | 'route' | 'user' | 'assistant' | 'video';

export const COMMON_ERRORS = {
  /** The field is the first issue's path (the one the message is about), when it has one. */
  validation: (message: string, details?: TErrorDetail[]) =>
    new AppError('REQUEST.VALIDATION', 400, message, details, details?.[0]?.path || undefined),
  malformedJson: () => new AppError('REQUEST.MALFORMED_JSON', 400, 'The request body is not valid JSON'),
  tooLarge: () => new AppError('REQUEST.TOO_LARGE', 413, 'The request body is too large'),
  unsupportedMediaType: () => new AppError('REQUEST.UNSUPPORTED_MEDIA_TYPE', 415, 'Unsupported content type'),
  notFound: (message = 'Not found', what: TNotFoundWhat = 'record') => new AppError('NOT_FOUND', 404, message, undefined, undefined, { what }),
  unauthenticated: (message = 'Authentication required') => new AppError('AUTH.UNAUTHENTICATED', 401, message),
  forbidden: (message = 'You do not have access to this resource') => new AppError('AUTH.FORBIDDEN', 403, message),
  unavailable: (message = 'Service temporarily unavailable') => new AppError('SERVICE.UNAVAILABLE', 503, message),
  internal: () => new AppError('INTERNAL', 500, 'Something went wrong. Please try again later.'),
};

/**
 * Fastify's and its plugins' own request errors (FST_*), each as our clients read it: our code, a clear message
 * and the right status. One not listed that is a 4xx still answers `{message, code}` (REQUEST.INVALID).
 */
const FRAMEWORK_ERRORS: Record<string, () => AppError> = {
  FST_ERR_BAD_URL: () => new AppError('REQUEST.BAD_URL', 400, 'The address is not valid (malformed percent-encoding)'),
  FST_ERR_MAX_PARAM_LENGTH: () => new AppError('REQUEST.URL_TOO_LONG', 414, 'A part of the address is too long'),
  FST_ERR_NOT_FOUND: () => COMMON_ERRORS.notFound(),
  FST_ERR_CTP_BODY_TOO_LARGE: COMMON_ERRORS.tooLarge,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => new AppError('REQUEST.INVALID_CONTENT_LENGTH', 400, 'The request body does not match its Content-Length'),
  FST_ERR_CTP_INVALID_JSON_BODY: COMMON_ERRORS.malformedJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: COMMON_ERRORS.malformedJson,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: COMMON_ERRORS.unsupportedMediaType,
  FST_INVALID_MULTIPART_CONTENT_TYPE: COMMON_ERRORS.unsupportedMediaType,
  FST_REQ_FILE_TOO_LARGE: COMMON_ERRORS.tooLarge,
  FST_FILES_LIMIT: COMMON_ERRORS.tooLarge,
  FST_PARTS_LIMIT: COMMON_ERRORS.tooLarge,
  FST_FIELDS_LIMIT: COMMON_ERRORS.tooLarge,
  FST_PROTO_VIOLATION: () => COMMON_ERRORS.validation('A field name is not allowed'),
  FST_INVALID_JSON_FIELD_ERROR: () => COMMON_ERRORS.validation('A field is not valid JSON as its Content-Type says'),
  FST_MP_PREMATURE_CLOSE: () => new AppError('REQUEST.MALFORMED_UPLOAD', 400, 'The upload is incomplete or malformed'),
};

type TIssue = z.core.$ZodIssue;

function describeIssue(issue: TIssue): string {
  if (issue.code === 'unrecognized_keys') return `Unknown field(s): ${issue.keys.join(', ')}`;
  if (isMissing(issue)) {
    // zod's default text for a missing field is technical; name the field instead.
    const field = issue.path.join('.');
    return issue.message.startsWith('Invalid input') ? `${field || 'Body'} is required` : issue.message;
  }
  return issue.message;
}

function isMissing(issue: TIssue): boolean {
  return issue.code === 'invalid_type' && issue.input === undefined;
}

function issueParams(issue: TIssue): Record<string, unknown> | undefined {
  return issue.code === 'custom' ? (issue.params as Record<string, unknown> | undefined) : undefined;
}

/**
 * The code and parameters of one issue: the ones a contracts rule names (`params: {errorCode, errorParams}`; a
 * FIELD.* code without a `field` gets the issue's path), unknown fields (REQUEST.UNKNOWN_FIELDS), a missing field
 * (REQUEST.FIELD_REQUIRED), and any other rule by its kind (contracts' fieldRuleCodeOf: too short or long, too small
 * or large, not valid, not one of the choices), so every field refusal has a code the screens can translate.
 */
function codeOfIssue(issue: TIssue, path: string): Pick<TErrorDetail, 'code' | 'params'> {
  const declared = issueParams(issue);
  const code = declared?.[ERROR_CODE_ISSUE_PARAM];
  if (isErrorCode(code)) {
    const given = declared?.[ERROR_PARAMS_ISSUE_PARAM];
    const params = typeof given === 'object' && given !== null ? (given as Record<string, unknown>) : undefined;
    if ('field' in ERROR_CODES[code] && params?.field === undefined) return { code, params: { ...params, field: path || 'body' } };
    return { code, ...(params ? { params } : {}) };
  }
  if (issue.code === 'unrecognized_keys') return { code: 'REQUEST.UNKNOWN_FIELDS', params: { fields: issue.keys.join(', ') } };
  if (isMissing(issue)) {
    // zod's own text is said by the catalogue; a rule's own sentence ('Title is required') by FIELD.REQUIRED.
    return { code: issue.message.startsWith('Invalid input') ? 'REQUEST.FIELD_REQUIRED' : 'FIELD.REQUIRED', params: { field: path || 'body' } };
  }
  const rule = fieldRuleCodeOf(issue as TFieldRuleIssue, path || 'body');
  return rule ?? {};
}

/** The record's not-found when the first issue is a malformed id (contracts' ZIdSchema), else undefined. */
function notFoundOf(issue: TIssue | undefined): AppError | undefined {
  if (issue?.code !== 'custom') return undefined;
  const code = issueParams(issue)?.[NOT_FOUND_ISSUE_PARAM];
  if (!isErrorCode(code)) return undefined;
  // A not-found code of a record has no parameters but NOT_FOUND's `what`.
  return code === 'NOT_FOUND' ? COMMON_ERRORS.notFound(issue.message) : new AppError(code as 'WORK.TASK_NOT_FOUND', 404, issue.message);
}

/**
 * Turns zod issues into one readable message (the first issue) plus all of them as details, each with its code and
 * parameters when it has them; a malformed id first (contracts' ZIdSchema) is its record's 404 instead.
 */
export function validationErrorFromIssues(issues: readonly TIssue[], prefix = ''): AppError {
  const notFound = notFoundOf(issues[0]);
  if (notFound) return notFound;
  const details = issues.map((i): TErrorDetail => {
    const path = [prefix, ...i.path.map(String)].filter(Boolean).join('.');
    return { path, message: describeIssue(i), ...codeOfIssue(i, path) };
  });
  return COMMON_ERRORS.validation(details[0]?.message ?? 'Invalid request', details);
}

/** Maps anything thrown in a request to an AppError. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError) return validationErrorFromIssues(error.issues);
  if (hasZodFastifySchemaValidationErrors(error)) {
    // The type provider flattens each zod issue into {keyword, instancePath, message, params}; rebuild it.
    const issues = error.validation.map(
      (v) =>
        ({
          ...(v.params as object),
          code: v.keyword,
          message: v.message ?? 'Invalid value',
          path: v.instancePath.split('/').filter(Boolean),
        }) as unknown as TIssue,
    );
    const where = (error as { validationContext?: string }).validationContext;
    return validationErrorFromIssues(issues, where && where !== 'body' ? where : '');
  }
  const fe = error as Partial<FastifyError>;
  const framework = typeof fe.code === 'string' && Object.hasOwn(FRAMEWORK_ERRORS, fe.code) ? FRAMEWORK_ERRORS[fe.code] : undefined;
  if (framework) return framework();
  if (error instanceof SyntaxError && (error as FastifyError).statusCode === 400) return COMMON_ERRORS.malformedJson();
  // PostgreSQL or Redis out of reach (connection ended, refused, timed out): the same request works once it is back.
  if (isDependencyUnavailable(error)) return COMMON_ERRORS.unavailable(SERVICE_UNAVAILABLE_MESSAGE);
  // A transaction PostgreSQL aborted as a deadlock or a serialization failure: rolled back whole, the request's own
  // fault in nothing; the same request succeeds when sent again. Locks are taken in one order so that this stays rare.
  if (isTransientConflict(error)) return COMMON_ERRORS.unavailable(TRANSIENT_CONFLICT_MESSAGE);
  const status = fe.statusCode;
  if (status && status >= 400 && status < 500) {
    return new AppError('REQUEST.INVALID', status, fe.message ?? 'Invalid request');
  }
  return COMMON_ERRORS.internal();
}

/** Answers any failure as `{message, code, params?, field?, details?}` with its status, logged (in full when it is a 5xx). */
export function answerError(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  const appError = toAppError(error);
  if (appError.status >= 500) {
    request.log.error({ err: error, responseSerialization: isResponseSerializationError(error) }, 'request failed');
  } else {
    request.log.info({ code: appError.code, status: appError.status }, appError.message);
  }
  // A limit that frees up after a while (RateLimitedError's 429, a busy decoder's 503) says when to come back.
  const retryAfter = (appError as { retryAfterSeconds?: unknown }).retryAfterSeconds;
  if (typeof retryAfter === 'number') void reply.header('retry-after', String(retryAfter));
  void reply
    .status(appError.status)
    .header('cache-control', 'no-store')
    .send({
      message: appError.message,
      code: appError.code,
      ...(appError.params ? { params: appError.params } : {}),
      ...(appError.field ? { field: appError.field } : {}),
      ...(appError.details ? { details: appError.details } : {}),
    });
}

/**
 * Fastify's `frameworkErrors` option: errors its router raises before any route or error handler runs (a
 * malformed percent-encoding FST_ERR_BAD_URL, a path parameter over maxParamLength FST_ERR_MAX_PARAM_LENGTH, a
 * failing async constraint) answer like every other failure instead of in Fastify's own shape.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  answerError(error, request, reply);
}

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refuses (not HTTP, headers over the size limit, a
 * request that took too long to arrive) gets `{message, code}` too, then the connection is closed.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message]: [number, TErrorCode, string] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'REQUEST.TIMEOUT', 'The request took too long to arrive']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'REQUEST.HEADERS_TOO_LARGE', 'The request headers are too large']
        : [400, 'REQUEST.MALFORMED', 'The request is not valid HTTP'];
  const body = JSON.stringify({ message, code });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** The one error middleware: every failure answers `{message, code, params?, field?, details?}` with the right status. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(answerError);
  app.setNotFoundHandler((request, reply) => {
    void reply.status(404).send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found`, code: 'NOT_FOUND', params: { what: 'route' } });
  });
}
