import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../FullPageSpinner';
import { FieldError } from './FieldError';
import { fieldErrorOf, type TFieldMap } from './serverErrors';

/**
 * Form pieces of plain elements and styles.css, for the signed-out screens (issue 27: they must not download antd).
 * They look like antd's large inputs and primary button, and tie each message to its input as `FieldError` and
 * `fieldA11y` do (aria-invalid, aria-describedby).
 */

type TInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'type'>;

interface TFieldProps extends TInputProps {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** The message under the input (a client check or the server's refusal of this field). */
  error?: string | undefined;
}

function useFieldIds() {
  const id = useId();
  return { inputId: `${id}input`, errorId: `${id}error` };
}

function a11y(errorId: string, error: string | undefined) {
  return error ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};
}

export function TextField({ label, value, onValueChange, error, type = 'text', ...input }: TFieldProps & { type?: 'text' | 'email' }) {
  const { inputId, errorId } = useFieldIds();
  return (
    <div className={`form-field${error ? ' has-error' : ''}`}>
      <label htmlFor={inputId}>{label}</label>
      <input {...input} id={inputId} type={type} className="text-input" value={value} onChange={(event) => onValueChange(event.target.value)} {...a11y(errorId, error)} />
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** A password input with a Show/Hide toggle (as antd's Input.Password). */
export function PasswordField({ label, value, onValueChange, error, ...input }: TFieldProps) {
  const { t } = useTranslation();
  const { inputId, errorId } = useFieldIds();
  const [visible, setVisible] = useState(false);
  return (
    <div className={`form-field${error ? ' has-error' : ''}`}>
      <label htmlFor={inputId}>{label}</label>
      <div className="password-input">
        <input
          {...input}
          id={inputId}
          type={visible ? 'text' : 'password'}
          className="text-input"
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          {...a11y(errorId, error)}
        />
        <button type="button" className="password-toggle" aria-controls={inputId} aria-pressed={visible} onClick={() => setVisible((shown) => !shown)}>
          {visible ? t('auth.conceal') : t('auth.reveal')}
        </button>
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** The form's primary button, full width; busy: a spinner, and a second press does nothing. */
export function SubmitButton({ busy = false, children }: { busy?: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="button-primary button-block" aria-busy={busy || undefined} aria-disabled={busy || undefined}>
      {busy && <Spinner />}
      <span>{children}</span>
    </button>
  );
}

/** antd's `rules: [{ type: 'email' }]`, in short: something@domain.tld without spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/**
 * The values of a plain form and the messages under its fields. A field's message goes when it is edited (the
 * person is fixing it); `validate` runs the form's checks on submit and says whether they all passed.
 */
export function usePlainForm<F extends string>(initial: Record<F, string>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const change = (field: F) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      if (!(field in current)) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  };
  const setError = (field: F, message: string) => setErrors((current) => ({ ...current, [field]: message }));
  /** `checks`: each field's message when its value is wrong (the first failing check of the field). */
  const validate = (checks: Partial<Record<F, (value: string, all: Record<F, string>) => string | undefined>>) => {
    const found: Partial<Record<F, string>> = {};
    for (const field of Object.keys(checks) as F[]) {
      const message = checks[field]?.(values[field], values);
      if (message) found[field] = message;
    }
    setErrors(found);
    return Object.keys(found).length === 0;
  };
  /**
   * A server refusal of one of `fields` goes under that field (the values kept); false when it belongs to none, and
   * the caller shows a toast instead (the convention of components/forms).
   */
  const showServerError = (error: unknown, fields: TFieldMap<F>): boolean => {
    const found = fieldErrorOf(error, fields);
    if (!found) return false;
    setError(found.field, found.message);
    return true;
  };
  return { values, errors, change, setError, validate, showServerError };
}
