import type { TTaskRequest, TTaskRequestStatus } from '@platform/contracts';
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Tag, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSearch } from '../../../components/ListSearch';
import { errorMessageOf } from '../../../app/errorMessage';
import { AppTabs } from '../../../components/AppTabs';
import { useToast } from '../../../components/toast';
import { formatDateTime, formatReward } from '../../../features/tasks/taskStatus';
import { SEARCH_MIN_LENGTH, useDecideTaskRequestMutation, useTaskRequestsQuery, useTaskRequestStatsQuery } from '../../../features/tasks/tasks.admin.api';
import { KeysetPager, useKeysetPages } from '../../../components/KeysetPager';
import { ReviewRequestDialog } from './components/ReviewRequestDialog';
import { DataTable } from '../../../components/DataTable';

const REQUEST_COLORS: Record<TTaskRequestStatus, string> = { pending: 'gold', approved: 'green', rejected: 'red' };

/** A page's total as the screen shows it: "10,000+" when the count stopped at the cap. */
function totalLabel(page: { total: number; totalExact: boolean } | undefined, language: string): string {
  if (!page) return '0';
  return `${page.total.toLocaleString(language)}${page.totalExact ? '' : '+'}`;
}

/**
 * Admin > Task Requests: stat cards (over all requests, from the server), Pending Requests and All Requests (each
 * paged on the server, newest first, 20 a page; the worker search applies to both), and the review dialog.
 */
export function TaskRequestsSection() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [search, setSearch] = useState('');
  const user = search.length >= SEARCH_MIN_LENGTH ? search : undefined;
  const pendingPages = useKeysetPages();
  const allPages = useKeysetPages();
  const pendingQuery = useTaskRequestsQuery({ status: 'pending', user, cursor: pendingPages.cursor });
  const allQuery = useTaskRequestsQuery({ user, cursor: allPages.cursor });
  const statsQuery = useTaskRequestStatsQuery();
  const [decide] = useDecideTaskRequestMutation();
  const [reviewing, setReviewing] = useState<TTaskRequest | null>(null);
  const [deciding, setDeciding] = useState<'approved' | 'rejected' | null>(null);
  const stats = statsQuery.data;
  const { reset: resetPending } = pendingPages;
  const { reset: resetAll } = allPages;
  useEffect(() => {
    resetPending();
    resetAll();
  }, [search, resetPending, resetAll]);
  const refetch = () => {
    void pendingQuery.refetch();
    void allQuery.refetch();
    void statsQuery.refetch();
  };

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

  const table = (query: typeof pendingQuery, pages: typeof pendingPages, empty: string, testId: string) => (
    <>
      <DataTable<TTaskRequest>
        label={t('admin.menu.task-requests')}
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={query.data?.items ?? []}
        loading={query.isLoading || query.isFetching}
        pagination={false}
        scroll={{ x: 900 }}
        locale={{ emptyText: empty }}
      />
      <KeysetPager pages={pages} nextCursor={query.data?.nextCursor} testId={testId} />
    </>
  );

  return (
    <div className="admin-section" data-testid="admin-task-requests">
      <div className="admin-stats">
        <div className="admin-stat" data-testid="stat-pending">
          <div className="stat-label">{t('work.admin.requests.stats.pending')}</div>
          <div className="stat-value">{(stats?.pending ?? 0).toLocaleString(i18n.language)}</div>
        </div>
        <div className="admin-stat" data-testid="stat-approved">
          <div className="stat-label">{t('work.admin.requests.stats.approved')}</div>
          <div className="stat-value">{stats ? totalLabel({ total: stats.approved, totalExact: stats.approvedExact }, i18n.language) : '0'}</div>
        </div>
        <div className="admin-stat" data-testid="stat-pending-rewards">
          <div className="stat-label">{t('work.admin.requests.stats.pendingRewards')}</div>
          <div className="stat-value">{formatReward(stats?.pendingRewards ?? '0')}</div>
        </div>
      </div>
      {/* Refresh beside the tab strip, not inside it: a tablist holds tabs only. */}
      <div className="admin-toolbar">
        <ListSearch label={t('work.admin.requests.userSearch')} onSearch={setSearch} />
        <Button icon={<ReloadOutlined />} onClick={refetch}>
          {t('work.common.refresh')}
        </Button>
      </div>
      <AppTabs
        items={[
          {
            key: 'pending',
            label: `${t('work.admin.requests.pendingList')} (${totalLabel(pendingQuery.data, i18n.language)})`,
            children: table(pendingQuery, pendingPages, t('work.admin.requests.emptyPending'), 'pending-requests-pager'),
          },
          {
            key: 'all',
            label: `${t('work.admin.requests.allList')} (${totalLabel(allQuery.data, i18n.language)})`,
            children: table(allQuery, allPages, t('work.admin.requests.emptyAll'), 'all-requests-pager'),
          },
        ]}
      />
      <ReviewRequestDialog request={reviewing} deciding={deciding} onClose={() => setReviewing(null)} onDecide={(request, status, reason) => void onDecide(request, status, reason)} />
    </div>
  );
}
