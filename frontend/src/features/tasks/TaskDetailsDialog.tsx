import type { TWorkerTask } from '@platform/contracts';
import { Alert, Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../app/format';
import { AttachmentList } from './AttachmentList';
import { PayRate } from './PayRate';
import { AppealButton, RejectionDetails } from './AppealButton';
import { TaskActions } from './TaskActions';
import { displayStatusOf } from './taskStatus';
import { TaskStatusTag } from './TaskStatusTag';

interface TTaskDetailsDialogProps {
  task: TWorkerTask | null;
  taking?: boolean;
  onClose: () => void;
  onTake: (task: TWorkerTask) => void;
  onSubmit: (task: TWorkerTask) => void;
}

/** Spec 02: the task in full, and the worker's own submission with its files. */
export function TaskDetailsDialog({ task, taking = false, onClose, onTake, onSubmit }: TTaskDetailsDialogProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const assignment = task?.userAssignment ?? null;
  const submission = task?.userSubmission ?? assignment?.submission ?? null;

  const footer = task ? (
    <div className="dialog-footer">
      <Button onClick={onClose}>{t('work.common.close')}</Button>
      <TaskActions task={task} taking={taking} onTake={onTake} onSubmit={onSubmit} resubmitLabel={t('work.worker.actions.resubmit')} />
      <AppealButton task={task} />
    </div>
  ) : null;

  return (
    <Modal open={task !== null} title={task?.title ?? t('work.worker.details.title')} onCancel={onClose} footer={footer} destroyOnHidden>
      {task && (
        <div className="task-details" data-testid="task-details">
          <div className="task-details-status">
            <TaskStatusTag status={displayStatusOf(task)} />
          </div>
          {task.userStatus === 'rejected' && task.rejectionReason && (
            <Alert type="error" showIcon title={t('work.worker.rejectionTitle')} description={task.rejectionReason} />
          )}
          <RejectionDetails task={task} />
          {task.userStatus === 'cancelled' && assignment?.cancellationReason && (
            <Alert type="warning" showIcon title={t('work.worker.cancelledTitle')} description={assignment.cancellationReason} />
          )}
          <dl className="info-list">
            <dt>{t('work.common.reward')}</dt>
            <dd>
              <strong>{format.money(task.reward)}</strong> <span className="currency-badge">USD</span>
            </dd>
            <dt>{t('work.pay.label')}</dt>
            <dd>
              <PayRate pay={task.pay} />
            </dd>
            <dt>{t('work.common.dueDate')}</dt>
            <dd>{task.dueDate ? format.date(task.dueDate) : t('work.common.noDueDate')}</dd>
            {task.timeLimitMinutes !== null && (
              <>
                <dt>{t('work.common.timeLimit')}</dt>
                <dd>{t('work.common.minutes', { count: task.timeLimitMinutes })}</dd>
              </>
            )}
          </dl>
          {assignment?.expiresAt && (task.userStatus === 'assigned' || task.userStatus === 'in_progress') && (
            <p className="small">{t('work.worker.details.expiresAt', { date: format.dateTime(assignment.expiresAt) })}</p>
          )}
          <section>
            <h4 className="task-details-heading">{t('work.common.description')}</h4>
            <p className="task-details-text">{task.description}</p>
          </section>
          {task.submissionInstructions && (
            <section>
              <h4 className="task-details-heading">{t('work.common.instructions')}</h4>
              <p className="task-details-text">{task.submissionInstructions}</p>
            </section>
          )}
          {task.acceptanceCriteria.length > 0 && (
            <div data-testid="acceptance-criteria">
              <h4 className="task-details-heading">{t('work.common.acceptanceCriteria')}</h4>
              <ol className="task-criteria">
                {task.acceptanceCriteria.map((criterion, index) => (
                  <li key={index}>{criterion}</li>
                ))}
              </ol>
            </div>
          )}
          {(submission !== null || (assignment?.files.length ?? 0) > 0) && (
            <section className="task-details-submission" data-testid="own-submission">
              <h4 className="task-details-heading">{t('work.worker.details.yourSubmission')}</h4>
              {task.submittedAt && <p className="muted small">{t('work.worker.details.submittedAt', { date: format.dateTime(task.submittedAt) })}</p>}
              {submission !== null && <p className="task-details-text">{submission}</p>}
              <h4 className="task-details-heading">{t('work.files.title')}</h4>
              <AttachmentList files={assignment?.files ?? []} />
            </section>
          )}
          {task.completedAt && <p className="muted small">{t('work.worker.details.completedAt', { date: format.dateTime(task.completedAt) })}</p>}
        </div>
      )}
    </Modal>
  );
}
