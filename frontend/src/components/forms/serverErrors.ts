/**
 * Where a server refusal is shown (issue 10, "Errors where the mistake is"). The error body names the input it belongs
 * to (`{message, code, field?}`, set by the shared validation of every service and by field rules such as a taken
 * e-mail); a form maps the server's field names to its own. A refusal of one of the form's fields is shown under that
 * field and the form keeps what was typed; anything else (no field, or a field this form does not have) is a toast.
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

/** The message the server gave (`data.message`), or undefined (network error, empty or unreadable body). */
export function serverMessageOf(error: unknown): string | undefined {
  const value = record(error);
  return text(record(value?.data)?.message) ?? (value && 'serverMessage' in value ? text(value.serverMessage) : undefined);
}

/** The error code the server gave (`code` on the error or in its body). */
export function serverCodeOf(error: unknown): string | undefined {
  const value = record(error);
  return text(value?.code) ?? text(record(value?.data)?.code);
}

/** Looks a code up in the interface language (the `serverErrors` catalogue); undefined when it is not there. */
export type TTranslateCode = (code: string) => string | undefined;

/**
 * The refusal as an error of one of this form's fields, or null when it belongs to none of them. With `translate`,
 * a code the catalogue knows is said in the interface language; otherwise the server's message is shown as it came.
 */
export function fieldErrorOf<F extends string>(error: unknown, fields: TFieldMap<F>, translate?: TTranslateCode): TFieldError<F> | null {
  const named = serverFieldOf(error);
  const code = serverCodeOf(error);
  const message = (code ? translate?.(code) : undefined) ?? serverMessageOf(error);
  if (!named || !message) return null;
  const field = Array.isArray(fields) ? (fields as readonly F[]).find((f) => f === named) : (fields as Partial<Record<string, F>>)[named];
  return field ? { field, message } : null;
}

/** The `translate` of fieldErrorOf over an i18next instance (the code is data, so the key is not a typed one). */
export function codeTranslator(i18n: { exists: (key: string) => boolean; getResource: (lng: string, ns: string, key: string) => unknown; language: string }): TTranslateCode {
  return (code) => {
    const key = `serverErrors.${code}`;
    if (!i18n.exists(key)) return undefined;
    const found = i18n.getResource(i18n.language, 'translation', key) ?? i18n.getResource('en', 'translation', key);
    return typeof found === 'string' ? found : undefined;
  };
}
