import type { FormInstance } from 'antd';
import { useCallback } from 'react';
import { fieldErrorOf, type TFieldMap } from './serverErrors';

/**
 * The antd `Form` side of the convention: a server refusal of one of the form's fields is set on that Form.Item
 * (shown under it, the values kept); `onValuesChange` removes it once the person edits the field.
 */
export function useFormServerErrors<F extends string>(form: FormInstance, fields: TFieldMap<F>) {
  const showServerError = useCallback(
    (error: unknown): boolean => {
      const found = fieldErrorOf(error, fields);
      if (!found) return false;
      form.setFields([{ name: found.field, errors: [found.message] }]);
      form.scrollToField(found.field, { block: 'center' });
      return true;
    },
    // The map is a constant of each form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [form],
  );
  const onValuesChange = useCallback(
    (changed: Record<string, unknown>) => {
      const names = Object.keys(changed).filter((name) => (form.getFieldError(name) ?? []).length > 0);
      if (names.length > 0) form.setFields(names.map((name) => ({ name, errors: [] })));
    },
    [form],
  );
  return { showServerError, onValuesChange };
}
