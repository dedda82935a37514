import { serverErrorText } from '../../app/serverErrorText';

/**
 * Where a server refusal is shown (issue 10, "Errors where the mistake is"). The error body names the input it belongs
 * to (`{message, code, field?}`, set by the shared validation of every service and by field rules such as a taken
 * e-mail); a form maps the server's field names to its own. A refusal of one of the form's fields is shown under that
 * field and the form keeps what was typed; anything else (no field, or a field this form does not have) is a toast.
 * What is shown is the catalogue's text for the error's code in the interface language (issue 28,
 * app/serverErrorText.ts); the server's own message only for a code the catalogue does not know.
 */

/** The server's field names this form shows, each mapped to the form's own field (often the same name). */
export type TFieldMap<F extends string> = Readonly<Partial<Record<string, F>>> | readonly F[];

export interface TFieldError<F extends string> {
  field: F;
  message: string;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
}

/** The field the server named: `field` on the error (baseQuery, upload errors) or in its body (`data.field`). */
export function serverFieldOf(error: unknown): string | undefined {
  const value = record(error);
  return text(value?.field) ?? text(record(value?.data)?.field);
}

/** The message exactly as the server wrote it (`data.message`, or an upload error's `serverMessage`), or undefined. */
export function rawServerMessageOf(error: unknown): string | undefined {
  const value = record(error);
  return text(record(value?.data)?.message) ?? (value && 'serverMessage' in value ? text(value.serverMessage) : undefined);
}

/**
 * What the server said, in the interface language: the catalogue's text for its code, else the server's own message
 * (a code the catalogue does not know), or undefined (network error, empty or unreadable body).
 */
export function serverMessageOf(error: unknown): string | undefined {
  const message = rawServerMessageOf(error);
  return message === undefined && serverCodeOf(error) === undefined ? undefined : (serverErrorText(error) ?? message);
}

/** The error code the server gave (`code` on the error or in its body). */
export function serverCodeOf(error: unknown): string | undefined {
  const value = record(error);
  return text(value?.code) ?? text(record(value?.data)?.code);
}

/** The refusal as an error of one of this form's fields (said as serverMessageOf says it), or null when it belongs to none of them. */
export function fieldErrorOf<F extends string>(error: unknown, fields: TFieldMap<F>): TFieldError<F> | null {
  const named = serverFieldOf(error);
  const message = serverMessageOf(error);
  if (!named || !message) return null;
  const field = Array.isArray(fields) ? (fields as readonly F[]).find((f) => f === named) : (fields as Partial<Record<string, F>>)[named];
  return field ? { field, message } : null;
}
