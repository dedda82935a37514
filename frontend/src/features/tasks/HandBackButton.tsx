import type { TWorkerTask } from '@platform/contracts';
import { MAX_RETURN_REASON_LENGTH } from '@platform/contracts/constants';
import { Button, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../app/errorMessage';
import { useToast } from '../../components/toast';
import { useReturnTaskMutation } from './tasks.api';

/**
 * Hand a taken task back (issue 29, principle 7): a quiet button that asks once, says it costs nothing, and takes
 * an optional reason (it tells the admin what was unclear). The server ends the assignment as returned and puts the
 * task back on the board; the lists refresh from the server.
 */
export function HandBackButton({ task }: { task: TWorkerTask }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [returnTask, { isLoading }] = useReturnTaskMutation();

  const confirm = async () => {
    try {
      await returnTask({ id: task.id, reason: reason.trim() || undefined }).unwrap();
      setOpen(false);
      setReason('');
      toast({ title: t('work.worker.toasts.handedBack'), description: t('work.worker.toasts.handedBackDescription'), action: `task.return:${task.id}` });
    } catch (error) {
      toast({ title: t('work.worker.toasts.handBackFailed'), description: errorMessageOf(error) ?? t('work.worker.toasts.tryAgain'), variant: 'destructive', action: `task.return:${task.id}` });
    }
  };

  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('work.worker.actions.handBack')}</Button>
      <Modal
        open={open}
        title={t('work.worker.handBack.title')}
        okText={t('work.worker.handBack.confirm')}
        cancelText={t('common.cancel')}
        confirmLoading={isLoading}
        onOk={() => void confirm()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <p className="muted">{t('work.worker.handBack.text')}</p>
        <label className="submit-form-label" htmlFor={`hand-back-reason-${task.id}`}>
          {t('work.worker.handBack.label')}
        </label>
        <Input.TextArea
          id={`hand-back-reason-${task.id}`}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          placeholder={t('work.worker.handBack.placeholder')}
          autoSize={{ minRows: 2, maxRows: 6 }}
          maxLength={MAX_RETURN_REASON_LENGTH}
          showCount
          // The count sits under the field: room for it above the dialog's buttons.
          style={{ marginBottom: 24 }}
        />
      </Modal>
    </>
  );
}
