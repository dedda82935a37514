import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError, type z } from 'zod';

/**
 * A failure the client should hear about: a stable code (`SERVICE.REASON`), an HTTP status and the message the
 * screen shows. Anything else thrown becomes a 500 with a generic message, logged in full. `field` names the input
 * the refusal belongs to (a body field such as `email` or `amount`), so the screen can show it under that field.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly details?: { path: string; message: string }[],
    readonly field?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const COMMON_ERRORS = {
  /** The field is the first issue's path (the one the message is about), when it has one. */
  validation: (message: string, details?: { path: string; message: string }[]) =>
    new AppError('REQUEST.VALIDATION', 400, message, details, details?.[0]?.path || undefined),
  malformedJson: () => new AppError('REQUEST.MALFORMED_JSON', 400, 'The request body is not valid JSON'),
  tooLarge: () => new AppError('REQUEST.TOO_LARGE', 413, 'The request body is too large'),
  unsupportedMediaType: () => new AppError('REQUEST.UNSUPPORTED_MEDIA_TYPE', 415, 'Unsupported content type'),
  notFound: (message = 'Not found') => new AppError('NOT_FOUND', 404, message),
  unauthenticated: (message = 'Authentication required') => new AppError('AUTH.UNAUTHENTICATED', 401, message),
  forbidden: (message = 'You do not have access to this resource') => new AppError('AUTH.FORBIDDEN', 403, message),
  rateLimited: (message: string) => new AppError('REQUEST.RATE_LIMITED', 429, message),
  unavailable: (message = 'Service temporarily unavailable') => new AppError('SERVICE.UNAVAILABLE', 503, message),
  internal: () => new AppError('INTERNAL', 500, 'Something went wrong. Please try again later.'),
};

type TIssue = z.core.$ZodIssue;

function describeIssue(issue: TIssue): string {
  if (issue.code === 'unrecognized_keys') return `Unknown field(s): ${issue.keys.join(', ')}`;
  if (issue.code === 'invalid_type' && issue.input === undefined) {
    // zod's default text for a missing field is technical; name the field instead.
    const field = issue.path.join('.');
    return issue.message.startsWith('Invalid input') ? `${field || 'Body'} is required` : issue.message;
  }
  return issue.message;
}

/** Turns zod issues into one readable message (the first issue) plus all of them as details. */
export function validationErrorFromIssues(issues: readonly TIssue[], prefix = ''): AppError {
  const details = issues.map((i) => ({ path: [prefix, ...i.path.map(String)].filter(Boolean).join('.'), message: describeIssue(i) }));
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
  switch (fe.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return COMMON_ERRORS.tooLarge();
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return COMMON_ERRORS.malformedJson();
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return COMMON_ERRORS.unsupportedMediaType();
    default:
      break;
  }
  if (error instanceof SyntaxError && (error as FastifyError).statusCode === 400) return COMMON_ERRORS.malformedJson();
  const status = fe.statusCode;
  if (status && status >= 400 && status < 500) {
    return new AppError('REQUEST.INVALID', status, fe.message ?? 'Invalid request');
  }
  return COMMON_ERRORS.internal();
}

/** The one error middleware: every failure answers `{message, code, field?, details?}` with the right status. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(error);
    if (appError.status >= 500) {
      request.log.error({ err: error, responseSerialization: isResponseSerializationError(error) }, 'request failed');
    } else {
      request.log.info({ code: appError.code, status: appError.status }, appError.message);
    }
    void reply
      .status(appError.status)
      .header('cache-control', 'no-store')
      .send({
        message: appError.message,
        code: appError.code,
        ...(appError.field ? { field: appError.field } : {}),
        ...(appError.details ? { details: appError.details } : {}),
      });
  });
  app.setNotFoundHandler((request, reply) => {
    void reply.status(404).send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found`, code: 'NOT_FOUND' });
  });
}
