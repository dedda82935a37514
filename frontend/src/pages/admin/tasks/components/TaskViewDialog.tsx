import type { TAdminTask } from '@platform/contracts';
import { Button, Descriptions, Modal, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../app/format';
import { TaskStatusTag } from '../../../../features/tasks/TaskStatusTag';
import { PayRate } from '../../../../features/tasks/PayRate';

/** Every field of a task, and who holds it. */
export function TaskViewDialog({ task, onClose }: { task: TAdminTask | null; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const none = t('work.common.notSet');
  return (
    <Modal open={task !== null} title={task?.title ?? t('work.admin.tasks.viewTitle')} onCancel={onClose} width={720} footer={<Button onClick={onClose}>{t('work.common.close')}</Button>}>
      {task && (
        <Descriptions column={1} bordered size="small" data-testid="task-view">
          <Descriptions.Item label={t('common.status')}>
            <TaskStatusTag status={task.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('work.common.reward')}>{format.money(task.reward)}</Descriptions.Item>
          <Descriptions.Item label={t('work.pay.label')}>
            <PayRate pay={task.pay} />
            {task.underpaid && <Tag color="error">{t('work.admin.tasks.underpaid')}</Tag>}
            {task.estimateMissing && <Tag color="warning">{t('work.admin.tasks.noEstimate')}</Tag>}
          </Descriptions.Item>
          <Descriptions.Item label={t('work.common.description')}>
            <span className="pre-wrap">{task.description}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('work.common.instructions')}>
            <span className="pre-wrap">{task.submissionInstructions ?? none}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('work.common.dueDate')}>{task.dueDate ? format.date(task.dueDate) : t('work.common.noDueDate')}</Descriptions.Item>
          <Descriptions.Item label={t('work.admin.tasks.columns.order')}>{task.sortOrder}</Descriptions.Item>
          <Descriptions.Item label={t('work.common.timeLimit')}>{task.timeLimitMinutes !== null ? t('work.common.minutes', { count: task.timeLimitMinutes }) : none}</Descriptions.Item>
          <Descriptions.Item label={t('work.admin.tasks.requiresApproval')}>{task.requiresApproval ? t('work.common.yes') : t('work.common.no')}</Descriptions.Item>
          {task.control && (
            <Descriptions.Item label={t('work.admin.control.tag')}>
              <span className="pre-wrap" data-testid="task-view-control">
                {t('work.admin.control.checkExpected', { match: t(`work.admin.control.matchName.${task.control.match}`), answer: task.control.expectedAnswer })}
              </span>
            </Descriptions.Item>
          )}
          <Descriptions.Item label={t('work.admin.tasks.columns.assignedTo')}>
            {task.assignedUser ? `${task.assignedUser.firstName} ${task.assignedUser.lastName} (${task.assignedUser.email})`.trim() : none}
          </Descriptions.Item>
          {task.assignment && (
            <Descriptions.Item label={t('work.admin.tasks.assignment')}>
              <TaskStatusTag status={task.assignment.status} /> {format.dateTime(task.assignment.assignedAt)}
            </Descriptions.Item>
          )}
          <Descriptions.Item label={t('work.admin.tasks.createdAt')}>{format.dateTime(task.createdAt)}</Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}
