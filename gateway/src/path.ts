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
 *   percent-encoding.
 */
export class BadPathError extends AppError {
  constructor(reason: string) {
    super('REQUEST.BAD_PATH', 400, `The request path is not allowed: ${reason}`);
  }
}

const HEX = /^[0-9A-Fa-f]{2}$/;
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

export function normalisePath(rawPath: string): string {
  let decoded = '';
  for (let i = 0; i < rawPath.length; i++) {
    const char = rawPath[i]!;
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) throw new BadPathError('control character');
    if (char === '\\') throw new BadPathError('backslash');
    if (char !== '%') {
      decoded += char;
      continue;
    }
    const hex = rawPath.slice(i + 1, i + 3);
    if (!HEX.test(hex)) throw new BadPathError('malformed percent-encoding');
    const byte = Number.parseInt(hex, 16);
    const value = String.fromCharCode(byte);
    if (byte < 0x20 || byte === 0x7f) throw new BadPathError('encoded control character');
    if (value === '/' || value === '\\') throw new BadPathError('encoded slash or backslash');
    decoded += UNRESERVED.test(value) ? value : `%${hex.toUpperCase()}`;
    i += 2;
  }
  let path = decoded.replace(/\/{2,}/g, '/');
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  if (path.split('/').some((segment) => segment === '.' || segment === '..')) throw new BadPathError('dot segment');
  return path;
}

/** Splits a request URL into its path and its query string (with the `?`, or empty). */
export function splitUrl(url: string): { path: string; query: string } {
  const q = url.indexOf('?');
  return q === -1 ? { path: url, query: '' } : { path: url.slice(0, q), query: url.slice(q) };
}
