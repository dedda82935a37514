import { Button, Form, Modal, type FormInstance } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../app/errorMessage';
import type { TFieldMap } from '../forms/serverErrors';
import { useFormServerErrors } from '../forms/useFormServerErrors';
import { useToast } from '../toast';

export interface TFormDialogProps<V extends object, F extends string, R = unknown> {
  open: boolean;
  title: string;
  form: FormInstance<V>;
  /** The server's field names this form shows under its fields (the rest becomes a toast). */
  fields: TFieldMap<F>;
  initialValues?: Partial<V>;
  /** Sends the values; resolves when the server took them, rejects with its error. */
  onSubmit: (values: V) => Promise<R>;
  /** Toast titles: after saving (from what the server answered, when that says more), and when the server refused for no field of the form. */
  savedTitle: string | ((saved: R) => string);
  failedTitle: string;
  /** A toast when the form's own checks fail (the spec's "Please fill in required fields"); the fields show why either way. */
  invalidTitle?: string;
  /** The failure toast's description (default: the server's message as it came), e.g. the message in the reader's language. */
  describeError?: (error: unknown) => string | undefined;
  /** Identifies the toast, so a second try replaces the first one's message. */
  toastKey: string;
  onClose: () => void;
  afterClose?: () => void;
  submitLabel?: string;
  /** Save stays disabled, and Enter sends nothing (e.g. while a required field is empty). */
  submitDisabled?: boolean;
  /** data-testid of the Save button. */
  submitTestId?: string;
  width?: number;
  testId?: string;
  children: ReactNode;
}

/**
 * The one form dialog of the admin console (issue 25: it replaces a Modal + Form + footer + server-errors block
 * that every dialog repeated): Cancel and Save in the footer, Enter submits, Save shows progress while the server
 * works, a refusal of one field is shown under it with what was typed kept, any other refusal is a toast, and the
 * dialog closes with a toast once saved.
 */
export function FormDialog<V extends object, F extends string, R = unknown>({
  open,
  title,
  form,
  fields,
  initialValues,
  onSubmit,
  savedTitle,
  failedTitle,
  invalidTitle,
  describeError = errorMessageOf,
  toastKey,
  onClose,
  afterClose,
  submitLabel,
  submitDisabled = false,
  submitTestId,
  width,
  testId,
  children,
}: TFormDialogProps<V, F, R>) {
  const { t } = useTranslation();
  const toast = useToast();
  const serverErrors = useFormServerErrors(form, fields);
  const [saving, setSaving] = useState(false);

  const save = async (values: V) => {
    setSaving(true);
    try {
      const saved = await onSubmit(values);
      toast({ title: typeof savedTitle === 'function' ? savedTitle(saved) : savedTitle, action: toastKey });
      onClose();
    } catch (error) {
      if (serverErrors.showServerError(error)) {
        toast.dismiss(toastKey);
        return;
      }
      toast({ title: failedTitle, description: describeError(error), variant: 'destructive', action: toastKey });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      afterClose={afterClose}
      forceRender
      width={width}
      data-testid={testId}
      footer={
        <div className="dialog-footer">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" disabled={submitDisabled} loading={saving} onClick={() => form.submit()} data-testid={submitTestId}>
            {submitLabel ?? t('common.save')}
          </Button>
        </div>
      }
    >
      <Form<V>
        form={form}
        layout="vertical"
        // Enter does what Save does: nothing while Save is disabled.
        onFinish={(values) => {
          if (!submitDisabled) void save(values);
        }}
        onFinishFailed={invalidTitle ? () => toast({ title: invalidTitle, variant: 'destructive', action: toastKey }) : undefined}
        onValuesChange={serverErrors.onValuesChange}
        initialValues={initialValues}
      >
        {children}
      </Form>
    </Modal>
  );
}
