import type { TAdminTask, TAssignmentStatus } from '@platform/contracts';
import { Button, Descriptions, List, Modal, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../app/format';
import { TaskStatusTag } from '../../../../features/tasks/TaskStatusTag';
import { PayRate } from '../../../../features/tasks/PayRate';

const LIVE_ASSIGNMENT: ReadonlySet<TAssignmentStatus> = new Set(['assigned', 'in_progress', 'submitted', 'rejected']);

/** An assignment holding a slot that an admin may still cancel (not completed). */
export function isLiveAssignment(status: TAssignmentStatus): boolean {
  return LIVE_ASSIGNMENT.has(status);
}

function nameOf(user: TAdminTask['assignedUser']): string {
  if (!user) return '';
  const name = `${user.firstName} ${user.lastName}`.trim();
  return name ? `${name} (${user.email})` : user.email;
}

/** Every field of a task, its slots and the latest assignments filling them (each live one may be cancelled). */
export function TaskViewDialog({ task, onClose, onCancelAssignment }: { task: TAdminTask | null; onClose: () => void; onCancelAssignment: (assignmentId: string) => void }) {
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
          <Descriptions.Item label={t('work.admin.tasks.fields.slots')}>
            <span title={t('work.admin.tasks.slotsHint')} data-testid="task-view-slots">
              {t('work.admin.tasks.slotsFilled', { filled: format.count(task.filledSlots), slots: format.count(task.slots) })}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('work.admin.tasks.assignments')}>
            {task.assignments.length === 0 ? (
              <span className="muted">{t('work.admin.tasks.assignmentsNone')}</span>
            ) : (
              <>
                <List
                  size="small"
                  data-testid="task-view-assignments"
                  dataSource={task.assignments}
                  renderItem={(assignment) => (
                    <List.Item
                      actions={
                        isLiveAssignment(assignment.status)
                          ? [
                              <Button key="cancel" size="small" onClick={() => onCancelAssignment(assignment.id)}>
                                {t('work.admin.tasks.cancelAssignment')}
                              </Button>,
                            ]
                          : []
                      }
                    >
                      <span>
                        {nameOf(assignment.user) || none} <TaskStatusTag status={assignment.status} /> <span className="muted small">{format.dateTime(assignment.assignedAt)}</span>
                      </span>
                    </List.Item>
                  )}
                />
                {task.filledSlots > task.assignments.length && (
                  <div className="muted small">{t('work.admin.tasks.assignmentsShown', { shown: format.count(task.assignments.length), filled: format.count(task.filledSlots) })}</div>
                )}
              </>
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('work.admin.tasks.createdAt')}>{format.dateTime(task.createdAt)}</Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}
