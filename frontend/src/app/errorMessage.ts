import { serverErrorText } from './serverErrorText';

/**
 * The one place a screen reads the message of a failed call, in the interface language (issue 28): the catalogue's
 * text for the error's code (app/serverErrorText.ts), and only for a code the catalogue does not know:
 * - errorMessageOf: the message baseQuery built for an RTK Query error (the server's, or one that names the status);
 * - serverMessageOf: only the message the server itself gave (`data.message`), or undefined, so the screen shows its
 *   own fallback (spec 03 s.8). It lives with the field-error helpers (components/forms/serverErrors.ts).
 */
export { serverMessageOf } from '../components/forms/serverErrors';

/** The message of an error thrown by an RTK Query call (or an upload), or undefined when it has none. */
export function errorMessageOf(error: unknown): string | undefined {
  const translated = serverErrorText(error);
  if (translated !== undefined) return translated;
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const message = (error as { message: unknown }).message;
    if (typeof message === 'string' && message !== '') return message;
  }
  return undefined;
}
