import type { TAdminSubmission } from '@platform/contracts';
import { Alert, Button, Descriptions, Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../app/format';
import { AttachmentList } from '../../../../features/tasks/AttachmentList';
import { InlineMedia, isInlineMedia } from '../../../../features/tasks/InlineMedia';
import { TaskStatusTag } from '../../../../features/tasks/TaskStatusTag';
import { ControlCheckPanel } from './ControlCheckPanel';
import { useSubmissionClaim } from '../useSubmissionClaim';
import { ClaimNotice } from './ClaimNotice';

interface TSubmissionDetailDialogProps {
  open: boolean;
  submission: TAdminSubmission | null;
  loading: boolean;
  approving: boolean;
  onClose: () => void;
  onApprove: (submission: TAdminSubmission) => void;
  onReject: (submission: TAdminSubmission) => void;
}

/** Spec 03 "Task Submissions": task title, description, reward, user, text, submitted time, files. */
export function SubmissionDetailDialog({ open, submission, loading, approving, onClose, onApprove, onReject }: TSubmissionDetailDialogProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const pending = submission?.status === 'submitted';
  // Issue 30: opening it claims it; while another admin holds it, they are named and the decisions wait.
  const claim = useSubmissionClaim(open && pending ? submission?.id : undefined);
  const claimedByOther = claim.claimedBy !== null && !claim.mine;
  return (
    <Modal
      open={open}
      title={submission?.taskTitle ?? t('work.admin.submissions.detailTitle')}
      onCancel={onClose}
      width={900}
      footer={
        <div className="dialog-footer">
          <Button onClick={onClose}>{t('work.common.close')}</Button>
          {submission && pending && (
            <>
              <Button danger disabled={claimedByOther} onClick={() => onReject(submission)}>
                {t('work.admin.submissions.reject')}
              </Button>
              <Button type="primary" disabled={claimedByOther} loading={approving} onClick={() => onApprove(submission)}>
                {t('work.admin.submissions.approve')}
              </Button>
            </>
          )}
        </div>
      }
    >
      {loading && !submission ? (
        <div className="center-block">
          <Spin />
        </div>
      ) : (
        submission && (
          <div className="task-details" data-testid="submission-detail">
            {pending && <ClaimNotice claim={claim} />}
            {submission.rejectionReason && <Alert type="warning" showIcon title={t('work.admin.submissions.previousRejection')} description={submission.rejectionReason} />}
            <ControlCheckPanel submission={submission} />
            <Descriptions column={1} bordered size="small">
              <Descriptions.Item label={t('work.common.task')}>{submission.taskTitle}</Descriptions.Item>
              <Descriptions.Item label={t('work.common.description')}>
                <span className="pre-wrap">{submission.taskDescription}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t('work.common.reward')}>{format.money(submission.taskReward)}</Descriptions.Item>
              <Descriptions.Item label={t('work.common.user')}>
                {`${submission.userFirstName} ${submission.userLastName}`.trim()} <span className="muted">({submission.userEmail})</span>
              </Descriptions.Item>
              <Descriptions.Item label={t('common.status')}>
                <TaskStatusTag status={submission.status} />
              </Descriptions.Item>
              <Descriptions.Item label={t('work.common.submittedAt')}>{submission.submittedAt ? format.dateTime(submission.submittedAt) : t('work.common.notSet')}</Descriptions.Item>
              <Descriptions.Item label={t('work.admin.submissions.text')}>
                <span className="pre-wrap" data-testid="submission-text">
                  {submission.submission ?? t('work.common.notSet')}
                </span>
              </Descriptions.Item>
            </Descriptions>
            <section>
              <h4 className="task-details-heading">{t('work.files.title')}</h4>
              {submission.files.some(isInlineMedia) && (
                <div className="inline-media-list">
                  {submission.files.filter(isInlineMedia).map((file) => (
                    <InlineMedia key={file.id} file={file} />
                  ))}
                </div>
              )}
              <AttachmentList files={submission.files} showMetadataNotes />
            </section>
          </div>
        )
      )}
    </Modal>
  );
}
