import type { TAdminTask, TTaskStatus } from '@platform/contracts';
import { DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined, ReloadOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Select, Space, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSearch } from '../../../components/ListSearch';
import { errorMessageOf } from '../../../app/errorMessage';
import { ConfirmDialog } from '../../../components/dialogs/ConfirmDialog';
import { useDialog } from '../../../components/dialogs/useDialog';
import { useToast } from '../../../components/toast';
import { ReasonDialog } from '../../../features/tasks/ReasonDialog';
import { TaskStatusTag } from '../../../features/tasks/TaskStatusTag';
import { formatDueDate, formatReward } from '../../../features/tasks/taskStatus';
import { SEARCH_MIN_LENGTH, useAdminTasksQuery, useCancelAssignmentMutation, useDeleteTaskMutation } from '../../../features/tasks/tasks.admin.api';
import { KeysetPager, useKeysetPages } from '../../../components/KeysetPager';
import { TaskFormDialog } from './components/TaskFormDialog';
import { TaskViewDialog } from './components/TaskViewDialog';
import { DataTable } from '../../../components/DataTable';

/** contracts' TASK_STATUSES (the app imports only types from contracts). */
const TASK_STATUSES: readonly TTaskStatus[] = ['available', 'pending', 'assigned', 'in_progress', 'submitted', 'completed', 'cancelled'];

const LIVE_ASSIGNMENT = new Set(['assigned', 'in_progress', 'submitted', 'rejected']);

/** Admin > Tasks (spec 03 "Task Management"): search, create, view, edit, delete; cancel a live assignment. */
export function TasksSection() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  // Paged on the server (20 a page, in the admin's order); the title search and the status filter are the server's,
  // and a new filter starts from the first page.
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<TTaskStatus | undefined>(undefined);
  const pages = useKeysetPages();
  const { data, isLoading, isFetching, refetch } = useAdminTasksQuery({ status, search: search.length >= SEARCH_MIN_LENGTH ? search : undefined, cursor: pages.cursor });
  const tasks = data?.items ?? [];
  const { reset } = pages;
  useEffect(() => reset(), [search, status, reset]);
  const [deleteTask, deleteState] = useDeleteTaskMutation();
  const deleting = useDialog<TAdminTask>();
  const [cancelAssignment, cancelState] = useCancelAssignmentMutation();
  const [form, setForm] = useState<{ open: boolean; task: TAdminTask | null }>({ open: false, task: null });
  const [viewing, setViewing] = useState<TAdminTask | null>(null);
  const [cancelling, setCancelling] = useState<TAdminTask | null>(null);

  const remove = async (task: TAdminTask) => {
    const action = `task.delete:${task.id}`;
    try {
      await deleteTask(task.id).unwrap();
      deleting.close();
      toast({ title: t('work.admin.tasks.toasts.deleted'), action });
    } catch (error) {
      deleting.close();
      toast({ title: t('work.admin.tasks.toasts.deleteFailed'), description: errorMessageOf(error), variant: 'destructive', action });
    }
  };

  const cancel = async (reason: string) => {
    if (!cancelling?.assignment) return;
    try {
      await cancelAssignment({ id: cancelling.assignment.id, reason }).unwrap();
      toast({ title: t('work.admin.tasks.toasts.cancelled') });
      setCancelling(null);
    } catch (error) {
      toast({ title: t('work.admin.tasks.toasts.cancelFailed'), description: errorMessageOf(error), variant: 'destructive' });
    }
  };

  const columns: TableColumnsType<TAdminTask> = [
    { title: t('work.admin.tasks.columns.order'), dataIndex: 'sortOrder', width: 90 },
    {
      title: t('work.admin.tasks.columns.title'),
      dataIndex: 'title',
      render: (_: string, task) => (
        <div className="admin-title-cell">
          <Button type="link" className="admin-link-cell" onClick={() => setViewing(task)}>
            {task.title}
          </Button>
          {(task.timeLimitMinutes !== null || task.requiresApproval) && (
            <Space size={4} wrap className="admin-title-meta">
              {task.timeLimitMinutes !== null && <Tag>{t('work.admin.tasks.timeLimitTag', { count: task.timeLimitMinutes })}</Tag>}
              {task.requiresApproval && <Tag color="gold">{t('work.admin.tasks.requiresApproval')}</Tag>}
            </Space>
          )}
        </div>
      ),
    },
    { title: t('work.admin.tasks.columns.reward'), dataIndex: 'reward', width: 100, align: 'right', render: (reward: string) => formatReward(reward) },
    { title: t('work.admin.tasks.columns.status'), dataIndex: 'status', width: 140, render: (_: string, task) => <TaskStatusTag status={task.status} /> },
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
          </div>
        ) : (
          <span className="muted">{t('work.common.notSet')}</span>
        ),
    },
    { title: t('work.admin.tasks.columns.dueDate'), dataIndex: 'dueDate', width: 120, render: (due: string | null) => (due ? formatDueDate(due, i18n.language) : <span className="muted">{t('work.common.notSet')}</span>) },
    {
      title: t('work.common.actions'),
      key: 'actions',
      width: 160,
      render: (_: unknown, task) => (
        <Space size={2}>
          <Tooltip title={t('work.common.view')}>
            <Button type="text" icon={<EyeOutlined />} aria-label={`${t('work.common.view')} ${task.title}`} onClick={() => setViewing(task)} />
          </Tooltip>
          <Tooltip title={t('work.common.edit')}>
            <Button type="text" icon={<EditOutlined />} aria-label={`${t('work.common.edit')} ${task.title}`} onClick={() => setForm({ open: true, task })} />
          </Tooltip>
          {task.assignment && LIVE_ASSIGNMENT.has(task.assignment.status) && (
            <Tooltip title={t('work.admin.tasks.cancelAssignment')}>
              <Button type="text" icon={<StopOutlined />} aria-label={`${t('work.admin.tasks.cancelAssignment')} ${task.title}`} onClick={() => setCancelling(task)} />
            </Tooltip>
          )}
          <Tooltip title={t('work.common.delete')}>
            <Button type="text" danger icon={<DeleteOutlined />} aria-label={`${t('work.common.delete')} ${task.title}`} onClick={() => deleting.open(task)} />
          </Tooltip>
        </Space>
      ),
    },
  ];

  return (
    <div className="admin-section" data-testid="admin-tasks">
      <div className="admin-toolbar">
        <Space wrap>
          <ListSearch label={t('work.admin.tasks.searchPlaceholder')} onSearch={setSearch} />
          <Select<TTaskStatus>
            allowClear
            style={{ minWidth: 160 }}
            placeholder={t('work.admin.tasks.allStatuses')}
            aria-label={t('work.admin.tasks.statusFilter')}
            value={status}
            onChange={(value) => setStatus(value)}
            options={TASK_STATUSES.map((value) => ({ value, label: t(`work.status.${value}`) }))}
          />
        </Space>
        <Space>
          <Button icon={<ReloadOutlined />} onClick={() => void refetch()}>
            {t('work.common.refresh')}
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ open: true, task: null })}>
            {t('work.admin.tasks.create')}
          </Button>
        </Space>
      </div>
      <DataTable<TAdminTask>
        label={t('admin.menu.tasks')}
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={tasks}
        loading={isLoading || isFetching}
        pagination={false}
        scroll={{ x: 960 }}
        locale={{ emptyText: t('work.admin.tasks.empty') }}
      />
      <KeysetPager pages={pages} nextCursor={data?.nextCursor} testId="tasks-pager" />
      <TaskFormDialog open={form.open} task={form.task} onClose={() => setForm({ open: false, task: null })} />
      <TaskViewDialog task={viewing} onClose={() => setViewing(null)} />
      <ConfirmDialog
        key={deleting.target?.id}
        open={deleting.isOpen}
        afterClose={deleting.afterClose}
        title={t('work.admin.tasks.deleteConfirm')}
        confirmLabel={t('work.common.delete')}
        cancelLabel={t('work.common.cancel')}
        danger
        loading={deleteState.isLoading}
        onConfirm={() => deleting.target && void remove(deleting.target)}
        onCancel={deleting.close}
      >
        <p className="confirm-dialog-lead">{deleting.target?.title}</p>
        <p className="muted">{t('work.admin.tasks.deleteConfirmText')}</p>
      </ConfirmDialog>
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
