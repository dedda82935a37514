import type { TTaskRequest, TTaskRequestStatus } from '@platform/contracts';
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Tag, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../../app/errorMessage';
import { AppTabs } from '../../../components/AppTabs';
import { useToast } from '../../../components/toast';
import { formatDateTime, formatReward } from '../../../features/tasks/taskStatus';
import { useDecideTaskRequestMutation, useTaskRequestsQuery } from '../../../features/tasks/tasks.admin.api';
import { ReviewRequestDialog } from './components/ReviewRequestDialog';
import { DataTable } from '../../../components/DataTable';

const REQUEST_COLORS: Record<TTaskRequestStatus, string> = { pending: 'gold', approved: 'green', rejected: 'red' };

/** Spec 03 "Task Requests": Pending, Approved and Pending Rewards (the sum of the pending requests' rewards). */
export function requestStats(requests: readonly TTaskRequest[]): { pending: number; approved: number; pendingRewards: number } {
  const pending = requests.filter((request) => request.status === 'pending');
  return {
    pending: pending.length,
    approved: requests.filter((request) => request.status === 'approved').length,
    pendingRewards: pending.reduce((sum, request) => sum + Number(request.task.reward || 0), 0),
  };
}

/** Admin > Task Requests: stat cards, Pending Requests and All Requests, and the review dialog. */
export function TaskRequestsSection() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const { data: requests = [], isLoading, isFetching, refetch } = useTaskRequestsQuery();
  const [decide] = useDecideTaskRequestMutation();
  const [reviewing, setReviewing] = useState<TTaskRequest | null>(null);
  const [deciding, setDeciding] = useState<'approved' | 'rejected' | null>(null);
  const stats = useMemo(() => requestStats(requests), [requests]);
  const pending = useMemo(() => requests.filter((request) => request.status === 'pending'), [requests]);

  const onDecide = async (request: TTaskRequest, status: 'approved' | 'rejected', reason: string) => {
    setDeciding(status);
    try {
      await decide({ taskId: request.taskId, status, reason: reason === '' ? null : reason }).unwrap();
      toast({ title: t('work.admin.requests.toasts.processed') });
      setReviewing(null);
    } catch (error) {
      toast({ title: t('work.admin.requests.toasts.failed'), description: errorMessageOf(error), variant: 'destructive' });
    } finally {
      setDeciding(null);
    }
  };

  const columns: TableColumnsType<TTaskRequest> = [
    {
      title: t('work.common.user'),
      key: 'user',
      width: 240,
      ellipsis: true,
      render: (_: unknown, row) => (
        <div className="admin-user-cell">
          <span>{`${row.user.firstName} ${row.user.lastName}`.trim() || row.user.email}</span>
          <span className="muted small">{row.user.email}</span>
        </div>
      ),
    },
    { title: t('work.common.task'), key: 'task', ellipsis: true, render: (_: unknown, row) => row.task.title },
    { title: t('work.common.reward'), key: 'reward', width: 110, align: 'right', render: (_: unknown, row) => formatReward(row.task.reward) },
    { title: t('work.common.requestedAt'), dataIndex: 'requestedAt', width: 180, render: (at: string) => formatDateTime(at, i18n.language) },
    {
      title: t('work.common.status'),
      dataIndex: 'status',
      width: 190,
      render: (status: TTaskRequestStatus, row) => (
        <div className="admin-user-cell">
          <Tag color={REQUEST_COLORS[status]}>{t(`work.requestStatus.${status}`)}</Tag>
          {row.reason && <span className="muted small" title={row.reason}>{row.reason}</span>}
        </div>
      ),
    },
    {
      title: t('work.common.actions'),
      key: 'actions',
      width: 120,
      render: (_: unknown, row) =>
        row.status === 'pending' ? (
          <Button size="small" type="primary" onClick={() => setReviewing(row)}>
            {t('work.admin.requests.review')}
          </Button>
        ) : (
          <span className="muted small">{row.decidedAt ? formatDateTime(row.decidedAt, i18n.language) : ''}</span>
        ),
    },
  ];

  const table = (rows: TTaskRequest[], empty: string) => (
    <DataTable<TTaskRequest>
      label={t('admin.menu.task-requests')}
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={rows}
      loading={isLoading || isFetching}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      scroll={{ x: 900 }}
      locale={{ emptyText: empty }}
    />
  );

  return (
    <div className="admin-section" data-testid="admin-task-requests">
      <div className="admin-stats">
        <div className="admin-stat" data-testid="stat-pending">
          <div className="stat-label">{t('work.admin.requests.stats.pending')}</div>
          <div className="stat-value">{stats.pending}</div>
        </div>
        <div className="admin-stat" data-testid="stat-approved">
          <div className="stat-label">{t('work.admin.requests.stats.approved')}</div>
          <div className="stat-value">{stats.approved}</div>
        </div>
        <div className="admin-stat" data-testid="stat-pending-rewards">
          <div className="stat-label">{t('work.admin.requests.stats.pendingRewards')}</div>
          <div className="stat-value">{formatReward(stats.pendingRewards)}</div>
        </div>
      </div>
      {/* Refresh beside the tab strip, not inside it: a tablist holds tabs only. */}
      <div className="admin-toolbar admin-toolbar-end">
        <Button icon={<ReloadOutlined />} onClick={() => void refetch()}>
          {t('work.common.refresh')}
        </Button>
      </div>
      <AppTabs
        items={[
          { key: 'pending', label: `${t('work.admin.requests.pendingList')} (${pending.length})`, children: table(pending, t('work.admin.requests.emptyPending')) },
          { key: 'all', label: `${t('work.admin.requests.allList')} (${requests.length})`, children: table(requests, t('work.admin.requests.emptyAll')) },
        ]}
      />
      <ReviewRequestDialog request={reviewing} deciding={deciding} onClose={() => setReviewing(null)} onDecide={(request, status, reason) => void onDecide(request, status, reason)} />
    </div>
  );
}
