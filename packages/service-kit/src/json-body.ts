import { parse as parseContentType } from 'fast-content-type-parse';
import secureJsonParse from 'secure-json-parse';
import { AppError, COMMON_ERRORS } from './errors.js';

/**
 * THE way a JSON request body is read, by every service (its content-type parser, see createHttpServer) and by
 * the gateway (the copy it reads to count an account against a rate limit). Both read the same bytes the same way,
 * so a body the gateway cannot read is never one a service would act on.
 *
 * - The media type must be `application/json` (parameters such as charset=utf-8 allowed, case-insensitive).
 * - The bytes must be valid UTF-8 (no silent replacement characters) and must not start with a byte-order mark
 *   (RFC 8259 says senders must not add one; accepting it in one place and not another is how limits get walked).
 * - Prototype-poisoning keys (`__proto__`, `constructor.prototype`) are refused, as Fastify's own parser does.
 */
export const JSON_MEDIA_TYPE = 'application/json';

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export const JSON_BODY_ERRORS = {
  byteOrderMark: () => new AppError('REQUEST.MALFORMED_JSON', 400, 'The request body must not start with a byte order mark'),
  notUtf8: () => new AppError('REQUEST.MALFORMED_JSON', 400, 'The request body is not valid UTF-8'),
  empty: () => new AppError('REQUEST.MALFORMED_JSON', 400, 'The request body is empty'),
};

/** True when the Content-Type header names JSON (as the services' parser accepts it). */
export function isJsonContentType(header: string | undefined): boolean {
  if (!header) return false;
  try {
    return parseContentType(header).type === JSON_MEDIA_TYPE;
  } catch {
    return false;
  }
}

/** True when the Content-Type header names multipart/form-data (an upload), judged before the body is read. */
export function isMultipartContentType(header: string | undefined): boolean {
  if (!header) return false;
  try {
    return parseContentType(header).type === 'multipart/form-data';
  } catch {
    return false;
  }
}

/** Parses a JSON request body or throws a 400 AppError saying why. */
export function parseJsonBody(body: Buffer | Uint8Array): unknown {
  if (body.length === 0) throw JSON_BODY_ERRORS.empty();
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) throw JSON_BODY_ERRORS.byteOrderMark();
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    throw JSON_BODY_ERRORS.notUtf8();
  }
  try {
    return secureJsonParse.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch {
    throw COMMON_ERRORS.malformedJson();
  }
}
