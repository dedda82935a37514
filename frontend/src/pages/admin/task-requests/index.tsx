import type { TTaskRequest, TTaskRequestStatus } from '@platform/contracts';
import { Tag, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../../app/errorMessage';
import { useFormat } from '../../../app/format';
import { AppTabs } from '../../../components/AppTabs';
import { useKeysetPages } from '../../../components/KeysetPager';
import { DateRangeFilter, type TDateRange } from '../../../components/list/filters';
import { ListPage } from '../../../components/list/ListPage';
import { RowActions } from '../../../components/list/RowActions';
import { ListSearch } from '../../../components/ListSearch';
import { useToast } from '../../../components/toast';
import { SEARCH_MIN_LENGTH, useDecideTaskRequestMutation, useTaskRequestsQuery, useTaskRequestStatsQuery } from '../../../features/tasks/tasks.admin.api';
import { ReviewRequestDialog } from './components/ReviewRequestDialog';

const REQUEST_COLORS: Record<TTaskRequestStatus, string> = { pending: 'gold', approved: 'green', rejected: 'red' };

/**
 * Admin > Task Requests: stat cards (over all requests, from the server), Pending Requests and All Requests (each
 * paged on the server, newest first, 20 a page; the worker search and the date range apply to both), and the review
 * dialog.
 */
export function TaskRequestsSection() {
  const { t } = useTranslation();
  const format = useFormat();
  const toast = useToast();
  const [search, setSearch] = useState('');
  const [range, setRange] = useState<TDateRange>({});
  const user = search.length >= SEARCH_MIN_LENGTH ? search : undefined;
  const pendingPages = useKeysetPages();
  const allPages = useKeysetPages();
  const pendingQuery = useTaskRequestsQuery({ status: 'pending', user, ...range, cursor: pendingPages.cursor });
  const allQuery = useTaskRequestsQuery({ user, ...range, cursor: allPages.cursor });
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
  }, [search, range, resetPending, resetAll]);
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
    { title: t('work.common.reward'), key: 'reward', width: 110, align: 'right', render: (_: unknown, row) => format.money(row.task.reward) },
    { title: t('work.common.requestedAt'), dataIndex: 'requestedAt', width: 180, render: (at: string) => format.dateTime(at) },
    {
      title: t('common.status'),
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
      title: t('common.actions'),
      key: 'actions',
      width: 150,
      render: (_: unknown, row) =>
        row.status === 'pending' ? (
          <RowActions actions={[{ key: 'review', label: t('work.admin.requests.review'), onClick: () => setReviewing(row) }]} />
        ) : (
          <span className="muted small">{row.decidedAt ? format.dateTime(row.decidedAt) : ''}</span>
        ),
    },
  ];

  const table = (query: typeof pendingQuery, pages: typeof pendingPages, empty: string, testId: string) => (
    <ListPage<TTaskRequest>
      query={{ ...query, refetch }}
      pages={pages}
      testId={testId}
      table={{ label: t('admin.menu.task-requests'), rowKey: 'id', columns, dataSource: query.data?.items ?? [], scroll: { x: 900 }, emptyText: empty }}
    />
  );
  const total = (query: typeof pendingQuery) => (query.data ? format.total(query.data.total, query.data.totalExact) : format.count(0));

  return (
    <div className="admin-section" data-testid="admin-task-requests">
      <div className="admin-stats">
        <div className="admin-stat" data-testid="stat-pending">
          <div className="stat-label">{t('work.admin.requests.stats.pending')}</div>
          <div className="stat-value">{format.count(stats?.pending ?? 0)}</div>
        </div>
        <div className="admin-stat" data-testid="stat-approved">
          <div className="stat-label">{t('work.admin.requests.stats.approved')}</div>
          <div className="stat-value">{stats ? format.total(stats.approved, stats.approvedExact) : format.count(0)}</div>
        </div>
        <div className="admin-stat" data-testid="stat-pending-rewards">
          <div className="stat-label">{t('work.admin.requests.stats.pendingRewards')}</div>
          <div className="stat-value">{format.money(stats?.pendingRewards ?? '0')}</div>
        </div>
      </div>
      <div className="list-page-filters">
        <ListSearch label={t('work.admin.requests.userSearch')} onSearch={setSearch} />
        <DateRangeFilter label={t('work.admin.requests.requestedFrom')} onChange={setRange} />
      </div>
      <AppTabs
        items={[
          {
            key: 'pending',
            label: `${t('work.admin.requests.pendingList')} (${total(pendingQuery)})`,
            children: table(pendingQuery, pendingPages, t('work.admin.requests.emptyPending'), 'pending-requests'),
          },
          {
            key: 'all',
            label: `${t('work.admin.requests.allList')} (${total(allQuery)})`,
            children: table(allQuery, allPages, t('work.admin.requests.emptyAll'), 'all-requests'),
          },
        ]}
      />
      <ReviewRequestDialog request={reviewing} deciding={deciding} onClose={() => setReviewing(null)} onDecide={(request, status, reason) => void onDecide(request, status, reason)} />
    </div>
  );
}
