import type { TTaskRequest } from '@platform/contracts';
import { Button, Descriptions, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../app/format';

interface TReviewRequestDialogProps {
  request: TTaskRequest | null;
  deciding: 'approved' | 'rejected' | null;
  onClose: () => void;
  onDecide: (request: TTaskRequest, status: 'approved' | 'rejected', reason: string) => void;
}

/** Approve or reject a worker's request to take a task; an optional reason is shown to the worker. */
export function ReviewRequestDialog({ request, deciding, onClose, onDecide }: TReviewRequestDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open={request !== null} title={t('work.admin.requests.reviewTitle')} onCancel={onClose} footer={null} width={640} destroyOnHidden>
      {request && <ReviewForm request={request} deciding={deciding} onClose={onClose} onDecide={onDecide} />}
    </Modal>
  );
}

function ReviewForm({ request, deciding, onClose, onDecide }: TReviewRequestDialogProps & { request: TTaskRequest }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [reason, setReason] = useState('');
  return (
    <div className="task-details" data-testid="review-request">
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label={t('work.common.task')}>{request.task.title}</Descriptions.Item>
        <Descriptions.Item label={t('work.common.description')}>
          <span className="pre-wrap">{request.task.description}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('work.common.reward')}>{format.money(request.task.reward)}</Descriptions.Item>
        <Descriptions.Item label={t('work.common.dueDate')}>{request.task.dueDate ? format.date(request.task.dueDate) : t('work.common.noDueDate')}</Descriptions.Item>
        <Descriptions.Item label={t('work.common.user')}>
          {`${request.user.firstName} ${request.user.lastName}`.trim()} <span className="muted">({request.user.email})</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('work.common.requestedAt')}>{format.dateTime(request.requestedAt)}</Descriptions.Item>
      </Descriptions>
      <label className="submit-form-label" htmlFor="request-reason">
        {t('work.admin.requests.reason')}
      </label>
      <Input.TextArea id="request-reason" value={reason} onChange={(event) => setReason(event.target.value)} autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} />
      <div className="dialog-footer">
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button danger loading={deciding === 'rejected'} disabled={deciding !== null} onClick={() => onDecide(request, 'rejected', reason.trim())}>
          {t('work.admin.requests.reject')}
        </Button>
        <Button type="primary" loading={deciding === 'approved'} disabled={deciding !== null} onClick={() => onDecide(request, 'approved', reason.trim())}>
          {t('work.admin.requests.approve')}
        </Button>
      </div>
    </div>
  );
}
