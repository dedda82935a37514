import { Button, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface TReasonDialogProps {
  open: boolean;
  title: string;
  text: string;
  label: string;
  requiredMessage: string;
  confirmLabel: string;
  loading?: boolean;
  onCancel: () => void;
  /** Receives the trimmed reason; never called with a blank one. */
  onConfirm: (reason: string) => void;
}

/** A dialog asking for a required reason (reject a submission, cancel an assignment): blank is refused. */
export function ReasonDialog(props: TReasonDialogProps) {
  return (
    <Modal open={props.open} title={props.title} onCancel={props.onCancel} footer={null} destroyOnHidden>
      {props.open && <ReasonForm {...props} />}
    </Modal>
  );
}

function ReasonForm({ text, label, requiredMessage, confirmLabel, loading = false, onCancel, onConfirm }: TReasonDialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const blank = reason.trim() === '';
  return (
    <form
      noValidate
      className="reason-form"
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (!blank) onConfirm(reason.trim());
      }}
    >
      <p className="muted">{text}</p>
      <label className="submit-form-label" htmlFor="reason-text">
        {label}
      </label>
      <Input.TextArea id="reason-text" value={reason} onChange={(event) => setReason(event.target.value)} onBlur={() => setTouched(true)} autoSize={{ minRows: 3, maxRows: 8 }} maxLength={2000} status={touched && blank ? 'error' : undefined} />
      {touched && blank && (
        <div className="field-error" role="alert">
          {requiredMessage}
        </div>
      )}
      <div className="dialog-footer">
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button type="primary" danger htmlType="submit" disabled={blank} loading={loading}>
          {confirmLabel}
        </Button>
      </div>
    </form>
  );
}
