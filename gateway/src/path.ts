import { AppError } from '@platform/service-kit';

/**
 * The one reading of a request path at the edge. The gateway looks up the route table and the rate limits on the
 * normalised path and forwards exactly that path, so the service routes on the same bytes the gateway decided on
 * (a percent-encoded letter can no longer walk around a rate limit).
 *
 * - Percent-encoded unreserved characters (RFC 3986: letters, digits, `-._~`) are decoded: `logi%6e` -> `login`.
 * - Other percent-encodings stay encoded, with upper-case hex (`%c3%a9` -> `%C3%A9`), and are decoded once, by
 *   the service, as before.
 * - Runs of slashes become one; a trailing slash is dropped (`/api/auth//login/` -> `/api/auth/login`).
 * - Case is kept: the services' routes are case-sensitive, and so is the route table.
 * - Refused with 400, because their decoded form would mean something else: an encoded `/` or `\`, a backslash,
 *   NUL or any other control character (raw or encoded), a `.` or `..` segment (raw or encoded), malformed
 *   percent-encoding (a `%` without two hex digits, or escapes that are not UTF-8).
 * - The query string is read by the same walk (checkQuery) and forwarded as it came.
 */
export class BadPathError extends AppError<'REQUEST.BAD_PATH'> {
  constructor(reason: string) {
    super('REQUEST.BAD_PATH', 400, `The request path is not allowed: ${reason}`, undefined, undefined, { reason });
  }
}

/** A query string the gateway will not forward: `400 REQUEST.BAD_QUERY`. */
export class BadQueryError extends AppError<'REQUEST.BAD_QUERY'> {
  constructor(reason: string) {
    super('REQUEST.BAD_QUERY', 400, `The query string is not allowed: ${reason}`, undefined, undefined, { reason });
  }
}

const HEX = /^[0-9A-Fa-f]{2}$/;
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

type TEscapeVisitor = (hex: string, value: string) => string;

/**
 * The one percent-decoding of the edge, for the path and the query string alike. Walks the text once: a raw control
 * character or a `%` not followed by two hex digits is refused (`fail`); each escape is handed to `visit`, which
 * returns what to keep in its place. Whatever escapes are kept must then decode as UTF-8 (`%E0%A4` alone does
 * not), else `fail('malformed percent-encoding')`: nothing downstream (the proxy library decodes the URL it is
 * given, the services parse the query) then meets an escape it cannot read.
 */
function readEscapes(raw: string, fail: (reason: string) => never, visit: TEscapeVisitor): string {
  let kept = '';
  for (let i = 0; i < raw.length; i++) {
    const char = raw[i]!;
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) fail('control character');
    if (char !== '%') {
      kept += char;
      continue;
    }
    const hex = raw.slice(i + 1, i + 3);
    if (!HEX.test(hex)) fail('malformed percent-encoding');
    kept += visit(hex, String.fromCharCode(Number.parseInt(hex, 16)));
    i += 2;
  }
  try {
    decodeURIComponent(kept);
  } catch {
    fail('malformed percent-encoding');
  }
  return kept;
}

export function normalisePath(rawPath: string): string {
  const fail = (reason: string): never => {
    throw new BadPathError(reason);
  };
  if (rawPath.includes('\\')) fail('backslash');
  const decoded = readEscapes(rawPath, fail, (hex, value) => {
    const byte = value.charCodeAt(0);
    if (byte < 0x20 || byte === 0x7f) fail('encoded control character');
    if (value === '/' || value === '\\') fail('encoded slash or backslash');
    return UNRESERVED.test(value) ? value : `%${hex.toUpperCase()}`;
  });
  let path = decoded.replace(/\/{2,}/g, '/');
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  if (path.split('/').some((segment) => segment === '.' || segment === '..')) throw new BadPathError('dot segment');
  return path;
}

/**
 * Checks a query string (with its `?`, or empty) by the same reading as the path, and returns it unchanged: the
 * service is sent the query as it came and decodes it once itself. A malformed escape (`?x=%%%`, `?q=%E0%A4%A`,
 * an escape that is not UTF-8) or a raw control character is `400 REQUEST.BAD_QUERY`. Encoded control characters
 * (`%00`) pass: each service refuses them in the parameters it reads (contracts' ZTextSchema).
 */
export function checkQuery(query: string): string {
  const fail = (reason: string): never => {
    throw new BadQueryError(reason);
  };
  // `+` is a space in a query; it decodes as itself here, which is as valid.
  readEscapes(query, fail, (hex) => `%${hex}`);
  return query;
}

/** Splits a request URL into its path and its query string (with the `?`, or empty). */
export function splitUrl(url: string): { path: string; query: string } {
  const q = url.indexOf('?');
  return q === -1 ? { path: url, query: '' } : { path: url.slice(0, q), query: url.slice(q) };
}

/** The path and query the gateway routes on and forwards: the path normalised, the query checked. */
export function readRequestUrl(url: string): { path: string; query: string } {
  const { path, query } = splitUrl(url);
  return { path: normalisePath(path), query: checkQuery(query) };
}
