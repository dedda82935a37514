import type { TAdminTask, TAdminTaskSort, TTaskStatus } from '@platform/contracts';
import { Button, Space, Tag, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../../app/errorMessage';
import { useFormat } from '../../../app/format';
import { useDeleteConfirm } from '../../../components/dialogs/useDeleteConfirm';
import { useKeysetPages } from '../../../components/KeysetPager';
import { SelectFilter } from '../../../components/list/filters';
import { ListPage, useListSort } from '../../../components/list/ListPage';
import { RowActions } from '../../../components/list/RowActions';
import { ListSearch } from '../../../components/ListSearch';
import { useToast } from '../../../components/toast';
import { ReasonDialog } from '../../../features/tasks/ReasonDialog';
import { TaskStatusTag } from '../../../features/tasks/TaskStatusTag';
import { SEARCH_MIN_LENGTH, useAdminTasksQuery, useCancelAssignmentMutation, useDeleteTaskMutation } from '../../../features/tasks/tasks.admin.api';
import { TaskFormDialog } from './components/TaskFormDialog';
import { isLiveAssignment, TaskViewDialog } from './components/TaskViewDialog';

/** contracts' TASK_STATUSES (the app imports only types from contracts). */
const TASK_STATUSES: readonly TTaskStatus[] = ['available', 'pending', 'assigned', 'in_progress', 'submitted', 'completed', 'cancelled'];

/** Admin > Tasks (spec 03 "Task Management"): search, create, view, edit, delete; cancel a live assignment (of a task with one slot here, of any in its view). */
export function TasksSection() {
  const { t } = useTranslation();
  const format = useFormat();
  const toast = useToast();
  // Paged on the server (20 a page, in the admin's order); the title search and the status filter are the server's,
  // and a new filter starts from the first page.
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<TTaskStatus | undefined>(undefined);
  const pages = useKeysetPages();
  const sort = useListSort<TAdminTaskSort>('sortOrder.asc');
  const query = useAdminTasksQuery({ status, search: search.length >= SEARCH_MIN_LENGTH ? search : undefined, sort: sort.value, cursor: pages.cursor });
  const { reset } = pages;
  useEffect(() => reset(), [search, status, reset]);
  const [deleteTask] = useDeleteTaskMutation();
  const deleting = useDeleteConfirm<TAdminTask>({
    title: t('work.admin.tasks.deleteConfirm'),
    describe: (task) => (
      <>
        <p className="confirm-dialog-lead">{task.title}</p>
        <p className="muted">{t('work.admin.tasks.deleteConfirmText')}</p>
      </>
    ),
    remove: (task) => deleteTask(task.id).unwrap(),
    deletedTitle: t('work.admin.tasks.toasts.deleted'),
    failedTitle: t('work.admin.tasks.toasts.deleteFailed'),
    toastKey: (task) => `task.delete:${task.id}`,
  });
  const [cancelAssignment, cancelState] = useCancelAssignmentMutation();
  const [form, setForm] = useState<{ open: boolean; task: TAdminTask | null }>({ open: false, task: null });
  const [viewing, setViewing] = useState<TAdminTask | null>(null);
  /** The assignment being cancelled (its id). */
  const [cancelling, setCancelling] = useState<string | null>(null);

  const cancel = async (reason: string) => {
    if (!cancelling) return;
    try {
      await cancelAssignment({ id: cancelling, reason }).unwrap();
      toast({ title: t('work.admin.tasks.toasts.cancelled') });
      setCancelling(null);
    } catch (error) {
      toast({ title: t('work.admin.tasks.toasts.cancelFailed'), description: errorMessageOf(error), variant: 'destructive' });
    }
  };

  const columns: TableColumnsType<TAdminTask> = [
    { title: t('work.admin.tasks.columns.order'), dataIndex: 'sortOrder', width: 100, sorter: true },
    {
      title: t('work.admin.tasks.columns.title'),
      dataIndex: 'title',
      // The other columns have widths and the table is as wide as its content: without one the title (which may
      // break anywhere) was squeezed to a letter a line.
      width: 260,
      render: (_: string, task) => (
        <div className="admin-title-cell">
          <Button type="link" className="admin-link-cell" onClick={() => setViewing(task)}>
            {task.title}
          </Button>
          {(task.timeLimitMinutes !== null || task.requiresApproval || task.control) && (
            <Space size={4} wrap className="admin-title-meta">
              {task.timeLimitMinutes !== null && <Tag>{t('work.admin.tasks.timeLimitTag', { count: task.timeLimitMinutes })}</Tag>}
              {task.requiresApproval && <Tag color="gold">{t('work.admin.tasks.requiresApproval')}</Tag>}
              {task.control && (
                <Tag color="purple" title={t('work.admin.control.tagHint')} data-testid="task-control-tag">
                  {t('work.admin.control.tag')}
                </Tag>
              )}
            </Space>
          )}
        </div>
      ),
    },
    { title: t('work.admin.tasks.columns.reward'), dataIndex: 'reward', width: 130, align: 'right', sorter: true, render: (reward: string) => format.money(reward) },
    {
      title: t('work.admin.tasks.columns.hourlyRate'),
      key: 'hourlyRate',
      width: 190,
      sorter: true,
      // One line of text; a tag below only when the task is flagged (most rows have none).
      render: (_: unknown, task) => (
        <>
          <div data-testid="task-hourly-rate">{t('work.admin.tasks.perHour', { rate: format.money(task.pay.hourlyRate), minutes: t('work.common.minutes', { count: task.pay.minutes }) })}</div>
          {task.underpaid && (
            <Tag color="error" title={t('work.admin.tasks.underpaidHint')} data-testid="task-underpaid">
              {t('work.admin.tasks.underpaid')}
            </Tag>
          )}
          {task.estimateMissing && (
            <Tag color="warning" title={t('work.admin.tasks.noEstimateHint')} data-testid="task-no-estimate">
              {t('work.admin.tasks.noEstimate')}
            </Tag>
          )}
        </>
      ),
    },
    { title: t('work.admin.tasks.columns.status'), dataIndex: 'status', width: 140, render: (_: string, task) => <TaskStatusTag status={task.status} /> },
    {
      title: <span title={t('work.admin.tasks.slotsHint')}>{t('work.admin.tasks.columns.slots')}</span>,
      key: 'slots',
      width: 100,
      align: 'right',
      render: (_: unknown, task) => <span data-testid="task-slots">{t('work.admin.tasks.slotsFilled', { filled: format.count(task.filledSlots), slots: format.count(task.slots) })}</span>,
    },
    {
      title: t('work.admin.tasks.columns.assignedTo'),
      key: 'assignedTo',
      width: 210,
      ellipsis: true,
      render: (_: unknown, task) =>
        task.assignedUser ? (
          <div className="admin-user-cell">
            <span>{`${task.assignedUser.firstName} ${task.assignedUser.lastName}`.trim() || task.assignedUser.email}</span>
            <span className="muted small">{task.assignedUser.email}</span>
            {task.filledSlots > 1 && <span className="muted small">{t('work.admin.tasks.moreAssigned', { count: task.filledSlots - 1 })}</span>}
          </div>
        ) : (
          <span className="muted">{t('work.common.notSet')}</span>
        ),
    },
    { title: t('work.admin.tasks.columns.created'), dataIndex: 'createdAt', width: 130, sorter: true, render: (at: string) => format.date(at) },
    { title: t('work.admin.tasks.columns.dueDate'), dataIndex: 'dueDate', width: 120, render: (due: string | null) => (due ? format.date(due) : <span className="muted">{t('work.common.notSet')}</span>) },
    {
      title: <span title={t('work.admin.tasks.returnsHint')}>{t('work.admin.tasks.columns.returns')}</span>,
      dataIndex: 'returns',
      width: 110,
      align: 'right',
      render: (returns: number) => (returns > 0 ? <span data-testid="task-returns">{format.count(returns)}</span> : <span className="muted">0</span>),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 170,
      render: (_: unknown, task) => (
        <RowActions
          actions={[
            { key: 'view', label: t('common.view'), onClick: () => setViewing(task) },
            { key: 'edit', label: t('common.edit'), onClick: () => setForm({ open: true, task }) },
            task.slots === 1 && task.assignment && isLiveAssignment(task.assignment.status) && {
              key: 'cancel',
              label: t('work.admin.tasks.cancelAssignment'),
              onClick: () => task.assignment && setCancelling(task.assignment.id),
            },
            { key: 'delete', label: t('common.delete'), danger: true, onClick: () => deleting.ask(task) },
          ]}
        />
      ),
    },
  ];

  return (
    <div className="admin-section" data-testid="admin-tasks">
      <ListPage<TAdminTask>
        query={query}
        pages={pages}
        sort={sort}
        create={{ label: t('work.admin.tasks.create'), onClick: () => setForm({ open: true, task: null }) }}
        filters={
          <>
            <ListSearch label={t('work.admin.tasks.searchPlaceholder')} onSearch={setSearch} />
            <SelectFilter<TTaskStatus>
              label={t('work.admin.tasks.statusFilter')}
              allLabel={t('common.allStatuses')}
              value={status}
              onChange={setStatus}
              options={TASK_STATUSES.map((value) => ({ value, label: t(`work.status.${value}`) }))}
            />
          </>
        }
        testId="tasks"
        table={{ label: t('admin.menu.tasks'), rowKey: 'id', columns, dataSource: query.data?.items ?? [], scroll: { x: 1250 }, emptyText: t('work.admin.tasks.empty') }}
      />
      <TaskFormDialog open={form.open} task={form.task} onClose={() => setForm({ open: false, task: null })} />
      {/* The viewed task as the list has it now (a cancellation from the dialog refreshes the list). */}
      <TaskViewDialog task={viewing && (query.data?.items.find((item) => item.id === viewing.id) ?? viewing)} onClose={() => setViewing(null)} onCancelAssignment={setCancelling} />
      {deleting.element}
      <ReasonDialog
        open={cancelling !== null}
        title={t('work.admin.tasks.cancelTitle')}
        text={t('work.admin.tasks.cancelText')}
        label={t('work.admin.tasks.cancelReason')}
        requiredMessage={t('work.admin.tasks.cancelReasonRequired')}
        confirmLabel={t('work.admin.tasks.cancelConfirm')}
        loading={cancelState.isLoading}
        onCancel={() => setCancelling(null)}
        onConfirm={(reason) => void cancel(reason)}
      />
    </div>
  );
}
