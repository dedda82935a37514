import { useCallback, useMemo, useState } from 'react';
import { fieldErrorOf, type TFieldMap } from './serverErrors';

export interface TFieldErrors<F extends string> {
  /** The message shown under the field, if any. */
  errorOf: (field: F) => string | undefined;
  set: (field: F, message: string) => void;
  /** Called when the field changes: its message goes (the person is fixing it). */
  clear: (field: F) => void;
  clearAll: () => void;
  /**
   * Shows a server refusal under the field it names; returns false when it belongs to no field of this form, and
   * the caller shows a toast instead.
   */
  showServerError: (error: unknown) => boolean;
}

/** Field messages of a hand-made form (the antd `Form` screens use `useFormServerErrors`). */
export function useFieldErrors<F extends string>(fields: TFieldMap<F>): TFieldErrors<F> {
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const set = useCallback((field: F, message: string) => setErrors((current) => ({ ...current, [field]: message })), []);
  const clear = useCallback(
    (field: F) =>
      setErrors((current) => {
        if (!(field in current)) return current;
        const next = { ...current };
        delete next[field];
        return next;
      }),
    [],
  );
  const clearAll = useCallback(() => setErrors({}), []);
  // The map is a constant of the form; keep the callback stable while its content is.
  const key = JSON.stringify(fields);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const stableFields = useMemo(() => fields, [key]);
  const showServerError = useCallback(
    (error: unknown) => {
      const found = fieldErrorOf(error, stableFields);
      if (!found) return false;
      set(found.field, found.message);
      return true;
    },
    [stableFields, set],
  );
  return useMemo(() => ({ errorOf: (field: F) => errors[field], set, clear, clearAll, showServerError }), [errors, set, clear, clearAll, showServerError]);
}
