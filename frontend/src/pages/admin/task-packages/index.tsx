import type { TPackageTask, TTaskPackage } from '@platform/contracts';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Space, Spin, Tag, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSearch } from '../../../components/ListSearch';
import { useFormat } from '../../../app/format';
import { useDeleteConfirm } from '../../../components/dialogs/useDeleteConfirm';
import { RowActions } from '../../../components/list/RowActions';
import { TaskStatusTag } from '../../../features/tasks/TaskStatusTag';
import {
  SEARCH_MIN_LENGTH,
  useDeleteTaskPackageMutation,
  useRemovePackageTaskMutation,
  useTaskPackageQuery,
  useTaskPackagesQuery,
} from '../../../features/tasks/tasks.admin.api';
import { KeysetPager, useKeysetPages } from '../../../components/KeysetPager';
import { AddPackageTaskDialog } from './components/AddPackageTaskDialog';
import { PackageFormDialog } from './components/PackageFormDialog';
import { DataTable } from '../../../components/DataTable';

/** Admin > Task Packages: the package list on the left, the selected package and its ordered tasks on the right. */
export function TaskPackagesSection() {
  const { t } = useTranslation();
  const format = useFormat();
  // The list is paged on the server (20 a page, oldest first) and searched by name there; the selected package is
  // read on its own, so it stays open whichever page the list shows (a package just created is on the last page).
  const [search, setSearch] = useState('');
  const pages = useKeysetPages();
  const { data: page, isLoading } = useTaskPackagesQuery({ search: search.length >= SEARCH_MIN_LENGTH ? search : undefined, cursor: pages.cursor });
  const packages = page?.items ?? [];
  const { reset } = pages;
  useEffect(() => reset(), [search, reset]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const { data: detail, isFetching: detailLoading } = useTaskPackageQuery(selectedId ?? '', { skip: !selectedId });
  const selected: TTaskPackage | null = selectedId && detail?.id === selectedId ? detail : null;
  const [deletePackage] = useDeleteTaskPackageMutation();
  const [removeTask] = useRemovePackageTaskMutation();
  const [form, setForm] = useState<{ open: boolean; pkg: TTaskPackage | null }>({ open: false, pkg: null });
  const [adding, setAdding] = useState(false);
  const deleting = useDeleteConfirm<TTaskPackage>({
    title: t('work.admin.packages.deleteConfirm'),
    describe: (pkg) => (
      <>
        <p className="confirm-dialog-lead">{pkg.name}</p>
        <p className="muted">{t('work.admin.packages.deleteConfirmText')}</p>
      </>
    ),
    remove: (pkg) => deletePackage(pkg.id).unwrap(),
    deletedTitle: t('work.admin.packages.toasts.deleted'),
    failedTitle: t('work.admin.packages.toasts.deleteFailed'),
    toastKey: (pkg) => `package.delete:${pkg.id}`,
    afterDelete: () => setSelectedId(null),
  });
  const removing = useDeleteConfirm<{ pkg: TTaskPackage; task: TPackageTask }>({
    title: t('work.admin.packages.removeConfirm'),
    confirmLabel: t('work.admin.packages.remove'),
    describe: ({ task }) => <p className="confirm-dialog-lead">{task.title}</p>,
    remove: ({ pkg, task }) => removeTask({ id: pkg.id, taskId: task.id }).unwrap(),
    deletedTitle: t('work.admin.packages.toasts.taskRemoved'),
    failedTitle: t('work.admin.packages.toasts.removeFailed'),
    toastKey: ({ pkg, task }) => `package.removeTask:${pkg.id}:${task.id}`,
  });

  const taskColumns: TableColumnsType<TPackageTask> = [
    { title: t('work.admin.packages.position'), key: 'position', width: 48, render: (_: unknown, _row, index) => index + 1 },
    { title: t('work.admin.tasks.columns.title'), dataIndex: 'title', render: (title: string) => <span className="pre-wrap">{title}</span> },
    { title: t('work.common.reward'), dataIndex: 'reward', width: 96, align: 'right', render: (reward: string) => format.money(reward) },
    { title: t('work.common.dueDate'), dataIndex: 'dueDate', width: 120, render: (due: string | null) => (due ? format.date(due) : <span className="muted">{t('work.common.notSet')}</span>) },
    { title: t('common.status'), dataIndex: 'status', width: 130, render: (_: string, row) => <TaskStatusTag status={row.status} /> },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 110,
      render: (_: unknown, row) =>
        selected && <RowActions actions={[{ key: 'remove', label: t('work.admin.packages.remove'), danger: true, onClick: () => removing.ask({ pkg: selected, task: row }) }]} />,
    },
  ];

  return (
    <div className="admin-section packages-layout" data-testid="admin-task-packages">
      <aside className="packages-list-panel">
        <div className="packages-list-head">
          <h2 className="admin-section-title">{t('work.admin.packages.title')}</h2>
          <Button type="primary" size="small" icon={<PlusOutlined />} onClick={() => setForm({ open: true, pkg: null })}>
            {t('work.admin.packages.create')}
          </Button>
        </div>
        <ListSearch size="small" label={t('work.admin.packages.searchPlaceholder')} onSearch={setSearch} />
        {isLoading ? (
          <div className="center-block">
            <Spin />
          </div>
        ) : packages.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('work.admin.packages.empty')} />
        ) : (
          <ul className="packages-list" aria-label={t('work.admin.packages.title')}>
            {packages.map((pkg) => (
              <li key={pkg.id}>
                <button type="button" className={`package-item${pkg.id === selectedId ? ' selected' : ''}`} aria-pressed={pkg.id === selectedId} onClick={() => setSelectedId(pkg.id)}>
                  <span className="package-item-name">{pkg.name}</span>
                  <span className="package-item-meta">
                    <span className="muted small">{t('work.admin.packages.taskCount', { count: pkg.taskCount })}</span>
                    <Tag color={pkg.isActive ? 'green' : 'default'}>{t(pkg.isActive ? 'work.admin.packages.active' : 'work.admin.packages.inactive')}</Tag>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <KeysetPager pages={pages} nextCursor={page?.nextCursor} testId="packages-pager" />
      </aside>
      <section className="package-detail-panel">
        {!selected ? (
          selectedId && detailLoading ? (
            <div className="center-block">
              <Spin />
            </div>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('work.admin.packages.select')} />
          )
        ) : (
          <>
            <div className="package-detail-head">
              <div>
                <h2 className="admin-section-title">
                  {selected.name} <Tag color={selected.isActive ? 'green' : 'default'}>{t(selected.isActive ? 'work.admin.packages.active' : 'work.admin.packages.inactive')}</Tag>
                </h2>
                {selected.description && <p className="muted package-description">{selected.description}</p>}
              </div>
              <Space wrap>
                <Button icon={<EditOutlined />} onClick={() => setForm({ open: true, pkg: selected })}>
                  {t('common.edit')}
                </Button>
                <Button danger icon={<DeleteOutlined />} onClick={() => deleting.ask(selected)}>
                  {t('common.delete')}
                </Button>
              </Space>
            </div>
            <div className="package-tasks-head">
              <h3 className="package-tasks-title">{t('work.admin.packages.tasks')}</h3>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
                {t('work.admin.packages.addTask')}
              </Button>
            </div>
            <DataTable<TPackageTask>
              label={t('work.admin.packages.tasks')}
              rowKey="id"
              size="middle"
              columns={taskColumns}
              dataSource={detail?.id === selected.id ? detail.tasks : []}
              loading={detailLoading}
              pagination={false}
              locale={{ emptyText: t('work.admin.packages.noTasks') }}
            />
            <AddPackageTaskDialog open={adding} packageId={selected.id} onClose={() => setAdding(false)} />
          </>
        )}
      </section>
      {deleting.element}
      {removing.element}
      <PackageFormDialog open={form.open} pkg={form.pkg} onClose={() => setForm({ open: false, pkg: null })} onSaved={(id) => setSelectedId(id)} />
    </div>
  );
}
