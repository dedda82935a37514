import { Button, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface TConfirmDialogProps {
  open: boolean;
  title: string;
  /** What will happen, in words ("Credit $75.00 to Anna Workerova"). */
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** A destructive action (delete, reset) gets the red button. */
  danger?: boolean;
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  afterClose?: () => void;
  testId?: string;
}

/**
 * The second click of an action that moves money or cannot be undone (issue 10, "Money in one click needs a
 * confirmation"): says what will happen and waits for the confirm button. It is a modal dialog (antd): focus is
 * kept inside while it is open (Tab cycles, Escape cancels) and goes back to the button that opened it. The focus
 * starts on Cancel, so a repeated Enter or a double click on the first button never confirms by accident.
 */
export function ConfirmDialog({ open, title, children, confirmLabel, cancelLabel, danger = false, loading = false, onConfirm, onCancel, afterClose, testId }: TConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onCancel}
      afterClose={afterClose}
      destroyOnHidden
      width={440}
      data-testid={testId}
      footer={
        <div className="dialog-footer">
          <Button autoFocus onClick={onCancel} disabled={loading}>
            {cancelLabel ?? t('common.cancel')}
          </Button>
          <Button type="primary" danger={danger} loading={loading} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </div>
      }
    >
      <div className="confirm-dialog-body">{children}</div>
    </Modal>
  );
}
