import type { TPackageTask } from '@platform/contracts';
import { Button, Modal } from 'antd';
import type { TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../app/format';
import { errorMessageOf } from '../../../../app/errorMessage';
import { DataTable } from '../../../../components/DataTable';
import { KeysetPager, useKeysetPages } from '../../../../components/KeysetPager';
import { ListSearch } from '../../../../components/ListSearch';
import { useToast } from '../../../../components/toast';
import { TaskStatusTag } from '../../../../features/tasks/TaskStatusTag';
import { SEARCH_MIN_LENGTH, useAddPackageTaskMutation, usePackageAvailableTasksQuery } from '../../../../features/tasks/tasks.admin.api';

interface TAddPackageTaskDialogProps {
  open: boolean;
  packageId: string;
  onClose: () => void;
}

/**
 * Adds a task to a package; only tasks not yet in it are offered ('Please select a task'). The offer is paged on the
 * server (20 a page, in the admin's task order) and searched there by title, so it stays quick however many tasks
 * there are.
 */
export function AddPackageTaskDialog({ open, packageId, onClose }: TAddPackageTaskDialogProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const toast = useToast();
  const [search, setSearch] = useState('');
  const pages = useKeysetPages();
  const { reset } = pages;
  useEffect(() => reset(), [search, packageId, reset]);
  const { data, isFetching, isError } = usePackageAvailableTasksQuery(
    { id: packageId, search: search.length >= SEARCH_MIN_LENGTH ? search : undefined, cursor: pages.cursor },
    { skip: !open },
  );
  const [addTask, addState] = useAddPackageTaskMutation();
  const [taskId, setTaskId] = useState<string | undefined>(undefined);
  const [missing, setMissing] = useState(false);

  const close = () => {
    setTaskId(undefined);
    setMissing(false);
    onClose();
  };

  const add = async () => {
    if (!taskId) {
      setMissing(true);
      return;
    }
    try {
      await addTask({ id: packageId, taskId }).unwrap();
      toast({ title: t('work.admin.packages.toasts.taskAdded') });
      close();
    } catch (error) {
      toast({ title: t('work.admin.packages.toasts.addFailed'), description: errorMessageOf(error), variant: 'destructive' });
    }
  };

  const columns: TableColumnsType<TPackageTask> = [
    { title: t('work.admin.packages.taskLabel'), dataIndex: 'title', render: (title: string) => <span className="wrap-text-cell">{title}</span> },
    { title: t('work.admin.tasks.columns.reward'), dataIndex: 'reward', width: 100, align: 'right', render: (reward: string) => format.money(reward) },
    { title: t('work.admin.tasks.columns.status'), dataIndex: 'status', width: 140, render: (_: string, task) => <TaskStatusTag status={task.status} /> },
  ];

  return (
    <Modal
      open={open}
      width={720}
      title={t('work.admin.packages.addTaskTitle')}
      onCancel={close}
      footer={
        <div className="dialog-footer">
          <Button onClick={close}>{t('common.cancel')}</Button>
          <Button type="primary" loading={addState.isLoading} onClick={() => void add()}>
            {t('work.admin.packages.add')}
          </Button>
        </div>
      }
    >
      <div className="admin-toolbar">
        <ListSearch label={t('work.admin.packages.taskSearch')} onSearch={setSearch} />
        {data && (
          <span className="muted small" data-testid="available-tasks-total">
            {t('work.admin.packages.availableTotal', { total: format.total(data.total, data.totalExact) })}
          </span>
        )}
      </div>
      <DataTable<TPackageTask>
        label={t('work.admin.packages.taskPlaceholder')}
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={data?.items ?? []}
        loading={isFetching}
        pagination={false}
        rowSelection={{
          type: 'radio',
          selectedRowKeys: taskId ? [taskId] : [],
          onChange: (keys) => {
            setTaskId(keys[0] === undefined ? undefined : String(keys[0]));
            setMissing(false);
          },
        }}
        onRow={(task) => ({
          onClick: () => {
            setTaskId(task.id);
            setMissing(false);
          },
        })}
        locale={{ emptyText: isError ? t('work.admin.packages.availableFailed') : search.length >= SEARCH_MIN_LENGTH ? t('work.admin.packages.noTasksFound') : t('work.admin.packages.noAvailableTasks') }}
      />
      <KeysetPager pages={pages} nextCursor={data?.nextCursor} testId="available-tasks-pager" />
      {missing && (
        <div className="field-error" role="alert">
          {t('work.admin.packages.selectTask')}
        </div>
      )}
    </Modal>
  );
}
