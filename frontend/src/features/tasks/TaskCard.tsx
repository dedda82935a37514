import type { TWorkerTask } from '@platform/contracts';
import { CalendarOutlined, ClockCircleOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../app/format';
import { PayRate } from './PayRate';
import { AppealButton, RejectionDetails } from './AppealButton';
import { TaskActions } from './TaskActions';
import { displayStatusOf } from './taskStatus';
import { TaskStatusTag } from './TaskStatusTag';

interface TTaskCardProps {
  task: TWorkerTask;
  taking?: boolean;
  onView: (task: TWorkerTask) => void;
  onTake: (task: TWorkerTask) => void;
  onSubmit: (task: TWorkerTask) => void;
}

/** One task on the worker's screen: reward, pay per hour, due date, the true status, and what the worker can do next. */
export function TaskCard({ task, taking = false, onView, onTake, onSubmit }: TTaskCardProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const status = displayStatusOf(task);
  const cancellation = task.userStatus === 'cancelled' ? task.userAssignment?.cancellationReason : null;
  const declined = task.userStatus === null && task.userRequest?.status === 'rejected' ? task.userRequest : null;

  return (
    <article className="task-card" data-testid={`task-card-${task.id}`} aria-label={task.title}>
      <header className="task-card-head">
        <h3 className="task-card-title">{task.title}</h3>
        <TaskStatusTag status={status} />
      </header>
      <div className="task-card-meta">
        <span className="task-reward" data-testid="task-reward">
          {format.money(task.reward)} <span className="currency-badge">USD</span>
        </span>
        <PayRate pay={task.pay} className="task-pay-rate small" />
        <span className="muted small">
          <CalendarOutlined /> {task.dueDate ? t('work.worker.due', { date: format.date(task.dueDate) }) : t('work.common.noDueDate')}
        </span>
        {task.timeLimitMinutes !== null && (
          <span className="muted small">
            <ClockCircleOutlined /> {t('work.worker.timeLimit', { count: task.timeLimitMinutes })}
          </span>
        )}
      </div>
      <p className="task-card-description">{task.description}</p>

      {task.userStatus === 'rejected' && task.rejectionReason && (
        <Alert type="error" showIcon title={t('work.worker.rejectionTitle')} description={task.rejectionReason} data-testid="rejection-reason" />
      )}
      <RejectionDetails task={task} />
      {cancellation && <Alert type="warning" showIcon title={t('work.worker.cancelledTitle')} description={cancellation} data-testid="cancellation-reason" />}
      {declined && (
        <Alert type="warning" showIcon title={t('work.worker.requestDeclinedTitle')} description={declined.reason ?? undefined} data-testid="request-declined" />
      )}
      {task.userStatus === 'pending' && <p className="muted small task-card-hint">{t('work.worker.pendingHint')}</p>}
      {task.userStatus === 'submitted' && (
        <p className="muted small task-card-hint" data-testid="submitted-hint">
          {t('work.worker.submittedHint')}
          {task.autoApproveAt && <> {t('work.worker.autoApproveHint', { date: format.date(task.autoApproveAt) })}</>}
        </p>
      )}
      {task.userStatus === 'returned' && (
        <p className="muted small task-card-hint" data-testid="returned-hint">
          {t('work.worker.returnedHint')}
        </p>
      )}

      <footer className="task-card-actions">
        <Button onClick={() => onView(task)}>{t('work.worker.actions.viewDetails')}</Button>
        <TaskActions task={task} taking={taking} onTake={onTake} onSubmit={onSubmit} resubmitLabel={t('work.worker.actions.revise')} />
        <AppealButton task={task} />
      </footer>
    </article>
  );
}
