import type { ReactNode } from 'react';

/**
 * The message under a field (a client check or a server refusal of that field). The input points at it with
 * `aria-describedby` and is `aria-invalid` (see `fieldA11y`), so a screen reader reads it with the field.
 */
export function FieldError({ id, message, testId }: { id: string; message: ReactNode; testId?: string }) {
  if (!message) return null;
  return (
    <div className="field-error" id={id} role="alert" data-testid={testId}>
      {message}
    </div>
  );
}

/** The props that tie an input to its FieldError (antd inputs also get the red `status`). */
export function fieldA11y(errorId: string, message: ReactNode): { 'aria-invalid'?: true; 'aria-describedby'?: string; status?: 'error' } {
  return message ? { 'aria-invalid': true, 'aria-describedby': errorId, status: 'error' } : {};
}
