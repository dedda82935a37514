/**
 * The one place a screen reads the message of a failed call:
 * - errorMessageOf: the message baseQuery built for an RTK Query error (the server's, or one that names the status);
 * - serverMessageOf: only the message the server itself gave (`data.message`), or undefined, so the screen shows its
 *   own fallback (spec 03 s.8). It lives with the field-error helpers (components/forms/serverErrors.ts).
 */
export { serverMessageOf } from '../components/forms/serverErrors';

/** The message of an error thrown by an RTK Query call, or undefined when it has none. */
export function errorMessageOf(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const message = (error as { message: unknown }).message;
    if (typeof message === 'string' && message !== '') return message;
  }
  return undefined;
}
