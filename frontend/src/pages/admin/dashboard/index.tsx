import type { TAdminStats, TDashboardRecentTask, TDashboardRecentUser } from '@platform/contracts';
import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Spin, Table, Tag, Tooltip, Typography } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAdminStatsQuery } from '../../../features/dashboard/dashboard.admin.api';
import { useSupportFiguresQuery } from '../../../features/support/support.api';
import { useAdminTasksQuery } from '../../../features/tasks/tasks.admin.api';
import { TrustFigureList } from '../../../features/trust/TrustFigures';
import { useFormat } from '../../../app/format';
import type { TAdminSection } from '../adminSections';
import './dashboard.css';

/** recharts is loaded only when the dashboard shows its chart. */
const DashboardChart = lazy(() => import('./DashboardChart'));

/** Seconds as the largest whole unit: minutes under an hour, hours under two days, then days. */
export function ageParts(seconds: number): { unit: 'minutes' | 'hours' | 'days'; count: number } {
  if (seconds < 3600) return { unit: 'minutes', count: Math.max(0, Math.floor(seconds / 60)) };
  if (seconds < 48 * 3600) return { unit: 'hours', count: Math.floor(seconds / 3600) };
  return { unit: 'days', count: Math.floor(seconds / 86400) };
}

interface TCard {
  key: string;
  label: string;
  value: string;
  section: TAdminSection;
  hint?: ReactNode;
  tooltip?: string;
  /** Something is late (an overdue withdrawal): the card says so in the alarm colour. */
  alarm?: boolean;
}

function StatCard({ card }: { card: TCard }) {
  const { t } = useTranslation();
  const body = (
    <Link
      to={`/admin/${card.section}`}
      className={`admin-stat admin-dashboard-card${card.alarm ? ' admin-stat-alarm' : ''}`}
      data-testid={`dashboard-card-${card.key}`}
      title={t('dashboard.hints.openSection', { section: t(`admin.menu.${card.section}`) })}
    >
      <div className="muted small">{card.label}</div>
      <div className="admin-stat-value">{card.value}</div>
      {card.hint && <div className="muted small admin-stat-hint">{card.hint}</div>}
    </Link>
  );
  return card.tooltip ? <Tooltip title={card.tooltip}>{body}</Tooltip> : body;
}

/**
 * Admin > Dashboard (spec 03, AMENDED): the six stat cards, what waits for an admin (submissions, verifications, the
 * oldest pending withdrawal, the support desk when its figures answer), the last 30 days as a chart, and Recent Users
 * and Recent Tasks. Every card opens its section. The figures come from the admin service's statistics read model,
 * which says when it last changed.
 */
export function DashboardSection() {
  const { t } = useTranslation();
  const format = useFormat();
  const { data, isLoading, isFetching, isError, refetch } = useAdminStatsQuery();
  const support = useSupportFiguresQuery();
  // Issue 29: the tasks whose median real time pays under the hourly minimum (their approved work is topped up).
  const underpaid = useAdminTasksQuery({ underpaid: 'true' });
  const dash = t('common.dash');

  const count = (value: number | undefined) => (value === undefined ? dash : format.count(value));
  const cards: TCard[] = [
    { key: 'totalUsers', label: t('dashboard.cards.totalUsers'), value: count(data?.totalUsers), section: 'users-list' },
    { key: 'activeUsers', label: t('dashboard.cards.activeUsers'), value: count(data?.activeUsers), section: 'users-list' },
    { key: 'pendingTasks', label: t('dashboard.cards.pendingTasks'), value: count(data?.pendingTasks), section: 'task-requests' },
    { key: 'totalTasks', label: t('dashboard.cards.totalTasks'), value: count(data?.totalTasks), section: 'tasks' },
    { key: 'pendingWithdrawals', label: t('dashboard.cards.pendingWithdrawals'), value: count(data?.pendingWithdrawals), section: 'withdrawals' },
    {
      key: 'totalBalance',
      label: t('dashboard.cards.totalBalance'),
      value: data?.totalBalance ? format.money(data.totalBalance) : dash,
      section: 'users-list',
      tooltip: data && data.totalBalance === null ? t('dashboard.hints.totalBalanceUnknown') : t('dashboard.hints.totalBalance'),
    },
  ];

  const oldestValue = (stats: TAdminStats | undefined): string => {
    if (!stats) return dash;
    if (stats.oldestPendingWithdrawalAgeSeconds === null) return t('dashboard.hints.noPendingWithdrawal');
    const { unit, count: n } = ageParts(stats.oldestPendingWithdrawalAgeSeconds);
    return t(`dashboard.age.${unit}`, { count: n });
  };
  const extra: TCard[] = [
    { key: 'submissionsWaiting', label: t('dashboard.cards.submissionsWaiting'), value: count(data?.submissionsWaiting), section: 'submissions' },
    { key: 'verificationsWaiting', label: t('dashboard.cards.verificationsWaiting'), value: count(data?.verificationsWaiting), section: 'verifications' },
    {
      key: 'appealsWaiting',
      label: t('dashboard.cards.appealsWaiting'),
      value: count(data?.appealsWaiting),
      section: 'appeals',
      // Past appeal_decision_days an undecided appeal is escalated (issue 29).
      hint: data && data.appealsOverdue > 0 ? <strong data-testid="appeals-overdue">{t('dashboard.hints.appealsOverdue', { count: format.count(data.appealsOverdue) })}</strong> : undefined,
    },
    { key: 'returnsLast30Days', label: t('dashboard.cards.returnsLast30Days'), value: count(data?.returnsLast30Days), section: 'tasks' },
    {
      key: 'oldestPendingWithdrawal',
      label: t('dashboard.cards.oldestPendingWithdrawal'),
      value: oldestValue(data),
      section: 'withdrawals',
      hint: data?.oldestPendingWithdrawalAt ? t('dashboard.hints.oldestSince', { date: format.dateTime(data.oldestPendingWithdrawalAt) }) : undefined,
    },
    {
      key: 'overdueWithdrawals',
      label: t('dashboard.cards.overdueWithdrawals'),
      value: data?.overdueWithdrawals == null ? dash : format.count(data.overdueWithdrawals),
      section: 'withdrawals',
      hint: data && data.overdueWithdrawals === null ? t('dashboard.hints.overdueUnknown') : t('dashboard.hints.overdue'),
      alarm: (data?.overdueWithdrawals ?? 0) > 0,
    },
  ];
  if (underpaid.data) {
    const titles = underpaid.data.items.slice(0, 3).map((task) => task.title);
    extra.push({
      key: 'underpaidTasks',
      label: t('dashboard.cards.underpaidTasks'),
      value: format.total(underpaid.data.total, underpaid.data.totalExact),
      section: 'tasks',
      hint: titles.length > 0 ? t('dashboard.hints.underpaidTasks', { titles: titles.join(', ') }) : t('dashboard.hints.noUnderpaidTasks'),
    });
  }
  if (support.data) {
    const first = support.data.medianFirstResponseSeconds;
    const firstText = first === null ? dash : t(`dashboard.age.${ageParts(first).unit}`, { count: ageParts(first).count });
    extra.push({
      key: 'support',
      label: t('dashboard.cards.support'),
      value: format.count(support.data.byStatus.open + support.data.byStatus.pending),
      section: 'crm',
      hint: t('dashboard.hints.supportFigures', { first: firstText, waiting: support.data.waitingOver24h }),
    });
  }

  const today = data?.series[data.series.length - 1];
  const userColumns = [
    { key: 'name', title: t('dashboard.recentUsers.name'), render: (_: unknown, u: TDashboardRecentUser) => `${u.firstName} ${u.lastName}`.trim() },
    { key: 'email', title: t('dashboard.recentUsers.email'), dataIndex: 'email', ellipsis: true },
    { key: 'balance', title: t('dashboard.recentUsers.balance'), align: 'right' as const, render: (_: unknown, u: TDashboardRecentUser) => (u.balance === null ? dash : format.money(u.balance)) },
    {
      key: 'status',
      title: t('dashboard.recentUsers.status'),
      render: (_: unknown, u: TDashboardRecentUser) =>
        u.isActive ? <Tag color="green">{t('dashboard.recentUsers.active')}</Tag> : <Tag color="red">{t('dashboard.recentUsers.inactive')}</Tag>,
    },
  ];
  const taskColumns = [
    { key: 'title', title: t('dashboard.recentTasks.taskTitle'), dataIndex: 'title', ellipsis: true },
    { key: 'reward', title: t('dashboard.recentTasks.reward'), align: 'right' as const, render: (_: unknown, task: TDashboardRecentTask) => format.money(task.reward) },
    { key: 'status', title: t('dashboard.recentTasks.status'), render: (_: unknown, task: TDashboardRecentTask) => <Tag>{t(`dashboard.taskStatus.${task.status}`)}</Tag> },
  ];

  return (
    <div className="admin-section" data-testid="dashboard-section">
      <div className="admin-dashboard-meta">
        <Typography.Text type="secondary" data-testid="dashboard-updated-at">
          {data?.updatedAt ? t('dashboard.updatedAt', { date: format.dateTime(data.updatedAt) }) : data ? t('dashboard.neverUpdated') : ''}
          {data?.rebuiltAt ? ` · ${t('dashboard.rebuiltAt', { date: format.dateTime(data.rebuiltAt) })}` : ''}
        </Typography.Text>
        <Button
          icon={<ReloadOutlined />}
          loading={isFetching && !isLoading}
          onClick={() => {
            void refetch();
            if (!support.isError) void support.refetch();
            if (!underpaid.isError) void underpaid.refetch();
          }}
        >
          {t('common.refresh')}
        </Button>
      </div>
      {isError && <Alert type="error" showIcon title={t('dashboard.loadFailed')} />}
      <div className="admin-dashboard-cards">
        {cards.map((card) => (
          <StatCard key={card.key} card={card} />
        ))}
      </div>
      <div className="admin-dashboard-cards admin-dashboard-extra">
        {extra.map((card) => (
          <StatCard key={card.key} card={card} />
        ))}
      </div>
      <section className="admin-dashboard-panel admin-dashboard-chart" aria-labelledby="dashboard-chart-title" data-testid="dashboard-chart">
        <h2 id="dashboard-chart-title">{t('dashboard.chart.title')}</h2>
        {today && (
          <p className="muted small" data-testid="dashboard-today">
            {t('dashboard.chart.summary', { registrations: today.registrations, approved: today.approvedSubmissions, paid: today.paidWithdrawals })}
          </p>
        )}
        {data ? (
          <Suspense fallback={<Spin aria-label={t('dashboard.chart.loading')} />}>
            <DashboardChart series={data.series} />
          </Suspense>
        ) : (
          isLoading && <Spin aria-label={t('dashboard.chart.loading')} />
        )}
      </section>
      {data && (
        <section className="admin-dashboard-panel" aria-labelledby="dashboard-trust-title" data-testid="dashboard-trust">
          <h2 id="dashboard-trust-title">{t('dashboard.trust.title')}</h2>
          <p className="muted small">
            {t('dashboard.trust.hint')} {/* Underlined: a link inside a sentence is told apart by more than its colour (axe link-in-text-block). */}
            <Link to="/trust" style={{ textDecoration: 'underline' }}>
              /trust
            </Link>
          </p>
          <TrustFigureList figures={data.trustFigures} testIdPrefix="dashboard-trust" />
        </section>
      )}
      <div className="admin-dashboard-lists">
        <section className="admin-dashboard-panel" aria-labelledby="dashboard-recent-users" data-testid="dashboard-recent-users">
          <h2 id="dashboard-recent-users">{t('dashboard.recentUsers.title')}</h2>
          <Table<TDashboardRecentUser>
            rowKey="id"
            size="small"
            pagination={false}
            loading={isLoading}
            columns={userColumns}
            dataSource={data?.recentUsers ?? []}
            locale={{ emptyText: t('dashboard.recentUsers.empty') }}
            scroll={{ x: 520 }}
          />
        </section>
        <section className="admin-dashboard-panel" aria-labelledby="dashboard-recent-tasks" data-testid="dashboard-recent-tasks">
          <h2 id="dashboard-recent-tasks">{t('dashboard.recentTasks.title')}</h2>
          <Table<TDashboardRecentTask>
            rowKey="id"
            size="small"
            pagination={false}
            loading={isLoading}
            columns={taskColumns}
            dataSource={data?.recentTasks ?? []}
            locale={{ emptyText: t('dashboard.recentTasks.empty') }}
            scroll={{ x: 420 }}
          />
        </section>
      </div>
    </div>
  );
}
